"""Team matches of pairs through the services (rules.md §5.8): pair games typed one by one or as a whole sheet, the
match's result following them, line-ups, decisions of the whole match, audit, undo, and the standings' figures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.services.conftest import Events, at_station
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.scoring import Outcome
from tournament_desk.domain.team_match import PairGame, team_outcome, team_score
from tournament_desk.i18n import render
from tournament_desk.services import entrants as es
from tournament_desk.services import lineups as ls
from tournament_desk.services import undo as us
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import event_info
from tournament_desk.services.results import deductions as ds
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import team_games as tg
from tournament_desk.services.results import team_sheets as tsh
from tournament_desk.services.results import team_views as tv
from tournament_desk.services.results.table import AlreadyRecorded, ChangedElsewhere
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings

# A file and a PostgreSQL database (tests/conftest.py); each test builds an event of four teams and plays it.
pytestmark = [pytest.mark.both_stores, pytest.mark.slow]

TEAMS = ["甲队", "乙队", "丙队", "丁队"]
# Round 1 of a round robin of four drawn in TEAMS order: 甲队 – 丁队 (table 1), 乙队 – 丙队 (table 2).
HOME_WINS_3_2 = [("9", "7"), ("J", "J", "away"), ("过A", "K"), ("5", "8"), ("Q", "Q", "home")]


def players(team: str) -> str:
    return ",".join(f"{team[0]}{i}" for i in range(1, 11))


@pytest.fixture
def desk(events: Events) -> Iterator[Desk]:
    """A round robin of the four TEAMS (five pairs each, players named), round 1 paired."""
    d = events.create(name="团体赛", format="round-robin", scoring="team-match", pairs=5)
    for team in TEAMS:
        es.add_entrant(d, team, players=players(team))
    es.draw(d, order=TEAMS)
    pair_next_round(d)
    yield d
    d.close()


def enter(desk: Desk, table: int, games: list[tuple[str, ...]], round_no: int = 1) -> tv.TeamSheet:
    sheet = None
    for n, game in enumerate(games, 1):
        home, away, *declarer = game
        sheet = tg.record_game(
            desk, round_no, table, n, home, away, declarer=declarer[0] if declarer else None
        )
    assert sheet is not None
    return sheet


def test_the_match_is_pending_until_every_pair_game_is_in(desk: Desk) -> None:
    sheet = enter(desk, 1, HOME_WINS_3_2[:4])
    assert (sheet.kind, sheet.outcome, sheet.missing) == (ResultState.PENDING, None, (5,))
    assert (sheet.home_won, sheet.away_won, sheet.sure) == (2, 2, None)
    assert [line.winner for line in sheet.lines] == ["home", "away", "home", "away", None]
    assert round_view(desk, 1).tables[0].kind == ResultState.PENDING
    sheet = tg.record_game(desk, 1, 1, 5, "Q", "Q", declarer="home")
    assert (sheet.kind, sheet.home_won, sheet.away_won) == (ResultState.PLAYED, 3, 2)
    assert sheet.outcome == Outcome(3.0, 1.0, 0.0, 0.0)  # a win 3, a loss 1; team matches have no VP
    table = round_view(desk, 1).tables[0]
    assert (table.kind, table.games, table.outcome) == (
        ResultState.PLAYED,
        (3, 2),
        Outcome(3.0, 1.0, 0.0, 0.0),
    )


def test_a_team_sure_of_the_match_is_named_while_games_are_missing(desk: Desk) -> None:
    sheet = enter(desk, 1, [("9", "7"), ("K", "Q"), ("A", "2")])
    assert (sheet.sure, sheet.kind) == ("home", ResultState.PENDING)  # 3 of 5 won; the rest still to come


def test_a_game_changed_later_recomputes_the_match_and_a_cleared_game_makes_it_pending(desk: Desk) -> None:
    enter(desk, 1, HOME_WINS_3_2)
    sheet = tg.record_game(desk, 1, 1, 1, "7", "9")  # game 1 was 9 : 7 for home; now away's: 2 : 3
    assert (sheet.home_won, sheet.away_won, sheet.outcome) == (2, 3, Outcome(1.0, 3.0, 0.0, 0.0))
    sheet = tg.clear_game(desk, 1, 1, 3)
    assert (sheet.kind, sheet.outcome, sheet.missing) == (ResultState.PENDING, None, (3,))
    table = round_view(desk, 1).tables[0]
    assert (table.kind, table.games, table.outcome) == (ResultState.PENDING, None, None)
    with pytest.raises(BadInput, match="no result to clear"):
        tg.clear_game(desk, 1, 1, 3)


@pytest.mark.parametrize(
    ("home", "away", "declarer", "absent", "refusal"),
    [
        ("J", "J", None, None, "say which pair declared"),
        ("过A", "过A", None, None, "only one pair can pass A"),
        ("9", None, None, None, "needs both levels"),
        ("9", "7", None, "north", "must be home, away or both"),
        ("9", "9", "north", None, "must be home or away"),
    ],
)
def test_a_game_that_does_not_say_who_won_is_refused_and_changes_nothing(
    desk: Desk, home: str, away: str | None, declarer: str | None, absent: str | None, refusal: str
) -> None:
    before = len(audit_trail(desk))
    with pytest.raises(BadInput, match=refusal):
        tg.record_game(desk, 1, 1, 2, home, away, declarer=declarer, absent=absent)
    assert tv.team_sheet(desk, 1, 1).missing == (1, 2, 3, 4, 5)
    assert len(audit_trail(desk)) == before


def test_a_game_outside_the_match_is_refused(desk: Desk) -> None:
    with pytest.raises(BadInput, match="games 1 to 5, not 6"):
        tg.record_game(desk, 1, 1, 6, "9", "7")


def test_a_pair_that_does_not_show_loses_its_game(desk: Desk) -> None:
    sheet = tg.record_game(desk, 1, 1, 2, "9", "7", absent="home")  # levels beside an absent pair are dropped
    line = sheet.lines[1]
    assert (line.game, line.winner) == (PairGame(2, absent="home"), "away")
    enter(desk, 1, [("9", "7")])
    for n in (3, 4):
        tg.record_game(desk, 1, 1, n, absent="both")  # neither pair showed: nobody wins the game
    sheet = tg.record_game(desk, 1, 1, 5, "6", "5")
    # 2 : 1 in games won, two games nobody won: home still won more, 3 : 1
    assert (sheet.home_won, sheet.away_won, sheet.outcome) == (2, 1, Outcome(3.0, 1.0, 0.0, 0.0))


def test_equal_games_with_games_nobody_won_score_both_teams_as_losers(desk: Desk) -> None:
    enter(desk, 1, [("9", "7"), ("7", "9")])
    for n in (3, 4, 5):
        tg.record_game(desk, 1, 1, n, absent="both")
    sheet = tv.team_sheet(desk, 1, 1)
    assert (sheet.home_won, sheet.away_won, sheet.outcome) == (1, 1, Outcome(1.0, 1.0, 0.0, 0.0))


def test_a_first_entry_on_a_game_holding_another_result_is_refused_naming_the_station(desk: Desk) -> None:
    tg.record_game(desk, 1, 1, 1, "9", "7", correct=False)
    audited = len(audit_trail(desk))
    tg.record_game(desk, 1, 1, 1, "9", "7", correct=False)  # the same game again: nothing changes
    assert len(audit_trail(desk)) == audited
    with at_station(desk, "裁判台") as other, pytest.raises(AlreadyRecorded) as refused:
        tg.record_game(other, 1, 1, 1, "8", "7", correct=False)
    text = render(refused.value)
    assert "9 : 7" in text and desk.station in text and "甲队" in text
    with pytest.raises(BadInput, match="nothing to correct"):
        tg.record_game(desk, 1, 1, 2, "8", "7", correct=True)
    sheet = tg.record_game(desk, 1, 1, 1, "8", "9", correct=True, reason="scoresheet misread")
    assert sheet.lines[0].winner == "away"
    last = audit_trail(desk, round_no=1, table_no=1)[-1]
    assert (last.action, last.reason, last.old["game"], last.new["game"]) == (
        "game", "scoresheet misread", ["9", "7", None, None], ["8", "9", None, None],
    )  # fmt: skip


def test_a_write_based_on_a_stale_read_is_refused(desk: Desk) -> None:
    seen: tg.GamesSeen = {1: None}  # the desk saw game 1 empty
    with at_station(desk, "二号台") as other:
        tg.record_game(other, 1, 1, 1, "9", "7")
    with pytest.raises(ChangedElsewhere, match="二号台"):
        tg.record_game(desk, 1, 1, 1, "10", "7", expected=seen)
    assert tv.team_sheet(desk, 1, 1).lines[0].game == PairGame(1, 9, 7)
    tg.record_game(desk, 1, 1, 1, "10", "7", expected={1: ["9", "7", None, None]})


def test_a_whole_sheet_is_entered_at_once_or_refused_as_a_whole(desk: Desk) -> None:
    games = [PairGame(1, 9, 7), PairGame(2, 11, 11, "away"), PairGame(3, 15, 13), PairGame(4, absent="away")]
    with pytest.raises(BadInput, match="game 5 has no result"):
        tsh.record_games(desk, 1, 2, games)
    with pytest.raises(BadInput, match="given twice"):
        tsh.record_games(desk, 1, 2, [*games, PairGame(4, 9, 7)])
    assert tv.team_sheet(desk, 1, 2).missing == (1, 2, 3, 4, 5)
    sheet = tsh.record_games(desk, 1, 2, [*games, PairGame(5, 2, 3)], reason="scoresheet")
    assert (sheet.home_won, sheet.away_won, sheet.outcome) == (3, 2, Outcome(3.0, 1.0, 0.0, 0.0))
    entries = [a for a in audit_trail(desk, round_no=1, table_no=2) if a.action == "games"]
    assert len(entries) == 1 and entries[0].new["pair_games"]["4"] == [None, None, None, "away"]
    with pytest.raises(AlreadyRecorded, match="pair games 3 : 2"):
        tsh.record_games(desk, 1, 2, [PairGame(n, 9, 7) for n in range(1, 6)], correct=False)
    tsh.record_games(
        desk, 1, 2, [*games, PairGame(5, 2, 3)], correct=False
    )  # the same sheet: nothing changes
    assert len([a for a in audit_trail(desk, round_no=1, table_no=2) if a.action == "games"]) == 1


def test_line_ups_follow_registration_order_unless_given_before_the_games(desk: Desk) -> None:
    home, away = ls.table_lineups(desk, 1, 1)
    assert (home.team, home.order, home.given) == ("甲队", (1, 2, 3, 4, 5), False)
    assert home.names[:2] == ("甲1/甲2", "甲3/甲4")
    home, away = ls.set_lineup(desk, 1, 1, home="2,1,3,4,5", away="丁9/丁10,丁1/丁2,丁3/丁4,丁5/丁6,丁7/丁8")
    assert (home.order, home.given, away.order) == ((2, 1, 3, 4, 5), True, (5, 1, 2, 3, 4))
    sheet = tg.record_game(desk, 1, 1, 1, "9", "7")
    assert (sheet.lines[0].home_pair, sheet.lines[0].away_pair) == ("甲3/甲4", "丁9/丁10")
    entries = [a for a in audit_trail(desk, round_no=1, table_no=1) if a.action == "lineup"]
    assert [(a.old["pairs"], a.new["pairs"]) for a in entries] == [("1,2,3,4,5", "2,1,3,4,5"),
                                                                  ("1,2,3,4,5", "5,1,2,3,4")]  # fmt: skip
    with pytest.raises(BadInput, match="line-ups can no longer change"):
        ls.set_lineup(desk, 1, 1, home="1,2,3,4,5")


@pytest.mark.parametrize(
    ("order", "refusal"),
    [
        ("1,2,3,4", "each of the team's pairs 1 to 5 once"),
        ("1,1,2,3,4", "once"),
        ("甲1/乙2,2,3,4,5", "not one of"),
    ],
)
def test_a_line_up_that_does_not_name_each_pair_once_is_refused(desk: Desk, order: str, refusal: str) -> None:
    with pytest.raises(BadInput, match=refusal):
        ls.set_lineup(desk, 1, 1, home=order)
    assert ls.table_lineups(desk, 1, 1)[0].given is False


def test_unnamed_pairs_are_called_by_their_number() -> None:
    names = ls.pair_names("张三、李四、王五", 3)
    assert names[0] == "张三/李四"
    assert [render(n, "zh") for n in names[1:]] == ["第2对", "第3对"]  # type: ignore[arg-type]


def test_a_forfeited_match_scores_3_and_0_and_taking_it_back_restores_the_games(desk: Desk) -> None:
    enter(desk, 1, HOME_WINS_3_2)
    view = fs.forfeit(desk, 1, 1, "home")
    assert (view.kind, view.outcome) == (ResultState.FORFEIT, Outcome(0.0, 3.0, 0.0, 0.0))
    table = round_view(desk, 1).tables[0]
    assert table.games is None  # a forfeited match has no games won (it adds nothing to the game ratio)
    tg.record_game(desk, 1, 1, 1, "2", "9")  # games typed afterwards are kept, the decision stands
    assert tv.team_sheet(desk, 1, 1).kind == ResultState.FORFEIT
    view = fs.clear_decision(desk, 1, 1)
    assert (view.kind, view.outcome) == (ResultState.PLAYED, Outcome(1.0, 3.0, 0.0, 0.0))  # 2 : 3 now
    assert round_view(desk, 1).tables[0].games == (2, 3)
    both = fs.forfeit(desk, 1, 2, "both")
    assert both.outcome == Outcome(0.0, 0.0, 0.0, 0.0)


def test_a_late_scoresheet_keeps_the_other_teams_points_and_games(desk: Desk) -> None:
    enter(desk, 1, HOME_WINS_3_2)
    view = fs.forfeit(desk, 1, 1, "home", late=True)
    assert (view.kind, view.outcome) == (ResultState.LATE, Outcome(0.0, 1.0, 0.0, 0.0))
    assert round_view(desk, 1).tables[0].games == (3, 2)
    sheet = tg.clear_game(desk, 1, 1, 5)  # the referee's decision stays; nothing played to score meanwhile
    assert (sheet.kind, sheet.side, round_view(desk, 1).tables[0].games) == (ResultState.LATE, "home", None)
    sheet = tg.record_game(desk, 1, 1, 5, "2", "3")  # now 丁队 won the match 3 : 2 and keeps its 3 points
    assert (sheet.kind, sheet.outcome) == (ResultState.LATE, Outcome(0.0, 3.0, 0.0, 0.0))


def test_a_loss_by_ruling_is_won_by_the_innocent_team_as_by_forfeit(desk: Desk) -> None:
    view = fs.rule_loss(desk, 1, 2, "away")
    assert view.outcome == Outcome(3.0, 0.0, 0.0, 0.0)


def test_undo_and_redo_put_a_game_and_the_match_back(desk: Desk) -> None:
    enter(desk, 1, HOME_WINS_3_2[:4])
    what = us.label("game", game=5, home="Q", away="Q")
    us.record(desk, "games", 1, 1, what, tg.record_game, 5, "Q", "Q", declarer="home")
    assert tv.team_sheet(desk, 1, 1).kind == ResultState.PLAYED
    step = us.undo_last(desk)
    assert "game 5" in render(step.text, "en")
    sheet = tv.team_sheet(desk, 1, 1)
    assert (sheet.kind, sheet.missing, round_view(desk, 1).tables[0].games) == (
        ResultState.PENDING,
        (5,),
        None,
    )
    us.redo_last(desk)
    sheet = tv.team_sheet(desk, 1, 1)
    assert (sheet.kind, sheet.outcome, round_view(desk, 1).tables[0].games) == (
        ResultState.PLAYED, Outcome(3.0, 1.0, 0.0, 0.0), (3, 2),
    )  # fmt: skip
    with at_station(desk, "二号台") as other:
        tg.record_game(other, 1, 1, 5, "2", "9")
    with pytest.raises(ChangedElsewhere, match="二号台"):
        us.undo_last(desk)


def test_standings_carry_points_games_won_and_lost_and_the_game_ratio(desk: Desk) -> None:
    enter(desk, 1, HOME_WINS_3_2)  # 甲队 3 : 2 丁队
    tsh.record_games(desk, 1, 2, [PairGame(n, 9, 5) for n in range(1, 6)])  # 乙队 5 : 0 丙队
    ds.deduct(desk, 1, "乙队", 0.5, reason="discipline")
    standings = current_standings(desk)
    assert standings.after_round == 1
    rows = {r.entrant.name: r for r in standings.rows}
    assert {n: (r.mp, r.games_won, r.games_lost) for n, r in rows.items()} == {
        "甲队": (3.0, 3, 2), "乙队": (2.5, 5, 0), "丙队": (1.0, 0, 5), "丁队": (1.0, 2, 3),
    }  # fmt: skip
    assert rows["乙队"].game_ratio == float("inf") and rows["甲队"].game_ratio == 1.5
    assert [r.entrant.name for r in standings.rows] == ["甲队", "乙队", "丁队", "丙队"]
    assert {"games_won", "games_lost", "game_ratio"} <= set(standings.columns)


def test_every_pairs_count_from_3_to_9_odd_is_accepted_and_others_refused(
    events: Events, tmp_path: Path
) -> None:
    with events.create(name="三对", scoring="team-match", pairs=3) as d:
        assert event_info(d).rules.team_pairs == 3
    for pairs in (4, 1, 11, "five"):
        with pytest.raises(BadInput, match="odd number of pairs from 3 to 9"):
            events.create(name="错", scoring="team-match", pairs=pairs)
    with pytest.raises(BadInput, match="Only a team match"):
        events.create(name="错", pairs=5)
    with pytest.raises(BadInput, match="played by teams"):
        events.create(name="错", scoring="team-match", entrants="pairs")


@pytest.mark.parametrize("fmt", ["swiss", "round-robin", "groups-knockout"])
def test_swiss_round_robin_and_groups_pair_take_results_and_rank(events: Events, fmt: str) -> None:
    settings = {"rounds": 2} if fmt == "swiss" else {}
    teams = [f"队{i}" for i in range(1, 6)] if fmt != "groups-knockout" else [f"队{i}" for i in range(1, 9)]
    with events.create(name=fmt, format=fmt, scoring="team-match", pairs=3, **settings) as d:
        for team in teams:
            es.add_entrant(d, team)
        es.draw(d, order=teams)
        view = pair_next_round(d)
        for t in view.tables:
            tsh.record_games(d, 1, t.table, [PairGame(1, 9, 7), PairGame(2, 7, 9), PairGame(3, 10, 2)])
        standings = current_standings(d)
        assert standings.after_round == 1
        winners = {t.home for t in view.tables}
        for r in standings.rows:
            if r.entrant.name in winners:
                assert (r.mp, r.games_won, r.games_lost) == (3.0, 2, 1)
            elif (
                view.bye == r.entrant.name
            ):  # a bye is a match won by forfeit; a round robin's rest scores nothing
                points = 3.0 if view.bye_state == ResultState.BYE else 0.0
                assert (r.mp, r.games_won, r.games_lost) == (points, 0, 0)


def test_the_captains_phones_read_a_match_again_when_the_desk_types_it(desk: Desk) -> None:
    """Every change the desk makes to a team match (a game, a game cleared, a whole sheet, undo) is told to the
    phones as a version past the one they show (``live.changed_tables``), so they read it again; a game typed
    again as it stands changes nothing and tells nobody. The stored version, which a phone's own entry carries,
    does not move."""
    from tournament_desk.services import live

    def version(table: int) -> int:
        return next(t.version for t in live.round_tokens(desk, 1) if t.table == table)

    def changed(action: object, *args: object, **kwargs: object) -> dict[int, int]:
        """What the server's event stream says changed (``web.changes``): round 1's tables and their versions."""
        before = live.marker(desk).changes
        assert callable(action)
        action(*args, **kwargs)
        tables, other = live.changed_tables(desk, before, live.marker(desk).changes, 1)
        assert not other
        return tables

    shown = version(1)  # the phones open the match: its page carries this version
    assert changed(tg.record_game, desk, 1, 1, 1, "9", "7") == {1: shown + 1}
    assert changed(tg.record_game, desk, 1, 1, 1, "9", "7", correct=False) == {}  # the same game: no change
    assert version(1) == shown
    what = us.label("game", game=2, home="J", away="J")
    assert changed(us.record, desk, "games", 1, 1, what, tg.record_game, 2, "J", "J", declarer="away") == {
        1: shown + 1
    }
    assert changed(us.undo_last, desk) == {1: shown + 1}
    assert changed(tg.clear_game, desk, 1, 1, 1) == {1: shown + 1}
    assert changed(tsh.record_games, desk, 1, 1, [PairGame(n, 9, 7) for n in range(1, 6)]) == {1: shown + 1}
    assert version(2) == 0  # the other match untouched
    assert tv.team_sheet(desk, 1, 1).kind == ResultState.PLAYED


LEVELS = st.integers(2, 14)
GAMES = st.one_of(
    st.builds(lambda h, a: PairGame(0, h, a), LEVELS, LEVELS).filter(lambda g: g.home_level != g.away_level),
    st.builds(lambda level, d: PairGame(0, level, level, d), LEVELS, st.sampled_from(("home", "away"))),
    st.builds(lambda a: PairGame(0, 15, a), LEVELS),
    st.builds(lambda side: PairGame(0, absent=side), st.sampled_from(("home", "away", "both"))),
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games=st.lists(GAMES, min_size=5, max_size=5), order=st.permutations(range(5)))
def test_games_typed_one_by_one_in_any_order_score_as_the_whole_sheet(
    desk: Desk, games: list[PairGame], order: list[int]
) -> None:
    """Whatever the order the desk types the games in (and whatever the table held before), the stored match
    is the domain's score of the sheet, and equals the same sheet entered at once."""
    sheet = [PairGame(n, g.home_level, g.away_level, g.declarer, g.absent) for n, g in enumerate(games, 1)]
    for i in order:
        g = sheet[i]
        tg.record_game(desk, 1, 1, g.game, g.home_level, g.away_level, declarer=g.declarer, absent=g.absent)
    at_once = tsh.record_games(desk, 1, 2, sheet)
    score = team_score(sheet, 5)
    one_by_one = tv.team_sheet(desk, 1, 1)
    for typed in (one_by_one, at_once):
        assert (typed.home_won, typed.away_won) == (score.home_games, score.away_games)
        assert typed.outcome == team_outcome(score) and typed.kind == ResultState.PLAYED
    tables = round_view(desk, 1).tables
    assert tables[0].games == tables[1].games == (score.home_games, score.away_games)
