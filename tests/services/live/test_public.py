"""What the players' pages and the projector show (services/live/public.py): finding an entrant, a player's
card, the (maybe frozen) public standings, the latest published round and what changed since a screen looked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.services.desk import Desk
from tournament_desk.services.live.public import (
    current_round,
    event_name,
    find_entrants,
    has_crosstable,
    marker,
    player_card,
    public_standings,
)
from tournament_desk.services.live.settings import set_freeze_rounds
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def play_round(desk: Desk, round_no: int) -> None:
    pair_next_round(desk)
    rs.record_result(desk, round_no, 1, "9", "7")
    rs.record_result(desk, round_no, 2, "9", "7")


def test_an_entrant_is_found_by_name_player_or_pinyin(four: Desk) -> None:
    assert [e.name for e in find_entrants(four, "丙")] == ["丙"]
    assert len(find_entrants(four, "张三")) == 4  # every entrant has a 张三
    assert [e.name for e in find_entrants(four, "jia")] == ["甲"]
    assert find_entrants(four, "  ") == []


@pytest.mark.slow
def test_a_players_card_has_its_table_now_and_its_results(four: Desk) -> None:
    play_round(four, 1)
    pair_next_round(four)
    card = player_card(four, "甲")
    assert card is not None and card.current_round == 2 and card.table is not None and not card.bye
    first = card.rounds[0]
    assert (first.round, first.opponent, first.own_level, first.opp_level) == (1, "乙", 9, 7)
    assert [r.round for r in card.rounds] == [1, 2] and card.rounds[1].mp is None  # round 2: no result yet
    assert card.standings_after == 1 and card.rank is not None
    assert player_card(four, "戊") is None


@pytest.mark.slow
def test_frozen_standings_hide_the_last_rounds(four: Desk) -> None:
    play_round(four, 1)
    play_round(four, 2)
    assert public_standings(four).after_round == 2
    set_freeze_rounds(four, 1)
    frozen = public_standings(four)
    assert (frozen.after_round, frozen.frozen, frozen.last_complete) == (1, 1, 2)


@pytest.mark.slow
def test_the_hall_sees_the_latest_published_round(four: Desk) -> None:
    assert current_round(four) is None
    play_round(four, 1)
    pair_next_round(four, publish=False)
    view = current_round(four)
    assert view is not None and view.round == 1
    assert event_name(four) == "服务测试" and not has_crosstable(four)


def test_the_marker_moves_with_every_change(four: Desk) -> None:
    before = marker(four)
    pair_next_round(four)
    after = marker(four)
    assert after.changes > before.changes and (after.round, after.published) == (1, True)


@pytest.mark.slow
def test_a_teams_card_counts_points_and_games(tmp_path: Path) -> None:
    """A team match of pairs (rules.md §5.8): the card carries the games won and lost over the event and each
    match's games from the team's own side, so the page can say "3 分，局 2:1"; a level event's card has none."""
    from tournament_desk.services import entrants as es
    from tournament_desk.services.event import create_tournament
    from tournament_desk.services.results.team_games import record_game

    desk = create_tournament(tmp_path / "t.tdesk", name="团体赛", format="round-robin", scoring="team-match",
                             pairs=3)  # fmt: skip
    try:
        for team in ("甲队", "乙队", "丙队", "丁队"):
            es.add_entrant(desk, team, players=",".join(f"{team[0]}{i}" for i in range(1, 7)))
        es.draw(desk, order=["甲队", "乙队", "丙队", "丁队"])
        view = pair_next_round(desk)  # table 1: 甲队 – 丁队, table 2: 乙队 – 丙队
        for table in (1, 2):
            for n, (home, away) in enumerate([("9", "7"), ("5", "8"), ("K", "Q")], start=1):
                record_game(desk, 1, table, n, home, away)
        away = player_card(desk, view.tables[0].away)
        assert away is not None and away.games == (1, 2) and away.mp == 1
        assert (away.rounds[0].games, away.rounds[0].mp) == ((1, 2), 1)
        home = player_card(desk, view.tables[0].home)
        assert home is not None and home.games == (2, 1) and home.rounds[0].games == (2, 1) and home.mp == 3
    finally:
        desk.close()


def test_a_level_events_card_counts_no_games(four: Desk) -> None:
    card = player_card(four, "甲")
    assert card is not None and card.games is None


def test_levels_typed_at_the_desk_tell_the_phones_showing_the_table_to_read_it_again(four: Desk) -> None:
    """Issue 26: the desk's levels left the live row's version where it was, so a phone waiting on its table
    (its page reads the table again only past the version it shows) kept the old page."""
    from tournament_desk.services.live import changed_tables, round_tokens

    pair_next_round(four)
    shown = {t.table: t.version for t in round_tokens(four, 1)}  # what the phones' pages carry
    before = marker(four).changes
    rs.record_result(four, 1, 1, "9", "7")
    tables, other = changed_tables(four, before, marker(four).changes, 1)
    assert tables == {1: shown[1] + 1} and not other
    assert {t.table: t.version for t in round_tokens(four, 1)} == shown  # a phone's own entry still fits
