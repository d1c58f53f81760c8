"""Entering results from the players' phones (issue 23): the entry card binds a phone to an entrant, and
that phone enters or confirms its own side at its own table, and nothing else.

- ``/c/{code}`` (the card's QR code) and ``/card`` (the code typed): the card's page, and taking the card on
  this phone (a POST: a link preview or a prefetch never takes a card). The server answers with a secret
  cookie of its own choosing (``CARD_COOKIE``); the file keeps only its hash (``services.live``, its entry cards).
- ``/my``: "my table this round", with nothing to choose; the form posts back to it.
- ``/t/{token}`` (the scoresheet's QR code): where the table's result stands, for anyone; entering needs a card.

Wrong codes are counted per client address: after ``MAX_WRONG_CODES`` in ``WRONG_CODE_WINDOW`` seconds that
address is refused for the rest of the window, so the codes cannot be tried one after another.
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from urllib.parse import parse_qs

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from tournament_desk.domain.errors import BadInput, TournamentError
from tournament_desk.domain.levels import parse_level
from tournament_desk.domain.team_match import PairGame
from tournament_desk.i18n import render, tr
from tournament_desk.reports.html import pages
from tournament_desk.services import live
from tournament_desk.web import entry_pages
from tournament_desk.web.respond import desk_of, html, lang_of

CARD_COOKIE = "tdesk_card"
CARD_COOKIE_DAYS = 4
SECRET_FORM = re.compile(r"[A-Za-z0-9_-]{32}")  # secrets.token_urlsafe(24)
MAX_FORM_FIELDS = 200  # the largest real form (two rooms of a dozen boards, three fields each) has about 80
MAX_WRONG_CODES = 10
WRONG_CODE_WINDOW = 300.0


class WrongCodes:
    """Wrong card codes by client address, forgotten after ``WRONG_CODE_WINDOW``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: dict[str, list[float]] = {}

    def blocked(self, who: str) -> bool:
        with self._lock:
            recent = [t for t in self._seen.get(who, []) if time.monotonic() - t < WRONG_CODE_WINDOW]
            self._seen[who] = recent
            return len(recent) >= MAX_WRONG_CODES

    def wrong(self, who: str) -> None:
        with self._lock:
            if len(self._seen) > 10_000:  # a flood of addresses: forget them all rather than grow
                self._seen.clear()
            self._seen.setdefault(who, []).append(time.monotonic())


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _secret(request: Request) -> str | None:
    """The phone's secret as the server made it (``live.bind``: 32 URL-safe characters); a cookie of any
    other form is none, and taking a card replaces it with one of the server's."""
    value = request.cookies.get(CARD_COOKIE, "")
    return value if SECRET_FORM.fullmatch(value) else None


def _page(
    request: Request, title: str, body: str, status: int = 200, *, refresh: bool = True
) -> HTMLResponse:
    """An entry page; ``refresh``: read again when the server reports a change (never on the card's pages:
    taking the card is itself a change, and reading the card page again would race the way to ``/my``)."""
    return html(
        request, title, body, status, style=entry_pages.ENTRY_STYLE, refresh=refresh, crosstable=False
    )


def _refused(request: Request, error: TournamentError | str, status: int = 400) -> HTMLResponse:
    lang = lang_of(request)
    text = error if isinstance(error, str) else render(error, lang)
    body = pages.error_html(text) + entry_pages.code_form_html(lang)
    return _page(request, tr("Entry card", lang), body, status, refresh=False)


async def _form(request: Request) -> dict[str, str]:
    """The entry form's few urlencoded fields, each key's first non-blank value. The body's size is limited
    before it is read (``limits.Guard``); more than ``MAX_FORM_FIELDS`` fields are refused with a page."""
    body = (await request.body()).decode("utf-8", "replace")
    try:
        return {k: v[0] for k, v in parse_qs(body, max_num_fields=MAX_FORM_FIELDS).items()}
    except ValueError:  # more fields than any page of the server sends
        raise HTTPException(400, detail="Too many fields") from None


# --- the entry card -----------------------------------------------------------------------------------
async def card_page(request: Request) -> Response:
    """What a scanned card opens: whose card it is, and a button to take it on this phone."""
    desk, code, lang = desk_of(request), request.path_params["code"], lang_of(request)
    if request.app.state.wrong_codes.blocked(_client(request)):
        return _refused(
            request, tr("Too many wrong card codes from this phone; wait five minutes.", lang), 429
        )
    try:
        card = await run_in_threadpool(live.card_by_code, desk, code)
    except TournamentError as error:
        request.app.state.wrong_codes.wrong(_client(request))
        return _refused(request, error, 404)
    held = await run_in_threadpool(live.phone_card, desk, _secret(request))
    if held is not None and held.entrant_id == card.entrant_id:
        return RedirectResponse("/my", status_code=303)
    return _page(request, tr("Entry card", lang), entry_pages.card_html(lang, card, held), refresh=False)


