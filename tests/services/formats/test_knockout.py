"""The knockout's services (services/formats/knockout.py): the phones enter levels and the side on stage."""

from __future__ import annotations

from tournament_desk.domain.formats import format_named
from tournament_desk.services.formats.base import FormatServices
from tournament_desk.services.formats.knockout import KnockoutServices


def test_a_knockout_table_is_entered_with_the_side_on_stage() -> None:
    assert KnockoutServices().entry == "levels-on-stage" != FormatServices().entry


def test_the_rest_is_the_default() -> None:
    assert KnockoutServices().crosstable_page(format_named("knockout")) == FormatServices().crosstable_page(
        format_named("knockout")
    )
