"""The log's line for each request of the LAN server and each refusal (issue 28): in the app, and read back
from the log file of a real ``tdesk serve`` on loopback."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from tests.live_phones import card_code
from tournament_desk.logs import LOG_NAME
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.web.access import WHY, AccessLog, flush
from tournament_desk.web.limits import FIELDS, Guard
from tournament_desk.web.server import MAX_CONNECTIONS_PER_CLIENT


def test_every_refusal_reason_of_the_limits_has_its_words() -> None:
    assert {408, 413, FIELDS} <= set(WHY)


def _app() -> Starlette:
    async def echo(request: Request) -> PlainTextResponse:
        return PlainTextResponse("x" * len(await request.body()))

    def broken(request: Request) -> PlainTextResponse:
        raise RuntimeError("boom")

    routes = [Route("/t/{code}", echo, methods=["POST"]), Route("/broken", broken)]
    return Starlette(routes=routes, middleware=[Middleware(AccessLog), Middleware(Guard, max_body=100)])


def _lines(caplog: pytest.LogCaptureFixture) -> list[tuple[int, str]]:
    """Each request's line written so far, with its record's level."""
    flush()
    records = [r for r in caplog.records if r.name == "tournament_desk.web.requests"]
    for record in records:
        assert record.getMessage().startswith("requests:\n")
    return [(r.levelno, line) for r in records for line in r.getMessage().splitlines()[1:]]


def _send(url: str, body: bytes = b"") -> httpx.Response:
    async def send() -> httpx.Response:
        transport = httpx.ASGITransport(app=_app(), raise_app_exceptions=False, client=("10.0.0.7", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://desk.test") as c:
            return await c.post(url, content=body) if body else await c.get(url)

    return asyncio.run(send())


def test_a_request_is_one_line_with_its_client_status_bytes_and_time(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.INFO, logger="tournament_desk"):
        assert _send("/t/ABC?lang=zh", b"12345").status_code == 200
        assert _send("/broken").status_code == 500
        (ok, broken) = _lines(caplog)  # written together, as one record
        assert _send("/t/ABC", b"y" * 101).status_code == 413
        ((level, refused),) = _lines(caplog)[2:]  # a refusal is written at once
    assert ok[0] == broken[0] == logging.INFO and level == logging.WARNING
    stamp, rest = ok[1].split(" ", 1)
    assert re.fullmatch(r"\d\d:\d\d:\d\d\.\d\d\d", stamp), ok
    assert re.fullmatch(r"10\.0\.0\.7 POST /t/ABC\?lang=zh 200 5 B \d+\.\d ms", rest), ok
    assert broken[1].split(" ", 1)[1].startswith("10.0.0.7 GET /broken 500 0 B "), broken
    assert " 10.0.0.7 POST /t/ABC 413 " in refused and refused.endswith(f"refused: {WHY[413]}"), refused


def test_nothing_is_noted_when_the_log_does_not_take_the_lines(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="tournament_desk"):
        assert _send("/t/ABC", b"1").status_code == 200
        assert _lines(caplog) == []


# --- a real server on loopback, its log read back from the file ------------------------------------------------
def _raw(port: int, request: bytes) -> bytes:
    """``request`` sent as it is on a connection of its own; what the server answered until it closed."""
    got = b""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(request)
        with contextlib.suppress(OSError):
            while chunk := sock.recv(65536):
                got += chunk
    return got


@pytest.mark.slow
def test_the_servers_log_has_each_request_masked_and_each_refusal(event: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"  # the server's own user-data folder: its log alone
    with Desk.open(event) as desk:
        token = live.round_tokens(desk, 1)[0].token
        code = card_code(desk, "甲")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "TDESK_DATA_DIR": str(data)}
    cmd = [sys.executable, "-m", "tournament_desk.cli", "serve", str(event), "--host", "127.0.0.1", "--port", "0",
           "--json"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line, proc.communicate(timeout=10)
        port = int(json.loads(line)["port"])
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=20) as phone:
            assert phone.get(f"/t/{token}").status_code == 200
            assert phone.get(f"/c/{code}").status_code == 200
            assert phone.get("/find", params={"q": "甲"}).status_code == 200
            fields = "&".join(f"f{i}=1" for i in range(601))
            too_many = phone.post(
                "/card", content=fields, headers={"content-type": "application/x-www-form-urlencoded"}
            )
            assert too_many.status_code == 400
        huge = _raw(port, b"POST /card HTTP/1.1\r\nHost: x\r\nContent-Length: 104857600\r\n\r\n")
        assert huge.startswith(b"HTTP/1.1 413"), huge[:200]
        # one address holding more connections than one client may: the extra one is refused, and logged
        held = [
            socket.create_connection(("127.0.0.1", port), timeout=20)
            for _ in range(MAX_CONNECTIONS_PER_CLIENT)
        ]
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=20) as extra:
                assert extra.recv(1) == b""  # closed as it opened
        except ConnectionResetError:
            pass
        finally:
            for sock in held:
                sock.close()
    finally:
        proc.terminate()
        proc.communicate(timeout=10)
    text = (data / "logs" / LOG_NAME).read_text(encoding="utf-8")
    assert token not in text and code not in text and "q=" not in text, text
    requests = [ln for ln in text.splitlines() if re.match(r"\d\d:\d\d:\d\d\.\d{3} ", ln)]
    assert any(" 127.0.0.1 GET /t/*** 200 " in ln for ln in requests), requests
    assert any(" GET /c/*** 200 " in ln for ln in requests), requests
    assert any(" GET /find?*** 200 " in ln for ln in requests), requests
    assert any(" POST /card 400 " in ln and ln.endswith(f"refused: {WHY[FIELDS]}") for ln in requests), (
        requests
    )
    assert any(" POST /card 413 " in ln and ln.endswith(f"refused: {WHY[413]}") for ln in requests), requests
    assert f"Refused connections from 127.0.0.1: it already holds {MAX_CONNECTIONS_PER_CLIENT}," in text, text
    assert "WARNING [" in text and "tournament_desk.web.requests: requests:" in text
