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
from tournament_desk.services.export import export

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
        for pdf in written:
            report = pdf.stem.removeprefix("sample-")
            for page in PAGES[report]:
                name = report if page == 1 else f"{report}-{page}"
                render(pdf, page, SAMPLES / f"{name}.png")
                print(SAMPLES / f"{name}.png")


if __name__ == "__main__":
    main()
