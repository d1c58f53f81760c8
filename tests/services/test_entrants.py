"""Entrants (services/entrants.py): adding, editing, importing a sign-up sheet, the draw."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_entrant_edit_is_audited_and_refuses_a_taken_name(seven: Desk) -> None:
    first = es.list_entrants(seven)[0]
    es.update_entrant(seven, first.id, name="东风队", unit="E", players="甲，乙", reason="报名表写错")
    assert es.list_entrants(seven)[0].name == "东风队"
    last = audit_trail(seven)[-1]
    assert last.action == "entrant-edit" and last.old["name"] == "队1" and last.new["players"] == ["甲", "乙"]
    with pytest.raises(BadInput, match="already registered"):
        es.update_entrant(seven, first.id, name="队2", unit=None, players="")


def test_players_are_split_on_chinese_separators(four: Desk) -> None:
    assert es.list_entrants(four)[0].players == ("张三", "李四")


def test_the_draw_is_fixed_once_round_one_is_paired(four: Desk) -> None:
    pair_next_round(four)
    with pytest.raises(BadInput, match="cannot change"):
        es.draw(four, seed=3)


def test_draw_order_must_name_every_entrant_once(four: Desk) -> None:
    with pytest.raises(BadInput, match="leaves out"):
        es.draw(four, order=["甲", "乙", "丙"])
    with pytest.raises(BadInput, match="more than once"):
        es.draw(four, order=["甲", "乙", "丙", "丙"])
    with pytest.raises(BadInput, match="no entrant called"):
        es.draw(four, order=["甲", "乙", "丙", "戊"])


@pytest.mark.slow
def test_seeded_draw_is_repeatable(events: Events) -> None:
    orders = []
    for _ in range(2):
        with events.create(name="抽签") as d:
            for n in "甲乙丙丁戊己":
                es.add_entrant(d, n)
            orders.append([e.name for e in es.draw(d, seed=42)])
    assert orders[0] == orders[1] and sorted(orders[0]) == sorted("甲乙丙丁戊己")


@pytest.mark.slow
def test_gbk_csv_and_xlsx_sign_up_sheets(tmp_path: Path, events: Events) -> None:
    from openpyxl import Workbook

    gbk = tmp_path / "报名表.csv"
    gbk.write_bytes("参赛队,单位,队员\n东风队,一厂,张三，李四\n红旗队,二厂,王五/赵六\n".encode("gbk"))
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Name", "Unit", "Players"])
    sheet.append(["长城队", "三厂", "甲,乙"])
    xlsx = tmp_path / "signup.xlsx"
    book.save(xlsx)
    with events.create(name="导入") as d:
        es.import_entrants(d, gbk)
        es.import_entrants(d, xlsx)
        got = [(e.name, e.unit, e.players, e.draw_no) for e in es.list_entrants(d)]
    assert got == [
        ("东风队", "一厂", ("张三", "李四"), 1),
        ("红旗队", "二厂", ("王五", "赵六"), 2),
        ("长城队", "三厂", ("甲", "乙"), 3),
    ]


def test_a_sheet_is_stored_in_its_order_each_row_audited_and_chained(seven: Desk, tmp_path: Path) -> None:
    """A sheet's rows go in together (issue 29: not three flushes a row) and read as one at a time would: the next
    draw numbers in the sheet's order, one ``entrant-add`` per row naming its entrant, then the import, all chained."""
    from tournament_desk.services.audit import verify_trail

    sheet = tmp_path / "more.csv"
    sheet.write_text("名称,单位,队员\n长江队,E,甲、乙\n黄河队,,\n珠江队,F,丙\n", encoding="utf-8")
    before = len(audit_trail(seven))
    added = es.import_entrants(seven, sheet)
    assert [(e.name, e.unit, e.players, e.draw_no) for e in added] == [
        ("长江队", "E", ("甲", "乙"), 8),
        ("黄河队", None, (), 9),
        ("珠江队", "F", ("丙",), 10),
    ]
    entries = audit_trail(seven)[before:]
    assert [e.action for e in entries] == ["entrant-add"] * 3 + ["entrant-import"]
    # each entry names its own entrant
    assert [e.entrant for e in entries[:3]] == ["长江队", "黄河队", "珠江队"]
    assert [(e.new["name"], e.new["draw_no"], e.new["players"]) for e in entries[:3]] == [
        ("长江队", 8, ["甲", "乙"]),
        ("黄河队", 9, []),
        ("珠江队", 10, ["丙"]),
    ]
    check = verify_trail(seven)
    assert check.broken_at is None and check.entries == before + 4
    es.add_entrant(seven, "淮河队")  # one more at the desk chains on after them
    assert es.list_entrants(seven)[-1].draw_no == 11
    assert verify_trail(seven).broken_at is None
