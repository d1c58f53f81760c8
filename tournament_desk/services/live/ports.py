"""The port the event's printed codes name (issue 28): a scoresheet's or an entry card's QR code holds the LAN
server's whole address, port included, so once paper with codes is printed the server must come back on that
port, or every code on the tables points to nothing.

The port of the last paper printed with codes is kept in the event (``printed_port``); the server prefers it
when it starts without a port asked for, and refuses to start on another while it is taken (``web.server``).
Printing codes for another port (the director chose a new one) changes it, in the audit trail.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk, audit
from tournament_desk.services.live.entry import server_address
from tournament_desk.services.live.settings import store_setting
from tournament_desk.storage import models as m

PORT_KEY = "live.printed_port"
DEFAULT_PORTS = {"http": 80, "https": 443}


def port_of(base_url: str) -> int:
    """The port of the server's address as the director gave it (``http://192.168.1.20:8765/`` → 8765)."""
    base = server_address(base_url)
    parts = urlsplit(base)
    try:
        port = parts.port
    except ValueError:
        raise BadInput("'{url}' is not the server's address: its port is not a number.", url=base) from None
    return port if port is not None else DEFAULT_PORTS[parts.scheme]


def _printed(session: Session) -> int | None:
    row = session.get(m.Meta, PORT_KEY)
    if row is None:
        return None
    try:
        port = int(row.value)
    except ValueError:
        return None
    return port if 0 < port <= 65535 else None


def printed_port(desk: Desk) -> int | None:
    """The port the codes printed last for this event name (None: none printed with codes yet)."""
    with desk.db.transaction() as session:
        return _printed(session)


def note_printed_port(desk: Desk, base_url: str) -> int:
    """Paper with codes for the server at ``base_url`` was printed: its port is the event's from now on (the
    server comes back on it). Audited when it changes; returns the port."""
    port = port_of(base_url)
    with desk.db.transaction(write=True) as session:
        old = _printed(session)
        if old == port:
            return port
        audit(session, desk, "live-port", old={"port": old}, new={"port": port})
        store_setting(session, PORT_KEY, str(port))
        return port
