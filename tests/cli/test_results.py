"""A result already recorded (rules.md §12, issue 23 item 4): ``tdesk result`` and ``result --import`` on a table whose
recorded result differs refuse with exit 2, naming the recorded result, the station and the time, and write
nothing, unless ``--correct --reason TEXT``; the same result again changes nothing (exit 0, no audit entry).

What a tired director types: the same table twice (fine), a mistyped table number (refused, naming what is there),
the same table at a second station, on one file or on a PostgreSQL server (refused, naming that station).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tests.cli.test_groups_knockout_event import final_drawn

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

TIME = re.compile(r"at (\d{4}-\d\d-\d\d )?\d\d:\d\d\b")


def swiss(tdesk: Tdesk, path: Path) -> None:
    """Four pairs, round 1 paired: table 1 甲–乙, table 2 丙–丁."""
    assert tdesk("new", path, "--name", "更正", "--rounds", 3).code == 0
    for name in ("甲", "乙", "丙", "丁"):
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", "甲,乙,丙,丁").code == 0
    assert tdesk("pair", path).code == 0


def swiss_entered_at_a(tdesk: Tdesk, path: Path) -> None:
    """The four-pair swiss with table 1 already entered as Q : 9 at station A站."""
    swiss(tdesk, path)
    assert tdesk("result", path, 1, 1, "Q", "9", "--station", "A站").code == 0


def trail(tdesk: Tdesk, path: Path) -> list[dict[str, object]]:
    run = tdesk("audit", path, "--json")
    assert run.code == 0, run.err
    entries: list[dict[str, object]] = run.json()
    return entries


def refused_unchanged(tdesk: Tdesk, path: Path, *args: object) -> str:
    """Run a write that must be refused with exit 2 and one sentence, nothing written; the sentence."""
    entries = len(trail(tdesk, path))
    before = tdesk.fingerprint(path)
    run = tdesk(*args)
    assert (run.code, run.out) == (2, ""), run
    assert run.err.count("\n") == 1, run.err
    assert tdesk.fingerprint(path) == before
    assert len(trail(tdesk, path)) == entries
    return run.err.strip()


@pytest.mark.slow
def test_a_second_station_typing_a_different_result_is_refused_naming_the_first(
    tdesk: Tdesk, tmp_path: Path
) -> None:
    path = tmp_path / "two-stations.tdesk"
    swiss(tdesk, path)
    first = tdesk("result", path, 1, 1, "Q", "9", "--station", "A站")
    assert first.code == 0, first.err
    said = refused_unchanged(tdesk, path, "result", path, 1, 1, "K", "9", "--station", "B站")
    assert "Round 1 table 1 (甲 – 乙) already has a result: Q : 9, entered at station A站" in said
    assert TIME.search(said) and "Nothing was changed." in said
    assert "--correct --reason" in said
    assert tdesk("round", path, 1, "--json").json()["tables"][0]["home_level"] == "Q"


@pytest.mark.slow
def test_the_same_result_again_changes_nothing_and_is_not_audited(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "twice.tdesk"
    swiss(tdesk, path)
    first = tdesk("result", path, 1, 1, "Q", "9", "--station", "A站")
    before, entries = tdesk.fingerprint(path), trail(tdesk, path)
    for station in ("A站", "B站"):  # the same scoresheet typed twice, at one station or another
        again = tdesk("result", path, 1, 1, "圈", "9", "--station", station)
        assert (again.code, again.out, again.err) == (0, first.out, "")
    assert tdesk.fingerprint(path) == before
    assert trail(tdesk, path) == entries
    # Nothing to undo either: the station's last step is still its first entry.
    assert "Q : 9" in tdesk("undo", path, "--station", "A站").out


@pytest.mark.slow
def test_a_mistyped_table_number_is_refused_naming_what_is_there(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "mistyped.tdesk"
    swiss(tdesk, path)
    assert tdesk("result", path, 1, 2, "10", "8").code == 0
    assert tdesk("forfeit", path, 1, 1, "--side", "away", "--reason", "未到场").code == 0
    # Table 2's sheet, typed as table 1: table 1 holds a forfeit.
    said = refused_unchanged(tdesk, path, "result", path, 1, 1, "J", "10")
    assert "(甲 – 乙) already has a result: a forfeit by 乙" in said
    said = refused_unchanged(tdesk, path, "result", path, 1, 2, "J", "10")
    assert "(丙 – 丁) already has a result: 10 : 8" in said
    # A correction of a table that has nothing: most likely the wrong table too.
    path2 = tmp_path / "empty.tdesk"
    swiss(tdesk, path2)
    said = refused_unchanged(tdesk, path2, "result", path2, 1, 2, "J", "10", "--correct", "--reason", "看错")
    assert "has no result yet, so there is nothing to correct" in said


@pytest.mark.slow
def test_a_correction_needs_its_reason_and_the_audit_trail_keeps_it(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "correct.tdesk"
    swiss_entered_at_a(tdesk, path)
    said = refused_unchanged(tdesk, path, "result", path, 1, 1, "K", "9", "--correct")
    assert "--reason" in said
    said = refused_unchanged(tdesk, path, "result", path, 1, 1, "K", "9", "--correct", "--reason", "  ")
    assert "--reason" in said
    done = tdesk("result", path, 1, 1, "K", "9", "--correct", "--reason", "记分表看错", "--station", "B站")
    assert done.code == 0, done.err
    assert done.out == "Round 1 table 1: 甲 14 VP 3 MP – 乙 6 VP 0 MP\n"
    last = trail(tdesk, path)[-1]
    assert (last["action"], last["station"], last["reason"]) == ("result", "B站", "记分表看错")
    assert last["old"]["home_level"] == "Q" and last["new"]["home_level"] == "K"  # type: ignore[index]
    # The correction is one undoable step of station B.
    assert tdesk("undo", path, "--station", "B站").code == 0
    assert tdesk("round", path, 1, "--json").json()["tables"][0]["home_level"] == "Q"


@pytest.mark.slow
def test_the_refusal_is_in_the_directors_language(
    tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "zh.tdesk"
    swiss_entered_at_a(tdesk, path)
    monkeypatch.setenv("TDESK_LANG", "zh")
    said = refused_unchanged(tdesk, path, "result", path, 1, 1, "K", "9")
    assert said.startswith("第 1 轮第 1 桌（甲 – 乙）已有成绩：Q : 9，由 A站 于 ")
    assert "未做任何更改" in said and "--correct --reason" in said
    said = refused_unchanged(tdesk, path, "result", path, 1, 1, "K", "9", "--correct")
    assert "更正须注明原因" in said


@pytest.mark.slow
def test_a_results_sheet_with_one_differing_row_is_refused_whole(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "sheet.tdesk"
    swiss_entered_at_a(tdesk, path)
    sheet = tmp_path / "results.csv"
    sheet.write_text("round,table,home,away\n1,1,Q,9\n1,2,8,10\n", encoding="utf-8")
    differing = tmp_path / "differing.csv"
    differing.write_text("轮,桌,主队,客队\n1,1,K,9\n1,2,8,10\n", encoding="utf-8")
    said = refused_unchanged(tdesk, path, "result", path, "--import", differing)
    assert said.startswith("Nothing was imported: row 2: round 1 table 1 already has Q : 9 (station A站, ")
    assert "--correct --reason" in said
    assert tdesk("round", path, 1, "--json").json()["tables"][1]["state"] == "pending"  # all or none
    # Identical rows change nothing; the sheet's new row is imported.
    done = tdesk("result", path, "--import", sheet)
    assert (done.code, done.out) == (0, "Imported 1 results.\n"), done.err
    entries = trail(tdesk, path)
    assert [(e["action"], e["table"]) for e in entries[-2:]] == [("result", 1), ("result", 2)]
    again = tdesk("result", path, "--import", sheet)
    assert (again.code, again.out) == (0, "Imported 0 results.\n")
    assert trail(tdesk, path) == entries
    fixed = tdesk("result", path, "--import", differing, "--correct", "--reason", "按记分表更正")
    assert (fixed.code, fixed.out) == (0, "Imported 1 results.\n"), fixed.err
    last = trail(tdesk, path)[-1]
    assert (last["table"], last["reason"], last["new"]["home_level"]) == (1, "按记分表更正", "K")  # type: ignore[index]


@pytest.mark.slow
def test_a_knockout_result_with_the_side_on_stage(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "stage.tdesk"
    final_drawn(tdesk, path)
    assert tdesk("pair", path).code == 0
    assert tdesk("result", path, 4, 1, "J", "J", "--on-stage", "away", "--station", "A站").code == 0
    again = tdesk("result", path, 4, 1, "J", "J", "--on-stage", "away")
    assert again.code == 0, again.err
    said = refused_unchanged(tdesk, path, "result", path, 4, 1, "J", "J", "--on-stage", "home")
    assert "(乙 – 甲) already has a result: J : J, 甲 on stage, entered at station A站" in said
    fixed = tdesk("result", path, 4, 1, "J", "J", "--on-stage", "home", "--correct", "--reason", "看错台上方")
    assert fixed.code == 0, fixed.err
    assert tdesk("round", path, 4, "--json").json()["tables"][0]["winner"] == "乙"


def duplicate(tdesk: Tdesk, path: Path) -> None:
    assert tdesk("new", path, "--name", "复式", "--scoring", "duplicate", "--rounds", 2).code == 0
    for team in ("甲队", "乙队"):
        assert tdesk("entrant", "add", path, team, "--players", "一,二,三,四").code == 0
    assert tdesk("draw", path, "--order", "甲队,乙队").code == 0
    assert tdesk("pair", path).code == 0


@pytest.mark.slow
def test_duplicate_boards_are_refused_board_by_board(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "dup.tdesk"
    duplicate(tdesk, path)
    first = tdesk("result", path, 1, 1, "--board", 1, "--open", 40, "--closed", 85, "--penalty", "closed:NS:10",
                  "--station", "A站")  # fmt: skip
    assert first.code == 0, first.err
    before, entries = tdesk.fingerprint(path), trail(tdesk, path)
    again = tdesk(
        "result", path, 1, 1, "--board", 1, "--open", 40, "--closed", 85, "--penalty", "closed:NS:10"
    )
    assert (again.code, again.out) == (0, first.out)
    only_open = tdesk("result", path, 1, 1, "--board", 1, "--open", 40)
    assert only_open.code == 0, only_open.err  # the open room as it is; the closed room's penalty kept
    assert (tdesk.fingerprint(path), trail(tdesk, path)) == (before, entries)
    said = refused_unchanged(tdesk, path, "result", path, 1, 1, "--board", 1, "--open", 45, "--closed", 85)
    assert said.startswith(
        "Round 1 table 1 (甲队 – 乙队) board 1 already has a result: open room 40, closed room 85 (+10 NS), "
        "entered at station A站 at "
    )
    assert "--correct --reason" in said
    # Another board is a first entry; a board-room not yet entered may be added to a board.
    assert tdesk("result", path, 1, 1, "--board", 2, "--open", 40).code == 0
    assert tdesk("result", path, 1, 1, "--board", 2, "--open", 40, "--closed", 60).code == 0
    said = refused_unchanged(tdesk, path, "result", path, 1, 1, "--board", 3, "--open", 40, "--correct",
                             "--reason", "x")  # fmt: skip
    assert "board 3 has no result yet" in said
    fixed = tdesk("result", path, 1, 1, "--board", 1, "--open", 45, "--closed", 85, "--penalty", "closed:NS:10",
                  "--correct", "--reason", "开室看错")  # fmt: skip
    assert fixed.code == 0, fixed.err
    last = trail(tdesk, path)[-1]
    assert (last["action"], last["reason"], last["new"]["open"]) == ("board", "开室看错", [45, 0, 0])  # type: ignore[index]


@pytest.mark.slow
def test_a_duplicate_board_sheet_is_refused_whole_for_one_differing_board(
    tdesk: Tdesk, tmp_path: Path
) -> None:
    path = tmp_path / "dup-sheet.tdesk"
    duplicate(tdesk, path)
    assert (
        tdesk("result", path, 1, 1, "--board", 1, "--open", 40, "--closed", 85, "--station", "A站").code == 0
    )
    sheet = tmp_path / "boards.csv"
    sheet.write_text("round,table,board,open,closed\n1,1,1,40,85\n1,1,2,40,60\n", encoding="utf-8")
    differing = tmp_path / "differing.csv"
    differing.write_text("round,table,board,open,closed\n1,1,1,45,85\n1,1,2,40,60\n", encoding="utf-8")
    said = refused_unchanged(tdesk, path, "result", path, "--import", differing)
    assert "row 2: round 1 table 1 board 1 already has open room 40, closed room 85 (station A站, " in said
    assert "--correct --reason" in said
    assert tdesk("result", path, "--import", sheet).code == 0
    entries = trail(tdesk, path)
    assert [(e["action"], e["new"]["board"]) for e in entries[-1:]] == [("board", 2)]  # type: ignore[index]
    assert tdesk("result", path, "--import", sheet).code == 0
    assert trail(tdesk, path) == entries
    fixed = tdesk("result", path, "--import", differing, "--correct", "--reason", "按记分表")
    assert fixed.code == 0, fixed.err
    assert trail(tdesk, path)[-1]["reason"] == "按记分表"


def mitchell(tdesk: Tdesk, path: Path) -> None:
    assert tdesk("new", path, "--name", "牌套", "--format", "mitchell", "--boards-per-round", 2).code == 0
    names = [f"P{i}" for i in range(1, 7)]
    for name in names:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", ",".join(names)).code == 0
    assert tdesk("pair", path).code == 0


@pytest.mark.slow
def test_mitchell_boards_same_again_refused_when_different_corrected_with_a_reason(
    tdesk: Tdesk, tmp_path: Path
) -> None:
    path = tmp_path / "mitchell.tdesk"
    mitchell(tdesk, path)
    first = tdesk(
        "result", path, 1, 1, "--board", 1, "--points", 60, "--penalty", "EW:10", "--station", "A站"
    )
    assert first.code == 0, first.err
    before, entries = tdesk.fingerprint(path), trail(tdesk, path)
    again = tdesk(
        "result", path, 1, 1, "--board", 1, "--points", 60, "--penalty", "EW:10", "--station", "B站"
    )
    assert (again.code, again.out) == (0, first.out)
    assert (tdesk.fingerprint(path), trail(tdesk, path)) == (before, entries)
    said = refused_unchanged(
        tdesk, path, "result", path, 1, 1, "--board", 1, "--points", 65, "--station", "B站"
    )
    assert said.startswith("Round 1 table 1 (P1 – P2) board 1 already has a result: 60 (+10 EW), entered at "
                           "station A站 at ")  # fmt: skip
    said = refused_unchanged(tdesk, path, "result", path, 1, 1, "--board", 2, "--points", 65, "--correct",
                             "--reason", "x")  # fmt: skip
    assert "board 2 has no result yet" in said
    fixed = tdesk("result", path, 1, 1, "--board", 1, "--points", 65, "--correct", "--reason", "记错", "--station",
                  "B站")  # fmt: skip
    assert fixed.code == 0, fixed.err
    last = trail(tdesk, path)[-1]
    assert (last["station"], last["reason"], last["new"]["points"]) == ("B站", "记错", 65)  # type: ignore[index]


@pytest.mark.slow
def test_a_mitchell_sheet_imports_identical_rows_as_nothing_and_refuses_a_differing_one(
    tdesk: Tdesk, tmp_path: Path
) -> None:
    path = tmp_path / "mitchell-sheet.tdesk"
    mitchell(tdesk, path)
    assert tdesk("result", path, 1, 1, "--board", 1, "--points", 60, "--station", "A站").code == 0
    sheet = tmp_path / "m.csv"
    sheet.write_text("round,table,board,points\n1,1,1,60\n1,1,2,40\n", encoding="utf-8")
    differing = tmp_path / "m2.csv"
    differing.write_text("round,table,board,points\n1,1,1,65\n1,1,2,40\n", encoding="utf-8")
    said = refused_unchanged(tdesk, path, "result", path, "--import", differing)
    assert "row 2: round 1 table 1 board 1 already has 60 (station A站, " in said
    done = tdesk("result", path, "--import", sheet)
    assert (done.code, done.out) == (0, "Imported 1 board results.\n"), done.err
    fixed = tdesk("result", path, "--import", differing, "--correct", "--reason", "更正")
    assert (fixed.code, fixed.out) == (0, "Imported 1 board results.\n"), fixed.err
