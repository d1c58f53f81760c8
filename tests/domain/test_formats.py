"""Formats by the name stored with a stage; only some can start an event."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats import CREATABLE, FORMATS, format_named


def test_every_format_is_found_by_its_own_name() -> None:
    assert all(format_named(name).name == name for name in FORMATS)
    assert {"swiss", "round-robin", "mitchell"} <= set(CREATABLE)
    assert all(FORMATS[name].creatable for name in CREATABLE)


def test_a_later_stage_cannot_start_an_event() -> None:
    later = [name for name, f in FORMATS.items() if not f.creatable]
    assert later  # the knockout follows a group stage
    for name in later:
        assert format_named(name).name == name
        with pytest.raises(BadInput, match=f"Unknown format '{name}'"):
            format_named(name, creating=True)


def test_an_unknown_format_names_the_choices() -> None:
    with pytest.raises(BadInput, match="choose one of swiss"):
        format_named("ladder")
