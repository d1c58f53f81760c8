"""``tdesk serve`` in its own process on loopback: it announces its port, serves the pages, stops cleanly."""

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx

from tournament_desk.services import entrants as es
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.web.server import bind, candidate_ports


def test_serve_runs_in_its_own_process_and_serves_the_pages(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    with create_tournament(path, name="局域网", rounds=2) as desk:
        for name in ("甲", "乙"):
            es.add_entrant(desk, name)
        es.draw(desk, order=["甲", "乙"])
        pair_next_round(desk)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    cmd = [
        sys.executable,
        "-m",
        "tournament_desk.cli",
        "serve",
        str(path),
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--json",
    ]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) as proc:
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            assert line, proc.stderr.read() if proc.stderr else ""
            info = json.loads(line)
            assert info["event"] == "局域网" and info["urls"] == [f"http://127.0.0.1:{info['port']}/"]
            page = httpx.get(f"{info['urls'][0]}pairings", timeout=10)
            assert page.status_code == 200 and "甲" in page.text
        finally:
            proc.terminate()
            _, errors = proc.communicate(timeout=10)
    assert proc.returncode in (0, -15), errors


def test_the_next_port_is_tried_when_one_is_taken() -> None:
    first = bind("127.0.0.1", [0])
    try:
        taken = first.getsockname()[1]
        ports = candidate_ports(taken)
        assert ports[0] == taken and len(ports) == 10
        second = bind("127.0.0.1", ports[:2] if taken < 65535 else [taken, 0])
        assert second.getsockname()[1] != taken
        second.close()
    finally:
        first.close()
