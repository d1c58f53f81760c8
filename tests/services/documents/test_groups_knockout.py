"""Groups then knockout (services/documents/groups_knockout.py): the group tables, and no certificates before
the final placing."""

from __future__ import annotations

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import documents
from tournament_desk.services import entrants as es
from tournament_desk.services.documents.groups_knockout import group_stage_data
from tournament_desk.services.documents.reading import event_header

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.mark.slow
def test_the_groups_are_printed_before_any_result_and_certificates_refused(events: Events) -> None:
    with events.create(name="分组", format="groups-knockout") as d:
        names = [f"队{i}" for i in range(1, 9)]
        for name in names:
            es.add_entrant(d, name)
        es.draw(d, order=names)
        data = group_stage_data(d, event_header(d))
        assert len(data.groups) == 2  # eight entrants in groups of four
        assert not data.qualifiers and not data.drawn
        assert "crosstable" in documents.printable(d)
        with pytest.raises(BadInput, match="enter the final's result first"):
            documents.make(d, "certificates")
        assert "certificates" not in documents.ready(d)
