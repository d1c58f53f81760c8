"""Team matches of pairs from the captains' phones (rules.md §5.8, issue 26): each team's entry card enters pair
games, the other team's card confirms or disputes each, agreed games are written through the team-games
results (audited with the card), the desk's games are never overwritten, stale pages, replays and strangers
are refused and change nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.live_phones import phone
from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.team_match import PairGame
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results import team_sheets as tsh
from tournament_desk.services.results import team_views as tv
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings

pytestmark = [pytest.mark.both_stores, pytest.mark.slow]

TEAMS = ["甲队", "乙队", "丙队", "丁队"]  # round 1: 甲队 – 丁队 (table 1), 乙队 – 丙队 (table 2)
# 甲队 wins games 1, 3, 5 (过A, and 庄家 on equal levels) and loses 2 and 4: 3–2.
MATCH = {
    1: PairGame(1, 9, 7),
    2: PairGame(2, 11, 11, "away"),
    3: PairGame(3, 15, 13),
    4: PairGame(4, absent="home"),
    5: PairGame(5, 12, 12, "home"),
}


@pytest.fixture
def desk(events: Events) -> Iterator[Desk]:
    d = events.create(name="团体赛", format="round-robin", scoring="team-match", pairs=5)
    for team in TEAMS:
        es.add_entrant(d, team, players=",".join(f"{team[0]}{i}" for i in range(1, 11)))
    es.draw(d, order=TEAMS)
    pair_next_round(d)
    yield d
    d.close()


def table(desk: Desk, number: int = 1) -> live.LiveTableView:
    return next(t for t in live.round_tokens(desk, 1) if t.table == number)


def send(desk: Desk, card: str, games: dict[int, PairGame], nonce: str, t: live.LiveTableView | None = None
         ) -> live.SubmissionOutcome:  # fmt: skip
    """Send ``games`` as the page ``t`` (default: drawn now) showed them."""
    t = t or table(desk)
    seen = {line.game: line.seen for line in t.games}
    return live.submit_games(desk, t.token, card=card, games=games, nonce=nonce, seen=seen)


def test_a_team_match_is_entered_by_pair_games_not_boards_or_levels(desk: Desk) -> None:
    t = table(desk)
    assert t.entry == "team-games" and not t.by_boards and t.boards == ()
    assert [g.game for g in t.games] == [1, 2, 3, 4, 5] and t.source == "open"
    assert str(t.games[0].home_pair) == "甲1/甲2"  # the line-up in registration order
    with pytest.raises(BadInput, match="team match of pairs"):
        live.submit(desk, t.token, card=phone(desk, "甲队"), home_level=9, away_level=7, nonce="x", version=0)
    with pytest.raises(BadInput):
        live.submit_boards(desk, t.token, card=phone(desk, "甲队"), boards={1: live.BoardClaim(40)}, nonce="y",
                           version=0)  # fmt: skip


def test_each_game_entered_by_one_team_and_confirmed_by_the_other_settles_the_match(desk: Desk) -> None:
    home, away = phone(desk, "甲队"), phone(desk, "丁队")
    for n in (1, 2, 3):  # the home captain enters three games as they finish …
        done = send(desk, home, {n: MATCH[n]}, f"h{n}")
        assert done.outcome == "pending" and done.side == "home"
    done = send(desk, away, {4: MATCH[4], 5: MATCH[5]}, "a45")  # … the away captain two others
    assert done.outcome == "pending" and done.side == "away"
    assert [g.state for g in done.table.games] == ["entered"] * 5 and tv.team_sheet(desk, 1, 1).missing
    done = send(desk, away, {1: MATCH[1], 2: MATCH[2], 3: MATCH[3]}, "a123")  # away confirms 1–3
    assert done.outcome == "confirmed"
    assert [g.state for g in done.table.games] == ["confirmed"] * 3 + ["entered"] * 2
    assert tv.team_sheet(desk, 1, 1).missing == (4, 5)
    done = send(desk, home, {4: MATCH[4], 5: MATCH[5]}, "h45")  # home confirms the last two
    assert done.outcome == "confirmed" and done.table.source == "confirmed"
    assert done.table.result == (3, 2)
    sheet = tv.team_sheet(desk, 1, 1)
    assert sheet.missing == () and (sheet.home_won, sheet.away_won) == (3, 2)
    assert [g.recorded for g in done.table.games] == list(MATCH.values())
    tsh.record_games(desk, 1, 2, [PairGame(n, 9, 5) for n in range(1, 6)])  # the other match, at the desk
    rows = {r.entrant.name: r for r in current_standings(desk).rows}
    assert {n: (rows[n].mp, rows[n].games_won, rows[n].games_lost) for n in ("甲队", "丁队")} == {
        "甲队": (3.0, 3, 2), "丁队": (1.0, 2, 3),
    }  # fmt: skip
    # audited: each game written once, with the card that confirmed it
    games = [a for a in audit_trail(desk) if a.action == "game"]
    assert len(games) == 5 and all("confirmed by both sides at the table" in (a.reason or "") for a in games)
    assert sum("away · 丁队" in (a.reason or "") for a in games) == 3
    with pytest.raises(BadInput, match="confirmed"):
        send(desk, home, {1: MATCH[1]}, "late")


def test_a_game_the_teams_differ_on_is_disputed_until_the_desk_types_it(desk: Desk) -> None:
    home, away = phone(desk, "甲队"), phone(desk, "丁队")
    send(desk, home, {1: MATCH[1], 2: MATCH[2]}, "h")
    done = send(desk, away, {1: MATCH[1], 2: PairGame(2, 11, 11, "home")}, "a")  # away says home declared
    assert done.outcome == "disputed" and done.table.source == "disputed"
    assert [g.game for g in done.table.disputed_games] == [2]
    assert live.claim_text(done.table, "away", disputed_only=True) == "game 2: J:J home declaring"
    assert [t.table for t in live.disputes(desk)] == [1]
    assert tv.team_sheet(desk, 1, 1).lines[0].entered  # the agreed game is in
    before = table(desk).version
    decided = live.resolve_game(desk, 1, 1, 2, "J", "J", declarer="away")  # the director takes home's entry
    assert decided.version == before + 1  # the captains' phones read the match again
    assert [a.reason for a in audit_trail(desk) if a.action == "game"][-1] == "home's entry taken"
    after = table(desk)
    assert after.games[1].state == "desk" and after.source == "pending" and live.disputes(desk) == []
    # the desk's game is shown, never overwritten from a phone
    with pytest.raises(BadInput, match="recorded at the desk already"):
        send(desk, away, {2: PairGame(2, 11, 11, "home")}, "a2")
    assert tv.team_sheet(desk, 1, 1).lines[1].game == MATCH[2]


def test_a_team_may_correct_its_own_entry_and_agreeing_then_records_it(desk: Desk) -> None:
    home, away = phone(desk, "甲队"), phone(desk, "丁队")
    send(desk, home, {3: PairGame(3, 14, 13)}, "h1")
    send(desk, away, {3: MATCH[3]}, "a1")
    assert table(desk).source == "disputed"
    done = send(desk, home, {3: MATCH[3]}, "h2")  # the home captain looks again: it was 过A
    assert done.outcome == "confirmed" and done.table.games[2].state == "confirmed"
    assert done.table.source == "pending" and live.disputes(desk) == []


def test_a_replayed_nonce_changes_nothing(desk: Desk) -> None:
    home = phone(desk, "甲队")
    page = table(desk)
    first = send(desk, home, {1: MATCH[1]}, "same", page)
    again = send(desk, home, {1: MATCH[1]}, "same", page)
    assert first.outcome == "pending" and again.outcome == "replay"
    assert again.table.version == first.table.version
    assert sum(a.action == "live-entry" for a in audit_trail(desk)) == 1


def test_a_stale_page_is_refused_and_changes_nothing(desk: Desk) -> None:
    home, away = phone(desk, "甲队"), phone(desk, "丁队")
    old_page = table(desk)
    send(desk, home, {1: MATCH[1]}, "h1", old_page)
    # the away captain's page was drawn before home entered game 1: answering game 1 from it is stale …
    with pytest.raises(live.StaleForm, match="Game 1 changed"):
        send(desk, away, {1: PairGame(1, 7, 9)}, "a1", old_page)
    assert table(desk).games[0].away is None
    # … while another game from the same page is not (the two captains do not refuse each other)
    assert send(desk, away, {2: MATCH[2]}, "a2", old_page).outcome == "pending"


def test_a_card_of_a_team_not_at_the_table_or_no_card_is_refused(desk: Desk) -> None:
    stranger = phone(desk, "乙队")  # plays at table 2
    with pytest.raises(BadInput, match="does not play at round 1 table 1"):
        send(desk, stranger, {1: MATCH[1]}, "s1")
    with pytest.raises(live.NoCard):
        send(desk, "forged-secret-forged-secret", {1: MATCH[1]}, "s2")
    assert all(g.state == "open" for g in table(desk).games)
    assert not [a for a in audit_trail(desk) if a.action in ("live-entry", "game")]


def test_the_other_teams_card_speaks_for_its_own_side_only(desk: Desk) -> None:
    """A card names its side: the away captain's phone cannot enter as home, nor confirm its own entry."""
    away = phone(desk, "丁队")
    done = send(desk, away, {1: MATCH[1]}, "a1")
    assert done.side == "away" and done.table.games[0].away == MATCH[1] and done.table.games[0].home is None
    again = send(desk, away, {1: MATCH[1]}, "a2")  # the same card again is still one side: not confirmed
    assert again.table.games[0].state == "entered" and not tv.team_sheet(desk, 1, 1).lines[0].entered
    held = phone(desk, "甲队", secret=away)  # the same phone takes the home card: still not a confirmation
    with pytest.raises(BadInput, match="already entered for the other side"):
        send(desk, held, {1: MATCH[1]}, "a3")
    assert not tv.team_sheet(desk, 1, 1).lines[0].entered and table(desk).games[0].home is None