async def take_card(request: Request) -> Response:
    """Take a card on this phone (``/c/{code}`` posted, or ``/card`` with the code typed)."""
    desk, lang = desk_of(request), lang_of(request)
    code = request.path_params.get("code") or (await _form(request)).get("code", "")
    if request.app.state.wrong_codes.blocked(_client(request)):
        return _refused(
            request, tr("Too many wrong card codes from this phone; wait five minutes.", lang), 429
        )
    try:
        secret, _card = await run_in_threadpool(live.bind, desk, code, _secret(request))
    except TournamentError as error:
        if isinstance(error, live.UnknownCode):
            request.app.state.wrong_codes.wrong(_client(request))
        return _refused(request, error, 400)
    response = RedirectResponse("/my", status_code=303)
    response.set_cookie(CARD_COOKIE, secret, max_age=86400 * CARD_COOKIE_DAYS, httponly=True, samesite="lax")
    return response


# --- my table -----------------------------------------------------------------------------------------
SAID = {  # what a phone's entry came to, said on the page that answers it and when that page is read again
    "pending": "Entered. Now the other side confirms on its own phone.",
    "confirmed": "Confirmed by both sides: the result is recorded.",
    "replay": "This entry had already arrived; nothing changed.",
}


def _said(request: Request, mine: live.MyTable, lang: str, done: str | None = None) -> str:
    """What an entry came to (``done``, or ``?said=…`` on a page read again), if the table still stands so (a
    link cannot make a phone say otherwise)."""
    said, table, side = done or request.query_params.get("said", ""), mine.table, mine.side
    if said not in SAID or table is None or side is None:
        return ""
    entered = (table.home_claim if side == "home" else table.away_claim) is not None or (
        table.by_boards and any((b.home if side == "home" else b.away) for b in table.boards)
    ) or any((g.home if side == "home" else g.away) for g in table.games)  # fmt: skip
    confirmed = table.source == "confirmed" or any(g.state == "confirmed" for g in table.games)
    fits = {"pending": table.source == "pending" and entered, "confirmed": confirmed}
    return tr(SAID[said], lang) if fits.get(said, True) else ""


async def my_page(
    request: Request, *, status: int = 200, message: str = "", posted: dict[str, str] | None = None,
    done: live.SubmissionOutcome | None = None,
) -> HTMLResponse:  # fmt: skip
    """The phone's table; ``done``: the entry just stored, whose table is drawn as it came back (no read), on
    a page whose address then says what the entry came to (``?said=…``: a reload keeps saying it)."""
    desk, lang = desk_of(request), lang_of(request)
    if done is not None and done.side is not None:
        mine: live.MyTable | None = live.MyTable(None, done.table.round, done.side, done.table)
    else:
        mine = await run_in_threadpool(live.my_table, desk, _secret(request))
    if mine is None:
        text = tr("This phone holds no entry card: scan the QR code on your own entry card (录分卡).", lang)
        return _page(
            request, tr("My table", lang), entry_pages.no_card_html(lang, text), status, refresh=False
        )
    outcome = None
    if (
        mine.table is not None
        and mine.side is not None
        and entry_pages.shows_their_entry(mine.table, mine.side)
    ):
        outcome = await run_in_threadpool(live.claim_outcome, desk, mine.table, mine.side)
    said = _said(request, mine, lang, done.outcome if done is not None else None)
    nonces = iter(lambda: secrets.token_urlsafe(12), None)  # one for each form of the page
    body = entry_pages.my_table_html(
        lang, mine, outcome, nonce=next(nonces), message=message, ok=said, posted=posted, nonces=nonces
    )
    if done is not None:
        where = "/my" if done.outcome == "disputed" else f"/my?said={done.outcome}"
        body += f"<script>history.replaceState(null,'','{where}');</script>"
    return _page(request, tr("My table", lang), body, status)


