"""models/team_match and models/team_matches (团体赛, rules.md §5.8): a team match's boards as the desk types them, the
running games, the team already sure of the match and the points worked out from what is on screen (no database:
the sheets are built here), and the round's list of matches; both pass the model tester."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.scoring import Outcome
from tournament_desk.domain.team_match import PairGame, game_winner
from tournament_desk.gui.models.team_match import (
    ABSENT,
    GamesModel,
    parse_declarer,
    parse_typed_level,
)
from tournament_desk.gui.models.team_matches import MatchesModel
from tournament_desk.services.lineups import Lineup
from tournament_desk.services.results.team_views import GameLine, TeamSheet

G = GamesModel


def sheet(games: dict[int, PairGame], pairs: int = 5, table: int = 1, kind: ResultState = ResultState.PENDING,
          outcome: Outcome | None = None) -> TeamSheet:  # fmt: skip
    """A match of 甲队 (home) and 乙队 with these games entered."""
    lines = tuple(
        GameLine(games.get(n, PairGame(n)), f"甲{n}", f"乙{n}", n in games,
                 game_winner(games[n]) if n in games else None)
        for n in range(1, pairs + 1)
    )  # fmt: skip
    won = [line.winner for line in lines]
    order = tuple(range(1, pairs + 1))
    lineups = (Lineup(1, "甲队", order, tuple(f"甲{n}" for n in order), False),
               Lineup(1, "乙队", order, tuple(f"乙{n}" for n in order), False))  # fmt: skip
    return TeamSheet(1, table, "甲队", "乙队", pairs, lines, won.count("home"), won.count("away"), None, kind,
                     None, outcome, lineups)  # fmt: skip


def text(model: GamesModel, row: int, column: int) -> str:
    return str(model.index(row, column).data() or "")


def test_a_level_cell_takes_a_level_or_absent_and_the_declarer_h_or_a() -> None:
    assert parse_typed_level("过A") == 15 and parse_typed_level(" q ") == 12
    assert parse_typed_level("缺") == ABSENT == parse_typed_level("X") == parse_typed_level("缺席")
    with pytest.raises(BadInput):
        parse_typed_level("1")
    assert parse_declarer("h") == parse_declarer("主") == parse_declarer("甲队", "甲队", "乙队") == "home"
    assert parse_declarer("A") == parse_declarer("客") == parse_declarer("乙队", "甲队", "乙队") == "away"
    assert parse_declarer("z") is None and parse_declarer("") is None


def test_the_games_on_screen_follow_the_typing(qapp: QApplication, qtmodeltester: ModelTester) -> None:
    model = GamesModel()
    model.set_sheet(sheet({1: PairGame(1, 9, 7), 2: PairGame(2, absent="home")}))
    qtmodeltester.check(model, force_py=True)
    assert text(model, 0, G.COL_WINNER) == "甲队" and text(model, 1, G.COL_HOME) == "absent"
    assert text(model, 1, G.COL_WINNER) == "乙队" and model.running()[:3] == (1, 1, 3)
    # Board 3: J typed for home (a draft), then J typed for away (before Enter): the declarer is asked.
    model.set_draft(3, home=11)
    assert text(model, 2, G.COL_HOME) == "J" and text(model, 2, G.COL_WINNER) == ""
    model.preview(2, G.COL_AWAY, "J")
    assert model.equal_levels(2) and model.flags(model.index(2, G.COL_DECLARER)) & Qt.ItemFlag.ItemIsEditable
    assert text(model, 2, G.COL_DECLARER) == "h / a ?"
    assert model.running()[:3] == (1, 1, 3)  # not decided without the declarer
    model.set_draft(3, away=11)
    model.preview(2, G.COL_DECLARER, "a")
    assert text(model, 2, G.COL_DECLARER) == "乙队" and model.running()[:3] == (1, 2, 2)
    model.clear_preview()
    assert model.running()[:3] == (1, 1, 3)
    qtmodeltester.check(model, force_py=True)
    model.drop_draft(3)
    assert text(model, 2, G.COL_HOME) == "" and not model.equal_levels(2)


def test_the_team_sure_of_the_match_and_the_points() -> None:
    model = GamesModel()
    model.set_sheet(sheet({1: PairGame(1, 9, 7), 2: PairGame(2, 10, 8), 3: PairGame(3, 15, 13)}))
    home, away, left, sure, outcome = model.running()
    assert (home, away, left, sure, outcome) == (3, 0, 2, "home", None)  # 3 of 5: sure before the last two
    model.update_sheet(sheet({n: PairGame(n, 9, 7 if n < 4 else 10) for n in range(1, 6)}))
    assert model.running() == (3, 2, 0, "home", Outcome(3.0, 1.0, 0.0, 0.0))


games = st.one_of(
    st.builds(lambda h, a: (h, a, None), st.integers(2, 15), st.integers(2, 14)).filter(
        lambda g: g[0] != g[1]
    ),
    st.builds(lambda lv, d: (lv, lv, d), st.integers(2, 14), st.sampled_from(["home", "away"])),
    st.sampled_from([("home",), ("away",), ("both",)]),
)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.integers(1, 5), games, max_size=5))
def test_every_typed_game_counts_once(typed: dict[int, tuple[object, ...]]) -> None:
    """Games won by each side, games nobody won and games still to type always add up to P; the points come
    exactly when every game is in, 3 : 1 to the side with more games."""
    entered = {
        n: PairGame(n, absent=g[0]) if len(g) == 1 else PairGame(n, g[0], g[1], g[2])  # type: ignore[arg-type]
        for n, g in typed.items()
    }
    model = GamesModel()
    model.set_sheet(sheet(entered))
    home, away, left, sure, outcome = model.running()
    nobody = sum(1 for g in entered.values() if g.absent == "both")
    assert home + away + nobody + left == 5 and left == 5 - len(entered)
    assert (outcome is None) == (left > 0)
    if outcome is not None and home != away:
        assert {outcome.home_mp, outcome.away_mp} == {3.0, 1.0} and (outcome.home_mp == 3.0) == (home > away)
    if sure is not None:
        assert (sure == "home" and home > away + left) or (sure == "away" and away > home + left)


def test_the_round_list_passes_the_model_tester(qapp: QApplication, qtmodeltester: ModelTester) -> None:
    model = MatchesModel()
    done = {n: PairGame(n, 9, 7 if n < 4 else 10) for n in range(1, 6)}
    model.set_rows([sheet({1: PairGame(1, 9, 7)}), sheet(done, table=2, kind=ResultState.PLAYED,
                                                          outcome=Outcome(3.0, 1.0, 0.0, 0.0))], {2: "desk"})  # fmt: skip
    qtmodeltester.check(model, force_py=True)
    row = [str(model.index(0, c).data() or "") for c in range(model.columnCount())]
    assert row[MatchesModel.COL_GAMES] == "1 : 0" and row[MatchesModel.COL_STATE] == "4 of 5 games missing"
    row = [str(model.index(1, c).data() or "") for c in range(model.columnCount())]
    assert (row[MatchesModel.COL_GAMES], row[MatchesModel.COL_POINTS], row[MatchesModel.COL_SOURCE]) == (
        "3 : 2",
        "3 : 1",
        "desk",
    )
    model.update_row(sheet({}, table=1))
    assert model.index(0, MatchesModel.COL_GAMES).data() == ""
