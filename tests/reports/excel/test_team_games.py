"""The workbook's team-match sheets (rules.md §5.8), from plain data: a round's matches with the games each team
won, and every pair game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.levels import PASSED_ACE
from tournament_desk.domain.results import ResultState
from tournament_desk.reports.excel.team_games import games_won, pair_game_rows, team_round_rows
from tournament_desk.reports.model import PairedTable, PairGameLine, RoundData, TeamMatchSheet

PLAYED = TeamMatchSheet(
    1, 1, "甲队", "乙队",
    (
        PairGameLine(1, "甲1/甲2", "乙1/乙2", 9, 7, None, None, "home"),
        PairGameLine(2, "甲3/甲4", "乙3/乙4", 11, 11, "away", None, "away"),
        PairGameLine(3, "甲5/甲6", "乙5/乙6", PASSED_ACE, 14, None, None, "home"),
    ),
)  # fmt: skip
PARTIAL = TeamMatchSheet(
    1, 2, "丙队", "丁队",
    (PairGameLine(1, "丙1/丙2", "第1对", absent="both"), PairGameLine(2, "丙3/丙4", "第2对")),
)  # fmt: skip


def test_the_games_won_are_known_once_every_game_is_in() -> None:
    assert games_won(PLAYED) == (2, 1)
    assert games_won(PARTIAL) is None


def test_a_round_of_team_matches_lists_the_games_won_and_the_points() -> None:
    tables = (
        PairedTable(1, "甲队", "乙队", kind=ResultState.PLAYED, result=(3.0, 1.0, 0.0, 0.0)),
        PairedTable(2, "丙队", "丁队", kind=ResultState.FORFEIT, side="away", result=(3.0, 0.0, 0.0, 0.0)),
    )
    rnd = RoundData(1, "2026-06-01", tables, bye="戊队", bye_award=(3.0, 0.0))
    headers, rows = team_round_rows(rnd, (PLAYED, PARTIAL))
    assert headers[3:5] == ("主队胜局 Home games", "客队胜局 Away games")
    assert rows[0] == [1, "甲队", "乙队", 2, 1, "已赛", 3.0, 1.0, None]
    assert (
        rows[1][3:5] == [None, None] and rows[1][8] == "客队弃权 Away forfeits"
    )  # domain.table_state's words
    assert rows[2][:3] == [None, "戊队", "轮空 Bye"] and rows[2][6] == 3.0


def test_a_round_robins_rest_is_not_a_bye_and_a_withdrawal_says_so() -> None:
    """Issue 27: a round robin's rest printed as "轮空 Bye" with 0 points; a withdrawn team's match had no note."""
    tables = (
        PairedTable(1, "甲队", "乙队", kind=ResultState.ANNULLED, side="away", withdrawal=True),
        PairedTable(
            2, "丙队", "丁队", kind=ResultState.FORFEIT, side="home", withdrawal=True, result=(0, 3, 0, 0)
        ),
    )
    rnd = RoundData(4, "2026-06-01", tables, bye="戊队", bye_state=ResultState.REST)
    _, rows = team_round_rows(rnd, ())
    assert rows[0][8].startswith("客队退赛：注销") and rows[1][8].startswith("主队退赛：弃权")
    assert rows[2][2].startswith("轮休") and rows[2][5] == "轮休" and rows[2][6] is None


def test_every_pair_game_is_a_row_with_its_pairs_levels_declarer_and_winner() -> None:
    _, rows = pair_game_rows((PARTIAL, PLAYED))  # sorted by round and table
    assert rows[0] == [1, 1, 1, "甲队", "甲1/甲2", "乙队", "乙1/乙2", "9", "7", None, None, "甲队"]
    assert rows[1][7:] == ["J", "J", "乙队", None, "乙队"]
    assert rows[2][7:9] == ["过A", "A"]
    assert rows[3][7:] == [None, None, None, "双方", "—"]  # neither pair showed: nobody won it
    assert rows[4][7:] == [None, None, None, None, None]  # not entered yet


GAME = st.one_of(
    st.tuples(st.integers(2, 15), st.integers(2, 14), st.sampled_from(["home", "away"])).map(
        lambda t: (t[0], t[1], None if t[0] != t[1] else t[2], None)
    ),
    st.sampled_from([(None, None, None, "home"), (None, None, None, "away"), (None, None, None, "both")]),
    st.just(None),  # not entered yet
)


Game = tuple[int | None, int | None, str | None, str | None]


def line(n: int, game: Game | None) -> PairGameLine:
    if game is None:
        return PairGameLine(n, f"甲{n}", f"乙{n}")
    home, away, declarer, absent = game
    if absent is not None:
        winner = {"home": "away", "away": "home"}.get(absent)
    else:
        assert home is not None and away is not None
        winner = "home" if home > away else "away" if away > home else declarer
    return PairGameLine(n, f"甲{n}", f"乙{n}", home, away, declarer, absent, winner)


@given(st.lists(GAME, min_size=3, max_size=9))
@pytest.mark.slow
def test_every_board_is_one_row_and_the_games_won_add_up_once_all_are_in(games: list[Game | None]) -> None:
    sheet = TeamMatchSheet(2, 3, "甲队", "乙队", tuple(line(n, g) for n, g in enumerate(games, start=1)))
    _, rows = pair_game_rows((sheet,))
    assert [r[2] for r in rows] == list(range(1, len(games) + 1))
    winners = [r[11] for r in rows]
    won = games_won(sheet)
    if any(g is None for g in games):
        assert won is None
    else:
        assert won is not None and won == (winners.count("甲队"), winners.count("乙队"))
        assert sum(won) + winners.count("—") == len(games)  # a game nobody won: neither pair showed
