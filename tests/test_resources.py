"""Finding the files shipped under ``resources/``."""

from __future__ import annotations

from pathlib import Path

import tournament_desk
from tournament_desk.resources import CJK_FONT, resource_path

CHECKOUT = Path(tournament_desk.__file__).resolve().parent.parent / "resources"


def test_a_shipped_file_is_found_in_the_checkout() -> None:
    font = resource_path(*CJK_FONT)
    assert font == CHECKOUT / "fonts" / "wqy-microhei.ttc"
    assert font.is_file()
    assert resource_path("registration-template.xlsx").is_file()


def test_a_missing_file_names_where_the_checkout_would_hold_it() -> None:
    missing = resource_path("fonts", "no-such-font.ttf")
    assert missing == CHECKOUT / "fonts" / "no-such-font.ttf"
    assert not missing.exists()
