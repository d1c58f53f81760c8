"""The players' pages as HTML (the LAN server's and the static site's): small, no script framework, readable in
WeChat's browser."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import figure_text
from tournament_desk.i18n import tr as _tr
from tournament_desk.reports.html.shapes import (
    CardLike,
    ClockLike,
    NoteLike,
    PlayedLike,
    RoundLike,
    StandingsLike,
)
from tournament_desk.reports.standings import TIEBREAK_NAMES, figure_column

STYLE = """
body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;padding:0 12px 24px;
max-width:760px;margin:auto;font-size:17px;color:#222}
h1{font-size:1.3em;margin:12px 0}h2{font-size:1.1em;margin:18px 0 6px}
nav{display:flex;flex-wrap:wrap;gap:4px;margin:6px 0}nav a{display:inline-block;padding:11px 12px;min-height:22px;
border-radius:6px;background:#f1f3f5;text-decoration:none}table{border-collapse:collapse;width:100%}
td,th{padding:5px 4px;border-bottom:1px solid #ddd;text-align:left}th{font-weight:600;white-space:nowrap;
word-break:keep-all}.seat{font-size:2.4em;font-weight:800;margin:8px 0;line-height:1.1}
.offline{position:sticky;top:0;z-index:9;background:#b00;color:#fff;padding:8px 10px;margin:0 -12px}.num{text-align:right}.clock{font-size:2.2em;font-weight:700;
font-variant-numeric:tabular-nums}.last-deal,.over{color:#b00}.error{background:#fde8e8;border:1px solid #c33;
padding:8px;margin:8px 0}.ok{background:#e6f4ea;border:1px solid #3a3;padding:8px;margin:8px 0}
.note{background:#fff6d5;padding:6px 8px;margin:6px 0}input,select,button{font-size:1em;padding:6px}
button{min-width:7em}
"""

# Counts the clock down between server updates and, when the server says something changed, reads the page
# again in place (a GET of its own address; the scroll position kept, nothing re-sent), unless an entry form is
# open on it (one folded away under "correct my entry" does not count). A phone's own table (``#mine``) is read
# again only when that table moved past the version the page shows (its own entry does not), another round
# began, or something beyond the round's tables changed. While the server cannot be reached a notice says so
# (the words: the page's ``data-offline``); the browser's event stream retries by itself and the notice goes
# when it is back (issue 28).
SCRIPT = """
(function(){var c,left=-1,run=false;
function bind(){c=document.getElementById('clock');left=c?parseInt(c.getAttribute('data-left'),10):-1;
run=!!c&&c.getAttribute('data-running')==='1';}
function show(){if(!c||left<0)return;var m=Math.floor(left/60),s=left%60;
c.firstChild.nodeValue=(m<10?'0':'')+m+':'+(s<10?'0':'')+s;}
function note(on){var n=document.getElementById('offline');if(on&&!n){n=document.createElement('div');
n.id='offline';n.className='offline';n.setAttribute('role','status');
n.textContent=document.documentElement.getAttribute('data-offline');document.body.insertBefore(n,
document.body.firstChild);}else if(!on&&n){n.parentNode.removeChild(n);}}
function fresh(){var y=window.scrollY;fetch(location.href,{cache:'no-store',credentials:'same-origin'})
.then(function(r){if(!r.ok)throw r;return r.text();}).then(function(h){
var d=new DOMParser().parseFromString(h,'text/html');document.title=d.title;document.body.innerHTML=d.body.innerHTML;
bind();show();window.scrollTo(0,y);}).catch(function(){note(true);});}
bind();setInterval(function(){if(run&&left>0){left--;show();}},1000);
if(window.EventSource){var es=new EventSource('/events');
es.addEventListener('open',function(){note(false);});es.addEventListener('error',function(){note(true);});
es.addEventListener('change',function(e){note(false);
var t=document.getElementById('mine');if(t){var d0={};try{d0=JSON.parse(e.data);}catch(x){}
var v=d0.tables?d0.tables[t.getAttribute('data-table')]:null;
if(d0.tables&&d0.other===false&&String(d0.round)===t.getAttribute('data-round')&&
(v===undefined||v<=parseInt(t.getAttribute('data-version'),10)))return;}
var f=document.querySelector('form.entry'),d=f&&f.closest('details');
if(!f||(d&&!d.open))fresh();});
es.addEventListener('clock',function(e){note(false);var d=JSON.parse(e.data);left=d.remaining;run=d.running;show();});}
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


def offline(lang: str) -> str:
    """What a phone says while the server cannot be reached (the page's script shows it; HTML-escaped)."""
    return tr("The desk's server cannot be reached; trying again…", lang)


def _document(lang: str, title: str, nav: str, body: str, style: str = "", *, live: bool = False) -> str:
    """A whole page; ``live``: the server's, whose script needs the words for the offline notice."""
    said = f' data-offline="{offline(lang)}"' if live else ""
    return (
        f'<!doctype html><html lang="{"zh-CN" if lang == "zh" else "en"}"{said}><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}{style}</style></head><body>{nav}{body}</body></html>"
    )


def page(
    lang: str, title: str, body: str, *, refresh: bool = True, crosstable: bool = False, style: str = ""
) -> str:
    """A page of the live server (it reloads itself when the server reports a change, unless ``refresh`` is off);
    ``style``: CSS of this kind of page only, after the common ``STYLE`` (the entry pages' ``ENTRY_STYLE``)."""
    script = f"<script>{SCRIPT}</script>" if refresh else ""
    return _document(lang, title, nav_html(lang, crosstable=crosstable), body + script, style, live=refresh)


def static_page(lang: str, title: str, body: str, *, file: str, crosstable: bool = False) -> str:
    """A page of the static export: relative links, no script, no server."""
    return _document(lang, title, nav_html(lang, crosstable=crosstable, static_file=file), body)


def frozen_html(lang: str, after_round: int) -> str:
    return f'<div class="note">{tr("Standings frozen after round {round}.", lang, round=after_round)}</div>'


def clock_html(lang: str, clock: ClockLike) -> str:
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


def notes_html(notes: Sequence[NoteLike]) -> str:
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


def card_html(lang: str, card: CardLike) -> str:
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
        place = place_text(lang, card)
        if card.separated_by:
            place += " " + tr(
                "Decided by: {tiebreak}.", lang, tiebreak=tiebreak_name(lang, card.separated_by)
            )
    if card.frozen:
        place = frozen_html(lang, card.standings_after) + place
    table = _games_table(lang, card) if card.games is not None else _levels_table(lang, card)
    # The table number, big: what a player looks for across a hall of 500 tables.
    seat_block = f'<p class="seat">{tr("Table {table}", lang, table=card.table)}</p>' if card.table else ""
    return f"{head}{seat_block}<p><b>{now}</b></p><p>{place}</p>{table}"


def place_text(lang: str, card: CardLike) -> str:
    """The place as the standings count it: points and games won : lost where they count games (team matches
    of pairs, rules.md §5.8), MP and VP elsewhere."""
    if card.games is not None:
        won, lost = card.games
        return tr("Place {rank} after round {round}: {points} points, games {won}:{lost}.", lang,
                  rank=card.rank, round=card.standings_after, points=number(card.mp), won=won, lost=lost)  # fmt: skip
    return tr("Place {rank} after round {round}: {mp} MP, {vp} VP.", lang, rank=card.rank,
              round=card.standings_after, mp=number(card.mp), vp=number(card.vp))  # fmt: skip


def _levels_table(lang: str, card: CardLike) -> str:
    """Each round played by levels: the levels reached, own first, the difference, VP and MP."""
    rows = "".join(
        f"<tr><td>{r.round}</td><td>{r.table}</td><td>{escape(r.opponent)}</td>"
        f'<td class="num">{level(r.own_level)} : {level(r.opp_level)}</td>'
        f'<td class="num">{"" if r.own_level is None or r.opp_level is None else r.own_level - r.opp_level}</td>'
        f'<td class="num">{number(r.vp)}</td><td class="num">{number(r.mp)}</td></tr>'
        for r in card.rounds
    )
    return (
        f"<h2>{tr('Results so far', lang)}</h2><table><tr><th>{tr('Round', lang)}</th><th>{tr('Table', lang)}</th>"
        f"<th>{tr('Opponent', lang)}</th><th>{tr('Levels', lang)}</th><th>{tr('Difference', lang)}</th>"
        f"<th>{tiebreak_name(lang, 'vp')}</th><th>{tiebreak_name(lang, 'mp')}</th></tr>{rows}</table>"
    )


def _games_table(lang: str, card: CardLike) -> str:
    """Each team match: the pair games won, own first (or how it was decided: a forfeit…), and the points."""

    def games(r: PlayedLike) -> str:
        if r.games is not None:
            return f"{r.games[0]} : {r.games[1]}"
        return "" if r.mp is None else tr(str(r.kind), lang)

    rows = "".join(
        f"<tr><td>{r.round}</td><td>{r.table}</td><td>{escape(r.opponent)}</td>"
        f'<td class="num">{escape(games(r))}</td><td class="num">{number(r.mp)}</td></tr>'
        for r in card.rounds
    )
    return (
        f"<h2>{tr('Results so far', lang)}</h2><table><tr><th>{tr('Round', lang)}</th><th>{tr('Table', lang)}</th>"
        f"<th>{tr('Opponent', lang)}</th><th>{tr('Games', lang)}</th><th>{tr('Points', lang)}</th>"
        f"</tr>{rows}</table>"
    )


def pairings_html(lang: str, view: RoundLike | None) -> str:
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


def tiebreak_name(lang: str, key: str | None) -> str:
    """The tie-break that decided a place as the printed standings name it (标准分 / VP), never its key."""
    if not key:
        return ""
    zh, en = {**TIEBREAK_NAMES, "lot": ("摸牌", "drawing of lots")}.get(key, (key, key))
    return zh if lang == "zh" else en


# Figures the phones leave out (narrow screens): the head-to-head figure shows only within a tie, and the
# tie-break column names it whenever it decided a place.
PHONE_HIDDEN = frozenset({"h2h"})


def phone_figures(standing: StandingsLike) -> tuple[str, ...]:
    """The figures of the public standings: the printed standings' own (points, games won and lost and the
    game ratio of team matches; MP, VP and opponents' score of a Swiss), less ``PHONE_HIDDEN``."""
    return tuple(k for k in standing.columns if k not in PHONE_HIDDEN)


def standings_html(lang: str, standing: StandingsLike) -> str:
    """The public standings, with a note while they are frozen."""
    note = frozen_html(lang, standing.after_round) if standing.frozen > 0 else ""
    if not standing.after_round:
        return f"{note}<p>{tr('There are no standings before the first round is complete.', lang)}</p>"
    keys = phone_figures(standing)
    rows = "".join(
        f'<tr><td class="num">{r.rank}</td><td>{escape(r.entrant.name)}</td>'
        + "".join(f'<td class="num">{escape(figure_text(r, k))}</td>' for k in keys)
        + f"<td>{escape(tiebreak_name(lang, r.separated_by))}</td></tr>"
        for r in standing.rows
    )
    heads = "".join(f"<th>{escape(_column_name(lang, k))}</th>" for k in keys)
    return (
        f"<h1>{tr('Standings after round {round}', lang, round=standing.after_round)}</h1>{note}<table><tr>"
        f"<th>{tr('Place', lang)}</th><th>{tr('Entrant', lang)}</th>{heads}"
        f"<th>{tr('Tie-break', lang)}</th></tr>{rows}</table>"
    )


def _column_name(lang: str, key: str) -> str:
    column = figure_column(key)
    return column.sub if lang == "en" and column.sub else column.title
