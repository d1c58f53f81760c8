"""One line in the log for every request the LAN server answers (issue 28): ``AccessLog``, an ASGI middleware.

The line names the time, the client's address, the method, the page, the status, the bytes sent and the
milliseconds taken; a request the server refused (``limits``: a body too large or too slow, a form with too
many fields) says so and why. The codes in a page's address (``/t/CODE``, ``/c/CODE``) and every query string
are masked by the log itself (``logs.Secrets``) before the line is written, so nothing a phone could enter
with reaches the file.

Cheap on the phones' path: a request only notes its figures; they are written together, as one record of
the log, at most ``FLUSH_SECONDS`` later (or when ``MOST_WAITING`` wait, or at once with a refusal, or as the
process ends): one record of a log costs as much as a small page (its masks, the file's checks and flush),
one a request would make every page measurably slower. A server killed with ``kill -9`` loses at most the
last half second of lines. Nothing is noted when nothing writes Tournament Desk's lines at INFO.

Where it stands: the outermost of the app's middleware (outside ``limits.Guard``, whose refusals it counts),
inside Starlette's error page: a request a page failed on is logged here as a 500, its traceback by uvicorn
(``server.serve`` has uvicorn's lines written to the same log).
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import logging
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("tournament_desk.web.requests")

REFUSED = "tdesk.refused"  # the scope's key ``limits.refusal`` sets: why the request was refused
# Why, in the log's words, by ``limits.refusal``'s reason (a status, or ``limits.FIELDS``).
WHY: dict[int | str, str] = {
    408: "the body came too slowly",
    413: "the body is larger than the server takes",
    "fields": "the form has too many fields",
    400: "the request could not be read",
}


FLUSH_SECONDS = 0.5
MOST_WAITING = 500

# (wall time, address, method, path, status, bytes, ms, why refused or None): the lines not yet written
_waiting: list[tuple[float, str, str, str, int, int, float, str | None]] = []
_flush_due: asyncio.TimerHandle | None = None
_flush_due_on: asyncio.AbstractEventLoop | None = None


class AccessLog:
    """Notes each HTTP request as it ends (an event stream when it closes); see the module text."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not log.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()
        status = 0
        sent = 0

        async def send_counted(message: Message) -> None:
            nonlocal status, sent
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                sent += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, send_counted)
        except BaseException:
            status = status or 500  # Starlette's error page answers it (the traceback: uvicorn's line)
            raise
        finally:
            _note(scope, status, sent, began)


def _note(scope: Scope, status: int, sent: int, began: float) -> None:
    global _flush_due, _flush_due_on
    client = scope.get("client")
    path = scope.get("path", "")
    if query := scope.get("query_string", b""):
        path = f"{path}?{query.decode('latin-1')}"  # masked as the line is written
    refused = scope.get(REFUSED)
    why = None if refused is None else WHY.get(refused, WHY[400])
    ms = (time.perf_counter() - began) * 1000
    _waiting.append(
        (time.time(), client[0] if client else "-", scope.get("method", "-"), path, status, sent, ms, why)
    )
    if why is not None or len(_waiting) >= MOST_WAITING:
        flush()
    else:
        loop = asyncio.get_running_loop()
        if _flush_due is None or _flush_due_on is not loop:  # (a test's loop may have ended since)
            _flush_due, _flush_due_on = loop.call_later(FLUSH_SECONDS, flush), loop


def flush() -> None:
    """Write the lines noted so far, as one record (a warning when one of them is a refusal)."""
    global _flush_due
    if _flush_due is not None:
        _flush_due.cancel()
        _flush_due = None
    if not _waiting:
        return
    lines = [_line(*noted) for noted in _waiting]
    level = logging.WARNING if any(noted[-1] is not None for noted in _waiting) else logging.INFO
    _waiting.clear()
    log.log(level, "requests:\n%s", "\n".join(lines))


def _line(when: float, address: str, method: str, path: str, status: int, sent: int, ms: float,
          why: str | None) -> str:  # fmt: skip
    line = f"{_second(int(when))}.{int(when * 1000) % 1000:03d} {address} {method} {path} {status} {sent} B {ms:.1f} ms"
    return line if why is None else f"{line} refused: {why}"


@functools.lru_cache(maxsize=4)
def _second(when: int) -> str:
    return time.strftime("%H:%M:%S", time.localtime(when))


atexit.register(flush)  # a server stopped (Ctrl+C, the window's Stop) writes its last lines
