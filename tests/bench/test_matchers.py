"""bench/matchers.py: the graphs kept are the engine's, the raised weights ask LEMON what rustworkx is asked, and
the answers are told apart. (The harness itself needs g++ and liblemon-dev; running the benchmark builds it.)"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest
import rustworkx
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import matchers  # bench/matchers.py

Edges = list[tuple[int, int, int]]


def _matchings(edges: Edges) -> list[list[tuple[int, int, int]]]:
    """Every matching of a small graph (brute force)."""
    found = []
    for size in range(len(edges) + 1):
        for chosen in itertools.combinations(edges, size):
            ends = [end for u, v, _ in chosen for end in (u, v)]
            if len(ends) == len(set(ends)):
                found.append(list(chosen))
    return found


@st.composite
def _graphs(draw: st.DrawFn) -> tuple[int, Edges]:
    nodes = draw(st.integers(2, 6))
    pairs = draw(st.sets(st.tuples(st.integers(0, nodes - 1), st.integers(0, nodes - 1)), max_size=9))
    edges = [(u, v, draw(st.integers(-(2**90), 2**90))) for u, v in sorted(pairs) if u < v]
    return nodes, edges


@settings(max_examples=150, deadline=None)
@given(_graphs())
def test_raised_weights_make_the_heaviest_matching_a_largest_one_as_rustworkx_is_asked(
    graph: tuple[int, Edges],
) -> None:
    nodes, edges = graph
    lift = matchers.raise_by(edges)
    heaviest = max(_matchings(edges), key=lambda m: sum(w + lift for _, _, w in m))
    g: rustworkx.PyGraph[None, int] = rustworkx.PyGraph(multigraph=False)
    g.add_nodes_from([None] * nodes)
    g.add_edges_from(edges)
    theirs = rustworkx.max_weight_matching(g, max_cardinality=True, weight_fn=int)
    weight = {(min(u, v), max(u, v)): w for u, v, w in edges}
    assert len(heaviest) == len(theirs)
    assert sum(w for _, _, w in heaviest) == sum(weight[min(u, v), max(u, v)] for u, v in theirs)


def test_answers_are_the_same_a_tie_or_a_difference() -> None:
    square = [(0, 1, 5), (2, 3, 5), (0, 2, 5), (1, 3, 5), (0, 3, 1)]
    assert matchers.verdict(square, {(1, 0), (2, 3)}, {(0, 1), (3, 2)}) == "same"
    assert matchers.verdict(square, {(0, 1), (2, 3)}, {(0, 2), (1, 3)}) == "tie"
    assert matchers.verdict(square, {(0, 1), (2, 3)}, {(0, 3)}) == "DIFF (2, 10) against (1, 1)"


def test_the_spy_keeps_each_graph_the_engine_solves_and_then_lets_go() -> None:
    original = rustworkx.max_weight_matching
    entrants = matchers.pairing.quality_event(40, "unit 55%")
    with matchers.Spy() as spy:
        pairing = matchers.pairing.pair_round(entrants)
    assert rustworkx.max_weight_matching is original
    assert spy.graphs
    nodes, edges, mate = spy.graphs[-1]
    assert 2 * len(mate) == nodes and nodes >= len(pairing.tables) * 2
    assert all(0 <= u < nodes and 0 <= v < nodes for u, v, _ in edges)
    on_edges = {(min(u, v), max(u, v)) for u, v, _ in edges}
    assert all((min(u, v), max(u, v)) in on_edges for u, v in mate)


def test_without_a_compiler_it_says_so_and_measures_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(matchers.shutil, "which", lambda name: None)
    monkeypatch.setattr(sys, "argv", ["matchers.py", "--sizes", "40"])
    matchers.main()
    assert capsys.readouterr().out == (
        "not measured: needs g++ and LEMON's headers (Debian: apt-get install g++ liblemon-dev)\n"
    )
