"""The desk's LAN server as an ASGI app: the players' pages, entry by entry card (``entry``), the clock, SSE pushes.

Every read and write goes through the services on the one tournament file, so the file stays the single
source of truth; the server holds no state of its own except the connected SSE listeners.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import asdict

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from tournament_desk.i18n import tr
from tournament_desk.reports.html import pages
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.web import entry
from tournament_desk.web.access import AccessLog
from tournament_desk.web.changes import Changes
from tournament_desk.web.crosstable import crosstable
from tournament_desk.web.limits import Guard, http_refused, server_error
from tournament_desk.web.projector import projector
from tournament_desk.web.respond import desk_of, head, html, lang_of
from tournament_desk.web.writes import Writes

POLL_SECONDS = 0.1  # how often the server looks for changes to push (one watcher for every screen)
KEEPALIVE_SECONDS = 15.0
MAX_STREAM_SECONDS = 3600.0  # a phone's event stream is closed after an hour; the browser reconnects


def home(request: Request) -> HTMLResponse:
    lang = lang_of(request)
    return html(request, tr("Find my table", lang), head(request) + pages.search_html(lang, "", []))


def find(request: Request) -> Response:
    lang = lang_of(request)
    query = request.query_params.get("q", "")[:50]
    found = live.find_entrants(desk_of(request), query)
    listed = [(e.name, "、".join(e.players)) for e in found]
    return html(request, tr("Find my table", lang), head(request) + pages.search_html(lang, query, listed))


def me(request: Request) -> HTMLResponse:
    lang = lang_of(request)
    name = request.path_params["name"]
    card = live.player_card(desk_of(request), name)
    if card is None:
        body = pages.error_html(tr("There is no entrant called '{name}'.", lang, name=name))
        return html(request, name, head(request) + body + pages.search_html(lang, "", []), status=404)
    return html(request, name, head(request) + pages.card_html(lang, card))


def pairings(request: Request) -> HTMLResponse:
    lang = lang_of(request)
    view = live.current_round(desk_of(request))
    return html(request, tr("Pairings", lang), head(request) + pages.pairings_html(lang, view))


def standings(request: Request) -> HTMLResponse:
    lang = lang_of(request)
    body = pages.standings_html(lang, live.public_standings(desk_of(request)))
    return html(request, tr("Standings", lang), head(request) + body)


def clock_json(request: Request) -> JSONResponse:
    view = live.clock(desk_of(request))
    return JSONResponse({**asdict(view), "display": view.display}, headers={"Cache-Control": "no-store"})


async def events(request: Request) -> StreamingResponse:
    """Server-sent events: ``change`` when the file changed (a round published, a result confirmed)."""

    async def stream() -> AsyncIterator[str]:
        changes: Changes = request.app.state.changes
        changes.listeners += 1
        try:
            seen = await changes.current()
            loop = asyncio.get_running_loop()
            ends = loop.time() + request.app.state.stream_seconds
            yield "retry: 3000\n\n"
            while (left := ends - loop.time()) > 0:
                now = await changes.wait(seen, min(left, KEEPALIVE_SECONDS))
                if now == seen:
                    yield ": keep-alive\n\n"  # also finds a phone that has gone
                    continue
                seen = now
                yield changes.message  # read once for every phone (``Changes``): no database work per phone
        finally:
            changes.listeners -= 1

    return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})


def create_app(
    desk: Desk, *, poll_seconds: float = POLL_SECONDS, stream_seconds: float = MAX_STREAM_SECONDS
) -> Starlette:
    app = Starlette(
        routes=[
            Route("/", home),
            Route("/find", find),
            Route("/me/{name}", me),
            Route("/pairings", pairings),
            Route("/standings", standings),
            Route("/t/{token}", entry.table_page, methods=["GET"]),
            Route("/t/{token}", entry.table_post, methods=["POST"]),
            Route("/c/{code}", entry.card_page, methods=["GET"]),
            Route("/c/{code}", entry.take_card, methods=["POST"]),
            Route("/card", entry.take_card, methods=["POST"]),
            Route("/my", entry.my_page, methods=["GET"]),
            Route("/my", entry.my_submit, methods=["POST"]),
            Route("/clock.json", clock_json),
            Route("/events", events),
            Route("/projector", projector),
            Route("/crosstable", crosstable),
        ],
        # One log line a request, refusals included (``access``); limits and headers before any page runs;
        # every refusal is the server's own page (``limits``).
        middleware=[Middleware(AccessLog), Middleware(Guard)],
        exception_handlers={HTTPException: http_refused, Exception: server_error},
    )
    app.state.desk = desk
    app.state.changes = Changes(desk, poll_seconds)
    app.state.writes = Writes(desk, app.state.changes)
    app.state.stream_seconds = stream_seconds
    app.state.wrong_codes = entry.WrongCodes()
    return app
