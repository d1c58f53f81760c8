"""The workbook's 操作记录 sheet reads as the audit page does: sentences in the user's language, no raw keys
or JSON (issue 14: ``away_level: — → Q``, ``kind: played → late``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tournament_desk.i18n import set_language
from tournament_desk.reports.audit_text import sentence
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.entrants import withdraw
from tournament_desk.services.output.export import export
from tournament_desk.services.results.deductions import deduct
from tournament_desk.services.results.forfeits import forfeit
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round, round_view

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

KEY = re.compile(r"\b[a-z]+(_[a-z]+)*\s*:")  # a stored key such as "away_level:" or "kind:"


@pytest.fixture
def event(tmp_path: Path) -> Iterator[Desk]:
    """Round 1 played; round 2 with a result, its correction, a forfeit; a deduction; a withdrawal."""
    desk = create_demo(tmp_path / "a.tdesk", entrants=8, units=4, played=1)
    second = pair_next_round(desk)
    first, other = second.tables[0], second.tables[1]
    record_result(desk, 2, first.table, "9", "6")
    record_result(desk, 2, first.table, "10", "6", reason="记错")
    forfeit(desk, 2, other.table, "away", reason="未到")
    deduct(desk, 2, first.home, 0.5, reason="吵闹")
    withdraw(desk, second.tables[2].home, after_round=2, reason="生病")
    yield desk
    desk.close()


def sheet(desk: Desk, out: Path, lang: str) -> list[tuple[object, ...]]:
    set_language(lang)
    try:
        (path,) = export(desk, "all", out)
    finally:
        set_language(None)
    ws = load_workbook(path)["操作记录"]
    return list(ws.iter_rows(values_only=True))


def test_the_chinese_audit_sheet_has_sentences_not_keys(event: Desk, tmp_path: Path) -> None:
    header, *rows = sheet(event, tmp_path / "zh.xlsx", "zh")
    assert header == ("时间 Time", "工作站 Station", "操作 Action", "轮次 Round", "桌号 Table", "参赛队 Entrant",
                      "变更 Change", "原因 Reason")  # fmt: skip
    trail = audit_trail(event)
    assert len(rows) == len(trail)
    changes = [str(r[6]) for r in rows]
    for text in changes:
        assert "{" not in text and "null" not in text and not KEY.search(text), text
        assert not re.search(r"[A-Za-z]{4,}", text.replace("test-station", "")) or "“" in text, text
    view = round_view(event, 2)
    first, other = view.tables[0], view.tables[1]
    assert f"第 2 轮第 {first.table} 桌录入成绩 9 : 6" in changes
    assert f"第 2 轮第 {first.table} 桌成绩 9 : 6 改为 10 : 6" in changes
    assert f"第 2 轮第 {other.table} 桌判弃权：客队弃权" in changes
    assert f"第 2 轮{first.home}扣 0.5 场分" in changes
    gone = next(e for e in trail if e.action == "withdraw")
    assert f"{gone.entrant}于第 2 轮后退赛" in changes
    actions = {r[2] for r in rows}
    assert {"结果", "弃权", "扣分", "退赛", "编排"} <= actions
    reasons = {r[7] for r in rows}
    assert {"记错", "未到", "吵闹", "生病"} <= reasons


def test_the_english_audit_sheet_matches_the_audit_page_sentences(event: Desk, tmp_path: Path) -> None:
    _, *rows = sheet(event, tmp_path / "en.xlsx", "en")
    trail = audit_trail(event)
    assert [r[6] for r in rows] == [sentence(e, "en", context=False) for e in trail]
    assert [r[2] for r in rows][:1] == ["Tournament created"]
    table = round_view(event, 2).tables[0]
    correction = next(r for r in rows if r[2] == "Result" and r[7] == "记错")
    assert correction[6] == f"Round 2, table {table.table}: result 9 : 6 changed to 10 : 6"
