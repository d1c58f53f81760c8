"""The LAN server's one writer: the tables' submissions in group commits (``Writes``)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import TypeVar

from starlette.concurrency import run_in_threadpool

from tournament_desk.domain.errors import TournamentError
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.live import MOST_IN_ONE_WRITE
from tournament_desk.web.changes import Changes

T = TypeVar("T")


class Writes:
    """Group commit of the tables' submissions: one write at a time from this server (SQLite takes one writer
    anyway, and waiting on its busy handler is far slower than queueing here), and whatever arrived while a
    write was under way goes into the next one, all together (``live.submit_many``: one transaction, each
    submission in its own savepoint, at most ``live.MOST_IN_ONE_WRITE``). Each request still gets its own outcome,
    or its own refusal."""

    def __init__(self, desk: Desk, changes: Changes) -> None:
        self.desk = desk
        self.changes = changes
        self.lock = threading.Lock()  # the one writer, also across event loops (tests run one per request)
        self._mutex = threading.Lock()  # guards the queue
        self._queue: list[tuple[live.Submission, asyncio.Future[live.SubmissionOutcome]]] = []
        self._draining = False
        self._task: asyncio.Task[None] | None = None

    async def submit(self, submission: live.Submission) -> live.SubmissionOutcome:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[live.SubmissionOutcome] = loop.create_future()
        with self._mutex:
            self._queue.append((submission, future))
            start, self._draining = not self._draining, True
        if start:
            self._task = loop.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        batch: list[tuple[live.Submission, asyncio.Future[live.SubmissionOutcome]]] = []
        try:
            while True:
                with self._mutex:
                    batch, self._queue = self._queue[:MOST_IN_ONE_WRITE], self._queue[MOST_IN_ONE_WRITE:]
                    if not batch:
                        self._draining = False
                        return
                outcomes = await run_in_threadpool(self._write, [s for s, _ in batch])
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    _settle(future, outcome)
                batch = []
                self.changes.poke()  # the phones hear of it now, not at the next poll
        finally:
            if batch or self._draining:  # cancelled (the server stops): nobody is left waiting for ever
                with self._mutex:
                    left, self._queue, self._draining = batch + self._queue, [], False
                for _, future in left:
                    _settle(future, RuntimeError("the server stopped before this entry was stored"))

    def _write(self, submissions: list[live.Submission]) -> list[live.SubmissionOutcome | BaseException]:
        with self.lock:
            try:
                return list(live.submit_many(self.desk, submissions))
            except TournamentError as trouble:  # the file itself (locked, read-only, full): the same for all
                return [trouble] * len(submissions)
            except Exception as error:  # a fault: each on its own, so that it costs only its own entry
                if len(submissions) == 1:
                    return [error]
        return [self._write([s])[0] for s in submissions]


def _settle(future: asyncio.Future[T], outcome: T | BaseException) -> None:
    def settle() -> None:
        if future.done():
            return
        if isinstance(outcome, BaseException):
            future.set_exception(outcome)
        else:
            future.set_result(outcome)

    loop = future.get_loop()
    try:
        here: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        here = None
    if loop is here:
        settle()
    else:
        with contextlib.suppress(RuntimeError):  # that request's loop has gone
            loop.call_soon_threadsafe(settle)
