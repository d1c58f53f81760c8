"""The Swiss engine's weighted matching: rustworkx against a compiled one (LEMON 1.3), on the same graphs (issue 29).

Usage: .venv/bin/python bench/matchers.py [--sizes N ...] [--cases CASE ...] [--repeats N]

Issue 29's `tdesk pair` targets with a unit of 55 % are blocked on the matcher (README, *Performance*): rustworkx's
``max_weight_matching`` (the O(n^3) blossom algorithm networkx has, in Rust) is most of such a round. This prints
what an O(n m log n) implementation compiled from C++ takes on the very graphs the engine solves, for the decision
whether the product should carry one: no wheel on PyPI has one, so it would be a compiled extension of our own,
with a C++ toolchain in CI and in the installers' builds. It needs g++ and LEMON's headers (Debian: liblemon-dev);
without them it says so and measures nothing.

For each event (bench/pairing.py's ``quality_event``) the round is paired once with a spy that keeps every graph the
engine gives rustworkx, once as the engine pairs it (a large round in stretches of the ranking: ``blocks``) and once
with every graph solved whole (what a matcher fast enough would allow). Each graph is then solved ``--repeats``
times by each matcher: median CPU of the matching alone (process time around rustworkx's call; the harness's
``std::clock`` around LEMON's, its reading of the graph excluded). The two answers are compared: the same
cardinality and total weight ("same" matching, or a "tie": another matching as good, which a matcher in the product
would have to break as rustworkx does, for the same event to give the same pairing everywhere), else "DIFF"."""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pairing  # bench/pairing.py: the events and the unstretched engine
import rustworkx

HARNESS = Path(__file__).with_name("lemon_matching.cc")
CASES = ("ordinary", "rematch", "unit 53%", "unit 55%")
# (nodes, [(u, v, weight)], rustworkx's matching)
Captured = tuple[int, list[tuple[int, int, int]], set[tuple[int, int]]]


class Spy:
    """Keeps each graph given to rustworkx's weighted matching (the engine calls the module attribute)."""

    def __init__(self) -> None:
        self.graphs: list[Captured] = []
        self._original = rustworkx.max_weight_matching

    def __enter__(self) -> Spy:
        def kept(g: Any, *args: Any, **kwargs: Any) -> Any:
            mate = self._original(g, *args, **kwargs)
            self.graphs.append((g.num_nodes(), list(g.weighted_edge_list()), set(mate)))
            return mate

        rustworkx.max_weight_matching = kept
        return self

    def __exit__(self, *exc: object) -> None:
        rustworkx.max_weight_matching = self._original


def raise_by(edges: list[tuple[int, int, int]]) -> int:
    """Added to every weight, it makes every maximum-weight matching a maximum-cardinality one: a matching's total
    lies within +-sum(|w|), so one edge more outweighs any difference of totals."""
    return 2 * sum(abs(w) for _, _, w in edges) + 1


def rustworkx_cpu(nodes: int, edges: list[tuple[int, int, int]], repeats: int) -> float:
    g: rustworkx.PyGraph[None, int] = rustworkx.PyGraph(multigraph=False)
    g.add_nodes_from([None] * nodes)
    g.add_edges_from(edges)
    samples = []
    for _ in range(repeats):
        start = time.process_time()
        rustworkx.max_weight_matching(g, max_cardinality=True, weight_fn=int)
        samples.append(time.process_time() - start)
    return statistics.median(samples)


def lemon(
    binary: Path, nodes: int, edges: list[tuple[int, int, int]], repeats: int
) -> tuple[float, set[Any]]:
    """LEMON's median CPU over ``repeats`` solves, and its matching."""
    text = "".join(f"{u} {v} {w}\n" for u, v, w in edges)
    done = subprocess.run(
        [str(binary), str(repeats)],
        input=f"{nodes} {len(edges)} {raise_by(edges)}\n{text}",
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    mate = {tuple(map(int, line.split())) for line in done.stdout.splitlines()}
    return statistics.median(float(line) for line in done.stderr.split()), mate


def verdict(edges: list[tuple[int, int, int]], ours: set[Any], theirs: set[Any]) -> str:
    """``same`` matching, a ``tie`` (as many tables, the same total weight), else DIFF with both totals."""
    weight = {(min(u, v), max(u, v)): w for u, v, w in edges}
    ours, theirs = {tuple(sorted(p)) for p in ours}, {tuple(sorted(p)) for p in theirs}
    if ours == theirs:
        return "same"
    totals = [(len(m), sum(weight[p] for p in m)) for m in (ours, theirs)]
    return "tie" if totals[0] == totals[1] else f"DIFF {totals[0]} against {totals[1]}"


def build() -> Path | None:
    """The harness compiled into a temporary folder; None (and why, printed) when it cannot be."""
    compiler = shutil.which("g++")
    if compiler is None or not Path("/usr/include/lemon/matching.h").exists():
        print("not measured: needs g++ and LEMON's headers (Debian: apt-get install g++ liblemon-dev)")
        return None
    binary = Path(tempfile.mkdtemp(prefix="tdesk-lemon-")) / "lemon_matching"
    subprocess.run(
        [compiler, "-O2", "-std=gnu++17", "-o", str(binary), str(HARNESS)], check=True, timeout=300
    )
    return binary


def measure(binary: Path, sizes: tuple[int, ...], cases: tuple[str, ...], repeats: int) -> int:
    print(f"Median CPU of {repeats} solves of each graph, the matching alone; 'x' = rustworkx / LEMON")
    head = f"{'N':>5} {'case':<9} {'graphs':<9} {'nodes':>6} {'edges':>7} {'rustworkx':>9} {'LEMON':>7}"
    print(f"{head} {'x':>5}  answer")
    differences = 0
    for n in sizes:
        for case in cases:
            entrants = pairing.quality_event(n, case)
            for label, pair in (("as paired", pairing.pair_round), ("whole", pairing.unstretched)):
                with Spy() as spy:
                    pair(entrants)
                ours = theirs = 0.0
                answers = []
                for nodes, edges, mate in spy.graphs:
                    ours += rustworkx_cpu(nodes, edges, repeats)
                    spent, other = lemon(binary, nodes, edges, repeats)
                    theirs += spent
                    answers.append(verdict(edges, mate, other))
                differences += sum(a.startswith("DIFF") for a in answers)
                shown = next(
                    (a for a in answers if a.startswith("DIFF")), "tie" if "tie" in answers else "same"
                )
                print(
                    f"{n:>5} {case:<9} {label:<9} {sum(g[0] for g in spy.graphs):>6} "
                    f"{sum(len(g[1]) for g in spy.graphs):>7} {ours:>9.3f} {theirs:>7.3f} "
                    f"{ours / max(theirs, 1e-6):>5.0f}  {shown} ({len(spy.graphs)} graph(s))",
                    flush=True,
                )
    return differences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 5000])
    parser.add_argument("--cases", nargs="+", choices=CASES, default=list(CASES))
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    binary = build()
    if binary is None:
        return
    try:
        if measure(binary, tuple(args.sizes), tuple(args.cases), args.repeats):
            sys.exit(1)
    finally:
        shutil.rmtree(binary.parent, ignore_errors=True)


if __name__ == "__main__":
    main()
