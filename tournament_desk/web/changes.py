"""One watcher of the tournament file for all connected screens: it looks for changes a few times a second
(the desk writes from another process) and wakes every waiting event stream at once."""

from __future__ import annotations

import asyncio

from starlette.concurrency import run_in_threadpool

from tournament_desk.services import live_public
from tournament_desk.services.desk import Desk
from tournament_desk.services.live_public import Marker


class Changes:
    def __init__(self, desk: Desk, poll_seconds: float) -> None:
        self.desk = desk
        self.poll_seconds = poll_seconds
        self.marker: Marker | None = None
        self.listeners = 0
        self._changed: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None

    async def current(self) -> Marker:
        if self.marker is None:
            self.marker = await run_in_threadpool(live_public.marker, self.desk)
        return self.marker

    async def _watch(self) -> None:
        """Poll while anyone listens; stop when the last listener has gone."""
        while self.listeners > 0:
            await asyncio.sleep(self.poll_seconds)
            now = await run_in_threadpool(live_public.marker, self.desk)
            if now != self.marker:
                self.marker = now
                assert self._changed is not None
                self._changed.set()
                self._changed = asyncio.Event()
        self._task = None

    async def wait(self, seen: Marker, timeout: float) -> Marker:
        """The marker once it differs from ``seen``, or ``seen`` again after ``timeout`` seconds."""
        if self._changed is None:
            self._changed = asyncio.Event()
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._watch())
        if self.marker is not None and self.marker != seen:
            return self.marker
        event = self._changed
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return seen
        return self.marker or seen
