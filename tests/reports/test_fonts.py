"""The report font: found beside the package, registered once, and measuring text."""

from __future__ import annotations

from tournament_desk.reports.fonts import cjk_font, text_width
from tournament_desk.resources import resource_path


def test_the_font_is_found_beside_the_package_and_registered_once() -> None:
    path = resource_path("fonts", "wqy-microhei.ttc")
    assert path.is_file() and path.stat().st_size < 10_000_000
    assert cjk_font() == cjk_font()
    assert text_width("队", 10) > text_width("1", 10) > 0
