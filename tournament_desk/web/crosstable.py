"""The cross-table page (``/crosstable``): the public cross-table or group tables (``reports.html.crosstable``)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse

from tournament_desk.i18n import tr
from tournament_desk.reports.html import pages
from tournament_desk.reports.html.crosstable import crosstable_html
from tournament_desk.services import live
from tournament_desk.services.desk import Desk


def crosstable(request: Request) -> HTMLResponse:
    desk: Desk = request.app.state.desk
    lang = request.query_params.get("lang") or request.cookies.get("tdesk_lang") or "zh"
    lang = lang if lang in ("zh", "en") else "zh"
    view = live.crosstable_view(desk)
    html = pages.page(lang, tr("Cross-table", lang), crosstable_html(lang, view), crosstable=view is not None)
    return HTMLResponse(html, status_code=200 if view is not None else 404)
