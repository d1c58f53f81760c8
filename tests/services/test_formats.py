"""Which services a stage format has (services/formats/__init__.py)."""

from __future__ import annotations

import pytest

from tournament_desk.services.formats import format_services
from tournament_desk.services.formats.knockout import KnockoutServices
from tournament_desk.services.formats.mitchell import MitchellServices


@pytest.mark.parametrize("name", ["knockout", "knockout-round-robin"])
def test_both_knockouts_enter_levels_with_the_side_on_stage(name: str) -> None:
    assert isinstance(format_services(name), KnockoutServices)


def test_mitchell_has_its_own() -> None:
    assert isinstance(format_services("mitchell"), MitchellServices)


@pytest.mark.parametrize("name", ["swiss", "round-robin", "no-such-format"])
def test_a_format_that_needs_nothing_more_gets_the_default(name: str) -> None:
    services = format_services(name)
    assert not isinstance(services, KnockoutServices | MitchellServices)
    assert services.entry == format_services("swiss").entry
