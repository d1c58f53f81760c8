"""Every bad input of the core issue: one plain sentence on stderr, exit status 2, and the file unchanged."""

import sqlite3
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk, fingerprint


@pytest.fixture
def event(tmp_path: Path, tdesk: Tdesk) -> Path:
    """Five entrants in three units, round 1 paired (a bye), tables 1 and 2 without results."""
    path = tmp_path / "event.tdesk"
    assert tdesk("new", path, "--name", "测试赛", "--rounds", "5").code == 0
    for name, unit in [
        ("东风队", "一厂"),
        ("红旗队", "一厂"),
        ("长城队", "二厂"),
        ("黄河队", "二厂"),
        ("泰山队", "三厂"),
    ]:
        assert tdesk("entrant", "add", path, name, "--unit", unit).code == 0
    assert tdesk("pair", path).code == 0
    return path


def refused(tdesk: Tdesk, path: Path, *args: object, says: str) -> str:
    before = fingerprint(path)
    run = tdesk(*args)
    assert run.code == 2, run
    assert run.out == ""
    lines = run.err.strip().splitlines()
    assert len(lines) == 1, run.err
    assert says in lines[0], lines[0]
    assert "Traceback" not in run.err
    assert fingerprint(path) == before
    return lines[0]


@pytest.mark.slow
def test_unknown_entrant(tdesk: Tdesk, event: Path) -> None:
    refused(tdesk, event, "entrant", "withdraw", event, "无名队", says="no entrant called '无名队'")
    refused(tdesk, event, "deduct", event, 1, "无名队", "0.5", "--reason", "迟到", says="no entrant called")


@pytest.mark.slow
def test_duplicate_entrant_name(tdesk: Tdesk, event: Path) -> None:
    refused(tdesk, event, "entrant", "add", event, "东风队", says="already registered")
    refused(tdesk, event, "entrant", "add", event, "  东风队 ", says="already registered")


@pytest.mark.slow
@pytest.mark.parametrize("level", ["1", "B", "16", ""])
def test_level_outside_spec(tdesk: Tdesk, event: Path, level: str) -> None:
    refused(tdesk, event, "result", event, 1, 1, level, "9", says="level")
    refused(tdesk, event, "result", event, 1, 1, "9", level, says="level")


@pytest.mark.slow
def test_result_for_a_table_or_round_that_does_not_exist(tdesk: Tdesk, event: Path) -> None:
    refused(tdesk, event, "result", event, 1, 7, "9", "8", says="there is no table 7")
    refused(tdesk, event, "result", event, 1, 0, "9", "8", says="there is no table 0")
    refused(tdesk, event, "result", event, 9, 1, "9", "8", says="Round 9 has not been paired yet")


@pytest.mark.slow
def test_result_for_a_bye(tdesk: Tdesk, event: Path) -> None:
    line = refused(tdesk, event, "result", event, 1, 3, "9", "8", says="a bye for")
    assert "needs no result" in line


@pytest.mark.slow
def test_result_for_a_round_not_yet_paired(tdesk: Tdesk, event: Path) -> None:
    refused(tdesk, event, "result", event, 2, 1, "9", "8", says="Round 2 has not been paired yet")


@pytest.mark.slow
def test_pairing_while_results_are_missing_names_the_tables(tdesk: Tdesk, event: Path) -> None:
    refused(tdesk, event, "pair", event, says="no result for table 1, 2")
    assert tdesk("result", event, 1, 1, "A", "9").code == 0
    refused(tdesk, event, "pair", event, says="no result for table 2;")


@pytest.mark.slow
def test_forfeit_of_a_table_that_does_not_exist(tdesk: Tdesk, event: Path) -> None:
    refused(tdesk, event, "forfeit", event, 1, 5, "--side", "home", says="there is no table 5")
    refused(tdesk, event, "forfeit", event, 4, 1, "--side", "home", says="not been paired")


@pytest.mark.slow
@pytest.mark.parametrize("mp", ["0", "-0.5", "0.3", "1.25", "x"])
def test_deduction_not_a_positive_multiple_of_half(tdesk: Tdesk, event: Path, mp: str) -> None:
    refused(tdesk, event, "deduct", event, 1, "东风队", mp, "--reason", "大声喧哗", says="")


