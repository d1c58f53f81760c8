"""The demo event (services/demo.py): a filled-in tournament to try the desk on."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services.demo import create_demo
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_demo_event(events: Events) -> None:
    with events.demo(entrants=30, units=8, played=4, seed=3) as d:
        people = es.list_entrants(d)
        assert (
            len(people) == 30 and len({e.name for e in people}) == 30 and len({e.unit for e in people}) == 8
        )
        assert all("\u4e00" <= e.name[0] <= "\u9fff" and len(e.players) == 4 for e in people)
        result = current_standings(d)
        assert result.after_round == 4 and result.complete
        assert sum(r.played for r in result.rows) == 30 * 4


def test_demo_refuses_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "x.tdesk"
    path.write_text("keep me")
    with pytest.raises(BadInput, match="already exists"):
        create_demo(path)
    assert path.read_text() == "keep me"


@pytest.mark.slow
def test_a_team_match_demo_plays_its_matches_as_pair_games(events: Events) -> None:
    """``scoring="team-match"``: teams of P pairs, two named players a pair; every played match scored 3 : 1 from
    its P pair games, some line-ups given, the whole typed through the desk's services (audited)."""
    from tournament_desk.domain.results import ResultState
    from tournament_desk.services.audit import audit_trail
    from tournament_desk.services.event import event_info
    from tournament_desk.services.results.team_views import round_team_sheets

    with events.demo(entrants=9, played=2, seed=5, scoring="team-match", pairs=3) as d:
        info = event_info(d)
        assert (info.scoring, info.rules.team_pairs, info.entrants_kind) == ("team-match", 3, "teams")
        assert all(len(e.players) == 6 for e in es.list_entrants(d))
        sheets = [s for r in (1, 2) for s in round_team_sheets(d, r)]
        assert len(sheets) == 8  # nine teams: four matches and a bye a round
        for sheet in sheets:
            if sheet.kind == ResultState.PLAYED:
                assert sheet.home_won + sheet.away_won == 3 and sheet.outcome is not None
                assert sorted((sheet.outcome.home_mp, sheet.outcome.away_mp)) == [1.0, 3.0]
        actions = [entry.action for entry in audit_trail(d)]
        assert actions.count("games") == sum(s.kind == ResultState.PLAYED for s in sheets)
        assert "lineup" in actions
        rows = current_standings(d).rows
        assert sum(r.games_won for r in rows) == sum(r.games_lost for r in rows)
    with pytest.raises(BadInput, match="odd number of pairs"):
        events.demo(entrants=4, played=1, scoring="team-match", pairs=4)
