"""Finding files the application ships under ``resources/`` (fonts, translations, templates)."""

from __future__ import annotations

from pathlib import Path

import tournament_desk

CJK_FONT = ("fonts", "wqy-microhei.ttc")


def resource_path(*parts: str) -> Path:
    """A file under ``resources/``: beside the package in a checkout, inside it once installed or frozen."""
    package = Path(tournament_desk.__file__).resolve().parent
    for root in (package.parent / "resources", package / "resources"):
        candidate = root.joinpath(*parts)
        if candidate.exists():
            return candidate
    return package.parent.joinpath("resources", *parts)
