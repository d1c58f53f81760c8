"""``tdesk serve`` in its own process on loopback: it announces its port, serves the pages, stops cleanly."""

from pathlib import Path

import httpx
import pytest

from tests.web.serving import serve
from tournament_desk.services import entrants as es
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.web.server import bind, candidate_ports

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def test_serve_runs_in_its_own_process_and_serves_the_pages(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    with create_tournament(path, name="局域网", rounds=2) as desk:
        for name in ("甲", "乙"):
            es.add_entrant(desk, name)
        es.draw(desk, order=["甲", "乙"])
        pair_next_round(desk)
    with serve(path) as server:
        info = server.info
        assert info["event"] == "局域网" and info["urls"] == [f"http://127.0.0.1:{info['port']}/"]
        page = httpx.get(f"{server.url}pairings", timeout=10)
        assert page.status_code == 200 and "甲" in page.text
    assert server.proc.returncode in (0, -15), server.errors


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
