"""The LAN server's limits and headers (issue 28, ``web.limits``) on the ASGI app through httpx (no sockets; the
same over real sockets: test_server.py): a body over the limit, a form of 601 fields, a body that never ends,
an unknown page, a server error — each refused with one sentence in the reader's language, never a traceback;
the security headers on every answer, with a policy allowing every inline block the pages are made of and
nothing else; a card cookie the server did not make is replaced and never reaches the audit trail."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from tests.live_phones import card_code, my_fields, take_card
from tests.web.client import Phone
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.web.app import create_app
from tournament_desk.web.entry import SECRET_FORM
from tournament_desk.web.limits import MAX_BODY_BYTES, Guard, content_security_policy

TOO_MANY = "此表单的字段超过服务器接受的数量"
TOO_LARGE = "此请求超过服务器接受的大小（64 KB）"


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[Desk]:
    d = create_tournament(tmp_path / "t.tdesk", name="春季升级赛", rounds=3)
    for name in ("甲队", "乙队", "丙队", "丁队"):
        es.add_entrant(d, name)
    es.draw(d, order=["甲队", "乙队", "丙队", "丁队"])
    pair_next_round(d)
    live.set_clock(d)
    live.announce(d, "第 1 轮 60 分钟。")
    yield d
    d.close()


def client(desk: Desk, lang: str = "zh") -> Phone:
    return Phone(create_app(desk, poll_seconds=0.05, stream_seconds=0.3), lang)


def allowed(policy: str, directive: str) -> set[str]:
    found = re.search(rf"(?:^|; ){directive} ([^;]*)", policy)
    assert found, (directive, policy)
    return set(found.group(1).split())


def sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def assert_guarded(response: httpx.Response) -> None:
    h = response.headers
    assert h["x-frame-options"] == "DENY" and h["x-content-type-options"] == "nosniff", h
    assert h["referrer-policy"] == "no-referrer", h
    policy = h["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "default-src 'none'" in policy
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    if response.headers.get("content-type", "").startswith("text/html"):
        for kind, directive in (("script", "script-src"), ("style", "style-src")):
            for block in re.findall(rf"<{kind}>(.*?)</{kind}>", response.text, re.S):
                assert sha(block) in allowed(policy, directive), (response.url, kind, block[:80])


@pytest.mark.slow
def test_every_answer_carries_the_headers_and_its_policy_allows_each_of_its_inline_blocks(desk: Desk) -> None:
    rounds = live.round_tokens(desk, 1)
    c = client(desk)
    answers = [c.get(u) for u in ("/", "/find?q=甲", "/me/甲队", "/me/没有", "/pairings", "/standings",
                                  "/clock.json", "/projector", "/crosstable", "/nowhere", "/my",
                                  f"/t/{rounds[0].token}", f"/c/{card_code(desk, '甲队')}")]  # fmt: skip
    answers.append(take_card(c, "甲队"))  # the 303 that sets the card cookie
    page = c.get("/my")
    answers += [page, c.post("/my", data={**my_fields(page.text), "home_level": "9", "away_level": "7"})]
    assert "history.replaceState" in answers[-1].text  # the answer to an entry has its own inline script
    answers.append(c.post("/t/x", data={"a": "b"}))
    for response in answers:
        assert_guarded(response)
    assert {r.status_code for r in answers} >= {200, 303, 404}


def test_the_policy_allows_only_the_pages_own_blocks() -> None:
    policy = content_security_policy()
    scripts = allowed(policy, "script-src")
    assert sha("alert(1)") not in scripts and "'self'" not in scripts  # an injected script never runs
    assert allowed(policy, "connect-src") == {"'self'"} and allowed(policy, "form-action") == {"'self'"}


@pytest.mark.slow
def test_a_form_of_601_fields_is_one_sentence_and_stores_nothing(desk: Desk) -> None:
    c = client(desk)
    take_card(c, "甲队")
    before = len(audit_trail(desk))
    body = "&".join(f"f{i}=1" for i in range(601))
    assert 2048 < len(body) <= 4096  # a 4 KB form
    for url in ("/my", "/card"):
        answer = c.post(url, content=body, headers={"content-type": "application/x-www-form-urlencoded"})
        assert answer.status_code == 400 and TOO_MANY in answer.text, (url, answer.text)
        assert "Traceback" not in answer.text and "ValueError" not in answer.text
        assert_guarded(answer)
    english = client(desk, "en").post("/card", content=body)
    assert english.status_code == 400 and "This form has more fields than the server takes" in english.text
    held = live.phone_card(desk, c.cookies["tdesk_card"])
    assert len(audit_trail(desk)) == before and held is not None and held.name == "甲队"


@pytest.mark.slow
def test_a_body_over_the_limit_is_refused_before_the_page_reads_it(desk: Desk) -> None:
    c = client(desk)
    declared = c.post("/card", content=b"code=" + b"A" * (MAX_BODY_BYTES + 1))
    assert declared.status_code == 413 and TOO_LARGE in declared.text
    assert declared.headers["connection"] == "close"
    sent = 0

    async def hundred_megabytes() -> AsyncIterator[bytes]:  # sent in chunks, no length declared
        nonlocal sent
        for _ in range(100 * 1024 // 16):
            sent += 16 * 1024
            yield b"x" * (16 * 1024)

    chunked = c.post("/card", content=hundred_megabytes())
    assert chunked.status_code == 413 and TOO_LARGE in chunked.text
    assert sent < 1024 * 1024, sent  # the server stopped reading past its limit
    assert live.phone_card(desk, c.cookies.get("tdesk_card")) is None  # no card was taken


def test_a_body_that_never_ends_is_dropped_with_a_sentence() -> None:
    async def echo(request: Request) -> PlainTextResponse:
        return PlainTextResponse(str(len(await request.body())))

    guard = Middleware(Guard, body_seconds=0.2)
    app = Starlette(routes=[Route("/", echo, methods=["POST"])], middleware=[guard])
    sent: list[dict[str, object]] = []
    first = True

    async def receive() -> dict[str, object]:
        nonlocal first
        if first:
            first = False
            return {"type": "http.request", "body": b"code=AB", "more_body": True}
        await asyncio.Event().wait()  # the rest of the body never comes
        raise AssertionError

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/", "query_string": b"", "root_path": "",
             "headers": [(b"accept-language", b"zh-CN")]}  # fmt: skip
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 30))  # type: ignore[arg-type]
    assert sent[0]["status"] == 408
    assert "请求传输太慢，已被丢弃" in b"".join(m.get("body", b"") for m in sent).decode()  # type: ignore[misc]


@pytest.mark.slow
def test_an_unknown_page_and_a_server_error_are_one_sentence(
    desk: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = client(desk).get("/nowhere/at/all")
    assert missing.status_code == 404 and "本服务器没有这个页面" in missing.text

    def broken(_desk: Desk) -> None:
        raise RuntimeError("\x1b[31mboom")

    monkeypatch.setattr(live, "public_standings", broken)

    async def get() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app(desk), raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://desk.test") as c:
            return await c.get("/standings", headers={"accept-language": "zh-CN"})

    answer = asyncio.run(get())
    assert answer.status_code == 500 and "服务器出错了，请重试" in answer.text
    assert "boom" not in answer.text and "Traceback" not in answer.text
    assert_guarded(answer)


@pytest.mark.slow
def test_a_card_cookie_the_server_did_not_make_is_replaced_and_never_reaches_the_trail(desk: Desk) -> None:
    made_up = ['"\\033[31mPHONE-OF-THE-DIRECTOR\\033[0m"', "A" * 32]  # an escape sequence; the right form
    for name, cookie in zip(("甲队", "乙队"), made_up, strict=True):
        c = client(desk)
        c.cookies.set("tdesk_card", cookie, domain="desk.test")
        take_card(c, name)
        given = c.cookies["tdesk_card"]
        assert given != cookie and SECRET_FORM.fullmatch(given), given
        assert live.phone_card(desk, given).name == name  # type: ignore[union-attr]
    trail = repr([(e.action, e.old, e.new, e.reason) for e in audit_trail(desk)])
    assert "\x1b" not in trail and "PHONE-OF" not in trail and "AAAAAAAA" not in trail
    labels = re.findall(r"'phone': '([^']*)'", trail)
    assert len(labels) == 2 and all(re.fullmatch(r"[0-9a-f]{8}", label) for label in labels), labels
