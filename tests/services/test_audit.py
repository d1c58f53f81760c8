"""The audit trail (services/audit.py): what it holds and how it is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.services import entrants as es
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import deductions as ds
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_every_kind_of_change_is_in_the_audit_trail(four: Desk, tmp_path: Path) -> None:
    sheet = tmp_path / "more.csv"
    sheet.write_text("队名,单位\n戊,E\n己,F\n", encoding="utf-8")
    es.import_entrants(four, sheet)
    es.draw(four, seed=5)
    pair_next_round(four)
    rs.record_result(four, 1, 1, "A", "2")
    fs.forfeit(four, 1, 2, "both", reason="均未到场")
    ds.deduct(four, 1, "丙", 0.5, reason="喧哗")
    es.withdraw(four, "丁", reason="退赛")
    actions = [e.action for e in audit_trail(four)]
    for action in (
        "create",
        "entrant-add",
        "entrant-import",
        "draw",
        "pair",
        "result",
        "forfeit",
        "deduct",
        "withdraw",
    ):
        assert action in actions
    assert audit_trail(four, entrant="丙")[-1].reason == "喧哗"


@pytest.mark.slow
def test_a_pair_game_changed_outside_the_program_is_named(tmp_path: Path) -> None:
    """Team matches of pairs (rules.md §5.8): every pair game is compared with what the trail last recorded of it,
    whether typed one by one, as a whole sheet, or put back by undo; one changed with an SQLite tool is named."""
    import sqlite3

    from tournament_desk.domain.team_match import PairGame
    from tournament_desk.i18n import render
    from tournament_desk.services import undo as us
    from tournament_desk.services.audit import verify_trail
    from tournament_desk.services.event import create_tournament
    from tournament_desk.services.results import team_games as tg
    from tournament_desk.services.results import team_sheets as tsh

    path = tmp_path / "team.tdesk"
    with create_tournament(path, name="团体赛", scoring="team-match", pairs=3, rounds=2) as desk:
        for name in ("甲队", "乙队", "丙队", "丁队"):
            es.add_entrant(desk, name)
        pair_next_round(desk)
        tsh.record_games(
            desk, 1, 2, [PairGame(1, 9, 7), PairGame(2, 7, 7, "away"), PairGame(3, absent="home")]
        )
        tg.record_game(desk, 1, 1, 1, "9", "7")
        us.record(desk, "games", 1, 1, us.label("game", game=2, home="K", away="K"), tg.record_game, 2, "K", "K",
                  declarer="home")  # fmt: skip
        us.undo_last(desk)
        checked = verify_trail(desk)
        assert checked.problem is None and checked.compared >= 6
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE pair_game SET declarer = 'home' WHERE game_no = 2")
    with Desk.open(path) as desk:
        problem = verify_trail(desk).problem
    assert problem is not None
    assert render(problem, "en").startswith(
        "Round 1 table 2 game 2 holds 7 : 7, the home pair declaring, but the audit trail last recorded 7 : 7, "
        "the away pair declaring"
    ), render(problem, "en")
