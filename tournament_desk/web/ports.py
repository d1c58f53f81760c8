"""Which port the LAN server takes, and who holds one it cannot take (issue 28).

The codes printed on scoresheets and entry cards hold the server's port (``services.live.printed_port``
remembers the last one printed), so:

- no port asked for, codes printed for port P: P, and only P — when another program holds it the server
  refuses to start, in one sentence naming the port and what holds it, rather than take another port the
  printed codes do not name;
- no port asked for, no codes printed yet: 8765, else the first free one of the next nine;
- a port asked for (``--port``, the Live window's port box): that one; when codes were printed for another,
  the server starts and says that the scoresheets and entry cards must be printed again (``reprint_note``).

What holds a port is found on Linux by the listening socket's owner (``/proc``: the program and its process);
elsewhere, or for another user's process, the sentence says "another program".
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import tr

LISTEN = "0A"  # a TCP socket's state in /proc/net/tcp: listening


def _listening_inodes(port: int, proc: Path) -> set[str]:
    found: set[str] = set()
    for table in ("tcp", "tcp6"):
        with contextlib.suppress(OSError):
            for line in (proc / "net" / table).read_text().splitlines()[1:]:
                fields = line.split()
                if len(fields) > 9 and fields[3] == LISTEN and int(fields[1].rsplit(":", 1)[1], 16) == port:
                    found.add(fields[9])
    return found


def holder_process(port: int, proc: Path = Path("/proc")) -> tuple[int, str] | None:
    """The process listening on ``port`` and its program's name, when this system says (Linux, a process of
    this user); None otherwise."""
    inodes = {f"socket:[{inode}]" for inode in _listening_inodes(port, proc)}
    if not inodes:
        return None
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        with contextlib.suppress(OSError):
            for fd in (entry / "fd").iterdir():
                with contextlib.suppress(OSError):
                    if os.readlink(fd) in inodes:
                        return int(entry.name), _program(entry)
    return None


def _program(entry: Path) -> str:
    """A process's program as the director knows it: Tournament Desk's server, else the program's name."""
    with contextlib.suppress(OSError):
        command = (entry / "cmdline").read_bytes().split(b"\0")
        words = [w.decode("utf-8", "replace") for w in command if w]
        if "serve" in words and any(
            "tournament_desk" in w or "tdesk" in w or "tournament-desk" in w for w in words
        ):
            return "Tournament Desk"
    with contextlib.suppress(OSError):
        return (entry / "comm").read_text().strip() or "?"
    return "?"


def held_by(port: int) -> str:
    """What holds ``port``, in words for the refusal: "the program 'nginx' (process 812)"."""
    found = holder_process(port)
    if found is None:
        return tr("another program")
    pid, program = found
    if program == "Tournament Desk":
        return tr("a Tournament Desk server still running (process {pid})", pid=pid)
    return tr("the program '{program}' (process {pid})", program=program, pid=pid)


def refusal(port: int, *, printed: int | None) -> BadInput:
    """The sentence for a port asked for (or the printed one) that another program holds."""
    if printed == port:
        return BadInput(
            "Port {port} is held by {holder}, and the codes printed for this event name it: close that program "
            "and start again (or choose another port, and print the scoresheets and entry cards again).",
            port=port,
            holder=held_by(port),
        )
    return BadInput(
        "Port {port} is held by {holder}: close that program, or choose another port.",
        port=port,
        holder=held_by(port),
    )


def reprint_note(port: int, printed: int | None) -> str | None:
    """What the director must know when the server starts on a port the printed codes do not name."""
    if printed is None or printed == port:
        return None
    return tr(
        "The codes printed for this event name port {printed}; the server is on port {port}: print the "
        "scoresheets and entry cards again before phones scan them.",
        printed=printed,
        port=port,
    )
