"""What a table is, said in one place (issue 27): every state's words, in English and Chinese, for the sheets,
the window, tdesk and the phones alike."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.results import TABLE_STATES, ResultState
from tournament_desk.domain.table_state import (
    TableState,
    round_label,
    round_words,
    seat_words,
    table_words,
    withdrawn_side,
)
from tournament_desk.i18n import render

SIDES = ("home", "away", "both", None)


def zh(message: object) -> str:
    assert message is not None
    return render(message, "zh")  # type: ignore[arg-type]


def test_a_table_played_or_to_play_has_no_note() -> None:
    for kind in (ResultState.PENDING, ResultState.PLAYED):
        assert table_words(TableState(kind)) is None
        assert TableState(kind).at_the_table
        assert seat_words(TableState(kind), "home") is None


@pytest.mark.parametrize(
    ("state", "chinese", "english"),
    [
        (TableState(ResultState.ANNULLED, "home", True), "主队退赛：注销", "Home withdrew: annulled"),
        (TableState(ResultState.ANNULLED, "both", True), "双方退赛：注销", "Both sides withdrew: annulled"),
        (TableState(ResultState.ANNULLED, None, True), "注销（退赛）", "Annulled: a side withdrew"),
        (TableState(ResultState.ANNULLED), "注销", "Annulled"),
        (TableState(ResultState.FORFEIT, "away", True), "客队退赛：弃权", "Away withdrew: forfeit"),
        (TableState(ResultState.FORFEIT, "both", True), "双方退赛：弃权", "Both sides withdrew: forfeit"),
        (TableState(ResultState.FORFEIT, "home"), "主队弃权", "Home forfeits"),
        (TableState(ResultState.LATE, "away"), "客队迟交记分表", "Away: late scoresheet"),
        (TableState(ResultState.RULING, "both"), "双方判负", "Both sides lose by ruling"),
    ],
)
def test_each_state_in_both_languages(state: TableState, chinese: str, english: str) -> None:
    said = table_words(state)
    assert said is not None
    assert (render(said, "zh"), render(said, "en")) == (chinese, english)


def test_names_stand_for_the_sides_where_asked() -> None:
    state = TableState.of(ResultState.ANNULLED, "away", "withdrawn")
    assert state.withdrawal and zh(table_words(state, "峨眉队", "黄山队")) == "黄山队退赛：注销"
    assert not TableState.of(ResultState.FORFEIT, "away", None).withdrawal


def test_a_seat_instead_says_what_each_side_does_and_why() -> None:
    annulled = TableState(ResultState.ANNULLED, "home", True)
    gone = seat_words(annulled, "home")
    rests = seat_words(annulled, "away")
    assert gone is not None and rests is not None
    assert (zh(gone[0]), gone[1]) == ("退赛", None)
    assert (zh(rests[0]), zh(rests[1])) == ("轮休", "对手退赛")
    forfeit = TableState(ResultState.FORFEIT, "away", True)
    other = seat_words(forfeit, "home")
    assert other is not None and (zh(other[0]), zh(other[1])) == ("不赛", "对手退赛")
    plain = seat_words(TableState(ResultState.FORFEIT, "home"), "away")
    assert plain is not None and (zh(plain[0]), zh(plain[1])) == ("不赛", "对手弃权")
    # A late scoresheet or a ruling came after play: both sides sat down.
    assert seat_words(TableState(ResultState.LATE, "home"), "home") is None
    assert seat_words(TableState(ResultState.RULING, "away"), "home") is None


def test_a_rest_is_not_a_bye() -> None:
    assert zh(round_words(ResultState.REST)) == "轮休：不赛，不计分"
    assert zh(round_words(ResultState.BYE, (2.5, 12.0))) == "轮空：得 2.5 场分、12 标准分"
    assert (zh(round_label(ResultState.REST)), zh(round_label(ResultState.BYE))) == ("轮休", "轮空")


def test_the_side_that_withdrew() -> None:
    assert [
        withdrawn_side(h, a) for h, a in ((True, False), (False, True), (True, True), (False, False))
    ] == [
        "home",
        "away",
        "both",
        None,
    ]


@given(st.sampled_from(TABLE_STATES), st.sampled_from(SIDES), st.booleans())
def test_every_word_is_translated_and_a_decided_table_always_says_so(
    kind: ResultState, side: str | None, withdrawal: bool
) -> None:
    state = TableState(kind, side, withdrawal)
    said = table_words(state)
    if kind.has_result and kind is not ResultState.PLAYED:
        assert said is not None
    if said is not None:
        assert not re.search(r"[A-Za-z]", render(said, "zh")), render(said, "zh")
        if kind in (ResultState.ANNULLED, ResultState.FORFEIT):  # what a withdrawal decides
            assert ("退赛" in render(said, "zh")) == withdrawal
    for mine in ("home", "away"):
        told = seat_words(state, mine)  # type: ignore[arg-type]
        assert (told is None) == state.at_the_table
        for part in told or ():
            assert part is None or not re.search(r"[A-Za-z]", render(part, "zh"))


def test_an_annulled_table_names_the_side_whose_entrant_withdrew() -> None:
    """Issue 27: ``tdesk round`` said 注销（退赛） of a round robin's table annulled by a withdrawal without naming
    which side withdrew (the table stores no side): ``services.rounds`` names it from who has withdrawn
    (``withdrawn_side``), and the state words it."""
    assert TableState.of(ResultState.ANNULLED, None, "withdrawn").withdrew("峨眉队", "黄山队") == ()
    state = TableState.of(ResultState.ANNULLED, withdrawn_side(False, True), "withdrawn")
    assert state.side == "away" and state.withdrew("峨眉队", "黄山队") == ("黄山队",)
    assert zh(table_words(state, "峨眉队", "黄山队")) == "黄山队退赛：注销"
    both = TableState.of(ResultState.ANNULLED, withdrawn_side(True, True), "withdrawn")
    assert both.withdrew("峨眉队", "黄山队") == ("峨眉队", "黄山队")
    assert TableState.of(ResultState.FORFEIT, "home", None).withdrew("甲", "乙") == ()  # no withdrawal: none
