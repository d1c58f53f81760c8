"""The desk's LAN server as an ASGI app: the players' pages, table entry by QR token, the clock, SSE pushes.

Every read and write goes through the services on the one tournament file, so the file stays the single
source of truth; the server holds no state of its own except the connected SSE listeners.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
from collections.abc import AsyncIterator
from dataclasses import asdict
from html import escape
from typing import TypeVar
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from tournament_desk.domain.errors import TournamentError
from tournament_desk.i18n import render, tr
from tournament_desk.services import live, live_clock, live_public
from tournament_desk.services.desk import Desk
from tournament_desk.services.live_batch import MOST as MOST_IN_ONE_WRITE
from tournament_desk.web import entry_pages, pages
from tournament_desk.web.changes import Changes
from tournament_desk.web.crosstable import crosstable
from tournament_desk.web.projector import projector

T = TypeVar("T")
DEVICE_COOKIE = "tdesk_device"
MAX_FORM_BYTES = 4096
POLL_SECONDS = 0.1  # how often the server looks for changes to push (one watcher for every screen)
KEEPALIVE_SECONDS = 15.0
MAX_STREAM_SECONDS = 3600.0  # a phone's event stream is closed after an hour; the browser reconnects


def _lang(request: Request) -> str:
    chosen = request.query_params.get("lang") or request.cookies.get("tdesk_lang")
    if chosen in ("zh", "en"):
        return chosen
    return "zh" if "zh" in request.headers.get("accept-language", "zh").lower() else "en"


def _html(
    request: Request, title: str, body: str, status: int = 200, *, style: str = "", **kw: bool
) -> HTMLResponse:
    lang = _lang(request)
    cross = live_public.has_crosstable(_desk(request))
    response = HTMLResponse(
        pages.page(lang, title, body, crosstable=cross, style=style, **kw), status_code=status
    )
    if request.query_params.get("lang") in ("zh", "en"):
        response.set_cookie("tdesk_lang", lang, max_age=86400 * 30, samesite="lax")
    return response


def _desk(request: Request) -> Desk:
    desk: Desk = request.app.state.desk
    return desk


def _head(request: Request) -> str:
    desk = _desk(request)
    lang = _lang(request)
    clock = pages.clock_html(lang, live_clock.clock(desk))
    return f"<h1>{escape(live_public.event_name(desk))}</h1>{clock}{pages.notes_html(live_clock.announcements(desk))}"


def home(request: Request) -> HTMLResponse:
    lang = _lang(request)
    return _html(request, tr("Find my table", lang), _head(request) + pages.search_html(lang, "", []))


def find(request: Request) -> Response:
    lang = _lang(request)
    query = request.query_params.get("q", "")[:50]
    found = live_public.find_entrants(_desk(request), query)
    listed = [(e.name, "、".join(e.players)) for e in found]
    return _html(request, tr("Find my table", lang), _head(request) + pages.search_html(lang, query, listed))


def me(request: Request) -> HTMLResponse:
    lang = _lang(request)
    name = request.path_params["name"]
    card = live_public.player_card(_desk(request), name)
    if card is None:
        body = pages.error_html(tr("There is no entrant called '{name}'.", lang, name=name))
        return _html(request, name, _head(request) + body + pages.search_html(lang, "", []), status=404)
    return _html(request, name, _head(request) + pages.card_html(lang, card))


def pairings(request: Request) -> HTMLResponse:
    lang = _lang(request)
    view = live_public.current_round(_desk(request))
    return _html(request, tr("Pairings", lang), _head(request) + pages.pairings_html(lang, view))


def standings(request: Request) -> HTMLResponse:
    lang = _lang(request)
    body = pages.standings_html(lang, live_public.public_standings(_desk(request)))
    return _html(request, tr("Standings", lang), _head(request) + body)


def _device(request: Request) -> tuple[str, bool]:
    known = request.cookies.get(DEVICE_COOKIE, "")
    if 8 <= len(known) <= 64 and known.replace("-", "").replace("_", "").isalnum():
        return known, False
    return secrets.token_urlsafe(12), True


def _entry(
    request: Request,
    table: live.LiveTableView,
    status: int = 200,
    *,
    message: str = "",
    ok: str = "",
    posted: dict[str, str] | None = None,
) -> HTMLResponse:
    lang = _lang(request)
    body = entry_pages.entry_html(
        lang, table, nonce=secrets.token_urlsafe(12), message=message, ok=ok, posted=posted
    )
    response = _html(request, tr("Round {round} table {table}", lang, round=table.round, table=table.table),
                     body, status=status, refresh=False, style=entry_pages.ENTRY_STYLE)  # fmt: skip
    device, new = _device(request)
    if new:
        response.set_cookie(DEVICE_COOKIE, device, max_age=86400 * 7, samesite="lax", httponly=True)
    return response


def _refused(request: Request, error: TournamentError, status: int = 400) -> HTMLResponse:
    lang = _lang(request)
    return _html(request, tr("Find my table", lang), pages.error_html(render(error, lang)), status=status,
                 refresh=False)  # fmt: skip


def entry_form(request: Request) -> HTMLResponse:
    try:
        table = live.table_by_token(_desk(request), request.path_params["token"])
    except TournamentError as error:
        return _refused(request, error, 404)
    return _entry(request, table)


class Writes:
    """Group commit of the tables' submissions: one write at a time from this server (SQLite takes one writer
    anyway, and waiting on its busy handler is far slower than queueing here), and whatever arrived while a
    write was under way goes into the next one, all together (``live.submit_many``: one transaction, each
    submission in its own savepoint, at most ``live_batch.MOST``). Each request still gets its own outcome,
    or its own refusal."""

    def __init__(self, desk: Desk, changes: Changes) -> None:
        self.desk = desk
        self.changes = changes
        self.lock = threading.Lock()  # the one writer, also across event loops (tests run one per request)
        self._mutex = threading.Lock()  # guards the queue
        self._queue: list[tuple[live.Submission, asyncio.Future[live.SubmissionOutcome]]] = []
        self._draining = False
        self._task: asyncio.Task[None] | None = None

    async def submit(self, submission: live.Submission) -> live.SubmissionOutcome:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[live.SubmissionOutcome] = loop.create_future()
        with self._mutex:
            self._queue.append((submission, future))
            start, self._draining = not self._draining, True
        if start:
            self._task = loop.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        batch: list[tuple[live.Submission, asyncio.Future[live.SubmissionOutcome]]] = []
        try:
            while True:
                with self._mutex:
                    batch, self._queue = self._queue[:MOST_IN_ONE_WRITE], self._queue[MOST_IN_ONE_WRITE:]
                    if not batch:
                        self._draining = False
                        return
                outcomes = await run_in_threadpool(self._write, [s for s, _ in batch])
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    _settle(future, outcome)
                batch = []
                self.changes.poke()  # the phones hear of it now, not at the next poll
        finally:
            if batch or self._draining:  # cancelled (the server stops): nobody is left waiting for ever
                with self._mutex:
                    left, self._queue, self._draining = batch + self._queue, [], False
                for _, future in left:
                    _settle(future, RuntimeError("the server stopped before this entry was stored"))

    def _write(self, submissions: list[live.Submission]) -> list[live.SubmissionOutcome | BaseException]:
        with self.lock:
            try:
                return list(live.submit_many(self.desk, submissions))
            except TournamentError as trouble:  # the file itself (locked, read-only, full): the same for all
                return [trouble] * len(submissions)
            except Exception as error:  # a fault: each on its own, so that it costs only its own entry
                if len(submissions) == 1:
                    return [error]
        return [self._write([s])[0] for s in submissions]


def _settle(future: asyncio.Future[T], outcome: T | BaseException) -> None:
    def settle() -> None:
        if future.done():
            return
        if isinstance(outcome, BaseException):
            future.set_exception(outcome)
        else:
            future.set_result(outcome)

    loop = future.get_loop()
    try:
        here: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        here = None
    if loop is here:
        settle()
    else:
        with contextlib.suppress(RuntimeError):  # that request's loop has gone
            loop.call_soon_threadsafe(settle)


async def _form(request: Request) -> dict[str, str]:
    """The entry form's few urlencoded fields (anything larger than a form is ignored)."""
    body = await request.body()
    if len(body) > MAX_FORM_BYTES:
        return {}
    return {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace"), max_num_fields=64).items()}


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


def _submission(token: str, form: dict[str, str], device: str, version: int) -> live.Submission:
    side, nonce = str(form.get("side", "")), str(form.get("nonce", ""))
    if any(key.startswith("points_") for key in form):
        return live.Submission(token, side, device, nonce, version, boards=_board_entries(form))
    return live.Submission(
        token, side, device, nonce, version, str(form.get("home_level", "")), str(form.get("away_level", "")),
        form.get("on_stage") or None,
    )  # fmt: skip


async def entry_submit(request: Request) -> HTMLResponse:
    form = await _form(request)
    desk, token = _desk(request), request.path_params["token"]
    device = request.cookies.get(DEVICE_COOKIE, "")
    lang = _lang(request)
    try:
        version = int(str(form.get("version", "")))
    except ValueError:
        version = -1
    try:
        done = await request.app.state.writes.submit(_submission(token, form, device, version))
    except live.OnStageNeeded:
        # A knockout table's equal levels: the second step asks who was on stage (no script needed).
        table = await run_in_threadpool(live.table_by_token, desk, token)
        body = entry_pages.stage_step_html(lang, table, nonce=secrets.token_urlsafe(12), posted=form)
        title = tr("Round {round} table {table}", lang, round=table.round, table=table.table)
        return _html(request, title, body, refresh=False, style=entry_pages.ENTRY_STYLE)
    except TournamentError as error:
        try:
            table = await run_in_threadpool(live.table_by_token, desk, token)
        except TournamentError:
            return _refused(request, error, 404)
        return _entry(request, table, 400, message=render(error, lang), posted=form)
    ok = {
        "pending": tr("Entered. Now the other side confirms on its own phone.", lang),
        "confirmed": tr("Confirmed by both sides: the result is recorded.", lang),
        "disputed": tr("The two sides differ; the director has been asked to decide.", lang),
        "replay": tr("This entry had already arrived; nothing changed.", lang),
    }[done.outcome]
    return _entry(request, done.table, ok=ok)


def clock_json(request: Request) -> JSONResponse:
    view = live_clock.clock(_desk(request))
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
            Route("/t/{token}", entry_form, methods=["GET"]),
            Route("/t/{token}", entry_submit, methods=["POST"]),
            Route("/clock.json", clock_json),
            Route("/events", events),
            Route("/projector", projector),
            Route("/crosstable", crosstable),
        ]
    )
    app.state.desk = desk
    app.state.changes = Changes(desk, poll_seconds)
    app.state.writes = Writes(desk, app.state.changes)
    app.state.stream_seconds = stream_seconds
    return app
