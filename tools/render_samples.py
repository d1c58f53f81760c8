"""Regenerate docs/samples/: every printed report of a demo event, rendered to PNG.

Needs poppler-utils (pdftoppm). The demo event has Chinese team, unit and player names, 25 teams (so
every round has a bye) and three rounds played.

    .venv/bin/python tools/render_samples.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tournament_desk.services.demo import create_demo
from tournament_desk.services.entrants import add_entrant
from tournament_desk.services.event import create_tournament
from tournament_desk.services.output.card_sheets import export_cards
from tournament_desk.services.output.export import export
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "docs" / "samples"
RESOLUTION = "72"
MAX_BYTES = 300_000
# report → the pages worth showing (1-based)
PAGES = {
    "pairings": (1, 2),
    "scoresheets": (1,),
    "standings": (1,),
    "ranking": (1,),
    "crosstable": (1,),
    "certificates": (1,),
}


def render(pdf: Path, page: int, target: Path) -> None:
    stem = target.with_suffix("")
    subprocess.run(
        ["pdftoppm", "-r", RESOLUTION, "-png", "-f", str(page), "-l", str(page), "-singlefile", pdf, stem],
        check=True,
    )
    size = target.stat().st_size
    if size > MAX_BYTES:
        sys.exit(f"{target.name} is {size} bytes, more than {MAX_BYTES}: lower RESOLUTION")


def main() -> None:
    if shutil.which("pdftoppm") is None:
        sys.exit("pdftoppm not found: apt-get install poppler-utils")
    SAMPLES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        with create_demo(folder / "demo.tdesk", entrants=25, units=6, played=3, seed=7) as desk:
            written = export(desk, "all", folder / "sample.pdf")
            cards = export_cards(desk, folder / "cards.pdf", base_url="http://192.168.1.20:8765/")
        render(cards, 1, SAMPLES / "cards.png")
        print(SAMPLES / "cards.png")
        for pdf in written:
            report = pdf.stem.removeprefix("sample-")
            for page in PAGES[report]:
                name = report if page == 1 else f"{report}-{page}"
                render(pdf, page, SAMPLES / f"{name}.png")
                print(SAMPLES / f"{name}.png")
        grid = round_robin_grid(folder / "roundrobin.tdesk", folder / "roundrobin.pdf")
        render(grid, 1, SAMPLES / "roundrobin-crosstable.png")
        print(SAMPLES / "roundrobin-crosstable.png")


def round_robin_grid(event: Path, out: Path) -> Path:
    """A round robin of eight, five of its seven rounds played: its cross-table (交叉表)."""
    teams = ("东风队", "红旗队", "长城队", "黄河队", "泰山队", "长江队", "黄山队", "珠江队")
    levels = ("Q", "9", "10", "10", "A", "8", "J", "K", "5", "9", "K", "Q", "7", "10", "A", "2")
    with create_tournament(event, name="2026 年教工单循环邀请赛", format="round-robin") as desk:
        for name in teams:
            add_entrant(desk, name)
        typed = iter(levels * 5)
        for _ in range(5):
            view = pair_next_round(desk)
            for t in view.tables:
                record_result(desk, view.round, t.table, next(typed), next(typed))
        return export(desk, "crosstable", out)[0]


if __name__ == "__main__":
    main()
