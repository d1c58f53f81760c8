"""Live results under load, on loopback against a real ``tdesk serve`` process (bounded in count and time).

1. 400 tables send their home entry within one second: all stored, none lost; target ≤ 1 s until the last
   is stored. (Each home side's phone took its entry card and opened its table's form beforehand: that is
   setup, not timed.)
2. 300 phones hold an event stream open; a change is written (a round published, a result confirmed): target
   ≤ 250 ms until every phone has it.

Run: ``.venv/bin/python bench/live.py [--tables 400] [--phones 300]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.live_phones import hold_cards, my_fields  # noqa: E402
from tournament_desk.services import live, live_clock  # noqa: E402
from tournament_desk.services.demo import create_demo  # noqa: E402
from tournament_desk.services.desk import Desk  # noqa: E402
from tournament_desk.services.rounds import pair_next_round  # noqa: E402

STORE_TARGET = 1.0
PUSH_TARGET = 0.25
DEADLINE = 120.0  # seconds: the whole benchmark gives up after this


async def submit_all(url: str, cards: list[str]) -> tuple[float, int]:
    """Each phone (the secret of the entry card it holds) opens its table's form, then all send at once."""
    limits = httpx.Limits(max_connections=len(cards))
    clients = [
        httpx.AsyncClient(base_url=url, limits=limits, timeout=30, cookies={"tdesk_card": card})
        for card in cards
    ]
    try:
        forms = await asyncio.gather(*(c.get("/my") for c in clients))
        fields = [my_fields(f.text) for f in forms]
        assert all(f.get("token") for f in fields), "a phone found no table form"
        start = time.perf_counter()
        posts = await asyncio.gather(
            *(
                c.post("/my", data={**f, "home_level": "Q", "away_level": "9"})
                for c, f in zip(clients, fields, strict=True)
            )
        )
        elapsed = time.perf_counter() - start
        return elapsed, sum(1 for p in posts if p.status_code == 200)
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))


async def push_all(url: str, phones: int, path: Path) -> list[float]:
    ready = asyncio.Semaphore(0)
    sent: list[float] = []
    received: list[float] = []

    async def phone(client: httpx.AsyncClient) -> None:
        async with client.stream("GET", "/events") as stream:
            ready.release()
            async for line in stream.aiter_lines():
                if line.startswith("event: change"):
                    received.append(time.perf_counter())
                    return

    async with httpx.AsyncClient(
        base_url=url, limits=httpx.Limits(max_connections=phones + 5), timeout=60
    ) as c:
        tasks = [asyncio.create_task(phone(c)) for _ in range(phones)]
        for _ in range(phones):
            await asyncio.wait_for(ready.acquire(), 30)
        await asyncio.sleep(0.5)
        with Desk.open(path) as desk:
            sent.append(time.perf_counter())
            live_clock.announce(desk, "第二轮对阵已公布")
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
    return [r - sent[0] for r in received]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--phones", type=int, default=300)
    args = parser.parse_args()
    tables, phones = min(args.tables, 1000), min(args.phones, 1000)
    folder = Path(tempfile.mkdtemp(prefix="tdesk-bench-live-"))
    path = folder / "live.tdesk"
    create_demo(path, entrants=tables * 2, played=0, seed=7).close()
    with Desk.open(path) as desk:
        pair_next_round(desk)
        tables = live.round_tokens(desk, 1)
        held = hold_cards(desk, [t.home for t in tables])  # each home side's phone takes its card (setup)
        cards = [held[t.home] for t in tables]
    cmd = [sys.executable, "-m", "tournament_desk.cli", "serve", str(path), "--host", "127.0.0.1", "--port", "0",
           "--json"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env) as server:
        try:
            assert server.stdout is not None
            url = json.loads(server.stdout.readline())["urls"][0]
            elapsed, ok = asyncio.run(asyncio.wait_for(submit_all(url, cards), DEADLINE))
            with Desk.open(path) as desk:
                stored = sum(1 for t in live.live_tables(desk, 1) if t.source == "pending")
            print(f"{len(cards)} tables submit at once: {ok} accepted, {stored} stored (none lost: "
                  f"{stored == len(cards)}), {elapsed:.2f} s until the last is stored (target ≤ {STORE_TARGET} s)")  # fmt: skip
            delays = asyncio.run(asyncio.wait_for(push_all(url, phones, path), DEADLINE))
            delays.sort()
            print(f"{phones} phones: {len(delays)} got the change; first {delays[0] * 1000:.0f} ms, median "
                  f"{delays[len(delays) // 2] * 1000:.0f} ms, last {delays[-1] * 1000:.0f} ms "
                  f"(target ≤ {PUSH_TARGET * 1000:.0f} ms)")  # fmt: skip
        finally:
            server.terminate()
            server.communicate(timeout=10)


if __name__ == "__main__":
    main()
