"""Finding the shipped resources and registering the CJK font with reportlab (once per process).

The font is WenQuanYi Micro Hei (文泉驿微米黑, Apache-2.0): one TrueType face with both the Chinese
glyphs and Latin letters and digits, so every printed string needs just this one embedded font.
"""

from __future__ import annotations

from functools import cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from tournament_desk.resources import CJK_FONT, resource_path

FONT_NAME = "TDeskCJK"
FONT_FILE = CJK_FONT
FONT_INDEX = 0  # the proportional face; index 1 is Micro Hei Mono


@cache
def cjk_font() -> str:
    """Register the CJK font with reportlab and return its name; later calls cost nothing."""
    path = resource_path(*FONT_FILE)
    if not path.exists():
        raise FileNotFoundError(f"the CJK font is missing: {path}")
    pdfmetrics.registerFont(TTFont(FONT_NAME, str(path), subfontIndex=FONT_INDEX))
    return FONT_NAME


def text_width(text: str, size: float) -> float:
    return float(pdfmetrics.stringWidth(text, cjk_font(), size))
