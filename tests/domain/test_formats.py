"""Formats by the name stored with a stage; only some can start an event."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats import FORMATS, creatable, format_named


def test_every_format_is_found_by_its_own_name() -> None:
    assert all(format_named(name).name == name for name in FORMATS)
    assert {"swiss", "round-robin", "mitchell"} <= set(creatable())
    assert all(FORMATS[name].creatable for name in creatable())


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


def test_each_registered_name_makes_the_format_of_that_name() -> None:
    from tournament_desk.domain.scoring_modes import SCORING_MODES
    from tournament_desk.services.formats import REGISTRY

    assert [FORMATS[name].name for name in FORMATS] == list(FORMATS)
    assert [SCORING_MODES[name].name for name in SCORING_MODES] == list(SCORING_MODES)
    assert set(REGISTRY) <= set(FORMATS)


def test_a_swiss_event_imports_no_other_format() -> None:
    """The registries import a format or scoring mode when it is first used (domain/registry.py): a fresh
    interpreter that asks for the Swiss format and the levels mode loads neither the knockout nor Mitchell's
    modules, nor the duplicate or team-match modes."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from tournament_desk.domain.formats import format_named\n"
        "from tournament_desk.domain.scoring_modes import scoring_mode\n"
        "from tournament_desk.services.formats import format_services\n"
        "format_named('swiss'); scoring_mode('levels'); format_services('swiss')\n"
        "print(' '.join(m for m in sys.modules if m.startswith('tournament_desk')))\n"
    )
    loaded = set(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
    )
    assert "tournament_desk.domain.formats.swiss" in loaded
    for other in ("knockout_stage", "mitchell_stage", "group_stage", "final_stage", "knockout", "mitchell"):
        assert f"tournament_desk.domain.formats.{other}" not in loaded
    for other in ("duplicate", "team_match"):
        assert f"tournament_desk.domain.scoring_modes.{other}" not in loaded
    assert "tournament_desk.services.formats.mitchell" not in loaded
