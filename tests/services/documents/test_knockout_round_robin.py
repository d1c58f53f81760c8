"""Knockout rounds into a round-robin final (services/documents/knockout_round_robin.py): the bracket up to the
finalists, certificates only after the final."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import documents
from tournament_desk.services import entrants as es
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_the_bracket_is_printed_and_certificates_wait_for_the_final(events: Events, tmp_path: Path) -> None:
    with events.create(name="淘汰循环", format="knockout-round-robin") as d:
        names = [f"队{i}" for i in range(1, 9)]
        for name in names:
            es.add_entrant(d, name)
        es.draw(d, order=names)
        pair_next_round(d)
        assert {"bracket", "crosstable", "certificates"} <= set(documents.printable(d))
        assert "certificates" not in documents.ready(d)
        with pytest.raises(BadInput, match="round-robin final still has results to enter"):
            documents.make(d, "certificates")
        with pytest.raises(BadInput, match="has not started yet"):
            documents.make(d, "crosstable")
        documents.make(d, "bracket")(tmp_path / "b.pdf")
        assert (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF")
