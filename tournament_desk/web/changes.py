"""One watcher of the tournament file for all connected screens: it looks for changes a few times a second
(the desk writes from another process) and wakes every waiting event stream at once.

What the streams send is read once per change, here (the marker and the clock), never once per phone; a change
the server made itself (a result from a table) is looked for at once (``poke``) rather than at the next poll.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import asdict

from starlette.concurrency import run_in_threadpool

from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.live import Marker


class Changes:
    def __init__(self, desk: Desk, poll_seconds: float) -> None:
        self.desk = desk
        self.poll_seconds = poll_seconds
        self.marker: Marker | None = None
        self.message = ""  # the SSE lines every stream sends for the current marker
        self.listeners = 0
        self._changed: asyncio.Event | None = None
        self._poked: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None

    async def current(self) -> Marker:
        if self.marker is None:
            self.marker = await run_in_threadpool(live.marker, self.desk)
        return self.marker

    def poke(self) -> None:
        """The server has just written: look now, not at the next poll."""
        task, poked = self._task, self._poked
        if task is None or task.done() or poked is None:
            return  # nobody listens
        loop = task.get_loop()
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if loop is here:
            poked.set()
        else:
            with contextlib.suppress(RuntimeError):  # that loop has closed: nobody listens there any more
                loop.call_soon_threadsafe(poked.set)

    def _look(self, known: Marker | None) -> tuple[Marker, str]:
        """The marker, and when it moved the lines for the streams (the clock read once for all of them)."""
        now = live.marker(self.desk)
        if now == known:
            return now, self.message
        view = live.clock(self.desk)
        clock = json.dumps({"remaining": view.remaining, "running": view.running})
        data: dict[str, object] = asdict(now)
        if known is not None and known.round == now.round and known.published == now.published:
            # which of the round's tables changed: a phone waiting on its own table reads it again only then
            data["tables"], data["other"] = live.changed_tables(
                self.desk, known.changes, now.changes, now.round
            )
        return now, f"event: change\ndata: {json.dumps(data)}\n\nevent: clock\ndata: {clock}\n\n"

    async def _watch(self) -> None:
        """Poll while anyone listens; stop when the last listener has gone."""
        poked = self._poked = asyncio.Event()
        while self.listeners > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(poked.wait(), self.poll_seconds)
            poked.clear()
            now, message = await run_in_threadpool(self._look, self.marker)
            if now != self.marker:
                self.marker, self.message = now, message
                assert self._changed is not None
                self._changed.set()
                self._changed = asyncio.Event()

    async def wait(self, seen: Marker, timeout: float) -> Marker:
        """The marker once it differs from ``seen``, or ``seen`` again after ``timeout`` seconds."""
        if self._task is None or self._task.done():  # (a watcher ends with its listeners, or its loop)
            self._changed = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._watch())
        if self.marker is not None and self.marker != seen:
            return self.marker
        event = self._changed
        assert event is not None
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return seen
        return self.marker or seen
