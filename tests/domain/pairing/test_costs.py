"""The pieces of a table's cost in the Swiss pairing: broken rules, score gaps, sides, order."""

from __future__ import annotations

from tournament_desk.domain.pairing.costs import (
    REMATCH,
    SAME_UNIT,
    PairingEntrant,
    balance,
    broken_rules,
    due,
    home_away,
    misses,
    off_balance,
    order_cost,
    score_cost,
)


def test_a_table_breaks_the_unit_rule_the_rematch_rule_or_both() -> None:
    a = PairingEntrant(1, 1, unit="甲", opponents=frozenset({2}))
    b = PairingEntrant(2, 2, unit="甲")
    c = PairingEntrant(3, 3, unit="")
    d = PairingEntrant(4, 4, unit="")
    assert broken_rules(a, b) == (SAME_UNIT, REMATCH)
    assert broken_rules(b, a) == (SAME_UNIT, REMATCH)  # a rematch seen from either side
    assert broken_rules(a, c) == ()
    assert broken_rules(c, d) == ()  # no unit is not one unit


def test_the_score_gap_costs_its_square_in_half_points() -> None:
    assert score_cost(PairingEntrant(1, 1, mp=3.0), PairingEntrant(2, 2, mp=1.5)) == 9
    assert score_cost(PairingEntrant(1, 1, mp=2.0), PairingEntrant(2, 2, mp=2.0)) == 0


def test_who_goes_home_and_who_is_due_which_side() -> None:
    a = PairingEntrant(1, 1, home_count=2, opponents=frozenset({5, 6, 7}))
    b = PairingEntrant(2, 2, home_count=1, opponents=frozenset({5, 6, 7}))
    assert home_away(a, b, {1: 1, 2: 2}) == (2, 1)  # fewer times home goes home
    c = PairingEntrant(3, 3, home_count=2, opponents=frozenset({5, 6, 7}))
    assert home_away(c, a, {1: 1, 3: 2}) == (1, 3)  # equal: the higher-ranked
    assert (due(a), due(b)) == (1, -1)
    assert misses(a, b) == 2 and misses(b, a) == 0


def test_balance_counts_away_tables_or_infers_them() -> None:
    assert balance(PairingEntrant(1, 1, home_count=3, opponents=frozenset({2, 3, 4, 5}))) == 2
    assert balance(PairingEntrant(1, 1, home_count=0, away_count=3)) == -3
    assert (off_balance(2), off_balance(-3), off_balance(3)) == (0, 1, 1)


def test_skipping_places_costs_more_higher_up() -> None:
    assert order_cost(1, 2, 10) == 0  # neighbours skip nobody
    assert order_cost(3, 1, 10) == order_cost(1, 3, 10) == 9
    assert order_cost(7, 9, 10) == 3
