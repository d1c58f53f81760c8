"""``tdesk boards`` (rules.md §7.2, §12): board sets set, shown and refused; a table's boards entered one by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tournament_desk.cli.boards import board_rows, boards_json
from tournament_desk.domain.duplicate import parse_board


def test_boards_as_rows_and_as_json() -> None:
    boards = [parse_board("1:9:S:S"), parse_board("2:A:W:NT")]
    assert board_rows(boards) == [[1, "9", "S", "♠"], [2, "A", "W", "无主"]]
    assert boards_json(boards) == [
        {"board": 1, "level": "9", "declarer": "S", "trump": "S"},
        {"board": 2, "level": "A", "declarer": "W", "trump": "NT"},
    ]


@pytest.mark.slow
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


@pytest.mark.slow
def test_levels_commands_are_refused_on_a_levels_event(tmp_path: Path, tdesk: Tdesk) -> None:
    path = tmp_path / "l.tdesk"
    tdesk("new", path, "--name", "升级")
    run = tdesk("boards", path)
    assert run.code == 2 and "not by duplicate boards" in run.err
    run = tdesk("new", tmp_path / "p.tdesk", "--name", "x", "--entrants", "pairs", "--scoring", "duplicate")
    assert run.code == 2 and "teams of four" in run.err and not tdesk.created(tmp_path / "p.tdesk")
