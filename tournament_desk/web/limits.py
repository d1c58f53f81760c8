"""The LAN server's limits and headers, applied before any page runs (issue 28): ``Guard``, an ASGI middleware.

- A request body is limited before it is read: a ``Content-Length`` over ``MAX_BODY_BYTES`` is refused at once
  (nothing read), a body sent in chunks is counted as it arrives and refused as soon as it passes the limit,
  and a body that has not arrived ``BODY_SECONDS`` after its headers is dropped (a half-sent body holds a
  connection and a task). Every page of the server takes at most a small urlencoded form (the largest, a
  duplicate match's two rooms of boards, is under 3 KB), so 64 KB leaves a wide margin and still refuses
  anything else while it costs nothing: it is one read of uvicorn's buffer (64 KB) and never touches memory.
  Forms have at most ``entry.MAX_FORM_FIELDS`` fields (``entry._form``).
- Every answer carries the security headers: a Content-Security-Policy allowing only the page's own inline
  script and style blocks (by their SHA-256: ``INLINE_SCRIPTS`` / ``INLINE_STYLES``, the constants the pages
  are built from) and the server's own address, no frames, no sniffing, no referrer.
- Every refusal — too large, too slow, too many fields, no such page, a server error — is one sentence in
  the reader's language on the server's own page, never a traceback.

A page that gains a new inline script or style adds its constant to ``INLINE_SCRIPTS`` / ``INLINE_STYLES``
(tests/web/test_limits.py reads every page and fails on a block the policy does not allow).
"""

from __future__ import annotations

import asyncio
import base64
import functools
import hashlib
from collections.abc import Iterable
from typing import get_args, get_type_hints

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tournament_desk.i18n import tr
from tournament_desk.reports.html import crosstable, pages, team_games
from tournament_desk.services.live import SubmissionOutcome
from tournament_desk.web import entry_pages, projector
from tournament_desk.web.access import REFUSED, WHY
from tournament_desk.web.respond import lang_of

MAX_BODY_BYTES = 64 * 1024
BODY_SECONDS = 20.0  # from a request's headers to the end of its body

# The inline blocks the pages are made of: each allowed by its hash, anything else (an injected script) is not.
INLINE_SCRIPTS: tuple[str, ...] = (
    pages.SCRIPT,
    entry_pages.STAGE_SCRIPT,
    team_games.DECLARER_SCRIPT,
    # entry.my_page: the answer to a phone's entry names what it came to in the address bar
    *(
        f"history.replaceState(null,'','{where}');"
        for where in (
            "/my",
            *(f"/my?said={o}" for o in get_args(get_type_hints(SubmissionOutcome)["outcome"])),
        )
    ),
)
INLINE_STYLES: tuple[str, ...] = (
    pages.STYLE,
    pages.STYLE + entry_pages.ENTRY_STYLE,
    pages.STYLE + projector.STYLE,
    crosstable.STYLE,
)