@pytest.mark.parametrize(
    ("games", "refusal"),
    [
        ({}, "at least one game"),
        ({6: PairGame(6, 9, 7)}, "games 1 to 5"),
        ({1: PairGame(1, 9, 9)}, "declared"),
        ({1: PairGame(1, 15, 15)}, "only one pair"),
    ],
)
def test_a_game_that_does_not_say_who_won_is_refused(
    desk: Desk, games: dict[int, PairGame], refusal: str
) -> None:
    with pytest.raises(BadInput, match=refusal):
        send(desk, phone(desk, "甲队"), games, "n")
    assert table(desk).version == 0


def test_a_forfeited_match_is_the_desks(desk: Desk) -> None:
    fs.forfeit(desk, 1, 1, "away")
    t = table(desk)
    assert t.source == "desk"
    with pytest.raises(BadInput, match="desk has recorded"):
        send(desk, phone(desk, "甲队"), {1: MATCH[1]}, "n")


@pytest.mark.parametrize(
    ("text", "game", "reason"),
    [
        ("2: 9 7", PairGame(2, 9, 7), "decided by the director"),
        ("2：J J 客", PairGame(2, 11, 11, "away"), "home's entry taken"),
        ("4: 缺席 主", PairGame(4, absent="home"), "decided by the director"),
    ],
)
def test_the_director_types_a_game_in_the_live_dialog(
    desk: Desk, text: str, game: PairGame, reason: str
) -> None:
    send(desk, phone(desk, "甲队"), {2: MATCH[2]}, "h")
    view = live.decide_game(desk, 1, 1, text)
    assert view.games[game.game - 1].recorded == game and view.games[game.game - 1].state == "desk"
    assert [a.reason for a in audit_trail(desk) if a.action == "game"] == [reason]


@pytest.mark.parametrize("text", ["2", "x: 9 7", "2: 9", "6: 9 7", "2: 9 9"])
def test_a_decision_that_does_not_say_the_game_and_who_won_is_refused(desk: Desk, text: str) -> None:
    with pytest.raises(BadInput):
        live.decide_game(desk, 1, 1, text)
    assert tv.team_sheet(desk, 1, 1).missing == (1, 2, 3, 4, 5)
