"""The projector view (a browser on any TV, or full screen on the desk's second screen): a large clock, the
tables still playing, the results in so far, the announcements and the QR code of the players' pages.
It reloads when the server reports a change, so a newly published round replaces the old one."""

from __future__ import annotations

import io
from html import escape

import segno
from starlette.requests import Request
from starlette.responses import HTMLResponse

from tournament_desk.reports.html import pages
from tournament_desk.reports.html.pages import tr
from tournament_desk.services import live

STYLE = """
body{background:#111;color:#eee;max-width:none;font-size:2vw;padding:1vw 2vw}a{color:#9cf}
.clock{font-size:14vw;line-height:1}.last-deal,.over{color:#f66}.note{background:#333;color:#ffd}
.cols{display:flex;gap:3vw}.cols>div{flex:1}.qr svg{width:14vw;height:14vw;background:#fff}
td,th{border-color:#444;white-space:nowrap}
"""


def qr_svg(url: str) -> str:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", border=2, xmldecl=False, svgns=True, omitsize=True)
    return buffer.getvalue().decode("utf-8")


def projector(request: Request) -> HTMLResponse:
    desk = request.app.state.desk
    lang = request.query_params.get("lang") or request.cookies.get("tdesk_lang") or "zh"
    lang = lang if lang in ("zh", "en") else "zh"
    view = live.projector_view(desk)  # the desk's Qt projector window reads the same function
    clock = pages.clock_html(lang, view.clock)
    notes = pages.notes_html(view.notes)
    playing = results = ""
    if view.round is not None:
        playing = (
            f"<h2>{tr('Still playing: {count} tables', lang, count=len(view.playing))}</h2>"
            f"<p>{' '.join(str(t.table) for t in view.playing)}</p>"
        )
        rows = "".join(
            f"<tr><td>{t.table}</td><td>{escape(t.home)}</td>"
            f"<td>{pages.level(t.home_level)} : {pages.level(t.away_level)}</td><td>{escape(t.away)}</td></tr>"
            for t in view.latest
        )
        results = f"<h2>{tr('Results in', lang)}</h2><table>{rows}</table>"
        title = tr("Round {round} pairings", lang, round=view.round.round)
    else:
        title = tr("No round has been published yet.", lang)
    url = str(request.base_url)
    body = (
        f"<h1>{escape(view.event)} · {title}</h1>{notes}"
        f'<div class="cols"><div>{clock}{playing}</div><div>{results}</div>'
        f'<div class="qr">{qr_svg(url)}<p>{escape(url)}</p><p>{tr("Find my table", lang)}</p></div></div>'
    )
    html = pages.page(lang, title, body).replace("</style>", STYLE + "</style>", 1)
    return HTMLResponse(html)
