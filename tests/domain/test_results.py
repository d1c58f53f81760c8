"""A table's result state and how every face writes a figure (rules.md §5)."""

from __future__ import annotations

from dataclasses import replace

from tournament_desk.domain.results import (
    FIGURE_LABELS,
    TABLE_STATES,
    ResultState,
    deduction,
    figure,
    figure_text,
    number,
    score_pair,
    signed,
)
from tournament_desk.domain.standings import StandingEntrant, StandingRow


def test_what_each_state_means_for_the_desk_and_the_standings() -> None:
    assert not ResultState.PENDING.has_result
    assert all(s.has_result for s in ResultState if s is not ResultState.PENDING)
    assert {s for s in ResultState if not s.scores} == {
        ResultState.PENDING,
        ResultState.REST,
        ResultState.ANNULLED,
    }
    off = {s for s in ResultState if s.decided_off_the_table}
    assert off == {ResultState.FORFEIT, ResultState.LATE, ResultState.RULING}
    assert ResultState.BYE not in TABLE_STATES and ResultState.REST not in TABLE_STATES


def test_numbers_are_written_without_trailing_zeros_and_with_a_true_minus() -> None:
    assert [number(12), number(2.5), number(10.3333), number(None), number(-3)] == [
        "12",
        "2.5",
        "10.33",
        "",
        "−3",
    ]
    assert [signed(3), signed(-2), signed(0), signed(None)] == ["+3", "−2", "0", ""]
    assert [deduction(0.5), deduction(-1), deduction(0)] == ["−0.5", "−1", "0"]
    assert score_pair(13, 7) == "13 : 7" and score_pair(2.5, 0.5) == "2.5 : 0.5"
    assert score_pair(None, 7) == ""


def test_a_figure_of_a_standings_row_by_its_key() -> None:
    row = StandingRow(
        2, StandingEntrant(1, "甲队"), 6.0, 41.5, 9.0, 4, 0.0, "vp", level_diff=-4, placing="3–4"
    )
    assert figure(row, "points") == 6.0  # the 3/1/0 points are stored as match points
    assert figure(row, "vp") == 41.5
    assert figure_text(row, "vp") == "41.5"
    assert figure_text(row, "level_diff") == "−4"
    assert figure_text(row, "placing") == "3–4"
    assert figure_text(row, "xmp") == ""


def test_a_team_matchs_games_and_game_ratio_and_none_lost_reads_infinite() -> None:
    row = StandingRow(1, StandingEntrant(1, "甲队"), 7.0, 0.0, 0.0, 3, 0.0, None, games_won=9, games_lost=6,
                      game_ratio=1.5)  # fmt: skip
    assert [figure_text(row, k) for k in ("games_won", "games_lost", "game_ratio")] == ["9", "6", "1.5"]
    assert figure_text(replace(row, games_lost=0, game_ratio=float("inf")), "game_ratio") == "∞"
    assert figure_text(replace(row, game_ratio=7 / 3), "game_ratio") == "2.33"
    assert {"games_won", "games_lost", "game_ratio"} <= set(FIGURE_LABELS)
