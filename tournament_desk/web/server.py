"""Running the LAN server: uvicorn in this process (``tdesk serve`` is started as its own process by the desk).

The addresses phones can reach are the machine's LAN addresses (the desk's window finds them with Qt; here
a routing lookup that sends nothing). The port (issue 28):

- A port asked for (``--port``, the Live window's port box) is the port; so is, when none is asked for, the
  port the event's printed codes name (``services.live.printed_port``). The listening socket takes it with
  ``SO_REUSEADDR`` (``SO_EXCLUSIVEADDRUSE`` on Windows), so a server killed and started again comes back on it
  at once, while the old connections still linger; when another live program holds it the server refuses to
  start, naming the port and what holds it, rather than take another the printed codes do not name (``ports``).
- No port asked for and no codes printed yet: 8765, else the first free one of the next nine.

What a hall meets (issue 28), set on uvicorn where it has a setting and in ``HallProtocol`` where it has not:
an idle connection is closed after ``KEEP_ALIVE_SECONDS``; one whose request headers have not all arrived
``HEADER_SECONDS`` after it opened (or after its request began) is closed; headers over ``MAX_HEADER_BYTES``
are refused; one client address holds at most ``MAX_CONNECTIONS_PER_CLIENT`` connections (one laptop opening
a thousand cannot starve the phones); the process's open-file limit is raised to what the system allows, and
the accept backlog leaves most of it to spare (``accept_backlog``).
Bodies, forms and headers of the answers: ``limits``. What clients send never reaches the terminal as it
came: the log's lines are stripped of control characters and terminal escapes (``PlainLog``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import socket
import sys
import time
import weakref
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from tournament_desk import logs
from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk
from tournament_desk.services.live import event_name, live_station, printed_port
from tournament_desk.web.app import create_app
from tournament_desk.web.ports import refusal, reprint_note

DEFAULT_PORT = 8765
PORTS_TRIED = 10
# How often the server looks for the desk's changes (its own are pushed at once): the look is one small read
# (~0.3 ms), so 20 a second cost well under 1 % of a core and halve the wait of a published round (bench/live.py).
POLL_SECONDS = 0.05
KEEP_ALIVE_SECONDS = 5.0  # an idle connection between requests (a phone opens a new one in milliseconds)
HEADER_SECONDS = 10.0  # from a connection's opening, or its request's first byte, to the end of the headers
MAX_HEADER_BYTES = 16 * 1024  # a request line and headers (the pages' cookies and addresses take under 1 KB)
# A phone's browser holds at most six connections to a server and one event stream per open page; 64 leave
# room for a few devices behind one address, and one laptop cannot hold more.
MAX_CONNECTIONS_PER_CLIENT = 64
REFUSAL_LOG_SECONDS = 60.0  # a refused address is logged once a minute, not once per connection
MAX_BACKLOG = 512

log = logging.getLogger("tournament_desk.web")


def candidate_ports(first: int | None) -> list[int]:
    """The ports to try: the one asked for only; none asked for (None), 8765 and the next nine; port 0: any
    free port (tests)."""
    if first is not None:
        return [first]
    return [p for p in range(DEFAULT_PORT, DEFAULT_PORT + PORTS_TRIED) if p <= 65535]


def _listening_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    exclusive = getattr(socket, "SO_EXCLUSIVEADDRUSE", None)  # Windows: SO_REUSEADDR there would share a port
    if sys.platform == "win32" and exclusive is not None:
        sock.setsockopt(socket.SOL_SOCKET, exclusive, 1)
    else:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # not SO_REUSEPORT: a live server keeps it
    return sock


def bind(host: str, ports: Sequence[int], *, printed: int | None = None) -> socket.socket:
    """A listening socket on the first free port of ``ports`` (a port still lingering after a server that
    stopped or was killed counts as free; one another live program listens on does not). ``printed``: the
    port the event's printed codes name (said in the refusal when it is the one taken)."""
    for port in ports:
        sock = _listening_socket()
        try:
            sock.bind((host, port))
        except OSError:
            sock.close()
            continue
        sock.listen(MAX_BACKLOG)
        return sock
    if len(ports) == 1:
        raise refusal(ports[0], printed=printed)
    raise BadInput(
        "Ports {first}–{last} are all in use; choose another with --port.", first=ports[0], last=ports[-1]
    )


