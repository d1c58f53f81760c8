"""The port the LAN server takes once codes are printed (web/ports.py, issue 28), over real sockets on loopback:
it comes back on the printed port, refuses to start on another while that one is taken (naming the port and
what holds it), and starts on a port the director chose only saying the paper must be printed again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from tests.web.serving import free_port
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.web.ports import holder_process, refusal, reprint_note

LINUX = sys.platform.startswith("linux")


def printed(path: Path, port: int) -> None:
    """Paper with codes for the server at ``port`` was printed (as printing it notes it)."""
    with Desk.open(path) as desk:
        live.note_printed_port(desk, f"http://127.0.0.1:{port}/")


@contextmanager
def other_program() -> Iterator[tuple[int, int]]:
    """Another program (a process of its own) listening on a port: (its process id, the port)."""
    code = (
        "import socket, sys\ns = socket.socket()\ns.bind(('127.0.0.1', 0))\ns.listen()\n"
        "print(s.getsockname()[1], flush=True)\nsys.stdin.read()"
    )
    with subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as p:
        assert p.stdout is not None and p.stdin is not None
        try:
            yield p.pid, int(p.stdout.readline())
        finally:
            p.stdin.close()
            p.wait(timeout=10)


def serve(path: Path, *args: str) -> tuple[int, dict[str, object] | None, str]:
    """``tdesk serve`` on loopback with ``args``: (its exit status or 0 while running, what it announced,
    its stderr), stopped after one page was read from it."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "TDESK_LANG": "en"}
    cmd = [
        sys.executable,
        "-m",
        "tournament_desk.cli",
        "serve",
        str(path),
        "--host",
        "127.0.0.1",
        "--json",
        *args,
    ]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) as proc:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        said = json.loads(line) if line else None
        if said is not None:
            page = httpx.get(f"http://127.0.0.1:{said['port']}/pairings", timeout=20)
            assert page.status_code == 200
            proc.terminate()
        _, errors = proc.communicate(timeout=20)
        return (0 if said is not None else proc.returncode), said, errors


@pytest.mark.skipif(not LINUX, reason="what holds a port is read from /proc")
def test_the_process_holding_a_port_is_found() -> None:
    with other_program() as (pid, port):
        found = holder_process(port)
        assert found is not None and found[0] == pid and found[1].startswith("python"), found
        assert f"(process {pid})" in str(refusal(port, printed=port))
    assert holder_process(port) is None  # nothing listens there any more


def test_the_sentences_name_the_port_and_say_to_reprint() -> None:
    port = free_port()
    said = str(refusal(port, printed=port))
    assert f"Port {port} is held by another program" in said and "codes printed for this event" in said
    assert "codes printed" not in str(refusal(port, printed=port + 1))
    assert reprint_note(port, None) is None and reprint_note(port, port) is None
    note = reprint_note(port + 1, port)
    assert note is not None and f"name port {port}" in note and f"port {port + 1}" in note and "again" in note


@pytest.mark.slow
def test_without_a_port_the_server_comes_back_on_the_printed_one(event: Path) -> None:
    port = free_port()
    printed(event, port)
    status, said, errors = serve(event)
    assert status == 0 and said is not None and said["port"] == port and "note" not in said, errors


@pytest.mark.slow
def test_the_printed_port_taken_refuses_to_start_naming_the_port_and_its_holder(event: Path) -> None:
    with other_program() as (pid, port):
        printed(event, port)
        status, said, errors = serve(event)
    assert said is None and status != 0 and "Traceback" not in errors, errors
    assert f"Port {port} is held by " in errors and "the codes printed for this event name it" in errors
    assert f"(process {pid})" in errors if LINUX else "another program" in errors


@pytest.mark.slow
def test_a_port_the_director_chooses_starts_and_says_to_reprint(event: Path) -> None:
    with other_program() as (_pid, port):
        printed(event, port)
        chosen = free_port()
        status, said, errors = serve(event, "--port", str(chosen))
    assert status == 0 and said is not None and said["port"] == chosen, errors
    assert f"name port {port}" in str(said["note"]) and "print the scoresheets and entry cards again" in str(
        said["note"]
    )
    with Desk.open(event) as desk:
        assert live.printed_port(desk) == port  # still the paper's port until it is printed again
