"""What every page of the LAN server shares: the reader's language, the page around a body, the event's head."""

from __future__ import annotations

from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse

from tournament_desk.reports.html import pages
from tournament_desk.services import live
from tournament_desk.services.desk import Desk


def lang_of(request: Request) -> str:
    chosen = request.query_params.get("lang") or request.cookies.get("tdesk_lang")
    if chosen in ("zh", "en"):
        return chosen
    return "zh" if "zh" in request.headers.get("accept-language", "zh").lower() else "en"


def html(
    request: Request,
    title: str,
    body: str,
    status: int = 200,
    *,
    style: str = "",
    crosstable: bool | None = None,
    **kw: bool,
) -> HTMLResponse:
    """A page of the server; ``crosstable``: whether the links name the cross-table (None: as the event has
    one, which costs a read; the entry pages, answering many phones at once, leave that link out)."""
    lang = lang_of(request)
    cross = live.has_crosstable(desk_of(request)) if crosstable is None else crosstable
    response = HTMLResponse(
        pages.page(lang, title, body, crosstable=cross, style=style, **kw), status_code=status
    )
    if request.query_params.get("lang") in ("zh", "en"):
        response.set_cookie("tdesk_lang", lang, max_age=86400 * 30, samesite="lax")
    return response


def desk_of(request: Request) -> Desk:
    desk: Desk = request.app.state.desk
    return desk


def head(request: Request) -> str:
    desk = desk_of(request)
    lang = lang_of(request)
    clock = pages.clock_html(lang, live.clock(desk))
    return f"<h1>{escape(live.event_name(desk))}</h1>{clock}{pages.notes_html(live.announcements(desk))}"