# What a refusal says, by its status (``FIELDS``: a form with too many fields).
FIELDS = "fields"
REFUSALS: dict[int | str, str] = {
    400: "This request could not be read; reload the page and try again.",
    FIELDS: "This form has more fields than the server takes; reload the page and send it again.",
    404: "There is no such page on this server; start again from the players' home page.",
    405: "This page cannot be sent to like this; reload it and try again.",
    408: "The request arrived too slowly and was dropped; check the Wi-Fi and try again.",
    413: "This request is larger than the server takes ({kb} KB); reload the page and send it again.",
    500: "Something went wrong on the server; try again, and tell the director if it happens again.",
}
TITLES: dict[int, str] = {404: "Page not found", 500: "Server error"}


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def content_security_policy(
    scripts: Iterable[str] = INLINE_SCRIPTS, styles: Iterable[str] = INLINE_STYLES
) -> str:
    script_hashes = " ".join(sorted({_sha256(s) for s in scripts}))
    style_hashes = " ".join(sorted({_sha256(s) for s in styles}))
    return (
        f"default-src 'none'; script-src {script_hashes}; style-src {style_hashes}; img-src 'self'; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    )


@functools.cache
def security_headers() -> tuple[tuple[bytes, bytes], ...]:
    return (
        (b"content-security-policy", content_security_policy().encode("ascii")),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
    )


class BodyTooLarge(Exception):
    """A request body passed ``MAX_BODY_BYTES`` while it was read."""


class BodyTooSlow(Exception):
    """A request body had not arrived ``BODY_SECONDS`` after its headers."""


def refusal(request: Request, status: int, reason: int | str | None = None) -> Response:
    """The server's page for a refusal: one sentence in the reader's language; a refusal of a body that was
    not read closes the connection (what is left of the body is never read). A refusal of what the client
    sent (too large, too slow, too many fields, unreadable) is marked for the log's line (``access``)."""
    if (reason or status) in WHY:
        request.scope[REFUSED] = reason or status
    lang = lang_of(request)
    text = tr(REFUSALS.get(reason or status, REFUSALS[400]), lang, kb=MAX_BODY_BYTES // 1024)
    title = tr(TITLES.get(status, "Request refused"), lang)
    body = pages.error_html(text) + f'<p><a href="/">{pages.tr("Find my table", lang)}</a></p>'
    response = HTMLResponse(pages.page(lang, title, body, refresh=False), status_code=status)
    # its own headers: Starlette's error page (500) answers outside ``Guard``
    response.raw_headers += list(security_headers())
    if status in (408, 413):
        response.raw_headers.append((b"connection", b"close"))
    return response


async def http_refused(request: Request, error: Exception) -> Response:
    """Starlette's refusals (an unknown page, a form with too many fields) as the server's own page."""
    status = error.status_code if isinstance(error, HTTPException) else 400
    detail = str(getattr(error, "detail", ""))
    response = refusal(request, status, FIELDS if "Too many" in detail else None)
    response.headers.update(getattr(error, "headers", None) or {})  # a 405's Allow
    return response


async def server_error(request: Request, error: Exception) -> Response:
    """An unexpected error: one sentence for the phone; the error itself goes to the server's log."""
    return refusal(request, 500)


class Guard:
    """The limits and headers above, around the whole app (inside Starlette's error page, outside its routes)."""

    def __init__(
        self, app: ASGIApp, max_body: int = MAX_BODY_BYTES, body_seconds: float = BODY_SECONDS
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.body_seconds = body_seconds
        self.headers = security_headers()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_guarded(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                have = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name, value) for name, value in self.headers if name not in have]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        if self._declared_length(scope) > self.max_body:
            await refusal(Request(scope), 413)(scope, receive, send_guarded)
            return
        try:
            await self.app(scope, self._limited(receive), send_guarded)
        except (BodyTooLarge, BodyTooSlow) as error:
            if started:
                raise
            status = 413 if isinstance(error, BodyTooLarge) else 408
            await refusal(Request(scope), status)(scope, receive, send_guarded)

    @staticmethod
    def _declared_length(scope: Scope) -> int:
        for name, value in scope.get("headers", []):
            if name.lower() == b"content-length":
                try:
                    return int(value)
                except ValueError:
                    return 0  # uvicorn refuses a malformed length before the app sees it
        return 0

    def _limited(self, receive: Receive) -> Receive:
        """``receive`` counting the body and timing it out; after the body's last part, ``receive`` itself (a
        streaming answer listens on it for the phone going away, for as long as it streams)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_seconds
        read, done = 0, False

        async def receive_limited() -> Message:
            nonlocal read, done
            if done:
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                raise BodyTooSlow from None
            if message["type"] != "http.request":
                return message
            read += len(message.get("body", b""))
            if read > self.max_body:
                raise BodyTooLarge
            done = not message.get("more_body", False)
            return message

        return receive_limited
