"""The documents registry (issue 24): every stage format's printed documents come from its own module, found by
``documents_for``; a format without a module prints what the format it is built on prints; what an event's
formats do not print is refused in one translated sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.domain import formats
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.formats.knockout_stage import Knockout
from tournament_desk.domain.formats.swiss import Swiss
from tournament_desk.i18n import render
from tournament_desk.services import documents
from tournament_desk.services.documents.base import ENTRY_SHEETS
from tournament_desk.services.entrants import add_entrant, draw
from tournament_desk.services.event import create_tournament
from tournament_desk.services.output.export import CHOICES


def test_every_stage_format_has_its_own_documents() -> None:
    assert set(documents.DOCUMENTS) == set(formats.FORMATS)
    for name in formats.FORMATS:
        own = documents.documents_for(name)
        assert own is documents.DOCUMENTS[name]
        assert set(own.documents) <= {*documents.KINDS, ENTRY_SHEETS}, name
        assert set(own.refusals) <= set(documents.KINDS), name
    assert set(documents.KINDS) == set(CHOICES) - {"all"}


class Sixth(Swiss):
    name = "sixth"


class Draw(Knockout):
    name = "draw-knockout"


def test_a_format_without_a_module_prints_what_its_base_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(formats.FORMATS, Sixth.name, Sixth())
    monkeypatch.setitem(formats.FORMATS, Draw.name, Draw())
    assert documents.documents_for("sixth") is documents.DOCUMENTS["swiss"]
    assert documents.documents_for("draw-knockout") is documents.DOCUMENTS["knockout"]
    assert documents.documents_for("no-such-format") is documents.DEFAULT


@pytest.mark.parametrize(
    ("fmt", "printed", "refused"),
    [
        ("swiss", {"pairings", "crosstable", "certificates"}, "bracket"),
        ("round-robin", {"crosstable", "standings"}, "bracket"),
        ("knockout", {"bracket", "pairings", "certificates"}, "crosstable"),
        ("knockout-round-robin", {"bracket", "crosstable", "certificates"}, None),
        ("groups-knockout", {"bracket", "crosstable", "certificates"}, None),
    ],
)
@pytest.mark.slow
def test_what_an_event_prints_and_refuses(
    tmp_path: Path, fmt: str, printed: set[str], refused: str | None
) -> None:
    with create_tournament(tmp_path / "e.tdesk", name="杯", format=fmt) as desk:
        for i in range(6):
            add_entrant(desk, f"第{i}队")
        draw(desk, seed=1)
        kinds = set(documents.printable(desk))
        assert printed <= kinds
        if refused is None:
            return
        assert refused not in kinds
        with pytest.raises(BadInput) as caught:
            documents.make(desk, refused)
        sentence = render(caught.value, "zh")
        assert sentence != str(caught.value) and "\n" not in sentence
