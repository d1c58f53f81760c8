"""Server-rendered HTML for the players' pages: small, no script framework, readable in WeChat's browser."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape

from tournament_desk.domain.levels import format_level
from tournament_desk.i18n import tr as _tr
from tournament_desk.services.live import BoardClaim, BoardLine, LiveTableView, format_claim
from tournament_desk.services.live_clock import Announcement, ClockView
from tournament_desk.services.live_public import PlayerCard, PublicStandings
from tournament_desk.services.rounds import RoundView
from tournament_desk.services.standings import Standings

STYLE = """
body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;padding:0 12px 24px;
max-width:760px;margin:auto;font-size:17px;color:#222}
h1{font-size:1.3em;margin:12px 0}h2{font-size:1.1em;margin:18px 0 6px}
nav a{margin-right:12px}table{border-collapse:collapse;width:100%}td,th{padding:5px 4px;border-bottom:1px solid #ddd;
text-align:left}th{font-weight:600}.num{text-align:right}.clock{font-size:2.2em;font-weight:700;
font-variant-numeric:tabular-nums}.last-deal,.over{color:#b00}.error{background:#fde8e8;border:1px solid #c33;
padding:8px;margin:8px 0}.ok{background:#e6f4ea;border:1px solid #3a3;padding:8px;margin:8px 0}
.note{background:#fff6d5;padding:6px 8px;margin:6px 0}input,select,button{font-size:1em;padding:6px}
button{min-width:7em}
form.entry input,form.entry select,form.entry button{min-height:44px;box-sizing:border-box}
form.entry input[type=radio]{min-height:0;width:22px;height:22px;margin:0 4px 0 0;vertical-align:middle}
form.entry label{display:inline-block;padding:6px 8px 6px 0}
table.boards td{vertical-align:middle}table.boards th,table.boards td.board{white-space:nowrap}
table.boards input.points{width:4.2em}table.boards input.penalty{width:3.4em}
table.boards .pen{display:inline-block;margin-top:2px}table.boards .pen span{display:inline-block;white-space:nowrap}
.claims{font-size:.85em;color:#555;margin-top:2px}.claims .disputed{color:#b00;font-weight:700}
"""

# Counts the clock down between server updates and reloads when the server says something changed.
SCRIPT = """
(function(){var c=document.getElementById('clock');var left=c?parseInt(c.getAttribute('data-left'),10):-1;
var run=c&&c.getAttribute('data-running')==='1';
function show(){if(!c||left<0)return;var m=Math.floor(left/60),s=left%60;
c.firstChild.nodeValue=(m<10?'0':'')+m+':'+(s<10?'0':'')+s;}
if(run)setInterval(function(){if(left>0){left--;show();}},1000);
if(window.EventSource){var es=new EventSource('/events');es.addEventListener('change',function(){
if(!document.querySelector('form.entry'))location.reload();});
es.addEventListener('clock',function(e){var d=JSON.parse(e.data);left=d.remaining;run=d.running;show();});}
})();
"""


def tr(template: str, lang: str, **params: object) -> str:
    """A translated, HTML-escaped sentence."""
    return escape(_tr(template, lang, **params))


def nav_html(lang: str, *, crosstable: bool = False, static_file: str | None = None) -> str:
    """The links at the top; ``static_file``: this page's file in a static export (relative links, no server)."""
    other = "en" if lang == "zh" else "zh"
    switch = "English" if lang == "zh" else "中文"
    if static_file is None:
        links = [("/", tr("Find my table", lang)), ("/pairings", tr("Pairings", lang)),
                 ("/standings", tr("Standings", lang))]  # fmt: skip
        cross, switch_href = "/crosstable", f"?lang={other}"
    else:
        links = [("index.html", tr("Rounds and entrants", lang)), ("standings.html", tr("Standings", lang))]
        cross = "crosstable.html"
        switch_href = f"en/{static_file}" if lang == "zh" else f"../{static_file}"
    if crosstable:
        links.append((cross, tr("Cross-table", lang)))
    items = "".join(f'<a href="{escape(href, True)}">{text}</a>' for href, text in links)
    return f'<nav>{items}<a href="{escape(switch_href, True)}">{switch}</a></nav>'


def _document(lang: str, title: str, nav: str, body: str) -> str:
    return (
        f'<!doctype html><html lang="{"zh-CN" if lang == "zh" else "en"}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>{nav}{body}</body></html>"
    )


def page(lang: str, title: str, body: str, *, refresh: bool = True, crosstable: bool = False) -> str:
    """A page of the live server (it reloads itself when the server reports a change, unless ``refresh`` is off)."""
    script = f"<script>{SCRIPT}</script>" if refresh else ""
    return _document(lang, title, nav_html(lang, crosstable=crosstable), body + script)


def static_page(lang: str, title: str, body: str, *, file: str, crosstable: bool = False) -> str:
    """A page of the static export: relative links, no script, no server."""
    return _document(lang, title, nav_html(lang, crosstable=crosstable, static_file=file), body)


def frozen_html(lang: str, after_round: int) -> str:
    return f'<div class="note">{tr("Standings frozen after round {round}.", lang, round=after_round)}</div>'


def clock_html(lang: str, clock: ClockView) -> str:
    if clock.phase == "idle":
        return ""
    label = {
        "ready": tr("Round {round} clock: not started", lang, round=clock.round),
        "running": tr("Round {round}: time left", lang, round=clock.round),
        "paused": tr("Round {round}: clock paused", lang, round=clock.round),
        "last-deal": tr("Round {round}: last deal — no new deal after this one", lang, round=clock.round),
        "over": tr("Round {round}: time is over", lang, round=clock.round),
    }[clock.phase]
    return (
        f'<div class="{clock.phase}">{label}<div id="clock" class="clock" data-left="{clock.remaining}" '
        f'data-running="{1 if clock.running else 0}">{clock.display}</div></div>'
    )


def notes_html(notes: Sequence[Announcement]) -> str:
    return "".join(f'<div class="note">{escape(a.text)}</div>' for a in notes)


def error_html(message: str) -> str:
    return f'<div class="error" role="alert">{escape(message)}</div>'


def level(value: int | None) -> str:
    return format_level(value) if value else "–"


def number(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:g}"


def search_html(lang: str, query: str, found: Iterable[tuple[str, str]]) -> str:
    rows = "".join(
        f'<li><a href="/me/{escape(name, True)}">{escape(name)}</a> {escape(extra)}</li>'
        for name, extra in found
    )
    form = (
        f'<form action="/find" method="get"><label>{tr("Your name, team or pinyin initials (e.g. zs)", lang)}<br>'
        f'<input name="q" value="{escape(query, True)}" autofocus></label> '
        f'<button type="submit">{tr("Find", lang)}</button></form>'
    )
    if query and not rows:
        return form + f"<p>{tr('Nobody matches “{query}”; check the spelling.', lang, query=query)}</p>"
    return form + (f"<ul>{rows}</ul>" if rows else "")


def card_html(lang: str, card: PlayerCard) -> str:
    e = card.entrant
    head = f"<h1>{escape(e.name)}</h1>"
    if e.players:
        head += f"<p>{escape('、'.join(e.players))}{' · ' + escape(e.unit) if e.unit else ''}</p>"
    if card.bye:
        now = tr("Round {round}: you have a bye.", lang, round=card.current_round)
    elif card.table is not None:
        seat = tr("home", lang) if card.seat == "home" else tr("away", lang)
        now = tr("Round {round}: table {table}, {seat}, against {opponent}.", lang, round=card.current_round,
                table=card.table, seat=seat, opponent=card.opponent or "")  # fmt: skip
    else:
        now = tr("You are not seated in the current round.", lang)
    place = ""
    if card.rank is not None and card.standings_after:
        place = tr("Place {rank} after round {round}: {mp} MP, {vp} VP.", lang, rank=card.rank,
                  round=card.standings_after, mp=number(card.mp), vp=number(card.vp))  # fmt: skip
        if card.separated_by:
            place += " " + tr("Decided by: {tiebreak}.", lang, tiebreak=card.separated_by)
    if card.frozen:
        place = frozen_html(lang, card.standings_after) + place
    rows = "".join(
        f"<tr><td>{r.round}</td><td>{r.table}</td><td>{escape(r.opponent)}</td>"
        f'<td class="num">{level(r.own_level)} : {level(r.opp_level)}</td>'
        f'<td class="num">{"" if r.own_level is None or r.opp_level is None else r.own_level - r.opp_level}</td>'
        f'<td class="num">{number(r.vp)}</td><td class="num">{number(r.mp)}</td></tr>'
        for r in card.rounds
    )
    table = (
        f"<h2>{tr('Results so far', lang)}</h2><table><tr><th>{tr('Round', lang)}</th><th>{tr('Table', lang)}</th>"
        f"<th>{tr('Opponent', lang)}</th><th>{tr('Levels', lang)}</th><th>{tr('Difference', lang)}</th>"
        f"<th>VP</th><th>MP</th></tr>{rows}</table>"
    )
    return f"{head}<p><b>{now}</b></p><p>{place}</p>{table}"


def pairings_html(lang: str, view: RoundView | None) -> str:
    if view is None:
        return f"<p>{tr('No round has been published yet.', lang)}</p>"
    rows = "".join(
        f"<tr><td>{x.table}</td><td>{escape(x.home)}</td><td>{escape(x.away)}</td>"
        f'<td class="num">{level(x.home_level)} : {level(x.away_level)}</td></tr>'
        for x in view.tables
    )
    bye = f"<p>{tr('Bye: {name}', lang, name=view.bye)}</p>" if view.bye else ""
    return (
        f"<h1>{tr('Round {round} pairings', lang, round=view.round)}</h1><table><tr><th>{tr('Table', lang)}</th>"
        f"<th>{tr('home', lang)}</th><th>{tr('away', lang)}</th><th>{tr('Levels', lang)}</th></tr>{rows}</table>{bye}"
    )


def standings_html(lang: str, standing: Standings) -> str:
    """The standings; the public (``PublicStandings``) ones with a note while they are frozen."""
    frozen = isinstance(standing, PublicStandings) and standing.frozen > 0
    note = frozen_html(lang, standing.after_round) if frozen else ""
    if not standing.after_round:
        return f"{note}<p>{tr('There are no standings before the first round is complete.', lang)}</p>"
    rows = "".join(
        f'<tr><td class="num">{r.rank}</td><td>{escape(r.entrant.name)}</td><td class="num">{number(r.mp)}</td>'
        f'<td class="num">{number(r.vp)}</td><td>{escape(r.separated_by or "")}</td></tr>'
        for r in standing.rows
    )
    return (
        f"<h1>{tr('Standings after round {round}', lang, round=standing.after_round)}</h1>{note}<table><tr>"
        f"<th>{tr('Place', lang)}</th><th>{tr('Entrant', lang)}</th><th>MP</th><th>VP</th>"
        f"<th>{tr('Tie-break', lang)}</th></tr>{rows}</table>"
    )


STAGE_SCRIPT = """
(function(){var f=document.querySelector('form.entry');if(!f)return;var s=document.getElementById('stage');
function show(){var h=f.elements['home_level'].value,a=f.elements['away_level'].value;s.hidden=(h!==a);}
f.elements['home_level'].addEventListener('change',show);f.elements['away_level'].addEventListener('change',show);
show();})();
"""


def _side_name(lang: str, table: LiveTableView, side: str) -> str:
    if table.entry == "boards":
        return tr("NS", lang) if side == "home" else tr("EW", lang)
    return tr("home", lang) if side == "home" else tr("away", lang)


def _stage_text(lang: str, table: LiveTableView, stage: str | None) -> str:
    if not stage:
        return ""
    return " · " + tr("{side} on stage", lang, side=_tr("home" if stage == "home" else "away", lang))


def _checked(value: str, chosen: str | None) -> str:
    return " checked" if chosen == value else ""


def _side_radios(lang: str, table: LiveTableView, chosen: str | None) -> str:
    return (
        f'<p>{tr("I sit", lang)}: <label><input type="radio" name="side" value="home" required'
        f'{_checked("home", chosen)}> {_side_name(lang, table, "home")}</label> <label><input type="radio" '
        f'name="side" value="away"{_checked("away", chosen)}> {_side_name(lang, table, "away")}</label></p>'
    )


def _stage_radios(lang: str, table: LiveTableView, chosen: str | None, *, required: bool = False) -> str:
    need = " required" if required else ""
    return (
        f"<legend>{tr('On stage (在台上) at the end', lang)}</legend>"
        f'<label><input type="radio" name="on_stage" value="home"{need}{_checked("home", chosen)}> '
        f"{tr('home', lang)} {escape(table.home)}</label><br>"
        f'<label><input type="radio" name="on_stage" value="away"{_checked("away", chosen)}> '
        f"{tr('away', lang)} {escape(table.away)}</label>"
    )


def _hidden(name: str, value: object) -> str:
    return f'<input type="hidden" name="{name}" value="{escape(str(value), True)}">'


def _levels_form(lang: str, table: LiveTableView, nonce: str, posted: Mapping[str, str]) -> str:
    options = "".join(f'<option value="{v}">{format_level(v)}</option>' for v in range(2, 16))
    pre = table.home_claim or table.away_claim
    pre_stage = table.home_on_stage or table.away_on_stage
    home_level = posted.get("home_level") or (str(pre[0]) if pre else "")
    away_level = posted.get("away_level") or (str(pre[1]) if pre else "")
    stage = posted.get("on_stage") or pre_stage

    def select(chosen: str) -> str:
        return options.replace(f'value="{chosen}"', f'value="{chosen}" selected') if chosen else options

    stage_html = script = ""
    if table.entry == "levels-on-stage":
        hidden = "" if home_level and home_level == away_level else " hidden"
        stage_html = f'<fieldset id="stage"{hidden}>{_stage_radios(lang, table, stage)}</fieldset>'
        script = f"<script>{STAGE_SCRIPT}</script>"
    return (
        f'<form class="entry" method="post">{_hidden("nonce", nonce)}{_hidden("version", table.version)}'
        f"{_side_radios(lang, table, posted.get('side'))}"
        f'<p><label>{escape(table.home)} <select name="home_level">{select(home_level)}</select></label></p>'
        f'<p><label>{escape(table.away)} <select name="away_level">{select(away_level)}</select></label></p>'
        f'{stage_html}<button type="submit">{tr("Enter / confirm", lang)}</button></form>{script}'
    )


def stage_step_html(lang: str, table: LiveTableView, *, nonce: str, posted: Mapping[str, str]) -> str:
    """The knockout's second step (no script needed): the levels typed are equal, so who was on stage?"""
    try:
        levels = f"{format_level(int(posted['home_level']))} : {format_level(int(posted['away_level']))}"
    except (KeyError, ValueError):
        levels = f"{escape(posted.get('home_level', ''))} : {escape(posted.get('away_level', ''))}"
    head = f"<h1>{tr('Round {round} table {table}', lang, round=table.round, table=table.table)}</h1>"
    fields = "".join(_hidden(k, posted.get(k, "")) for k in ("version", "side", "home_level", "away_level"))
    ask = tr(
        "The levels are equal ({levels}): in a knockout the side on stage at the end wins. Which side was on stage?",
        lang,
        levels=levels,
    )
    return (
        f'{head}<div class="note">{ask}</div>'
        f'<form class="entry" method="post">{_hidden("nonce", nonce)}{fields}'
        f'<fieldset id="stage">{_stage_radios(lang, table, None, required=True)}</fieldset>'
        f'<button type="submit">{tr("Enter / confirm", lang)}</button></form>'
        f'<p><a href="">{tr("Back: change the levels", lang)}</a></p>'
    )


def _board_claim(claim: BoardClaim | None) -> str:
    return "" if claim is None else escape(claim.text())


def _board_label(lang: str, line: BoardLine) -> str:
    """``3``, or in duplicate ``3 开室`` / ``3 闭室``."""
    return f"{line.board} {tr(line.room, lang)}" if line.room else str(line.board)


def _board_named(lang: str, line: BoardLine) -> str:
    """In a sentence: ``board 3`` / ``第 3 副``, in duplicate ``board 3 (closed room)`` / ``第 3 副（闭室）``."""
    if line.room:
        return _tr("board {board} ({room} room)", lang, board=line.board, room=_tr(line.room, lang))
    return _tr("board {board}", lang, board=line.board)


def _boards_head(lang: str) -> str:
    points = tr("Defenders' points", lang)
    return f"<tr><th>{tr('Board', lang)}</th><th>{tr('Declarer', lang)}</th><th>{points}</th>"


def _boards_form(lang: str, table: LiveTableView, nonce: str, posted: Mapping[str, str]) -> str:
    rows = ""
    for line in table.boards:
        b = line.key
        pre = line.recorded or line.home or line.away
        points = posted.get(f"points_{b}") or ("" if pre is None else str(pre.points))
        given = pre.penalty if pre is not None else None
        pen_side = posted.get(f"pen_side_{b}") or (given[0] if given else "")
        pen = posted.get(f"pen_{b}") or (str(given[1]) if given else "")
        if line.recorded is not None:
            field = f"<b>{_board_claim(line.recorded)}</b>"
            field += "".join(
                _hidden(n, v)
                for n, v in (
                    (f"points_{b}", line.recorded.points),
                    (f"pen_side_{b}", pen_side),
                    (f"pen_{b}", pen),
                )
            )
        else:
            sides = "".join(
                f'<option value="{v}"{" selected" if v == pen_side else ""}>{label}</option>'
                for v, label in (("", "—"), ("NS", tr("NS", lang)), ("EW", tr("EW", lang)))
            )
            board = _board_label(lang, line)
            label = tr("Board {board}: defenders' points", lang, board=board)
            pen_label = tr("Board {board}: penalty points", lang, board=board)
            field = (
                f'<input class="points" name="points_{b}" value="{escape(points, True)}" inputmode="numeric" '
                f'size="4" aria-label="{label}" required> <span class="pen"><span>{tr("Penalty to", lang)}</span> '
                f'<span><select name="pen_side_{b}">{sides}</select> <input class="penalty" name="pen_{b}" '
                f'value="{escape(pen, True)}" inputmode="numeric" size="3" aria-label="{pen_label}"></span></span>'
            )
        # what each side entered, under the field (no columns of their own: a phone has no room for them)
        claims = [
            f"{_side_name(lang, table, side)}: {_board_claim(claim)}"
            for side, claim in (("home", line.home), ("away", line.away))
            if claim is not None
        ]
        if claims and line.disputed:
            claims.append('<span class="disputed">≠</span>')
        said = f'<div class="claims">{" · ".join(claims)}</div>' if claims else ""
        rows += (
            f'<tr><td class="board">{_board_label(lang, line)}</td><td>{escape(line.declarer)}</td>'
            f"<td>{field}{said}</td></tr>"
        )
    how = tr("NS enters every board; EW checks and confirms (or enters its own).", lang)
    if table.entry == "room-boards":
        how = tr(
            "The home team enters every board in both rooms; the away team checks and confirms (or enters its own).",
            lang,
        )
    return (
        f'<form class="entry" method="post">{_hidden("nonce", nonce)}{_hidden("version", table.version)}'
        f"{_side_radios(lang, table, posted.get('side'))}"
        f'<table class="boards">{_boards_head(lang)}</tr>{rows}</table><p>{how}</p>'
        f'<button type="submit">{tr("Enter / confirm", lang)}</button></form>'
    )


def _boards_done(lang: str, table: LiveTableView) -> str:
    rows = "".join(
        f'<tr><td class="board">{_board_label(lang, line)}</td><td>{escape(line.declarer)}</td>'
        f"<td>{_board_claim(line.recorded)}</td></tr>"
        for line in table.boards
    )
    return f'<table class="boards">{_boards_head(lang)}</tr>{rows}</table>'


def entry_html(
    lang: str,
    table: LiveTableView,
    *,
    nonce: str,
    message: str = "",
    ok: str = "",
    posted: Mapping[str, str] | None = None,
) -> str:
    """A table's entry page; ``posted``: what the phone sent last (kept in the form after a refusal)."""
    posted = posted or {}
    head = f"<h1>{tr('Round {round} table {table}', lang, round=table.round, table=table.table)}</h1>"
    head += (
        f"<p>{_side_name(lang, table, 'home')}: <b>{escape(table.home)}</b> · "
        f"{_side_name(lang, table, 'away')}: <b>{escape(table.away)}</b></p>"
    )
    notes = (error_html(message) if message else "") + (f'<div class="ok">{escape(ok)}</div>' if ok else "")
    boards = table.by_boards
    state = {
        "open": tr("Nothing entered yet: one side enters the boards, the other confirms them.", lang)
        if boards
        else tr("Nothing entered yet: one side enters the levels, the other confirms them.", lang),
        "pending": tr("Entered by one side; waiting for the other side to confirm.", lang),
        "confirmed": tr("Both sides confirmed: the result is recorded.", lang),
        "disputed": tr(
            "The two sides entered different results for {boards}: the director decides.",
            lang,
            boards=_tr(", ", lang).join(_board_named(lang, b) for b in table.disputed_boards),
        )
        if boards
        else tr("The two sides entered different levels: the director decides.", lang),
        "desk": tr("The desk has recorded this table's result.", lang),
    }[table.source]
    claims = ""
    if not boards:
        for side, claim, stage in (
            ("home", table.home_claim, table.home_on_stage),
            ("away", table.away_claim, table.away_on_stage),
        ):
            if claim is not None:
                who = _side_name(lang, table, side)
                text = escape(format_claim(claim)) + _stage_text(lang, table, stage)
                claims += f"<li>{tr('{side} entered', lang, side=who)}: {text}</li>"
    body = f"{head}{notes}<p>{state}</p>" + (f"<ul>{claims}</ul>" if claims else "")
    if table.source in ("confirmed", "desk"):
        return body + (_boards_done(lang, table) if boards else "")
    if boards:
        return body + _boards_form(lang, table, nonce, posted)
    return body + _levels_form(lang, table, nonce, posted)
