"""A 12-team, 3-round duplicate event (rules.md §7.2, seed 001) through ``tdesk``: board sets, boards typed one by
one and imported, a penalty, a forfeit, a deduction and a late scoresheet; the standings are checked against
figures computed here from rules.md §6, §5 and §9 alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests import duplicate_event as ev
from tests.cli.conftest import Tdesk
from tests.cli.test_swiss_event import Oracle, by_spec

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

# The default boards: declarer of boards 1–6 (rules.md §12 default board set).
DECLARERS = {1: "N", 2: "E", 3: "S", 4: "W", 5: "N", 6: "E"}


def change(points: int) -> int:
    """rules.md §6 two-deck-80-by-40, written out again: the declarer's level change for the defenders' points."""
    if points == 0:
        return 3
    if points <= 35:
        return 2
    if points <= 75:
        return 1
    if points <= 115:
        return 0
    return -1 - (points - 120) // 40  # 120–155 → −1, 160–195 → −2, every further 40 one more


def board_xmp(board: int, open_points: int, closed_points: int) -> int:
    """rules.md §7.2: NS score = change if NS declared, −change if EW did; home XMP = NS open − NS closed."""
    sign = 1 if DECLARERS[board] in "NS" else -1
    return sign * change(open_points) - sign * change(closed_points)


def typed(round_no: int, table: int, board: int) -> tuple[int, int, int]:
    """(open, closed, points the level table reads in the open room): the penalty goes to the defenders (EW,
    board 3 is declared by S) and is added to their points."""
    o, c = ev.points(round_no, table, board, "open"), ev.points(round_no, table, board, "closed")
    extra = ev.PENALTY[5] if (round_no, table, board) == ev.PENALTY[:3] else 0
    return o, c, o + extra


def run_event(path: Path, tdesk: Tdesk, tmp_path: Path) -> dict[str, Any]:
    """The whole event through tdesk; returns the final ``tdesk standings --json``."""
    assert (
        tdesk("new", path, "--name", "教工复式团体赛", "--scoring", "duplicate", "--rounds", ev.ROUNDS).code
        == 0
    )
    sheet = tmp_path / f"{path.stem}-报名表.csv"
    sheet.write_text(ev.signup_csv(), encoding="utf-8")
    assert tdesk("entrant", "import", path, sheet).code == 0
    draw = tdesk("draw", path, "--seed", ev.SEED)
    assert draw.code == 0
    draw_no = {e["name"]: e["draw_no"] for e in tdesk("entrant", "list", path, "--json").json()}
    oracle = Oracle(draw_no)
    for rnd in range(1, ev.ROUNDS + 1):
        run = tdesk("pair", path, "--json")
        assert run.code == 0, run.err
        tables = run.json()["tables"]
        assert len(tables) == 6 and run.json()["bye"] is None and run.json()["relaxed"] == []
        rows = ["round,table,board,open,closed,penalties"]
        for t in tables:
            home, away, table = t["home"], t["away"], t["table"]
            assert ev.UNIT_OF[home] != ev.UNIT_OF[away] and away not in oracle.met[home]
            oracle.met[home].append(away)
            oracle.met[away].append(home)
            if not ev.played(rnd, table):
                assert (
                    tdesk("forfeit", path, rnd, table, "--side", ev.FORFEIT[2], "--reason", "未到场").code
                    == 0
                )
                oracle.score(home, 2.5, 12)
                oracle.score(away, 0, 0)
                continue
            xmp = 0
            for board in range(1, ev.BOARDS + 1):
                o, c, o_read = typed(rnd, table, board)
                xmp += board_xmp(board, o_read, c)
                if rnd == 3:  # the last round comes in as one sheet
                    rows.append(f"{rnd},{table},{board},{o},{c},")
                    continue
                extra = []
                if (rnd, table, board) == ev.PENALTY[:3]:
                    extra = ["--penalty", f"{ev.PENALTY[3]}:{ev.PENALTY[4]}:{ev.PENALTY[5]}"]
                run = tdesk("result", path, rnd, table, "--board", board, "--open", o, "--closed", c, *extra)
                assert run.code == 0, run.err
            hm, am, hv, av = by_spec(xmp)
            if (rnd, table) == ev.LATE[
                :2
            ]:  # the home team's sheet was late: it forfeits, away keeps its result
                hm, hv = 0, 0
            oracle.score(home, hm, hv)
            oracle.score(away, am, av)
        if rnd == 3:
            results = tmp_path / f"{path.stem}-第3轮.csv"
            results.write_text("\n".join(rows) + "\n", encoding="utf-8")
            run = tdesk("result", path, "--import", results)
            assert run.code == 0, run.err
            assert (
                tdesk(
                    "forfeit", path, *ev.LATE[:2], "--side", ev.LATE[2], "--late", "--reason", "超时交表"
                ).code
                == 0
            )
        if rnd == ev.DEDUCTED[0]:
            assert tdesk("deduct", path, rnd, ev.DEDUCTED[1], "0.5", "--reason", "擅自离座").code == 0
            oracle.mp[ev.DEDUCTED[1]] -= 0.5
    final = tdesk("standings", path, "--json").json()
    got = [(r["rank"], r["name"], r["mp"], r["vp"], r["opp_mp"], r["played"]) for r in final["rows"]]
    expected = oracle.standings()
    assert sorted(got, key=lambda r: (r[0], r[1])) == sorted(expected, key=lambda r: (r[0], r[1]))
    assert [r[0] for r in got] == [r[0] for r in expected]
    return dict(final)


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_twelve_teams_three_rounds_of_duplicate_boards(tmp_path: Path, tdesk: Tdesk) -> None:
    path = tmp_path / "复式赛.tdesk"
    final = run_event(path, tdesk, tmp_path)
    assert final["after_round"] == 3
    assert sum(r["xmp"] for r in final["rows"]) == _late_xmp(path, tdesk)
    text = tdesk("standings", path).out
    assert "XMP" in text.splitlines()[1]


def _late_xmp(path: Path, tdesk: Tdesk) -> int:
    """Played matches add XMP to zero over both teams; the late table's home team keeps none of its own."""
    view = tdesk("boards", path, "--round", 3, "--table", ev.LATE[1]).out
    assert "late" in view
    total = next(line for line in view.splitlines() if "XMP:" in line)
    home_xmp = int(total.split(" XMP:")[0].split()[-1].replace("−", "-"))
    return -home_xmp
