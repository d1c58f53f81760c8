"""How ``tdesk`` prints: numbers without needless decimals, tables aligned on Chinese double-width characters, what
the captains' phones entered for a team match's pair games."""

from __future__ import annotations

import pytest

from tournament_desk.cli.output import (
    change_text,
    entries_json,
    entry_text,
    game_result_text,
    number,
    pad,
    text_table,
    text_width,
)
from tournament_desk.domain.team_match import PairGame
from tournament_desk.services.live import LiveGame, LiveTableView


def test_numbers_lose_a_needless_decimal_and_keep_two_places() -> None:
    assert number(3.0) == 3 and isinstance(number(3.0), int)
    assert number(1.5) == 1.5
    assert number(10.3333) == 10.33


def test_a_chinese_character_is_two_columns_wide() -> None:
    assert text_width("abc") == 3
    assert text_width("同济") == 4
    assert text_width("A队") == 3


def test_padding_counts_display_columns_on_either_side() -> None:
    assert pad("队", 4) == "队  "
    assert pad("7", 3, right=True) == "  7"
    assert pad("很长的名字", 2) == "很长的名字"  # never cut


def test_a_table_lines_up_its_columns_and_right_aligns_the_numeric_ones() -> None:
    out = text_table(["Name", "VP"], [["甲队", 15], ["Tigers", 7.5], ["乙", None]], numeric={1})
    assert out.splitlines() == [
        "Name     VP",
        "甲队     15",
        "Tigers  7.5",
        "乙",
    ]
    widths = {text_width(line) for line in out.splitlines()[:3]}
    assert widths == {11}


def test_a_change_shows_old_and_new_as_json_and_shortens_long_values() -> None:
    assert change_text(None, {"level": "A"}) == '{"level": "A"}'
    assert change_text("9", "10") == '"9" → "10"'
    long = change_text(None, "名" * 100)
    assert len(long) == 58 and long.endswith("…")


def team_match(*games: LiveGame) -> LiveTableView:
    return LiveTableView(1, 1, "tok", "甲队", "丁队", "disputed", 2, None, None, True, True, None, "team-games",
                         games=games)  # fmt: skip


GAMES = (
    LiveGame(1, "甲1/甲2", "丁1/丁2", PairGame(1, 9, 7), PairGame(1, 9, 7), PairGame(1, 9, 7)),  # confirmed
    LiveGame(
        2, "甲3/甲4", "丁3/丁4", PairGame(2, 11, 11, "away"), PairGame(2, 11, 11, "home"), None
    ),  # disputed
    LiveGame(3, "甲5/甲6", "丁5/丁6", PairGame(3, absent="home"), None, None),  # entered by 甲队 only
    LiveGame(4, "甲7/甲8", "丁7/丁8", None, None, None),  # open
)


@pytest.mark.parametrize(
    ("game", "text"),
    [
        (PairGame(1, 15, 14), "过A : A"),
        (PairGame(1, 11, 11, "home"), "J : J, 甲队 declaring"),
        (PairGame(1, absent="away"), "the pair of 丁队 absent"),
        (PairGame(1, absent="both"), "both pairs absent"),
    ],
)
def test_a_pair_game_reads_with_the_teams_names(game: PairGame, text: str) -> None:
    assert game_result_text(team_match(), game) == text


def test_a_team_matchs_entries_are_its_games_still_waiting_or_disputed() -> None:
    table = team_match(*GAMES)
    assert entry_text(table, "home") == "game 2: J : J, 丁队 declaring; game 3: the pair of 甲队 absent"
    assert entry_text(table, "away") == "game 2: J : J, 甲队 declaring"
    assert entry_text(table, "home", disputed_only=True) == "game 2: J : J, 丁队 declaring"
    assert entry_text(team_match(GAMES[0], GAMES[3]), "home") is None  # recorded or open: nothing waits


def test_a_team_matchs_entries_as_json_give_every_game_and_where_it_stands() -> None:
    shown = entries_json(team_match(*GAMES))
    assert shown["home_entry"] == "game 1: 9:7; game 2: J:J away declaring; game 3: home absent"
    assert shown["away_entry"] == "game 1: 9:7; game 2: J:J home declaring"
    assert [g["state"] for g in shown["game_entries"]] == ["confirmed", "disputed", "entered", "open"]
    assert shown["game_entries"][1] == {
        "game": 2, "home_pair": "甲3/甲4", "away_pair": "丁3/丁4",
        "home": {"home_level": "J", "away_level": "J", "declarer": "away", "absent": None},
        "away": {"home_level": "J", "away_level": "J", "declarer": "home", "absent": None},
        "recorded": None, "state": "disputed",
    }  # fmt: skip
    assert shown["game_entries"][0]["recorded"] == shown["game_entries"][0]["home"]
    assert shown["game_entries"][2]["home"] == {"home_level": None, "away_level": None, "declarer": None,
                                                "absent": "home"}  # fmt: skip
    disputed = entries_json(team_match(*GAMES), disputed_only=True)
    assert [g["game"] for g in disputed["game_entries"]] == [2]
    assert disputed["home_entry"] == "game 2: J:J away declaring"
