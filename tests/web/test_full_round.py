"""Done-when of issue 17: a 40-table Swiss round entered entirely from phones (through the server, two
phones a table), two disputes decided at the desk, and the standings equal those of the same results typed
at the desk."""

import random
from pathlib import Path

import pytest

from tests.live_phones import send, take_card
from tests.web.client import Phone
from tournament_desk.domain.levels import format_level
from tournament_desk.services import live
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings
from tournament_desk.web.app import create_app

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def enter(phone: Phone, home: int, away: int) -> str:
    """The phone opens its table (/my) and enters the levels."""
    answer = send(phone, {"home_level": str(home), "away_level": str(away)})
    assert answer.status_code == 200, answer.text
    return answer.text


def test_a_40_table_round_from_phones_equals_the_desk(tmp_path: Path) -> None:
    rng = random.Random(17)
    phones_file, desk_file = tmp_path / "phones.tdesk", tmp_path / "desk.tdesk"
    for path in (phones_file, desk_file):
        create_demo(path, entrants=80, played=0, seed=3).close()
    with Desk.open(phones_file) as by_phone, Desk.open(desk_file) as by_desk:
        pair_next_round(by_phone)
        pair_next_round(by_desk)
        tables = live.round_tokens(by_phone, 1)
        assert len(tables) == 40
        results = {t.table: (rng.randint(2, 14), rng.randint(2, 14)) for t in tables}
        disputed = {7, 31}
        app = create_app(by_phone)
        phones = {}  # each entrant's own phone, holding its entry card
        for t in tables:
            for name in (t.home, t.away):
                phones[name] = Phone(app)
                take_card(phones[name], name)
        for t in tables:
            home, away = results[t.table]
            assert "the other side confirms" in enter(phones[t.home], home, away)
            claimed = (home, away) if t.table not in disputed else (home, max(2, away - 1) if away > 2 else 3)
            said = enter(phones[t.away], *claimed)
            assert ("the director decides" if t.table in disputed else "result is recorded") in said
        assert sorted(d.table for d in live.disputes(by_phone)) == sorted(disputed)
        for table in disputed:  # the director reads the signed scoresheet
            live.resolve(by_phone, 1, table, format_level(results[table][0]), format_level(results[table][1]))
        assert live.disputes(by_phone) == []
        for table, (home, away) in results.items():
            rs.record_result(by_desk, 1, table, home, away)
        phones_rows = [(r.rank, r.entrant.name, r.mp, r.vp) for r in current_standings(by_phone).rows]
        desk_rows = [(r.rank, r.entrant.name, r.mp, r.vp) for r in current_standings(by_desk).rows]
        assert current_standings(by_phone).after_round == 1 and phones_rows == desk_rows
        sources = {t.source for t in live.live_tables(by_phone, 1)}
        assert sources == {"confirmed", "desk"}
