"""A small synchronous httpx client for the ASGI app (no sockets): one phone with its own cookies."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from starlette.types import ASGIApp

from tournament_desk.services.desk import Desk
from tournament_desk.web.app import create_app


class Phone:
    def __init__(self, app: ASGIApp, lang: str = "en") -> None:
        self.app = app
        self.cookies = httpx.Cookies({"tdesk_lang": lang})

    async def _send(self, method: str, url: str, **kw: Any) -> httpx.Response:
        transport = httpx.ASGITransport(app=self.app)
        async with httpx.AsyncClient(
            transport=transport, base_url="http://desk.test", cookies=self.cookies
        ) as c:
            response = await c.request(method, url, **kw)
            self.cookies.update(c.cookies)
            return response

    def get(self, url: str, **kw: Any) -> httpx.Response:
        return asyncio.run(self._send("GET", url, **kw))

    def post(self, url: str, **kw: Any) -> httpx.Response:
        """A form sent as a browser sends it: a 303 answer is followed (Post/Redirect/Get), unless
        ``follow_redirects=False``; the answer's ``history`` keeps the 303."""
        kw.setdefault("follow_redirects", True)
        return asyncio.run(self._send("POST", url, **kw))


def phone(desk: Desk, lang: str = "en") -> Phone:
    """A phone on a fresh app of ``desk`` (short polls, so a test never waits long)."""
    return Phone(create_app(desk, poll_seconds=0.05, stream_seconds=0.5), lang)
