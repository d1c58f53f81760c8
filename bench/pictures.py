"""A picture to share (issue 30): the standings of 500 entrants as phone-shaped PNGs, target ≤ 1 s CPU.

The work is the whole call (``services.output.pictures.pictures``): read the event in one snapshot, lay the
pictures out, rasterise them with pdfium 1080 pixels wide and encode 8-bit PNGs. 500 entrants make 9 pictures
of at most 60 rows: all of them (Save picture…, ``tdesk export … --png``), and the first alone (Copy as picture:
the clipboard holds one) are timed. The floor is drawing the printed A4 standings of the same event (``export
standings``), the work a picture adds to; all are sampled in turn, five times, the medians printed by
``timing.figure``.

Run: ``.venv/bin/python bench/pictures.py [--entrants 500] [--runs 5] [--deadline 300]``.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from timing import Deadline, cpu_call, figure  # bench/timing.py (run as bench/<name>.py)

from tournament_desk.services.demo import create_demo
from tournament_desk.services.output.export import export
from tournament_desk.services.output.pictures import pictures

TARGET = 1.0  # seconds of CPU for the standings picture(s) of 500 entrants


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--deadline", type=float, default=300.0, help="seconds for the whole benchmark")
    args = parser.parse_args()
    deadline = Deadline(args.deadline)
    n = max(2, min(args.entrants, 5000))
    with tempfile.TemporaryDirectory(prefix="tdesk-bench-pictures-") as tmp:
        folder = Path(tmp)
        with create_demo(folder / "bench.tdesk", entrants=n, units=max(1, n // 4), played=5, seed=2) as desk:
            made = pictures(desk, "standings")  # once untimed: the font, pdfium and the caches loaded
            works: list[float] = []
            firsts: list[float] = []
            floors: list[float] = []
            for _ in range(max(1, args.runs)):
                if deadline.over("the standings picture"):
                    break
                works.append(cpu_call(lambda: pictures(desk, "standings")))
                firsts.append(cpu_call(lambda: pictures(desk, "standings", first_only=True)))
                floors.append(cpu_call(lambda: export(desk, "standings", folder / "standings.pdf")))
    sizes = ", ".join(f"{p.width}×{p.height}" for p in made)
    print(f"standings of {n} entrants after 5 rounds: {len(made)} pictures ({sizes})")
    print("floor: the printed A4 standings of the same event (export standings → PDF)")
    floor = sorted(floors)[len(floors) // 2] if floors else 0.0
    print(
        figure(
            f"all {len(made)} standings pictures (Save picture…, --png), {n} entrants", works, floor, TARGET
        )
    )
    print(figure(f"the first standings picture (Copy as picture), {n} entrants", firsts, floor, TARGET))
    if deadline.note():
        print(deadline.note())


if __name__ == "__main__":
    main()
