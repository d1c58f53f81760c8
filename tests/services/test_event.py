"""The event itself (services/event.py): creating it, its rules, what it says of itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.rules import Award
from tournament_desk.domain.team_match import PairGame
from tournament_desk.i18n import render
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament, event_info, formats_carrying, update_rules
from tournament_desk.services.groups import draw_knockout
from tournament_desk.services.results import team_sheets as tsh
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_rules_change_only_before_round_one(seven: Desk) -> None:
    rules = event_info(seven).rules
    changed = type(rules)(**{**rules.__dict__, "forfeit_win": Award(3, 13)})
    update_rules(seven, changed, reason="本赛规程")
    assert event_info(seven).rules.forfeit_win == Award(3, 13)
    pair_next_round(seven)
    with pytest.raises(BadInput, match="cannot change"):
        update_rules(seven, rules)


def test_database_url_instead_of_a_file(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'via-url.db'}"
    with create_tournament(None, url=url, name="URL") as d:
        es.add_entrant(d, "甲")
    with Desk.open(url=url) as d:
        assert [e.name for e in es.list_entrants(d)] == ["甲"]


@pytest.mark.parametrize(
    ("fmt", "scoring", "extra"),
    [
        ("mitchell", "team-match", {"boards_per_round": 2}),
        ("knockout", "duplicate", {}),
        ("knockout-round-robin", "duplicate", {}),
        ("mitchell", "duplicate", {"boards_per_round": 2}),
    ],
)
def test_a_format_that_cannot_carry_the_scoring_refuses_it_naming_those_that_can(
    tmp_path: Path, fmt: str, scoring: str, extra: dict[str, object]
) -> None:
    path = tmp_path / "refused.tdesk"
    with pytest.raises(BadInput) as refused:
        create_tournament(path, name="错", format=fmt, scoring=scoring, **extra)  # type: ignore[arg-type]
    carrying = ", ".join(formats_carrying(scoring))
    assert str(refused.value) == (
        f"The scoring '{scoring}' cannot be played in the format '{fmt}': choose {carrying}."
    )
    assert fmt not in formats_carrying(scoring)
    assert "计分方式" in render(refused.value, "zh")
    assert not path.exists()  # nothing is created


@pytest.mark.parametrize("fmt", ["swiss", "round-robin", "groups-knockout"])
@pytest.mark.parametrize("scoring", ["team-match", "duplicate"])
def test_swiss_round_robin_and_groups_carry_team_matches_and_duplicate_boards(
    tmp_path: Path, fmt: str, scoring: str
) -> None:
    # rules.md §5.8: team matches in any format that pairs teams (the knockouts by draw too); duplicate boards not in
    # a knockout by draw (a tie of boards could not be decided), neither in Mitchell.
    knockouts = ("knockout", "knockout-round-robin") if scoring == "team-match" else ()
    assert formats_carrying(scoring) == ("swiss", "round-robin", "groups-knockout", *knockouts)
    with create_tournament(tmp_path / "ok.tdesk", name="团体赛", format=fmt, scoring=scoring) as d:
        info = event_info(d)
        assert (info.format, info.scoring, info.entrants_kind) == (fmt, scoring, "teams")


@pytest.mark.slow
def test_a_knockout_after_team_match_groups_goes_on_by_the_match_result(events: Events) -> None:
    """Groups → knockout of team matches (rules.md §5.8, §7.4): the knockout is paired from the groups and each
    match's winner (3 : 1 on pair games) goes on to the final."""
    teams = [f"队{i}" for i in range(1, 9)]
    with events.create(name="分组团体赛", format="groups-knockout", scoring="team-match", pairs=3,
                       group_size=4, knockout_size=4) as d:  # fmt: skip
        for team in teams:
            es.add_entrant(d, team)
        es.draw(d, order=teams)
        for _ in range(3):  # each group of four: three rounds; the home team wins 2 : 1
            view = pair_next_round(d)
            for t in view.tables:
                tsh.record_games(
                    d, view.round, t.table, [PairGame(1, 9, 7), PairGame(2, 7, 9), PairGame(3, 10, 2)]
                )
        draw_knockout(d, seed=5)
        semis = pair_next_round(d)
        assert len(semis.tables) == 2
        winners = set()
        for t in semis.tables:  # the away team wins each semi-final 2 : 1
            sheet = tsh.record_games(
                d, semis.round, t.table, [PairGame(1, 5, 9), PairGame(2, 9, 5), PairGame(3, 2, 3)]
            )
            assert sheet.outcome is not None and (sheet.outcome.home_mp, sheet.outcome.away_mp) == (1.0, 3.0)
            winners.add(t.away)
        final = pair_next_round(d)
        assert len(final.tables) == 1 and {final.tables[0].home, final.tables[0].away} == winners
