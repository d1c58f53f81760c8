"""The players' entry pages (rules.md §10, issue 23), made for a thumb in a noisy hall and for WeChat's browser
(no script needed): the entry card's page, "my table this round" with the table number and both names large,
each side's level picked on a pad of large buttons with nothing preselected, the other side's entry in words
with 同意 / 不同意, and the table page the scoresheet's code opens (where the result stands; no form)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from html import escape

from tournament_desk.domain.levels import PASSED_ACE, format_level
from tournament_desk.domain.scoring import Outcome
from tournament_desk.i18n import tr as _tr
from tournament_desk.reports.html.pages import error_html, tr
from tournament_desk.reports.html.team_games import TEAM_GAMES_STYLE, team_match_html
from tournament_desk.services.live import CardView, LiveTableView, MyTable
from tournament_desk.web.entry_boards import (
    agree_boards_form,
    board_named,
    boards_done,
    boards_form,
    hidden,
    side_name,
)

# The entry pages' own CSS, after the common ``pages.STYLE`` (``pages.page(style=ENTRY_STYLE)``).
ENTRY_STYLE = """\
.big{font-size:1.6em;font-weight:700;margin:10px 0 4px}.vs{font-size:1.25em;line-height:1.5;margin:4px 0 10px}
.vs .me{background:#e8f0fe;border-radius:6px;padding:0 4px}.vs small{color:#555;font-weight:400}
form.entry button,form.entry input,form.entry select,a.button{min-height:48px;box-sizing:border-box}
button.send,button.yes,button.no,a.button{display:block;width:100%;font-size:1.15em;margin:10px 0;border-radius:8px;
border:1px solid #1a73e8;background:#1a73e8;color:#fff;text-align:center;text-decoration:none;line-height:48px;padding:0}
button.no,summary.no{background:#fff;color:#1a73e8}
summary.no{display:block;min-height:48px;line-height:48px;text-align:center;border:1px solid #1a73e8;
border-radius:8px;font-size:1.15em;margin:10px 0;list-style:none;cursor:pointer}summary.no::-webkit-details-marker{display:none}
fieldset.pad{border:1px solid #ccc;border-radius:8px;margin:10px 0;padding:6px}
fieldset.pad legend{font-weight:700;font-size:1.1em;padding:0 4px}
.keys{display:grid;grid-template-columns:repeat(5,1fr);gap:6px}
.keys input{position:absolute;opacity:0;width:1px;height:1px}
.keys label{display:block;min-height:52px;line-height:52px;text-align:center;font-size:1.3em;font-weight:700;
border:1px solid #999;border-radius:8px;background:#f7f7f7;user-select:none}
.keys input:checked+label{background:#1a73e8;border-color:#1a73e8;color:#fff}
.keys input:focus-visible+label{outline:3px solid #f9ab00}
fieldset.stage label{display:block;min-height:44px;line-height:44px}
.words{font-size:1.25em;font-weight:700;background:#f1f3f4;border-radius:8px;padding:10px;margin:8px 0}
.warn{background:#fff4e5;border:2px solid #e37400;padding:8px;margin:8px 0;font-weight:700}
.code{font-size:1.3em;letter-spacing:.08em;text-transform:uppercase;width:100%;min-height:48px}
table.boards td{vertical-align:middle}table.boards th,table.boards td.board{white-space:nowrap}
table.boards input.points{width:4.2em}table.boards input.penalty{width:3.4em}
table.boards .pen{display:inline-block;margin-top:2px}table.boards .pen span{display:inline-block;white-space:nowrap}
.claims{font-size:.85em;color:#555;margin-top:2px}.claims .disputed{color:#b00;font-weight:700}
"""
ENTRY_STYLE += TEAM_GAMES_STYLE


# Shows the side on stage only while the two levels picked are equal (without script it is always shown).
STAGE_SCRIPT = """
(function(){var f=document.querySelector('form.entry:not(.agree)');var s=f&&f.querySelector('fieldset.stage');
if(!s)return;function v(n){var c=f.querySelector('input[name='+n+']:checked');return c?c.value:'';}
function show(){var h=v('home_level'),a=v('away_level');s.hidden=!(h&&h===a);}
f.addEventListener('change',show);show();})();
"""


# --- the entry card ---------------------------------------------------------------------------------------
def code_form_html(lang: str) -> str:
    """Typing a card's code (the short form printed under its QR code)."""
    return (
        f'<form class="card" method="post" action="/card"><p><label>{tr("Entry card code", lang)}<br>'
        '<input class="code" name="code" autocomplete="off" autocapitalize="characters" maxlength="24" '
        f'placeholder="ABCDE-FGHJK" required></label></p><button class="send" type="submit">'
        f"{tr('Use this card', lang)}</button></form>"
    )


def card_html(lang: str, card: CardView, held: CardView | None) -> str:
    who = escape(card.name) + (f" <small>({escape('、'.join(card.players))})</small>" if card.players else "")
    swap = (
        f'<p class="note">{tr("This phone holds the card of {name} now; it gives that card up.", lang, name=held.name)}</p>'
        if held is not None
        else ""
    )
    return (
        f'<p class="big">{tr("Entry card", lang)}</p><p class="vs">{who}</p>'
        f"<p>{tr('Enter and confirm the results of {name} on this phone?', lang, name=card.name)}</p>{swap}"
        f'<form method="post"><button class="send" type="submit">{tr("Use this phone", lang)}</button></form>'
        f"<p><small>{tr('The card answers to one phone at a time; the director can release it.', lang)}</small></p>"
    )


def no_card_html(lang: str, text: str) -> str:
    return f'<p class="big">{tr("My table", lang)}</p><div class="note">{escape(text)}</div>{code_form_html(lang)}'


# --- words --------------------------------------------------------------------------------------------
def _stage_words(lang: str, table: LiveTableView, stage: str | None) -> str:
    if not stage:
        return ""
    name = table.home if stage == "home" else table.away
    return _tr("{name} on stage", lang, name=name)


def levels_words(
    lang: str, table: LiveTableView, claim: tuple[int, int], stage: str | None, outcome: Outcome | None
) -> str:
    """``四川三队 Q，福州三队 9 — 四川三队胜 13:7`` (escaped)."""
    home, away = claim
    said = {"home": table.home, "away": table.away, "home_level": format_level(home),
            "away_level": format_level(away)}  # fmt: skip
    if outcome is None:
        text = _tr("{home} {home_level}, {away} {away_level}", lang, **said)
    else:
        vp = {"home_vp": f"{outcome.home_vp:g}", "away_vp": f"{outcome.away_vp:g}"}
        if outcome.home_mp == outcome.away_mp:
            text = _tr(
                "{home} {home_level}, {away} {away_level}: a draw {home_vp}:{away_vp}", lang, **said, **vp
            )
        else:
            winner = table.home if outcome.home_mp > outcome.away_mp else table.away
            text = _tr("{home} {home_level}, {away} {away_level}: {winner} wins {home_vp}:{away_vp}", lang,
                       winner=winner, **said, **vp)  # fmt: skip
    stage_said = _stage_words(lang, table, stage if home == away else None)
    return escape(text + (f" ({stage_said})" if stage_said else ""))


# --- the levels pad -----------------------------------------------------------------------------------
def _pad(lang: str, field: str, name: str, chosen: str | None) -> str:
    keys = ""
    for value in range(2, PASSED_ACE + 1):
        key_id = f"{field}_{value}"
        checked = " checked" if chosen == str(value) else ""
        keys += (
            f'<input type="radio" id="{key_id}" name="{field}" value="{value}" required{checked}>'
            f'<label for="{key_id}">{escape(format_level(value))}</label>'
        )
    return f'<fieldset class="pad"><legend>{escape(name)}</legend><div class="keys">{keys}</div></fieldset>'


def _stage_radios(lang: str, table: LiveTableView, chosen: str | None, *, required: bool = False) -> str:
    need = " required" if required else ""
    options = "".join(
        f'<label><input type="radio" name="on_stage" value="{side}"{need}{" checked" if chosen == side else ""}> '
        f"{escape(name)}</label>"
        for side, name in (("home", table.home), ("away", table.away))
    )
    return f'<fieldset class="stage"><legend>{tr("On stage (在台上) at the end, if the levels are equal", lang)}</legend>{options}</fieldset>'


def _fields(table: LiveTableView, nonce: str) -> str:
    return hidden("token", table.token) + hidden("nonce", nonce) + hidden("version", table.version)


def _levels_form(lang: str, table: LiveTableView, nonce: str, posted: Mapping[str, str]) -> str:
    stage = script = ""
    if table.entry == "levels-on-stage":
        stage, script = _stage_radios(lang, table, posted.get("on_stage")), f"<script>{STAGE_SCRIPT}</script>"
    return (
        f'<form class="entry" method="post" action="/my">{_fields(table, nonce)}'
        f"{_pad(lang, 'home_level', table.home, posted.get('home_level'))}"
        f"{_pad(lang, 'away_level', table.away, posted.get('away_level'))}{stage}"
        f'<button class="send" type="submit">{tr("Send my entry", lang)}</button></form>{script}'
    )


def _agree_levels(
    lang: str, table: LiveTableView, nonce: str, claim: tuple[int, int], stage: str | None
) -> str:
    values = hidden("home_level", claim[0]) + hidden("away_level", claim[1])
    values += hidden("on_stage", stage) if stage else ""
    return (
        f'<form class="entry agree" method="post" action="/my">{_fields(table, nonce)}{values}'
        f'<button class="yes" type="submit">{tr("Agree", lang)}</button></form>'
    )


def stage_step_html(lang: str, table: LiveTableView, *, nonce: str, posted: Mapping[str, str]) -> str:
    """The knockout's second step (no script needed): the levels sent are equal, so who was on stage?"""
    try:
        levels = f"{format_level(int(posted['home_level']))} : {format_level(int(posted['away_level']))}"
    except (KeyError, ValueError):
        levels = f"{escape(posted.get('home_level', ''))} : {escape(posted.get('away_level', ''))}"
    fields = "".join(hidden(k, posted.get(k, "")) for k in ("home_level", "away_level"))
    ask = tr(
        "The levels are equal ({levels}): in a knockout the side on stage at the end wins. Which side was on stage?",
        lang,
        levels=levels,
    )
    return (
        f'{_heading(lang, table, None)}<div class="note">{ask}</div>'
        f'<form class="entry" method="post" action="/my">{_fields(table, nonce)}{fields}'
        f"{_stage_radios(lang, table, None, required=True)}"
        f'<button class="send" type="submit">{tr("Send my entry", lang)}</button></form>'
        f'<p><a class="button" href="/my">{tr("Back: change the levels", lang)}</a></p>'
    )


# --- pages --------------------------------------------------------------------------------------------
def _heading(lang: str, table: LiveTableView, side: str | None) -> str:
    def name(s: str, text: str) -> str:
        me = " me" if s == side else ""
        mark = f" <small>{tr('(you)', lang)}</small>" if s == side else ""
        return f'<span class="{me.strip()}">{side_name(lang, table, s)} {escape(text)}{mark}</span>'

    big = tr("Table {table}", lang, table=table.table)
    small = tr("Round {round}", lang, round=table.round)
    return f'<p class="big">{big} <small>{small}</small></p><p class="vs">{name("home", table.home)}<br>{name("away", table.away)}</p>'


def _recorded(lang: str, table: LiveTableView) -> str:
    if table.games:
        return team_match_html(lang, table, None, iter(()))
    if table.by_boards:
        return boards_done(lang, table)
    if table.result is None:
        return ""
    return f'<div class="words">{levels_words(lang, table, table.result, table.on_stage, None)}</div>'


def my_table_html(
    lang: str,
    mine: MyTable,
    outcome: Outcome | None,
    *,
    nonce: str,
    message: str = "",
    ok: str = "",
    posted: Mapping[str, str] | None = None,
    nonces: Iterator[str] | None = None,
) -> str:
    """ "My table this round" for the phone holding ``mine.card``; ``outcome``: what the other side's entry
    scores (levels), ``posted``: what this phone sent last (kept after a refusal that was not a stale form);
    ``nonces``: one for each form of a team match's games (else ``nonce`` for the one form)."""
    notes = (error_html(message) if message else "") + (f'<div class="ok">{escape(ok)}</div>' if ok else "")
    table, side = mine.table, mine.side
    if table is None or side is None:
        name = mine.card.name if mine.card is not None else ""
        why = {
            "unpublished": tr("The pairing of the next round is not published yet.", lang),
            "withdrawn": tr("{name} has withdrawn and plays no more.", lang, name=name),
        }.get(
            mine.why_none or "",
            tr("{name} has no table in round {round}.", lang, name=name, round=mine.round),
        )
        return f'<p class="big">{escape(name)}</p>{notes}<div class="note">{why}</div>'
    body = (
        f'<div id="mine" data-round="{table.round}" data-table="{table.table}" data-version="{table.version}" '
        "hidden></div>"
    )
    body += _heading(lang, table, side) + notes
    if table.games:  # a team match: each pair game on its own, whatever the match's state
        games = nonces if nonces is not None else iter(lambda: nonce, None)
        return body + team_match_html(lang, table, side, games, posted)
    if table.source in ("confirmed", "desk"):
        said = (
            tr("Both sides confirmed: the result is recorded.", lang)
            if table.source == "confirmed"
            else tr("The desk has recorded this table's result.", lang)
        )
        return body + f"<p>{said}</p>" + _recorded(lang, table)
    if table.locked:
        return (
            body
            + f'<div class="note">{tr("The director has closed phone entry for this table; hand the scoresheet to the desk.", lang)}</div>'
        )
    return body + (_boards_state(lang, table, side, nonce, posted or {}) if table.by_boards
                   else _levels_state(lang, table, side, outcome, nonce, posted or {}))  # fmt: skip


def shows_their_entry(table: LiveTableView, side: str) -> bool:
    """Does the page put the other side's levels in words (to agree with)? Only then is their score needed."""
    mine = table.home_claim if side == "home" else table.away_claim
    theirs = table.away_claim if side == "home" else table.home_claim
    open_ = table.source not in ("confirmed", "desk") and not table.locked and not table.by_boards
    return open_ and theirs is not None and (mine is None or table.source == "disputed")


def _levels_state(
    lang: str, table: LiveTableView, side: str, outcome: Outcome | None, nonce: str, posted: Mapping[str, str]
) -> str:
    mine = table.home_claim if side == "home" else table.away_claim
    theirs = table.away_claim if side == "home" else table.home_claim
    my_stage = table.home_on_stage if side == "home" else table.away_on_stage
    their_stage = table.away_on_stage if side == "home" else table.home_on_stage
    form = _levels_form(lang, table, nonce, posted)
    other = side_name(lang, table, "away" if side == "home" else "home")
    if theirs is not None and (mine is None or table.source == "disputed"):
        head = ""
        if table.source == "disputed" and mine is not None:
            head = (f'<div class="warn">{tr("The two sides entered different levels: the director decides.", lang)}</div>'
                    f"<p>{tr('You entered', lang)}: {levels_words(lang, table, mine, my_stage, None)}</p>")  # fmt: skip
        words = levels_words(lang, table, theirs, their_stage, outcome)
        return (
            f'{head}<p>{tr("{side} entered", lang, side=other)}:</p><div class="words">{words}</div>'
            f"{_agree_levels(lang, table, nonce, theirs, their_stage)}"
            f'<details><summary class="no">{tr("Disagree: enter what we saw", lang)}</summary>{form}</details>'
        )
    if mine is not None:
        words = levels_words(lang, table, mine, my_stage, None)
        return (
            f'<p>{tr("You entered", lang)}:</p><div class="words">{words}</div>'
            f"<p>{tr('Waiting for the other side to confirm on its own phone.', lang)}</p>"
            f'<details><summary class="no">{tr("Correct my entry", lang)}</summary>{form}</details>'
        )
    return f"<p>{tr('Pick the level each side reached, then send.', lang)}</p>{form}"


def _boards_state(lang: str, table: LiveTableView, side: str, nonce: str, posted: Mapping[str, str]) -> str:
    fields = _fields(table, nonce)
    my_lines = [line.home if side == "home" else line.away for line in table.boards]
    their_lines = [line.away if side == "home" else line.home for line in table.boards]
    entered_mine, entered_theirs = any(my_lines), any(their_lines)
    other = side_name(lang, table, "away" if side == "home" else "home")
    if entered_theirs and (not entered_mine or table.source == "disputed"):
        head = ""
        if table.source == "disputed":
            named = _tr(", ", lang).join(board_named(lang, b) for b in table.disputed_boards)
            head = f'<div class="warn">{tr("The two sides entered different results for {boards}: the director decides.", lang, boards=named)}</div>'
        form = boards_form(lang, table, side, fields, posted, blank=True)
        return (
            f"{head}<p>{tr('{side} entered', lang, side=other)}:</p>{agree_boards_form(lang, table, side, fields)}"
            f'<details><summary class="no">{tr("Disagree: enter what we saw", lang)}</summary>{form}</details>'
        )
    form = boards_form(lang, table, side, fields, posted, blank=False)
    if entered_mine:
        return (
            f"<p>{tr('Waiting for the other side to confirm on its own phone.', lang)}</p>"
            f'<details><summary class="no">{tr("Correct my entry", lang)}</summary>{form}</details>'
        )
    how = tr("NS enters every board; EW checks and confirms (or enters its own).", lang)
    if table.entry == "room-boards":
        how = tr(
            "The home team enters every board in both rooms; the away team checks and confirms (or enters its own).",
            lang,
        )
    return f"<p>{how}</p>{form}"


def table_html(lang: str, table: LiveTableView, *, mine: bool) -> str:
    """The page the scoresheet's code opens: the table, where its result stands, and how to enter."""
    state = {
        "open": tr("Nothing entered yet.", lang),
        "pending": tr("Entered by one side; waiting for the other side to confirm.", lang),
        "confirmed": tr("Both sides confirmed: the result is recorded.", lang),
        "disputed": tr("The two sides entered different results: the director decides.", lang),
        "desk": tr("The desk has recorded this table's result.", lang),
    }[table.source]
    how = (
        f'<a class="button" href="/my">{tr("Enter or confirm on this phone", lang)}</a>'
        if mine
        else f"<p>{tr('To enter or confirm, each side scans its own entry card (录分卡).', lang)}</p>"
    )
    done = _recorded(lang, table) if table.source in ("confirmed", "desk") else ""
    return f"{_heading(lang, table, None)}<p>{state}</p>{done}{how}"
