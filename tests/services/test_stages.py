"""The stages of an event and the format each runs (services/stages.py)."""

from __future__ import annotations

import pytest

from tests.services.conftest import Events
from tournament_desk.services.desk import Desk
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.stages import (
    all_stages,
    current_stage,
    event_chain,
    mode_of,
    save_settings,
    stage_formats,
    stage_numbered,
    stage_of_round,
)

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_a_swiss_event_has_one_stage_running_swiss(four: Desk) -> None:
    pair_next_round(four)
    with four.db.transaction() as session:
        stage = current_stage(session)
        assert (stage.number, stage.format.name) == (1, "swiss")
        assert [s.number for s in all_stages(session)] == [1]
        assert stage_of_round(session, 1).number == 1
        assert stage_numbered(session, 2) is None
        assert [f.name for f in stage_formats(session)] == ["swiss"]
        assert [p.format for p in event_chain(session)] == ["swiss"]
        assert mode_of(session).name == "levels"


@pytest.mark.slow
def test_a_knockout_after_groups_is_planned_before_it_starts(events: Events) -> None:
    with events.create(name="小组", format="groups-knockout") as d, d.db.transaction() as session:
        assert [f.name for f in stage_formats(session)] == ["groups-knockout", "knockout"]
        assert [s.format.name for s in all_stages(session)] == ["groups-knockout"]


def test_a_stage_keeps_the_settings_saved_for_it(four: Desk) -> None:
    with four.db.transaction(write=True) as session:
        save_settings(session, 1, {"note": "第一阶段"})
    with four.db.transaction() as session:
        assert current_stage(session).settings == {"note": "第一阶段"}
