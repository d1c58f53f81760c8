"""Live results under load, on loopback against a real ``tdesk serve`` process (bounded in count and time).

1. 400 tables send their home entry within one second, each from the phone holding that side's entry card,
   every card checked: all stored, none lost; target ≤ 1 s of the server's CPU time until the last is stored.
   (Each home side's phone took its entry card and opened its table's form beforehand: that is setup.)
2. 300 phones hold an event stream open; a change is written (a round published, a result confirmed): target
   ≤ 250 ms of the server's CPU time until every phone has it.

Measured on the server process's CPU time (``/proc/PID/stat``: user + system), never the wall clock, which
means nothing on a shared machine (the wall times are printed beside, for information). The floor, measured
in the same run on the same server, is its CPU time to answer as many plain ``GET /clock.json`` as there are
tables; each figure is also given as a ratio to it. Medians of ``--runs`` runs, each on a fresh event.

Run: ``.venv/bin/python bench/live.py [--tables 400] [--phones 300] [--runs 3]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.live_phones import hold_cards, my_fields  # noqa: E402
from tournament_desk.services import live  # noqa: E402
from tournament_desk.services.demo import create_demo  # noqa: E402
from tournament_desk.services.desk import Desk  # noqa: E402
from tournament_desk.services.rounds import pair_next_round  # noqa: E402

STORE_TARGET = 1.0  # seconds of the server's CPU time
PUSH_TARGET = 0.25
DEADLINE = 120.0  # seconds: the whole benchmark gives up after this


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user + system), from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def floor(url: str, count: int) -> None:
    """The same number of plain requests as tables (the server's cheapest page), all at once."""
    limits = httpx.Limits(max_connections=count)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30) as c:
        answers = await asyncio.gather(*(c.get("/clock.json") for _ in range(count)))
    assert all(a.status_code == 200 for a in answers)


async def submit_all(url: str, cards: list[str], pid: int) -> tuple[float, float, int]:
    """Each phone (the secret of the entry card it holds) opens its table's form, then all send at once."""
    limits = httpx.Limits(max_connections=len(cards))
    clients = [
        httpx.AsyncClient(
            base_url=url, limits=limits, timeout=30, cookies={"tdesk_card": card}, follow_redirects=True
        )
        for card in cards
    ]
    try:
        forms = await asyncio.gather(*(c.get("/my") for c in clients))
        fields = [my_fields(f.text) for f in forms]
        assert all(f.get("token") for f in fields), "a phone found no table form"
        start, cpu = time.perf_counter(), cpu_seconds(pid)
        posts = await asyncio.gather(
            *(
                c.post("/my", data={**f, "home_level": "Q", "away_level": "9"})
                for c, f in zip(clients, fields, strict=True)
            )
        )
        elapsed, cpu = time.perf_counter() - start, cpu_seconds(pid) - cpu
        return elapsed, cpu, sum(1 for p in posts if p.status_code == 200)
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))


async def push_all(url: str, phones: int, path: Path, pid: int) -> tuple[list[float], float]:
    """Each phone's delay from the change written to the change received, and the server's CPU time from the
    moment every stream is open until the last phone has the change."""
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
        cpu = cpu_seconds(pid)
        with Desk.open(path) as desk:
            sent.append(time.perf_counter())
            live.announce(desk, "第二轮对阵已公布")
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
        cpu = cpu_seconds(pid) - cpu
    return [r - sent[0] for r in received], cpu


def one_run(count: int, phones: int) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="tdesk-bench-live-"))
    path = folder / "live.tdesk"
    create_demo(path, entrants=count * 2, played=0, seed=7).close()
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
            before = cpu_seconds(server.pid)
            asyncio.run(asyncio.wait_for(floor(url, len(cards)), DEADLINE))
            floor_cpu = cpu_seconds(server.pid) - before
            elapsed, store_cpu, ok = asyncio.run(
                asyncio.wait_for(submit_all(url, cards, server.pid), DEADLINE)
            )
            with Desk.open(path) as desk:
                stored = sum(1 for t in live.live_tables(desk, 1) if t.source == "pending")
            assert ok == stored == len(cards), f"{ok} accepted, {stored} stored of {len(cards)}"
            pushed, push_cpu = asyncio.run(
                asyncio.wait_for(push_all(url, phones, path, server.pid), DEADLINE)
            )
            delays = sorted(pushed)
            assert len(delays) == phones, f"{len(delays)} of {phones} phones got the change"
        finally:
            server.terminate()
            server.communicate(timeout=10)
    return {"floor": floor_cpu, "store": store_cpu, "store_wall": elapsed, "push": push_cpu,
            "push_wall": delays[-1]}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--phones", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    count, phones, runs = min(args.tables, 1000), min(args.phones, 1000), max(1, min(args.runs, 9))
    results = [one_run(count, phones) for _ in range(runs)]

    def med(key: str) -> float:
        return statistics.median(r[key] for r in results)

    floor_cpu = max(med("floor"), 1e-3)
    print(f"floor: {count} plain requests, {floor_cpu:.2f} s server CPU (median of {runs})")
    print(f"{count} tables from phones with entry cards, all stored, none lost: {med('store'):.2f} s server CPU "
          f"(target ≤ {STORE_TARGET} s), {med('store') / floor_cpu:.1f}× the floor; wall {med('store_wall'):.2f} s")  # fmt: skip
    print(f"{phones} phones told of a change: {med('push') * 1000:.0f} ms server CPU (target ≤ "
          f"{PUSH_TARGET * 1000:.0f} ms), {med('push') / floor_cpu:.2f}× the floor; "
          f"wall until the last {med('push_wall') * 1000:.0f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
