"""A 12-team, 3-round duplicate event (SPEC §7.2, seed 001) through ``tdesk``: board sets, boards typed one by
one and imported, a penalty, a forfeit, a deduction and a late scoresheet; the standings are checked against
figures computed here from SPEC §6, §5 and §9 alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests import duplicate_event as ev
from tests.cli.conftest import Tdesk
from tests.cli.test_swiss_event import Oracle, by_spec

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

# The default boards: declarer of boards 1–6 (SPEC §12 default board set).
DECLARERS = {1: "N", 2: "E", 3: "S", 4: "W", 5: "N", 6: "E"}


def change(points: int) -> int:
    """SPEC §6 two-deck-80-by-40, written out again: the declarer's level change for the defenders' points."""
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
    """SPEC §7.2: NS score = change if NS declared, −change if EW did; home XMP = NS open − NS closed."""
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


def test_boards_are_set_shown_and_refused_as_spec_12_says(tmp_path: Path, tdesk: Tdesk) -> None:
    path = tmp_path / "b.tdesk"
    created = tdesk(
        "new", path, "--name", "复式", "--entrants", "teams", "--scoring", "duplicate", "--rounds", 2
    )
    assert created.code == 0
    # The default set is shown to the director at once: boards 1–6 at 9…A, declarers N E S W N E.
    lines = created.out.splitlines()
    assert lines[3].split() == ["1", "9", "N", "♠"] and lines[8].split() == ["6", "A", "E", "♠"]
    assert lines[7].split() == ["5", "K", "N", "无主"]
    shown = tdesk("boards", path, "--json").json()
    assert [b["level"] for b in shown["default"]] == ["9", "10", "J", "Q", "K", "A"]
    assert "".join(b["declarer"] for b in shown["default"]) == "NESWNE"
    assert [b["trump"] for b in shown["default"]] == ["S", "H", "D", "C", "NT", "S"]
    assert tdesk("boards", path, "--round", 2, "1:9:S:S", "2:10:E:NT", "3:尖:西:♥").code == 0
    assert tdesk("boards", path, "--round", 2, "--json").json()["boards"] == [
        {"board": 1, "level": "9", "declarer": "S", "trump": "S"},
        {"board": 2, "level": "10", "declarer": "E", "trump": "NT"},
        {"board": 3, "level": "A", "declarer": "W", "trump": "H"},
    ]
    for team in ("甲队", "乙队"):
        tdesk("entrant", "add", path, team, "--players", "一,二,三,四")
    tdesk("draw", path, "--order", "甲队,乙队")
    tdesk("pair", path)
    before = tdesk.fingerprint(path)
    for args, message in (
        (("boards", path, "1:9:S"), "not a board"),
        (("boards", path, "--round", 3, "1:9:S:S"), "no round 3"),
        (("boards", path, "--round", 1, "1:9:S:S", "1:10:N:H"), "given twice"),
        (("result", path, 1, 1, "--board", 1, "--open", 103, "--closed", 80), "steps of 5"),
        (("result", path, 1, 1, "--board", 1, "--open", -5, "--closed", 80), "steps of 5"),
        (("result", path, 1, 1, "--board", 9, "--open", 5, "--closed", 80), "no board 9"),
        (
            ("result", path, 1, 1, "--board", 1, "--open", 5, "--closed", 80, "--penalty", "open:XY:10"),
            "side",
        ),
        (("result", path, 1, 1, "9", "10"), "duplicate boards"),
        (("result", path, 1, 1, "--board", 1), "open room, the closed room or both"),
    ):
        run = tdesk(*args)
        assert (run.code, run.out) == (2, ""), (args, run)
        assert message in run.err and run.err.count("\n") == 1, run.err
    assert tdesk.fingerprint(path) == before
    # Round 1 is played with the default boards; its first result fixes them. Board 1, N declares: open room
    # 0 points → NS +3; closed room 85 points less 10 penalty points awarded to NS (the declarers) = 75 → NS +1.
    run = tdesk("result", path, 1, 1, "--board", 1, "--open", 0, "--closed", 85, "--penalty", "closed:NS:10")
    assert run.code == 0, run.err
    assert (
        run.out.splitlines()[0] == "Round 1 table 1 board 1: open room NS +3, closed room NS +1, 甲队 +2 XMP."
    )
    assert run.out.splitlines()[1] == "甲队 +2 XMP so far; 10 board results still missing."  # 12 board-rooms
    assert "already has board results" in tdesk("boards", path, "--round", 1, "1:9:S:S").err
    # Without --round: the default and every round not yet played (round 2), not round 1.
    assert tdesk("boards", path, "1:Q:N:C", "2:K:W:D").code == 0
    sets = tdesk("boards", path, "--json").json()
    assert len(sets["default"]) == 2 and len(sets["rounds"]["2"]) == 2 and len(sets["rounds"]["1"]) == 6
    assert tdesk("standings", path, "--json").json()["rows"][0]["xmp"] == 0  # nothing complete yet


def test_levels_commands_are_refused_on_a_levels_event(tmp_path: Path, tdesk: Tdesk) -> None:
    path = tmp_path / "l.tdesk"
    tdesk("new", path, "--name", "升级")
    run = tdesk("boards", path)
    assert run.code == 2 and "not by duplicate boards" in run.err
    run = tdesk("new", tmp_path / "p.tdesk", "--name", "x", "--entrants", "pairs", "--scoring", "duplicate")
    assert run.code == 2 and "teams of four" in run.err and not tdesk.created(tmp_path / "p.tdesk")
