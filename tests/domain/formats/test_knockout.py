"""The knockout by draw of rules.md §7.6 (seeds 000 and 004) as plain domain functions: the standard seeding order,
the draw numbers on a bracket with byes, the winner of a match (games, level, side on stage) and the placing.

The expected brackets are the published standard seeding order (tennis, FIDE knockouts), written out here.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.knockout import (
    TBD,
    Bracket,
    MatchKey,
    bracket_lines,
    bracket_placing,
    bracket_size,
    build_bracket,
    drawn_lines,
    first_round,
    match_winner,
    next_round,
    placing,
    rounds_of,
    seeding_order,
)

# The standard order, top to bottom of the bracket (the seed at each place), as published.
PUBLISHED = {
    2: [1, 2],
    4: [1, 4, 2, 3],
    8: [1, 8, 4, 5, 2, 7, 3, 6],
    16: [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11],
    32: [1, 32, 16, 17, 8, 25, 9, 24, 4, 29, 13, 20, 5, 28, 12, 21,
         2, 31, 15, 18, 7, 26, 10, 23, 3, 30, 14, 19, 6, 27, 11, 22],
}  # fmt: skip

SIZES = st.integers(min_value=1, max_value=6).map(lambda k: 2**k)  # brackets of 2 … 64 places


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_the_seeding_order_is_the_published_one(size: int) -> None:
    assert seeding_order(size) == PUBLISHED[size]


@given(SIZES)
def test_the_seeding_order_places_every_seed_once_and_one_meets_the_last(size: int) -> None:
    order = seeding_order(size)
    assert sorted(order) == list(range(1, size + 1))
    # Round 1: 1 meets B, 2 meets B − 1, …: the two seeds of every first-round match add up to B + 1.
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
    # Seeds 1 and 2 are in opposite halves (they can meet only in the final).
    half = size // 2
    assert (1 in order[:half]) != (2 in order[:half])


@given(SIZES)
def test_the_top_seeds_meet_only_when_the_bracket_says(size: int) -> None:
    """When the better seed always wins: in the round that leaves m, the m best seeds are exactly the ones still
    in, each block of the bracket is led from its top line by its best seed, and the two halves of a block meet
    as seed s against seed 2m + 1 − s (the top seeds meet only when every seed above them had to)."""
    order = seeding_order(size)
    block = 2
    while block <= size:
        remaining = size // block  # entrants left after the round played in blocks of this size
        blocks = [order[i : i + block] for i in range(0, size, block)]
        assert sorted(min(b) for b in blocks) == list(range(1, remaining + 1))
        for b in blocks:
            assert b[0] == min(b)  # the block's favourite sits on its top line (home)
            top, bottom = min(b[: block // 2]), min(b[block // 2 :])
            assert top + bottom == 2 * remaining + 1
        block *= 2


def test_bracket_sizes() -> None:
    assert [bracket_size(n) for n in (2, 3, 4, 5, 8, 9, 12, 16, 17, 33, 64)] == [2, 4, 4, 8, 8, 16, 16, 16, 32,
                                                                                  64, 64]  # fmt: skip
    assert [rounds_of(s) for s in (2, 4, 8, 64)] == [1, 2, 3, 6]


@pytest.mark.parametrize("count", range(2, 65))
def test_the_draw_numbers_fill_the_bracket_with_byes_for_the_first_numbers(count: int) -> None:
    names = [100 + d for d in range(1, count + 1)]  # entrant ids in draw-number order
    size, lines = drawn_lines(names)
    assert size == bracket_size(count) and len(lines) == size
    byes = size - count
    assert lines.count(None) == byes
    assert Counter(x for x in lines if x is not None) == Counter(names)
    pairs = [(lines[i], lines[i + 1]) for i in range(0, size, 2)]
    assert all(home is not None or away is not None for home, away in pairs)  # no two byes meet
    resting = sorted(home if away is None else away for home, away in pairs if None in (home, away))
    assert resting == names[:byes]  # draw numbers 1 … B − n go through without a match
    # Draw number d sits where the standard order puts seed d.
    for place, seed in enumerate(seeding_order(size)):
        assert lines[place] == (names[seed - 1] if seed <= count else None)


def test_a_draw_of_twelve() -> None:
    size, lines = drawn_lines(list(range(1, 13)))
    assert size == 16
    assert lines == [1, None, 8, 9, 4, None, 5, 12, 2, None, 7, 10, 3, None, 6, 11]


@pytest.mark.parametrize("drawn", [[], [7], [1, 2, 2]])
def test_a_draw_that_cannot_make_a_bracket_is_refused(drawn: list[int]) -> None:
    with pytest.raises(BadInput):
        drawn_lines(drawn)


# --- the winner of a match -------------------------------------------------------------------------------


def test_the_higher_level_wins_and_equal_levels_go_to_the_side_on_stage() -> None:
    assert match_winner(11, 9, None) == "home"
    assert match_winner(9, 14, "home") == "away"  # the side on stage decides equal levels only
    assert match_winner(9, 9, "away") == "away"
    assert match_winner(15, 15, "home") == "home"
    with pytest.raises(BadInput, match="在台上"):
        match_winner(9, 9, None)


def test_games_won_decide_first_then_the_level_then_the_side_on_stage() -> None:
    assert match_winner(5, 14, None, (2, 1)) == "home"  # more games beat a higher level in the game in play
    assert match_winner(14, 5, "home", (0, 2)) == "away"
    assert match_winner(9, 7, None, (1, 1)) == "home"  # equal games: the level of the game in play
    assert match_winner(7, 9, "home", (1, 1)) == "away"
    assert match_winner(9, 9, "away", (1, 1)) == "away"  # then the side that won the last deal
    with pytest.raises(BadInput, match="在台上"):
        match_winner(9, 9, None, (2, 2))
    with pytest.raises(BadInput):
        match_winner(9, 5, None, (-1, 0))


@given(
    st.integers(2, 15),
    st.integers(2, 15),
    st.sampled_from(["home", "away"]),
    st.integers(0, 5),
    st.integers(0, 5),
)
@pytest.mark.slow
def test_a_match_of_games_has_one_winner_chosen_in_order(
    home: int, away: int, on_stage: str, home_games: int, away_games: int
) -> None:
    won = match_winner(home, away, on_stage, (home_games, away_games))  # type: ignore[arg-type]
    if home_games != away_games:
        assert won == ("home" if home_games > away_games else "away")
    elif home != away:
        assert won == ("home" if home > away else "away")
    else:
        assert won == on_stage
    # Without games the same levels decide as a match of one game would.
    if home != away:
        assert match_winner(home, away, None) == match_winner(home, away, None, (1, 1))


# --- the whole bracket and its placing -------------------------------------------------------------------


def play_out(
    lines: list[int | None], size: int, rng: random.Random, *, third_place: bool, walkovers: bool = False
) -> Bracket:
    """Every match of the bracket played, round by round, with a random winner (with ``walkovers``, now and
    then a match that both sides forfeit, as both have withdrawn: nobody goes through, and one of them that the
    bracket still names later forfeits again)."""
    results: dict[MatchKey, int | None] = {}
    gone: set[int] = set()
    for k in range(1, rounds_of(size) + 1):
        bracket = build_bracket(lines, size, 1, results, third_place=third_place)
        for cell in bracket.rounds[k - 1]:
            if cell.table is None:
                continue
            assert cell.home not in (None, TBD) and cell.away not in (None, TBD)
            winner = rng.choice([cell.home, cell.away])
            if walkovers and rng.random() < 0.1:
                gone.update((cell.home, cell.away))  # type: ignore[arg-type]
            ins = [s for s in (cell.home, cell.away) if s not in gone]
            if len(ins) < 2:  # a withdrawn side forfeits (rules.md §7.6); both withdrawn: nobody goes through
                winner = ins[0] if ins else None
            results[(k, frozenset((cell.home, cell.away)))] = winner  # type: ignore[arg-type]
    return build_bracket(lines, size, 1, results, third_place=third_place)


def expected_range(round_lost: int, rounds: int, count: int) -> str:
    best, worst = 2 ** (rounds - round_lost) + 1, min(2 ** (rounds - round_lost + 1), count)
    return str(best) if best == worst else f"{best}–{worst}"


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.integers(2, 64), st.booleans(), st.integers(0, 2**32))
def test_every_entrant_gets_one_place_with_the_ranges_of_the_spec(count: int, third: bool, seed: int) -> None:
    rng = random.Random(seed)
    names = list(range(1, count + 1))
    rng.shuffle(names)
    size, lines = drawn_lines(names)
    bracket = play_out(lines, size, rng, third_place=third)
    assert all(c.decided for cells in bracket.rounds for c in cells)
    placed = bracket_placing(bracket, count)
    assert sorted(placed) == sorted(names)  # every entrant exactly once
    texts = Counter(text for _, text in placed.values())
    assert texts["1"] == 1 and texts["2"] == 1
    total = rounds_of(size)
    final = next(c for c in bracket.rounds[-1] if not c.third_place)
    assert placed[final.winner] == (1, "1")  # type: ignore[index]
    lost_in: dict[int, int] = {}
    for cells in bracket.rounds:
        for c in cells:
            if c.table is not None and not c.third_place:
                lost_in[c.away if c.winner == c.home else c.home] = c.round  # type: ignore[index]
    for entrant, k in lost_in.items():
        best, text = placed[entrant]
        if k == total:
            assert (best, text) == (2, "2")
        elif k == total - 1 and third and count >= 4:
            assert text in ("3", "4")  # the third-place match decides them
        else:
            assert text == expected_range(k, total, count)
            assert best == 2 ** (total - k) + 1
    if count >= 3:
        semi_losers = [e for e, k in lost_in.items() if k == total - 1]
        if third and count >= 4:
            assert sorted(placed[e][1] for e in semi_losers) == ["3", "4"]
        else:
            assert [placed[e][1] for e in semi_losers] in (["3"], ["3–4", "3–4"])
    # A range never reaches past the number of entrants, and its size is the number sharing it.
    for text, sharing in texts.items():
        low, _, high = text.partition("–")
        assert int(high or low) <= count
        assert sharing == int(high or low) - int(low) + 1


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.integers(2, 40), st.booleans(), st.integers(0, 2**32))
def test_a_match_both_sides_forfeit_still_places_both(count: int, third: bool, seed: int) -> None:
    """Both sides of a match withdrawn: nobody goes through (the next match is a walkover), and both still get
    the place of the round they went out in; every entrant has one place."""
    rng = random.Random(seed)
    names = list(range(1, count + 1))
    size, lines = drawn_lines(names)
    bracket = play_out(lines, size, rng, third_place=third, walkovers=True)
    placed = bracket_placing(bracket, count)
    assert sorted(placed) == names
    total = rounds_of(size)
    for cells in bracket.rounds:
        for c in cells:
            if c.table is None or c.third_place or c.winner is not None or c.round == total:
                continue
            if third and c.round == total - 1:
                continue  # one of them is named for the third-place match, and forfeits it: 3 and 4
            both = {placed[c.home][1], placed[c.away][1]}  # type: ignore[index]
            assert both == {expected_range(c.round, total, count)}


def test_a_bracket_in_progress_gives_ranges_still_open() -> None:
    size, lines = drawn_lines(list(range(1, 13)))
    # Round 1 (four matches, four byes): 8 beats 9; the other three matches not played yet.
    bracket = build_bracket(lines, size, 1, {(1, frozenset((8, 9))): 8})
    placed = bracket_placing(bracket, 12)
    assert placed[9] == (9, "9–12")
    assert placed[8] == placed[1] == (1, "1–8")  # through to the quarter-finals
    assert placed[5] == placed[12] == (1, "1–12")  # their match is still to play
    quarter = bracket.rounds[1]
    assert [(c.home, c.away) for c in quarter] == [(1, 8), (4, TBD), (2, TBD), (3, TBD)]
    assert [c.table for c in quarter] == [1, None, None, None]


# --- brackets from group qualifiers (rules.md §7.4) ---------------------------------------------------------


def test_the_first_knockout_round_gives_byes_to_the_highest_seeds() -> None:
    drawn = [7, 3, 12, 1, 9, 5]  # six qualifiers in a bracket of eight: two byes
    seeds = {1: 1, 3: 2, 5: 3, 7: 4, 9: 5, 12: 6}
    lines = bracket_lines(drawn, seeds, 8)
    matches = first_round(lines)
    # In the drawn order: 3 (a top seed) gets a bye at once; 7 waits for 12; 1 gets the other bye; 9 v 5.
    assert [(m.home, m.away) for m in matches] == [(3, None), (7, 12), (1, None), (9, 5)]
    with pytest.raises(BadInput):
        bracket_lines([1, 1, 2], seeds, 4)
    with pytest.raises(BadInput):
        bracket_lines([1, 2], seeds, 8)  # six byes in a bracket of eight: byes would meet


def test_later_rounds_follow_the_bracket() -> None:
    second = next_round(2, [7, 3, 1, 9])
    assert [(m.table, m.home, m.away) for m in second] == [(1, 7, 3), (2, 1, 9)]


def test_the_higher_level_wins_and_on_equal_levels_the_side_on_stage() -> None:
    assert match_winner(12, 9, None) == "home"
    assert match_winner(9, 12, None) == "away"
    assert match_winner(10, 10, "away") == "away"
    with pytest.raises(BadInput, match="on stage"):
        match_winner(10, 10, None)


def test_the_final_placing() -> None:
    lost = {1: None, 2: 4, 3: 3, 4: 3, 5: 2, 6: 1}
    assert placing(lost, 4) == {1: "1", 2: "2", 3: "3–4", 4: "3–4", 5: "5–8", 6: "9–16"}
