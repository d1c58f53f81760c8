"""A series of 20 events of 500 entrants each: ``series standings`` (every member read afresh, read-only, its
final places scored, the series ranked): target ≤ 2 s CPU (issue 30).

The floor, measured in the same run: the 20 events' own standings, each opened as ``tdesk standings`` opens it
(``Desk.open`` + ``current_standings``). The 20 events are demo events built once into a cache folder (beside
the temporary files, per schema revision); a later run reuses them. Run: ``.venv/bin/python bench/series.py
[--quick]``.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from timing import cpu_call, figure  # bench/timing.py (run as bench/<name>.py)

from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.series import add_events, create_series, open_series
from tournament_desk.services.series_standings import series_standings
from tournament_desk.services.standings import current_standings
from tournament_desk.storage.revisions import head_revision

TARGET = 2.0
EVENTS = 20
ENTRANTS = 500
ROUNDS = 5


def cached_events(count: int, entrants: int) -> list[Path]:
    folder = Path(tempfile.gettempdir()) / f"tdesk-bench-series-{head_revision()}-{entrants}"
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(1, count + 1):
        path = folder / f"event-{i:02d}.tdesk"
        if not path.exists():
            print(f"building {path.name} …", flush=True)
            part = path.with_suffix(".part")
            part.unlink(missing_ok=True)
            create_demo(
                part, entrants=entrants, played=ROUNDS, rounds=ROUNDS, seed=i, name=f"月赛 {i}"
            ).close()
            part.rename(path)
        paths.append(path)
    return paths


def own_standings(paths: list[Path]) -> None:
    for path in paths:
        with Desk.open(path) as desk:
            current_standings(desk)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="one run instead of five")
    runs = 1 if parser.parse_args().quick else 5
    paths = cached_events(EVENTS, ENTRANTS)
    with tempfile.TemporaryDirectory() as tmp:
        made = create_series(Path(tmp) / "s.tdseries", name="bench", points="10,7,5,3,2,1")
        add_events(made, paths)
        made.close()
        with open_series(Path(tmp) / "s.tdseries") as desk:
            table = series_standings(desk)  # once untimed: the modules and caches loaded
            assert all(e.counted for e in table.events), [e.problem for e in table.events]
            works, floors = [], []
            for _ in range(runs):
                works.append(cpu_call(lambda: series_standings(desk)))
                floors.append(cpu_call(lambda: own_standings(paths)))
    floor = sorted(floors)[len(floors) // 2]
    print(f"floor: the {EVENTS} events' own standings (Desk.open + current_standings): {floor:.3f} s CPU")
    print(f"{len(table.rows)} competitors in the series")
    print(figure(f"series standings, {EVENTS} events of {ENTRANTS} entrants", works, floor, TARGET))


if __name__ == "__main__":
    main()
