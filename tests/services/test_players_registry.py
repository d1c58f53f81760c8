"""services/players_registry: the registry of players on this computer, exported to a workbook and imported
again (here or on another computer); a bad file is refused whole, in one sentence."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from tournament_desk.domain.errors import BadInput
from tournament_desk.services import players_registry as registry
from tournament_desk.storage.player_registry import registry_path

AT = datetime(2026, 11, 27, 9, 0)


@pytest.fixture(autouse=True)
def own_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "userdata"
    monkeypatch.setenv("TDESK_DATA_DIR", str(folder))
    return folder


def workbook(path: Path, rows: list[tuple[object, ...]], headers: tuple[str, ...] = registry.HEADERS) -> Path:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(headers)
    for row in rows:
        sheet.append(row)
    book.save(path)
    return path


def snapshot() -> list[tuple[object, ...]]:
    return [(k.uid, k.name, k.unit, k.ident, k.spellings) for k in registry.known_players()]


def test_reading_an_absent_registry_creates_nothing(own_registry: Path) -> None:
    assert registry.known_players() == [] and registry.duplicates() == []
    assert not registry_path().exists()


def test_a_registry_exported_and_imported_on_another_computer_is_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    registry.remember([("a" * 32, "张三", "北京大学", "1234"), ("b" * 32, "李四", None, None)], at=AT)
    registry.remember([("a" * 32, "张三", "北大", None)], at=AT)  # another spelling of 张三
    out = tmp_path / "选手库.xlsx"
    assert registry.export_registry(out) == 2
    sheet = load_workbook(out).active
    assert sheet is not None
    assert [tuple(c.value for c in row) for row in sheet.iter_rows()] == [
        registry.HEADERS, ("a" * 32, "张三", "北京大学", "1234"), ("b" * 32, "李四", None, None)]  # fmt: skip
    csv_out = tmp_path / "选手库.csv"
    assert registry.export_registry(csv_out) == 2
    monkeypatch.setenv("TDESK_DATA_DIR", str(tmp_path / "another"))
    assert registry.import_registry(out, at=AT) == registry.Remembered(2, 0)
    assert [(uid, n, u, i) for uid, n, u, i, _ in snapshot()] == [("a" * 32, "张三", "北京大学", "1234"),
                                                                  ("b" * 32, "李四", None, None)]  # fmt: skip
    assert registry.import_registry(csv_out, at=AT) == registry.Remembered(0, 0)  # nothing new


def test_rows_without_a_number_are_new_people_unless_already_there(tmp_path: Path) -> None:
    registry.remember([("a" * 32, "张三", "北京大学", None)], at=AT)
    sheet = workbook(tmp_path / "typed.xlsx", [(None, "张三", "北京大学", None), (None, "王五", "清华", 5678),
                                               ("A" * 32, "张 三", "北大", "1234")])  # fmt: skip
    assert registry.import_registry(sheet, at=AT) == registry.Remembered(1, 1)
    found = {k.name: k for k in registry.known_players()}
    assert found["王五"].ident == "5678" and found["张三"].ident == "1234"
    assert found["张三"].spellings == (("张三", "北大"),)


@pytest.mark.parametrize(
    ("rows", "words"),
    [
        ([(None, "", "复旦", None)], "row 2 has no name"),
        ([(None, "张三", "复旦", None), ("xyz", "李四", None, None)], "row 3's number 'xyz' is not one"),
        ([("c" * 32, "张三", None, None), ("c" * 32, "李四", None, None)], "row 3 repeats row 2"),
        ([(None, "张三", "单" * 61, None)], "row 2: The unit '单单"),
        ([(None, "张三", None, "9" * 41)], "row 2: The ident '9999"),
    ],
)
def test_a_bad_file_changes_nothing(tmp_path: Path, rows: list[tuple[object, ...]], words: str) -> None:
    registry.remember([("a" * 32, "张三", "北京大学", None)], at=AT)
    before = snapshot()
    with pytest.raises(BadInput, match=words.replace("(", r"\(")):
        registry.import_registry(workbook(tmp_path / "bad.xlsx", rows), at=AT)
    assert snapshot() == before


def test_files_that_are_no_registry_are_refused(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="no players to import"):
        registry.import_registry(workbook(tmp_path / "empty.xlsx", []), at=AT)
    with pytest.raises(BadInput, match=r"\.xlsx\) or a \.csv"):
        registry.export_registry(tmp_path / "out.pdf")
    registry_path().parent.mkdir(parents=True)
    with sqlite3.connect(registry_path()) as conn:
        conn.execute("PRAGMA user_version = 9")
    with pytest.raises(BadInput, match="newer version"):
        registry.remember([("a" * 32, "张三", None, None)], at=AT)
    registry_path().write_bytes(b"not a database at all, just some text " * 40)
    with pytest.raises(BadInput, match="is not a players' registry"):
        registry.known_players()


def test_likely_duplicates_in_the_registry_are_found() -> None:
    registry.remember([("a" * 32, "张三", "北京大学", None), ("b" * 32, "张三", "北大", None),
                       ("c" * 32, "张三", "复旦", None)], at=AT)  # fmt: skip
    assert [(d.new.name, d.new.unit, d.known.unit, d.why) for d in registry.duplicates()] == [
        ("张三", "北京大学", "北大", "unit-spelling")
    ]


def test_two_records_merged_are_one_person_with_both_spellings_and_a_journal() -> None:
    registry.remember([("a" * 32, "张三", "北京大学", "1234")], at=AT, event="月赛一")
    registry.remember(
        [("b" * 32, "张三", "北大", None), ("c" * 32, "李四", "复旦", "9")], at=AT, event="月赛二"
    )
    registry.remember([("b" * 32, "张 三", "北大", None)], at=AT)  # a spelling of the record merged away
    ids = {k.uid: k.id for k in registry.known_players()}
    merged = registry.merge_known(ids["a" * 32], ids["b" * 32], at=AT, station="前台", reason="同一人")
    assert (merged.name, merged.unit, merged.ident, merged.events) == (
        "张三",
        "北京大学",
        "1234",
        ("月赛一", "月赛二"),
    )
    assert set(merged.spellings) == {("张三", "北大"), ("张 三", "北大")}
    assert sorted(k.name for k in registry.known_players()) == sorted(["李四", "张三"])
    [line] = registry.merge_journal()
    assert (line.into, line.name, line.unit, line.station, line.reason) == (
        "张三",
        "张三",
        "北大",
        "前台",
        "同一人",
    )
    assert registry.uid_aliases() == {"b" * 32: "a" * 32}
    # an event still linked to the record merged away adds to the person, not a new one
    assert registry.remember([("b" * 32, "张三", "北大附中", None)], at=AT) == registry.Remembered(0, 1)
    assert len(registry.known_players()) == 2


def test_records_with_different_idents_are_never_merged() -> None:
    registry.remember([("a" * 32, "张三", "北京大学", "1234"), ("b" * 32, "张三", "北大", "5678")], at=AT)
    ids = [k.id for k in registry.known_players()]
    before = snapshot()
    for keep, other, words in [(ids[0], ids[1], "different idents"), (ids[0], ids[0], "two different"),
                               (ids[0], 99, "no player number 99")]:  # fmt: skip
        with pytest.raises(BadInput, match=words):
            registry.merge_known(keep, other, at=AT, station="s")
    assert snapshot() == before and registry.merge_journal() == []