@pytest.mark.slow
def test_import_with_a_missing_column(tdesk: Tdesk, event: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "signup.csv"
    sheet.write_text("单位,队员\n一厂,张三\n", encoding="utf-8")
    refused(tdesk, event, "entrant", "import", event, sheet, says="no 'name' column")


@pytest.mark.slow
def test_import_with_empty_names_and_duplicates_names_every_bad_row(
    tdesk: Tdesk, event: Path, tmp_path: Path
) -> None:
    sheet = tmp_path / "signup.csv"
    sheet.write_text(
        "队名,单位,队员\n新一队,一厂,张三\n,二厂,李四\n新二队,三厂,\n新一队,四厂,\n东风队,五厂,\n",
        encoding="utf-8",
    )
    line = refused(tdesk, event, "entrant", "import", event, sheet, says="Nothing was imported")
    assert "row 3: no name" in line
    assert "row 5: '新一队' repeats row 2" in line
    assert "row 6: '东风队' is already registered" in line
    run = tdesk("entrant", "list", event, "--json")
    assert "新一队" not in run.out


@pytest.mark.slow
def test_import_of_an_xlsx_with_a_bad_row_imports_nothing(tdesk: Tdesk, event: Path, tmp_path: Path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["名称", "单位"])
    sheet.append(["新一队", "一厂"])
    sheet.append([None, "一厂"])
    path = tmp_path / "signup.xlsx"
    book.save(path)
    refused(tdesk, event, "entrant", "import", event, path, says="row 3: no name")


@pytest.mark.slow
def test_results_import_is_all_or_nothing(tdesk: Tdesk, event: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "results.csv"
    sheet.write_text("round,table,home,away\n1,1,A,9\n1,2,B,9\n1,9,9,9\n", encoding="utf-8")
    line = refused(tdesk, event, "result", event, "--import", sheet, says="Nothing was imported")
    assert "row 3: 'B' is not a level" in line and "row 4:" in line and "no table 9" in line


def test_file_that_is_not_a_tournament(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "名单.tdesk"
    path.write_text("hello")
    refused(tdesk, path, "standings", path, says="is not a Tournament Desk file")
    refused(tdesk, path, "pair", path, says="is not a Tournament Desk file")


@pytest.mark.slow
def test_corrupted_file(tdesk: Tdesk, event: Path) -> None:
    data = bytearray(event.read_bytes())
    data[4096:] = b"\x00\xff" * ((len(data) - 4096) // 2)
    event.write_bytes(bytes(data))
    refused(tdesk, event, "standings", event, says="damaged")


@pytest.mark.slow
def test_file_from_a_newer_version(tdesk: Tdesk, event: Path) -> None:
    with sqlite3.connect(event) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'ffff'")
    refused(tdesk, event, "standings", event, says="newer version of Tournament Desk")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--format", "mitchell"), "--boards-per-round"),
        (("--format", "round-robin", "--rounds", "5"), "follow from the number of entrants"),
        (("--double",), "Only a round robin can be played double"),
        (("--format", "round-robin", "--scoring", "duplicate", "--entrants", "pairs"), "teams of four"),
    ],
)
def test_new_refuses_what_it_cannot_run_and_writes_nothing(
    tdesk: Tdesk, tmp_path: Path, args: tuple[str, ...], says: str
) -> None:
    path = tmp_path / "rr.tdesk"
    run = tdesk("new", path, "--name", "循环赛", *args)
    assert run.code == 2 and says in run.err and run.err.count("\n") == 1
    assert not path.exists()


@pytest.mark.slow
def test_messages_in_chinese(tdesk: Tdesk, event: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDESK_LANG", "zh_CN")
    line = refused(tdesk, event, "result", event, 1, 1, "B", "9", says="级")
    assert "B" in line and "level" not in line


@pytest.mark.slow
def test_db_url_option_in_place_of_the_file(tdesk: Tdesk, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'station.db'}"
    assert tdesk("new", "--db", url, "--name", "多站").code == 0
    assert tdesk("entrant", "add", "--db", url, "甲").code == 0
    assert tdesk("entrant", "add", "--db", url, "乙").code == 0
    assert tdesk("pair", "--db", url, "--json").json()["tables"] == [{"table": 1, "home": "甲", "away": "乙"}]
    assert tdesk("result", "--db", url, 1, 1, "A", "2").code == 0
    assert tdesk("standings", "--db", url, "--json").json()["rows"][0]["name"] == "甲"


class ClosedPipe:
    """A stdout whose reader went away (`tdesk standings F | head -1` after the first line)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_reader_that_goes_away_stops_tdesk_quietly(
    event: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tournament_desk.cli import main

    capsys.readouterr()
    monkeypatch.setattr("sys.stdout", ClosedPipe())
    assert main(["standings", str(event)]) == 1
    assert capsys.readouterr().err == ""  # no "Unexpected error: BrokenPipeError"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ("result", "{path}", "99999999999999999999", "1", "Q", "9"),
            "There is no round 99999999999999999999.",
        ),
        (("result", "{path}", "1", "99999999999999", "Q", "9"), "There is no table 99999999999999."),
    ],
)
def test_a_number_past_any_event_is_one_sentence_not_an_overflow(
    tdesk: Tdesk, event: Path, args: tuple[str, ...], says: str
) -> None:
    """Issue 28: `tdesk result F 99999999999999999999 1 Q 9` answered "Unexpected error: OverflowError"."""
    before = fingerprint(event)
    run = tdesk(*(a.format(path=event) for a in args))
    assert run.code == 2 and says in run.err and "Overflow" not in run.err and "Unexpected" not in run.err
    assert fingerprint(event) == before


def test_a_round_past_any_event_is_a_usage_error(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tournament_desk.cli import main

    capsys.readouterr()
    with pytest.raises(SystemExit) as stopped:
        main(["round", str(event), "99999999999999999999999"])
    assert stopped.value.code == 2
    assert "ROUND: 99999999999999999999999 is too large" in capsys.readouterr().err