def _board_entries(form: dict[str, str]) -> dict[live.BoardKey, live.BoardClaim]:
    """The boards a phone sent: ``points_N`` with ``pen_side_N`` and ``pen_N`` (penalty to NS or EW); in
    duplicate ``N`` is the board and room, ``3o`` / ``3c``."""
    boards: dict[live.BoardKey, live.BoardClaim] = {}
    for key, value in form.items():
        name = key.removeprefix("points_")
        if name == key or not name.rstrip("oc").isdigit() or len(name) > 6:
            continue
        boards[name] = live.parse_board_entry(value, form.get(f"pen_side_{name}"), form.get(f"pen_{name}"))
    return boards


def _game_entry(form: dict[str, str]) -> dict[int, PairGame]:
    """The pair game a captain's phone sent (``game``): the two levels and 庄家, or the pair absent."""
    number = str(form.get("game", ""))
    if not number.isdigit() or len(number) > 2:
        return {}
    n, absent = int(number), (form.get("absent") or "").strip() or None
    if absent is not None:
        return {n: PairGame(n, absent=absent)}  # type: ignore[arg-type]
    home, away = (str(form.get(k, "")).strip() for k in ("home_level", "away_level"))
    if not home or not away:
        raise BadInput("Game {game} needs both levels (2–10, J, Q, K, A or 过A).", game=n)
    declarer = (form.get("declarer") or "").strip() or None
    return {n: PairGame(n, parse_level(home), parse_level(away), declarer)}  # type: ignore[arg-type]


def _submission(form: dict[str, str], secret: str) -> live.Submission:
    token, nonce = str(form.get("token", "")), str(form.get("nonce", ""))
    if "game" in form:
        games = _game_entry(form)
        seen = {n: str(form.get("seen", "")) for n in games}
        return live.Submission(token, secret, nonce, -1, games=games, seen=seen)
    try:
        version = int(str(form.get("version", "")))
    except ValueError:
        version = -1
    if any(key.startswith("points_") for key in form):
        return live.Submission(token, secret, nonce, version, boards=_board_entries(form))
    return live.Submission(
        token, secret, nonce, version, str(form.get("home_level", "")), str(form.get("away_level", "")),
        form.get("on_stage") or None,
    )  # fmt: skip


async def my_submit(request: Request) -> HTMLResponse:
    form = await _form(request)
    lang, secret = lang_of(request), _secret(request)
    if secret is None:
        return await my_page(request, status=403)
    try:
        done = await request.app.state.writes.submit(_submission(form, secret))
    except live.OnStageNeeded:
        # A knockout table's equal levels: the second step asks who was on stage (no script needed).
        mine = await run_in_threadpool(live.my_table, desk_of(request), secret)
        if mine is None or mine.table is None:
            return await my_page(request, status=403)
        body = entry_pages.stage_step_html(lang, mine.table, nonce=secrets.token_urlsafe(12), posted=form)
        return _page(request, tr("My table", lang), body)
    except TournamentError as error:
        if isinstance(error, live.NoCard):  # a forged, released or reissued card
            return await my_page(request, status=403)
        if isinstance(error, live.NotAtTable):  # a card of an entrant who does not play at that table
            return await my_page(request, status=403, message=render(error, lang))
        stale = isinstance(error, live.StaleForm)
        # A stale form is shown again with what the table holds now, not with what was sent.
        return await my_page(request, status=400, message=render(error, lang), posted=None if stale else form)
    # The answer is the table as the entry left it (no read); a dispute is the page's own warning, never success.
    return await my_page(request, done=done)


# --- the scoresheet's code ----------------------------------------------------------------------------
async def table_page(request: Request) -> HTMLResponse:
    """Where a table's result stands (the scoresheet's QR code); entering needs an entry card."""
    desk, lang = desk_of(request), lang_of(request)
    try:
        table = await run_in_threadpool(live.table_by_token, desk, request.path_params["token"])
    except TournamentError as error:
        return _refused(request, error, 404)
    held = await run_in_threadpool(live.phone_card, desk, _secret(request))
    mine = held is not None and held.name in (table.home, table.away)
    title = tr("Round {round} table {table}", lang, round=table.round, table=table.table)
    return _page(request, title, entry_pages.table_html(lang, table, mine=mine))


async def table_post(request: Request) -> HTMLResponse:
    """The form of the old pages, or anyone posting to a scoresheet's code: refused, nothing stored."""
    await _form(request)
    lang = lang_of(request)
    error = BadInput(
        "Results are entered with each side's own entry card (录分卡), not with the scoresheet's code: scan "
        "your entry card."
    )
    return _refused(request, render(error, lang), 403)
