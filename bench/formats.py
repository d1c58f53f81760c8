"""Groups then knockout and Mitchell at full size: the cost of the commands the desk runs most.

- A 32-team groups-then-knockout event played to the final: `tdesk standings --json` and `tdesk bracket --json`
  (whole processes; target 0.5 s each, the command-line target of issue 16).
- A 30-table Mitchell (60 pairs, 2 boards a round) after 28 of its 29 rounds (1,680 board results): recording one
  board through the services (target 0.1 s: a keystroke's worth), the standings in process (target 0.05 s) and
  `tdesk standings --json` (target 0.5 s).

Run: ``.venv/bin/python bench/formats.py [--quick]``. Medians; the machine is shared, so compare ratios.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import median_time  # bench/timing.py (run as bench/<name>.py)

from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.groups import draw_knockout
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.results.pair_boards import import_pair_boards, record_pair_board, table_boards
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings

COMMAND_TARGET = 0.5
BOARD_TARGET = 0.1
SERVICE_TARGET = 0.05


def tdesk(*args: object) -> None:
    subprocess.run([sys.executable, "-m", "tournament_desk.cli", *(str(a) for a in args)], check=True,
                   capture_output=True)  # fmt: skip


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


def line(what: str, seconds: float, target: float) -> None:
    mark = "ok" if seconds <= target else "OVER"
    print(f"{what:<62} {seconds * 1000:8.1f} ms   target {target * 1000:6.0f} ms   {mark}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer repeats, a shorter Mitchell")
    args = parser.parse_args()
    repeats = 3 if args.quick else 7
    with tempfile.TemporaryDirectory() as folder:
        cup = Path(folder) / "cup.tdesk"
        groups_event(cup)
        line("groups 32: tdesk standings --json (whole process)",
             median_time(lambda: tdesk("standings", cup, "--json"), repeats), COMMAND_TARGET)  # fmt: skip
        line("groups 32: tdesk bracket --json (whole process)",
             median_time(lambda: tdesk("bracket", cup, "--json"), repeats), COMMAND_TARGET)  # fmt: skip
        pairs = Path(folder) / "mitchell.tdesk"
        played = 10 if args.quick else 28
        mitchell_event(pairs, played)
        with Desk.open(pairs) as desk:
            boards = [(t, b.board) for t in range(1, 31) for b in table_boards(desk, played + 1, t)]
            times = iter(boards)

            def one_board() -> None:
                table, board = next(times)
                record_pair_board(desk, played + 1, table, board, 50)

            line(f"Mitchell 30 tables after {played} rounds: record one board (services)",
                 median_time(one_board, min(repeats * 3, len(boards))), BOARD_TARGET)  # fmt: skip
            line(f"Mitchell 30 tables after {played} rounds: standings (services)",
                 median_time(lambda: current_standings(desk), repeats), SERVICE_TARGET)  # fmt: skip
        line(f"Mitchell 30 tables after {played} rounds: tdesk standings --json",
             median_time(lambda: tdesk("standings", pairs, "--json"), repeats), COMMAND_TARGET)  # fmt: skip


if __name__ == "__main__":
    main()
