"""Groups then knockout and Mitchell at full size: the cost of the commands the desk runs most, on CPU time.

- A 32-team groups-then-knockout event played to the final: `tdesk standings --json` and `tdesk bracket --json`
  (whole processes; target 0.5 s of CPU each, the command-line target of issue 16).
- A 30-table Mitchell (60 pairs, 2 boards a round) after 28 of its 29 rounds (1,680 board results): recording one
  board through the services (target 0.1 s: a keystroke's worth), the standings in process (target 0.05 s) and
  `tdesk standings --json` (target 0.5 s).

Measured on CPU time, never the wall clock (the machine is shared): a command is its child process's user + system
time (``os.wait4``), a service this process's (``time.process_time``). Each figure is the median of its runs and
is printed beside its ratio to a floor measured in the same run, interleaved with it: for a command the process
``python -c "import sqlalchemy.orm, sqlite3"``, for a service one read transaction of the event's own row.
The whole run is bounded (``--deadline``): past it, what was measured is printed and the run says it timed out.

Run: ``.venv/bin/python bench/formats.py [--quick]`` (building the events is not timed).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

from timing import (
    Deadline,
    child_cpu,
    cpu_call,
    figure,
    interleaved,
)  # bench/timing.py (run as bench/<name>.py)

from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk, tournament
from tournament_desk.services.event import create_tournament
from tournament_desk.services.groups import draw_knockout
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.results.pair_boards import import_pair_boards, record_pair_board, table_boards
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings

COMMAND_TARGET = 0.5
BOARD_TARGET = 0.1
SERVICE_TARGET = 0.05


ROOT = Path(__file__).resolve().parents[1]
FLOOR = [sys.executable, "-c", "import sqlalchemy.orm, sqlite3"]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "TDESK_LANG": "en"}


def tdesk(*args: object) -> list[str]:
    return [sys.executable, "-m", "tournament_desk.cli", *(str(a) for a in args)]


def groups_event(path: Path) -> None:
    rng = random.Random(3)
    with create_tournament(path, name="三十二队杯", format="groups-knockout", third_place=True) as desk:
        for i in range(1, 33):
            es.add_entrant(desk, f"队{i:02d}")
        es.draw(desk, seed=11)
        for round_no in range(1, 8):
            if round_no == 4:
                draw_knockout(desk, seed=5)
            view = pair_next_round(desk)
            for t in view.tables:
                home, away = rng.randint(2, 14), rng.randint(2, 14)
                on_stage = "home" if home == away and round_no >= 4 else None
                record_result(desk, round_no, t.table, home, away, on_stage=on_stage)


def mitchell_event(path: Path, rounds: int) -> None:
    rng = random.Random(1)
    sheet = path.with_suffix(".csv")
    with create_tournament(path, name="牌套大赛", format="mitchell", boards_per_round=2) as desk:
        for i in range(60):
            es.add_entrant(desk, f"对{i + 1}")
        es.draw(desk, seed=1)
        for round_no in range(1, rounds + 1):
            pair_next_round(desk)
            rows = ["round,table,board,points"]
            for table in range(1, 31):
                rows += [f"{round_no},{table},{b.board},{5 * rng.randint(0, 40)}"
                         for b in table_boards(desk, round_no, table)]  # fmt: skip
            sheet.write_text("\n".join(rows), encoding="utf-8")
            import_pair_boards(desk, sheet)
        pair_next_round(desk)


def show(name: str, samples: tuple[list[float], list[float]], target: float, unit: str = "s") -> None:
    works, floors = samples
    floor = sorted(floors)[len(floors) // 2] if floors else 0.0
    print(figure(name, works, floor, target, unit=unit), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, a shorter Mitchell")
    parser.add_argument("--deadline", type=float, default=600, help="seconds before the run gives up")
    args = parser.parse_args()
    runs = 3 if args.quick else 7
    deadline = Deadline(args.deadline)
    with tempfile.TemporaryDirectory() as folder:
        os.environ.setdefault("TDESK_DATA_DIR", str(Path(folder) / "data"))  # no backup in the user's folder

        def command_floor() -> float:
            return child_cpu(FLOOR, deadline, env())

        cup = Path(folder) / "cup.tdesk"
        groups_event(cup)
        print(
            f"floor of a command: python {' '.join(FLOOR[1:])} (a process); of a service: one read transaction"
        )
        for command in ("standings", "bracket"):

            def run(command: str = command) -> float:
                return child_cpu(tdesk(command, cup, "--json"), deadline, env())

            samples = interleaved(run, command_floor, runs, deadline)
            show(f"groups 32: tdesk {command} --json (whole process)", samples, COMMAND_TARGET)
        played = 10 if args.quick else 28
        pairs = Path(folder) / "mitchell.tdesk"
        if not deadline.over("building the Mitchell"):
            mitchell_event(pairs, played)
            mitchell(pairs, played, runs, deadline)
        note = deadline.note()
        if note:
            print(note)


def mitchell(pairs: Path, played: int, runs: int, deadline: Deadline) -> None:
    name = f"Mitchell 30 tables after {played} rounds"
    with Desk.open(pairs) as desk:
        boards = iter([(t, b.board) for t in range(1, 31) for b in table_boards(desk, played + 1, t)])

        def one_board() -> None:
            table, board = next(boards)
            record_pair_board(desk, played + 1, table, board, 50)

        def read_floor() -> float:
            def read() -> None:
                with desk.db.transaction() as session:
                    tournament(session)

            return cpu_call(read)

        show(f"{name}: record one board (services)",
             interleaved(lambda: cpu_call(one_board), read_floor, min(runs * 3, 30), deadline), BOARD_TARGET,
             "ms")  # fmt: skip
        show(f"{name}: standings (services)",
             interleaved(lambda: cpu_call(lambda: current_standings(desk)), read_floor, runs, deadline),
             SERVICE_TARGET, "ms")  # fmt: skip
    show(f"{name}: tdesk standings --json (whole process)",
         interleaved(lambda: child_cpu(tdesk("standings", pairs, "--json"), deadline, env()),
                     lambda: child_cpu(FLOOR, deadline, env()), runs, deadline), COMMAND_TARGET)  # fmt: skip


if __name__ == "__main__":
    main()
