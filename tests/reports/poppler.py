"""Thin wrappers over the poppler tools the report tests read PDFs back with."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

TOOLS = ("pdftotext", "pdffonts", "pdfinfo", "pdftoppm")
A4_PORTRAIT = "595.276 x 841.89"
A4_LANDSCAPE = "841.89 x 595.276"


def require_poppler() -> None:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    assert not missing, (
        f"poppler-utils is needed for the report tests (apt-get install poppler-utils): {missing}"
    )


def _run(*args: str | Path) -> str:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{args[0]} failed ({done.returncode}): {done.stderr}"
    assert "error" not in done.stderr.lower(), f"{args[0]} complained: {done.stderr}"  # exit 0 on bad syntax
    return done.stdout


def text(pdf: Path) -> str:
    return _run("pdftotext", "-layout", pdf, "-")


def page_texts(pdf: Path) -> list[str]:
    return text(pdf).split("\f")[:-1]


def pages(pdf: Path) -> int:
    match = re.search(r"^Pages:\s+(\d+)", _run("pdfinfo", pdf), re.MULTILINE)
    assert match, "pdfinfo gave no page count"
    return int(match.group(1))


def fonts(pdf: Path) -> list[tuple[str, bool]]:
    """(font name, embedded) for every font the PDF uses."""
    rows = _run("pdffonts", pdf).splitlines()[2:]
    found = []
    for row in rows:
        parts = row.split()
        # name type [type2] encoding emb sub uni object ID: count from the right, types may be two words
        found.append((parts[0], parts[-5] == "yes"))
    return found


def render(pdf: Path, folder: Path) -> int:
    """Render every page to PNG; returns how many images pdftoppm wrote."""
    folder.mkdir(parents=True, exist_ok=True)
    _run("pdftoppm", "-r", "30", "-png", pdf, folder / pdf.stem)
    return len(list(folder.glob(f"{pdf.stem}*.png")))


def page_sizes(pdf: Path) -> list[str]:
    """Each page's size in points, as pdfinfo prints it."""
    done = _run("pdfinfo", "-f", "1", "-l", str(pages(pdf)), pdf)
    return re.findall(r"Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts", done)
