"""Running the LAN server: uvicorn in this process (``tdesk serve`` is started as its own process by the desk).

The ports are tried in order and the first free one is used; the addresses phones can reach are the
machine's LAN addresses (the desk's window finds them with Qt; here a routing lookup that sends nothing).
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable, Sequence
from pathlib import Path

import uvicorn

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk
from tournament_desk.services.live import event_name
from tournament_desk.web.app import create_app

DEFAULT_PORT = 8765
PORTS_TRIED = 10
# How often the server looks for the desk's changes (its own are pushed at once): the look is one small read
# (~0.3 ms), so 20 a second cost well under 1 % of a core and halve the wait of a published round (bench/live.py).
POLL_SECONDS = 0.05


def candidate_ports(first: int) -> list[int]:
    """The port asked for, then the next ones (port 0: any free port, for tests)."""
    if first == 0:
        return [0]
    return [p for p in range(first, first + PORTS_TRIED) if p <= 65535]


def bind(host: str, ports: Sequence[int]) -> socket.socket:
    """A listening socket on the first free port of ``ports``."""
    for port in ports:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind((host, port))
        except OSError:
            sock.close()
            continue
        sock.listen(512)
        return sock
    raise BadInput(
        "Ports {first}–{last} are all in use; choose another with --port.", first=ports[0], last=ports[-1]
    )


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


def serve(path: Path, *, host: str, port: int, announce: Callable[[str, int, list[str]], None]) -> None:
    """Serve the tournament at ``path`` until interrupted; ``announce`` is told the event, port and URLs."""
    desk = Desk.open(path, station=f"live@{socket.gethostname()}")
    try:
        sock = bind(host, candidate_ports(port))
        bound = sock.getsockname()[1]
        app = create_app(desk, poll_seconds=POLL_SECONDS)
        config = uvicorn.Config(
            app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=2
        )
        server = uvicorn.Server(config)
        announce(event_name(desk), bound, urls(host, bound))
        server.run(sockets=[sock])
    finally:
        desk.close()
