"""The round-robin cross-table after a withdrawal (issue 27): an annulled meeting carries 注销 as its legend
promises, and a meeting still to come against the withdrawn entrant says what it will be (注销 / 弃权), in the
words of ``domain.table_state`` — never "客 第4轮" as if it were to be played."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.domain.results import ResultState
from tournament_desk.reports.crosstable import meeting_text
from tournament_desk.reports.model import Meeting
from tournament_desk.services import documents
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.reading import event_header
from tournament_desk.services.documents.round_robin import roundrobin_grid
from tournament_desk.services.entrants import add_entrant, draw, withdraw
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round, round_view

NAMES = ["峨眉队", "黄山队", "泰山队", "华山队", "衡山队", "嵩山队", "庐山队", "雁荡队", "武夷队"]
GONE = "峨眉队"


def league(path: Path, withdrawn_after: int, played: int) -> Desk:
    """Nine teams in draw order; every table 9 : 7; 峨眉队 withdraws after ``withdrawn_after``."""
    desk = create_tournament(path, name="九队循环", format="round-robin")
    for name in NAMES:
        add_entrant(desk, name)
    draw(desk, order=NAMES)
    for r in range(1, played + 1):
        pair_next_round(desk)
        for t in round_view(desk, r).tables:
            if t.kind == ResultState.PENDING:
                rs.record_result(desk, r, t.table, "9", "7")
        if r == withdrawn_after:
            withdraw(desk, GONE, reason="伤病")
    return desk


def test_an_annulled_meeting_with_levels_carries_its_mark() -> None:
    annulled = Meeting(2, False, ResultState.ANNULLED, (9, 7), None, None, against=("away", True))
    assert meeting_text(annulled, False) == "9:7\n本队退赛：注销"
    ahead = Meeting(6, True, ResultState.FORFEIT, None, None, None, against=("away", True))
    assert meeting_text(ahead, False) == "主 第6轮\n对手退赛：弃权"
    forfeited = Meeting(6, True, ResultState.FORFEIT, None, 12.0, 2.5, against=("away", True))
    assert meeting_text(forfeited, False) == "对手退赛：弃权\n12 / 2.5"


@pytest.mark.slow
def test_meetings_to_come_with_a_withdrawn_entrant_are_annulled_before_half(tmp_path: Path) -> None:
    desk = league(tmp_path / "rr.tdesk", withdrawn_after=3, played=4)
    try:
        grid = roundrobin_grid(desk, event_header(desk), None)
    finally:
        desk.close()
    mine = {other: ms[0] for (me, other), ms in grid.meetings.items() if me == GONE}
    assert all(m.state == ResultState.ANNULLED for m in mine.values())  # under half met: everything annulled
    assert all(m.against[1] for m in mine.values() if m.round >= 4)
    later = [ms[0] for (me, other), ms in grid.meetings.items() if other == GONE and ms[0].round > 4]
    assert later and all(m.state == ResultState.ANNULLED and m.against[1] for m in later)
    others = [
        ms[0] for (me, other), ms in grid.meetings.items() if GONE not in (me, other) and ms[0].round > 4
    ]
    assert others and all(m.state == ResultState.PENDING for m in others)  # the rest are still to play


@pytest.mark.slow
@pytest.mark.system
def test_the_printed_cross_table_says_what_each_withdrawn_meeting_is(tmp_path: Path) -> None:
    poppler.require_poppler()
    desk = league(tmp_path / "rr.tdesk", withdrawn_after=5, played=6)  # half met: later tables forfeited
    pdf = tmp_path / "cross.pdf"
    try:
        documents.make(desk, "crosstable")(pdf)
    finally:
        desk.close()
    text = poppler.text(pdf)
    row = next(line for line in text.splitlines() if GONE in line)
    block = text[text.index(row) - 400 : text.index(row) + 400]
    assert block.count("本队退赛：弃权") == 4  # round 6 (paired, forfeited) and rounds 7–9 (to come)
    assert text.count("对手退赛：弃权") == 4  # the same four meetings from the opponents' rows


@pytest.mark.slow
@pytest.mark.system
def test_the_printed_cross_table_marks_annulled_meetings(tmp_path: Path) -> None:
    poppler.require_poppler()
    desk = league(tmp_path / "rr.tdesk", withdrawn_after=3, played=4)
    pdf = tmp_path / "cross.pdf"
    try:
        documents.make(desk, "crosstable")(pdf)
    finally:
        desk.close()
    text = poppler.text(pdf)
    # Played then annulled (rounds 1–3) and to come (rounds 4–9): the mark the legend promises, naming the side
    assert "注销（退赛）" not in text  # (the words when nobody is known to have withdrawn)
    assert (
        text.count("本队退赛：注销") == 8 and text.count("对手退赛：注销") == 8
    )  # (it rests one round of 9)