def accept_backlog(open_files: int | None) -> int:
    """How many waiting connections to queue, which is also how many asyncio accepts at once before any of
    them is looked at (``HallProtocol`` closes a client's extra ones only then): a third of the open files
    left after a reserve, so a burst cannot use them all (at the limit asyncio logs "out of system resource"
    once for each accept it tries, which stalls every phone)."""
    if open_files is None or open_files < 0:  # no limit here (Windows), or none at all (RLIM_INFINITY)
        return MAX_BACKLOG
    return max(64, min(MAX_BACKLOG, (open_files - 256) // 3))


def raise_open_file_limit() -> tuple[int, int] | None:
    """The soft limit on open files raised to the hard one (1024 is a common soft limit: a hall's phones and
    one misbehaving laptop pass it); (old, new), or None where there is no such limit (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    for wanted in (hard, 10240):  # macOS: an unlimited hard limit, but no more than 10240 per process
        if wanted == resource.RLIM_INFINITY or (soft != resource.RLIM_INFINITY and wanted <= soft):
            continue
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            return soft, wanted
    return soft, soft


_OPEN: weakref.WeakKeyDictionary[ServerState, Counter[str]] = weakref.WeakKeyDictionary()
_REFUSED: dict[str, float] = {}


class HallProtocol(H11Protocol):
    """uvicorn's h11 protocol with what uvicorn has no setting for: a deadline for a request's headers (a
    client sending them a byte at a time holds the connection no longer), and at most
    ``MAX_CONNECTIONS_PER_CLIENT`` connections from one address (more are closed as they open)."""

    header_seconds = HEADER_SECONDS
    per_client = MAX_CONNECTIONS_PER_CLIENT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None
        self._counted: str | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else "?"
        held = _OPEN.setdefault(self.server_state, Counter())
        if held[address] >= self.per_client:
            _log_refused(address, held[address])
            transport.abort()
            return
        held[address] += 1
        self._counted = address
        self._watch_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        if self._counted is not None:
            held = _OPEN.get(self.server_state)
            if held is not None:
                held[self._counted] -= 1
                if held[self._counted] <= 0:
                    del held[self._counted]
            self._counted = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch_headers()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch_headers()

    def _waiting(self) -> bool:
        """Whether the client owes bytes no page is reading: the next request's headers (h11's IDLE), or the
        rest of a body the page answered without reading."""
        if self.transport.is_closing():
            return False
        state = self.conn.their_state
        answered = self.cycle is None or self.cycle.response_complete
        return state is h11.IDLE or (state is h11.SEND_BODY and answered)

    def _watch_headers(self) -> None:
        """While the client owes bytes no page reads, a deadline runs for them (from the first moment it did);
        a page reading a body has its own (``limits.BODY_SECONDS``)."""
        if not self._waiting():
            self._stop_header_timer()
        elif self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_seconds, self._headers_late)

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if self._waiting():
            _log_refused(self._counted or "?", "late")
            self.transport.close()


def _log_refused(address: str, held: int | str) -> None:
    """A connection closed as it opened (``held``: how many that client holds) or for its late headers
    ("late"): one line a client and kind a minute (a thousand at once would flood the log)."""
    now = time.monotonic()
    key = f"{address} {'late' if held == 'late' else 'many'}"
    if now - _REFUSED.get(key, -REFUSAL_LOG_SECONDS) >= REFUSAL_LOG_SECONDS:
        if len(_REFUSED) > 1000:
            _REFUSED.clear()
        _REFUSED[key] = now
        if held == "late":  # also a browser's spare connection it never used: not a warning
            log.info(
                "Closed a connection from %s: its request had not arrived %.0f s after it began (refused: "
                "too slow; further ones from it are not logged for a minute).", address, HEADER_SECONDS,
            )  # fmt: skip
        else:
            log.warning(
                "Refused connections from %s: it already holds %s, the most one client may.", address, held
            )


_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b.")
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def plain(text: str) -> str:
    """``text`` without terminal escapes and control characters (line breaks and tabs kept)."""
    return _CONTROLS.sub("", _ESCAPES.sub("", text))


class PlainLog(logging.Filter):
    """Every line the server logs, its error's text included, made plain before it is written."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = plain(record.getMessage()), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = plain(record.exc_text)
        return True


def _plain_logs() -> None:
    names = ("", "uvicorn", "uvicorn.error", "uvicorn.access", log.name)
    handlers = {h for name in names for h in logging.getLogger(name).handlers} | {logging.lastResort}
    for handler in handlers:
        if handler is not None and not any(isinstance(f, PlainLog) for f in handler.filters):
            handler.addFilter(PlainLog())


def _uvicorn_to_the_log() -> None:
    """uvicorn's own lines (a page's traceback, a request it could not read, a shortage of files) written to
    the log as well: uvicorn's loggers stop at "uvicorn", before the log's handler (``logs``)."""
    handler = logs.file_handler()
    uvicorn_log = logging.getLogger("uvicorn")
    if handler is not None and handler not in uvicorn_log.handlers:
        uvicorn_log.addHandler(handler)


def lan_addresses() -> list[str]:
    """This machine's IPv4 address on the network the default route leads to (no packet is sent)."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found and not address.startswith("127."):
                found.append(address)
    return found


def urls(host: str, port: int) -> list[str]:
    if host not in ("0.0.0.0", ""):
        return [f"http://{host}:{port}/"]
    return [f"http://{a}:{port}/" for a in lan_addresses()] or [f"http://127.0.0.1:{port}/"]


def serve(
    path: Path, *, host: str, port: int | None, announce: Callable[[str, int, list[str], str | None], None]
) -> None:
    """Serve the tournament at ``path`` until interrupted; ``announce`` is told the event, port, URLs and what
    the director must know (the printed codes name another port: print them again), or None.
    ``port``: the port asked for (the server refuses to start when it is taken), or None (the port the
    event's printed codes name, and only it; none printed: 8765 or the next free one)."""
    files = raise_open_file_limit()
    desk = Desk.open(path, station=live_station(socket.gethostname()))
    try:
        printed = printed_port(desk)
        sock = bind(host, candidate_ports(port if port is not None else printed), printed=printed)
        bound = sock.getsockname()[1]
        note = reprint_note(bound, printed) if port else None  # port 0 (tests): any port, nothing printed
        app = create_app(desk, poll_seconds=POLL_SECONDS)
        config = uvicorn.Config(
            app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=2,
            http=HallProtocol, timeout_keep_alive=int(KEEP_ALIVE_SECONDS),
            backlog=accept_backlog(files[1] if files else None),
            h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        )  # fmt: skip
        _plain_logs()
        _uvicorn_to_the_log()
        server = uvicorn.Server(config)
        if note:
            log.warning(
                "Serving on port %d while the printed codes name port %s: print them again.", bound, printed
            )
        announce(event_name(desk), bound, urls(host, bound), note)
        server.run(sockets=[sock])
    finally:
        desk.close()
