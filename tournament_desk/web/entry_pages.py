"""A table's entry page on the players' phones (SPEC §10): the levels form (with the knockout's side on stage),
the boards form of a board-scored or duplicate table, and what each side entered; its own CSS and script."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from tournament_desk.domain.levels import format_level
from tournament_desk.i18n import tr as _tr
from tournament_desk.services.live import BoardClaim, BoardLine, LiveTableView, format_claim
from tournament_desk.web.pages import error_html, tr

# The entry forms' own CSS, after the common ``pages.STYLE`` (``pages.page(style=ENTRY_STYLE)``).
ENTRY_STYLE = """\
form.entry input,form.entry select,form.entry button{min-height:44px;box-sizing:border-box}
form.entry input[type=radio]{min-height:0;width:22px;height:22px;margin:0 4px 0 0;vertical-align:middle}
form.entry label{display:inline-block;padding:6px 8px 6px 0}
table.boards td{vertical-align:middle}table.boards th,table.boards td.board{white-space:nowrap}
table.boards input.points{width:4.2em}table.boards input.penalty{width:3.4em}
table.boards .pen{display:inline-block;margin-top:2px}table.boards .pen span{display:inline-block;white-space:nowrap}
.claims{font-size:.85em;color:#555;margin-top:2px}.claims .disputed{color:#b00;font-weight:700}
"""


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
