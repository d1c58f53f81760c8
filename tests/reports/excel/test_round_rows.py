"""Issue 27: the workbook's round sheet says what each table is as the printed sheets do, and a rest is no bye."""

from __future__ import annotations

from tournament_desk.domain.results import ResultState
from tournament_desk.reports.excel.workbook import round_rows
from tournament_desk.reports.model import PairedTable, RoundData


def test_a_withdrawal_is_noted_and_a_rest_scores_nothing() -> None:
    tables = (
        PairedTable(1, "甲队", "乙队", relaxed=("rematch",)),
        PairedTable(4, "峨眉队", "黄山队", kind=ResultState.ANNULLED, side="home", withdrawal=True),
        PairedTable(5, "丙队", "丁队", kind=ResultState.FORFEIT, side="away", result=(2.5, 0.0, 12.0, 0.0)),
    )
    rows = round_rows(RoundData(4, "2026-05-01", tables, bye="戊队", bye_state=ResultState.REST))
    assert [r[10] for r in rows[:3]] == [
        "重复相遇",
        "主队退赛：注销 Home withdrew: annulled",
        "客队弃权 Away forfeits",
    ]
    assert rows[3][:3] == [None, "戊队", "轮休：不赛，不计分 Rest: no match, no score"]
    assert (rows[3][5], rows[3][6], rows[3][8]) == ("轮休", None, None)


def test_a_bye_keeps_its_award() -> None:
    rows = round_rows(RoundData(2, "2026-05-01", (), bye="戊队", bye_award=(2.5, 12.0)))
    assert rows == [[None, "戊队", "轮空：得 2.5 场分、12 标准分 Bye: 2.5 MP, 12 VP", None, None, "轮空", 2.5, None,
                     12.0, None, None]]  # fmt: skip
