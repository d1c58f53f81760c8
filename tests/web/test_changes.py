"""One watcher of the file for every screen: a change wakes the waiting streams with what to send."""

from __future__ import annotations

import asyncio
import json

import pytest

from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import levels as rs
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.web.changes import Changes


@pytest.mark.slow
def test_the_current_marker_is_read_once_and_kept(swiss: Desk) -> None:
    changes = Changes(swiss, poll_seconds=0.05)
    first = asyncio.run(changes.current())
    assert first == live.marker(swiss) and first.round == 2
    live.announce(swiss, "请交记分表")
    assert asyncio.run(changes.current()) == first  # until the watcher sees the change


@pytest.mark.slow
def test_a_wait_without_a_change_times_out_with_the_marker_seen(swiss: Desk) -> None:
    changes = Changes(swiss, poll_seconds=0.05)

    async def waiting() -> None:
        seen = await changes.current()
        changes.listeners += 1
        assert await changes.wait(seen, 0.2) == seen
        changes.listeners -= 1

    asyncio.run(waiting())


@pytest.mark.slow
def test_a_change_wakes_the_wait_and_names_the_changed_table(swiss: Desk) -> None:
    view = pair_next_round(swiss)
    changes = Changes(swiss, poll_seconds=10.0)  # only a poke makes it look before the timeout

    async def waiting() -> None:
        seen = await changes.current()
        changes.listeners += 1
        waiter = asyncio.create_task(changes.wait(seen, 5.0))
        await asyncio.sleep(0.05)
        rs.record_result(swiss, view.round, view.tables[0].table, "A", "2")
        changes.poke()
        now = await waiter
        changes.listeners -= 1
        assert now != seen and now.changes > seen.changes
        assert "event: change" in changes.message and "event: clock" in changes.message
        data = json.loads(changes.message.split("data: ", 1)[1].split("\n", 1)[0])
        assert set(data["tables"]) == {str(view.tables[0].table)} and data["other"] is False

    asyncio.run(waiting())
