"""The reader's language: asked for in the address, kept in a cookie, else as the browser prefers."""

from __future__ import annotations

import pytest
from starlette.requests import Request

from tests.web.client import phone
from tournament_desk.services.desk import Desk
from tournament_desk.web.respond import lang_of


def request(query: str = "", cookie: str | None = None, accept: str | None = None) -> Request:
    headers = []
    if cookie is not None:
        headers.append((b"cookie", f"tdesk_lang={cookie}".encode()))
    if accept is not None:
        headers.append((b"accept-language", accept.encode()))
    return Request(
        {"type": "http", "method": "GET", "path": "/", "query_string": query.encode(), "headers": headers}
    )


def test_the_address_wins_then_the_cookie_then_the_browser() -> None:
    assert lang_of(request("lang=en", cookie="zh", accept="zh-CN")) == "en"
    assert lang_of(request(cookie="en", accept="zh-CN")) == "en"
    assert lang_of(request(accept="en-GB,en;q=0.9")) == "en"
    assert lang_of(request(accept="zh-CN,zh;q=0.9")) == "zh"
    assert lang_of(request()) == "zh"  # no preference: Chinese
    assert lang_of(request("lang=fr", cookie="de", accept="en")) == "en"  # unknown choices are ignored


@pytest.mark.slow
def test_a_language_chosen_in_the_address_is_kept_for_the_next_page(swiss: Desk) -> None:
    c = phone(swiss, "zh")
    c.cookies.delete("tdesk_lang")
    first = c.get("/standings?lang=en")
    assert "Standings after round 2" in first.text
    assert c.cookies.get("tdesk_lang") == "en"
    assert "Standings after round 2" in c.get("/standings").text
    assert "春季升级赛" in first.text  # the event's head on every page
