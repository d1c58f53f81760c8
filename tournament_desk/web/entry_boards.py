"""The boards form of a Mitchell or duplicate table on the phone that holds an entry card (``entry_pages``):
each board (duplicate: each room of each board) its defenders' points and any penalty; the other side's entry
shown board by board, to agree with or to answer with one's own."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from tournament_desk.i18n import tr as _tr
from tournament_desk.reports.html.pages import tr
from tournament_desk.services.live import BoardClaim, BoardLine, LiveTableView


def hidden(name: str, value: object) -> str:
    return f'<input type="hidden" name="{name}" value="{escape(str(value), True)}">'


def claim_text(claim: BoardClaim | None) -> str:
    return "" if claim is None else escape(claim.text())


def board_label(lang: str, line: BoardLine) -> str:
    """``3``, or in duplicate ``3 开室`` / ``3 闭室``."""
    return f"{line.board} {tr(line.room, lang)}" if line.room else str(line.board)


def board_named(lang: str, line: BoardLine) -> str:
    """In a sentence: ``board 3`` / ``第 3 副``, in duplicate ``board 3 (closed room)`` / ``第 3 副（闭室）``."""
    if line.room:
        return _tr("board {board} ({room} room)", lang, board=line.board, room=_tr(line.room, lang))
    return _tr("board {board}", lang, board=line.board)


def side_name(lang: str, table: LiveTableView, side: str) -> str:
    if table.entry == "boards":
        return tr("NS", lang) if side == "home" else tr("EW", lang)
    return tr("home", lang) if side == "home" else tr("away", lang)


def _head(lang: str) -> str:
    points = tr("Defenders' points", lang)
    return f"<tr><th>{tr('Board', lang)}</th><th>{tr('Declarer', lang)}</th><th>{points}</th></tr>"


def boards_form(
    lang: str, table: LiveTableView, side: str, fields: str, posted: Mapping[str, str], *, blank: bool
) -> str:
    """The whole board form; ``fields``: the hidden token, nonce and version; ``blank``: nothing filled in
    from what anyone entered (the answer to the other side's entry), else the phone's own entry again."""
    rows = ""
    for line in table.boards:
        b = line.key
        own = line.home if side == "home" else line.away
        pre = line.recorded or (None if blank else own)
        points = posted.get(f"points_{b}") or ("" if pre is None else str(pre.points))
        given = pre.penalty if pre is not None else None
        pen_side = posted.get(f"pen_side_{b}") or (given[0] if given else "")
        pen = posted.get(f"pen_{b}") or (str(given[1]) if given else "")
        if line.recorded is not None:
            field = f"<b>{claim_text(line.recorded)}</b>" + "".join(
                hidden(n, v) for n, v in ((f"points_{b}", line.recorded.points), (f"pen_side_{b}", pen_side),
                                          (f"pen_{b}", pen))
            )  # fmt: skip
        else:
            sides = "".join(
                f'<option value="{v}"{" selected" if v == pen_side else ""}>{label}</option>'
                for v, label in (("", "—"), ("NS", tr("NS", lang)), ("EW", tr("EW", lang)))
            )
            board = board_label(lang, line)
            label = tr("Board {board}: defenders' points", lang, board=board)
            pen_label = tr("Board {board}: penalty points", lang, board=board)
            field = (
                f'<input class="points" name="points_{b}" value="{escape(points, True)}" inputmode="numeric" '
                f'size="4" aria-label="{label}" required> <span class="pen"><span>{tr("Penalty to", lang)}</span> '
                f'<span><select name="pen_side_{b}">{sides}</select> <input class="penalty" name="pen_{b}" '
                f'value="{escape(pen, True)}" inputmode="numeric" size="3" aria-label="{pen_label}"></span></span>'
            )
        claims = [
            f"{side_name(lang, table, s)}: {claim_text(c)}" for s, c in (("home", line.home), ("away", line.away))
            if c is not None
        ]  # fmt: skip
        if claims and line.disputed:
            claims.append('<span class="disputed">≠</span>')
        said = f'<div class="claims">{" · ".join(claims)}</div>' if claims else ""
        rows += (
            f'<tr><td class="board">{board_label(lang, line)}</td><td>{escape(line.declarer)}</td>'
            f"<td>{field}{said}</td></tr>"
        )
    return (
        f'<form class="entry" method="post" action="/my">{fields}<table class="boards">{_head(lang)}{rows}</table>'
        f'<button class="send" type="submit">{tr("Send my entry", lang)}</button></form>'
    )


def agree_boards_form(lang: str, table: LiveTableView, side: str, fields: str) -> str:
    """The other side's boards as they entered them, and 同意: the same boards sent as this side's entry."""
    theirs = [(line, line.away if side == "home" else line.home) for line in table.boards]
    rows = "".join(
        f'<tr><td class="board">{board_label(lang, line)}</td><td>{escape(line.declarer)}</td>'
        f"<td>{claim_text(claim)}</td></tr>"
        for line, claim in theirs
    )
    values = ""
    for line, claim in theirs:
        if claim is None:
            return ""
        pen = claim.penalty
        values += hidden(f"points_{line.key}", claim.points)
        values += hidden(f"pen_side_{line.key}", pen[0] if pen else "") + hidden(
            f"pen_{line.key}", pen[1] if pen else ""
        )
    return (
        f'<table class="boards">{_head(lang)}{rows}</table>'
        f'<form class="entry agree" method="post" action="/my">{fields}{values}'
        f'<button class="yes" type="submit">{tr("Agree", lang)}</button></form>'
    )


def boards_done(lang: str, table: LiveTableView) -> str:
    rows = "".join(
        f'<tr><td class="board">{board_label(lang, line)}</td><td>{escape(line.declarer)}</td>'
        f"<td>{claim_text(line.recorded)}</td></tr>"
        for line in table.boards
    )
    return f'<table class="boards">{_head(lang)}{rows}</table>'
