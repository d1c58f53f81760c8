"""``tdesk serve FILE [--port P] [--host H] [--json]``: the LAN server for the players' phones and the tables;
``tdesk freeze FILE [ROUNDS] [--json]``: read or set how many of the last rounds the public standings hide."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

TYPE_CHECKING = False  # typing's, without importing typing: `tdesk --help` stays light
if TYPE_CHECKING:
    from typing import Any


def add_parser(command: Any) -> None:
    p: argparse.ArgumentParser = command(
        "serve", "serve the players' pages and table entry on the local network"
    )
    p.add_argument(
        "--port",
        type=int,
        help="the port to serve on; without it the port the event's printed QR codes name (none printed yet: "
        "8765 or the next free one)",
    )
    p.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every LAN address)")
    p.add_argument("--json", action="store_true", help="print the port and addresses as one JSON line")
    p.set_defaults(run=serve_command)

    p = command(
        "freeze",
        "read, or set, how many of the last rounds the public standings (phones, projector, static pages) "
        "hide; the desk and printed reports are never frozen; a running server follows at once",
    )
    p.add_argument(
        "rounds", metavar="ROUNDS", type=int, nargs="?", help="freeze the last ROUNDS rounds; 0 unfreezes"
    )
    p.add_argument("--json", action="store_true", help='print {"freeze_rounds": N}')
    p.set_defaults(run=freeze_command)


def freeze_command(cli: Any) -> None:
    import json

    from tournament_desk.i18n import tr
    from tournament_desk.services.live import freeze_rounds, set_freeze_rounds

    args = cli.args
    with cli.open() as desk:
        rounds = freeze_rounds(desk) if args.rounds is None else set_freeze_rounds(desk, args.rounds)
    if args.json:
        cli.out(json.dumps({"freeze_rounds": rounds}))
    elif rounds:
        cli.out(tr("The public standings hide the last {rounds} rounds.", rounds=rounds))
    else:
        cli.out(tr("The public standings are not frozen."))


def serve_command(cli: Any) -> None:
    import json

    from tournament_desk.i18n import tr
    from tournament_desk.web.server import serve  # uvicorn and starlette load only for this command

    args = cli.args

    def announce(event: str, port: int, urls: list[str], note: str | None) -> None:
        if args.json:
            said = {"event": event, "port": port, "urls": urls, **({"note": note} if note else {})}
            line = json.dumps(said, ensure_ascii=False)
        else:
            line = tr("Serving {event} at {urls}; press Ctrl+C to stop.", event=event, urls=" ".join(urls))
            line += f"\n{note}" if note else ""
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    serve(Path(args.file), host=args.host, port=args.port, announce=announce)
