"""Live results under load, on loopback against a real ``tdesk serve`` process (bounded in count and time).

1. 400 tables send their home entry within one second: all stored, none lost; target ≤ 1 s until the last
   is stored.
2. 300 phones hold an event stream open; a change is written (a round published, a result confirmed): target
   ≤ 250 ms until every phone has it.

Run: ``.venv/bin/python bench/live.py [--tables 400] [--phones 300]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from tournament_desk.services import live, live_clock
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.rounds import pair_next_round

STORE_TARGET = 1.0
PUSH_TARGET = 0.25
DEADLINE = 120.0  # seconds: the whole benchmark gives up after this


async def submit_all(url: str, tokens: list[str]) -> tuple[float, int]:
    limits = httpx.Limits(max_connections=len(tokens))
    clients = [httpx.AsyncClient(base_url=url, limits=limits, timeout=30) for _ in tokens]
    try:
        forms = await asyncio.gather(*(c.get(f"/t/{t}") for c, t in zip(clients, tokens, strict=True)))
        fields = [dict(re.findall(r'name="(nonce|version)" value="([^"]*)"', f.text)) for f in forms]
        start = time.perf_counter()
        posts = await asyncio.gather(
            *(
                c.post(f"/t/{t}", data={**f, "side": "home", "home_level": "Q", "away_level": "9"})
                for c, t, f in zip(clients, tokens, fields, strict=True)
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
        tokens = [t.token for t in live.round_tokens(desk, 1)]
    cmd = [sys.executable, "-m", "tournament_desk.cli", "serve", str(path), "--host", "127.0.0.1", "--port", "0",
           "--json"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env) as server:
        try:
            assert server.stdout is not None
            url = json.loads(server.stdout.readline())["urls"][0]
            elapsed, ok = asyncio.run(asyncio.wait_for(submit_all(url, tokens), DEADLINE))
            with Desk.open(path) as desk:
                stored = sum(1 for t in live.live_tables(desk, 1) if t.source == "pending")
            print(f"{len(tokens)} tables submit at once: {ok} accepted, {stored} stored (none lost: "
                  f"{stored == len(tokens)}), {elapsed:.2f} s until the last is stored (target ≤ {STORE_TARGET} s)")  # fmt: skip
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
