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
Every wait is bounded (``--deadline`` for the whole run): when one runs out, the benchmark prints what it had
measured by then and says "timed out after …" instead of raising.

Run: ``.venv/bin/python bench/live.py [--tables 400] [--phones 300] [--runs 3] [--quick]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from timing import Deadline, TimedOut, figure  # noqa: E402  (bench/timing.py)

from tests.live_phones import hold_cards, my_fields  # noqa: E402
from tournament_desk.services import live  # noqa: E402
from tournament_desk.services.demo import create_demo  # noqa: E402
from tournament_desk.services.desk import Desk  # noqa: E402
from tournament_desk.services.rounds import pair_next_round  # noqa: E402

STORE_TARGET = 1.0  # seconds of the server's CPU time
PUSH_TARGET = 0.25
T = TypeVar("T")
DEADLINE = 600.0  # seconds: the whole benchmark gives up after this (--deadline)


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user + system), from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def phone_client(url: str, n: int, **options: Any) -> httpx.AsyncClient:
    """The ``n``-th phone's client, from an address of its own (127.0.x.y: Linux answers all of 127/8 on
    loopback), as in the hall: the server lets one address hold only a few connections."""
    transport = httpx.AsyncHTTPTransport(local_address=f"127.0.{n // 250 + 1}.{n % 250 + 1}")
    return httpx.AsyncClient(base_url=url, transport=transport, timeout=30, **options)


async def floor(url: str, count: int, pid: int) -> float:
    """The server's CPU seconds to answer as many plain requests as tables (its cheapest page), all at once,
    each from its own phone on a connection it opened beforehand (as the phones' forms are opened first)."""
    clients = [phone_client(url, n) for n in range(count)]
    try:
        opened = await asyncio.gather(*(c.get("/clock.json") for c in clients))
        cpu = cpu_seconds(pid)
        answers = await asyncio.gather(*(c.get("/clock.json") for c in clients))
        cpu = cpu_seconds(pid) - cpu
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))
    assert all(a.status_code == 200 for a in [*opened, *answers])
    return cpu


async def submit_all(url: str, cards: list[str], pid: int) -> tuple[float, float, int]:
    """Each phone (the secret of the entry card it holds) opens its table's form, then all send at once."""
    clients = [
        phone_client(url, n, cookies={"tdesk_card": card}, follow_redirects=True)
        for n, card in enumerate(cards)
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

    clients = [phone_client(url, n) for n in range(phones)]
    tasks = [asyncio.create_task(phone(c)) for c in clients]
    try:
        for _ in range(phones):
            await asyncio.wait_for(ready.acquire(), 30)
        await asyncio.sleep(0.5)
        cpu = cpu_seconds(pid)
        with Desk.open(path) as desk:
            sent.append(time.perf_counter())
            live.announce(desk, "第二轮对阵已公布")
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
        cpu = cpu_seconds(pid) - cpu
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*(c.aclose() for c in clients))
    return [r - sent[0] for r in received], cpu


def server_url(server: subprocess.Popen[str], deadline: Deadline) -> str:
    """The URL the server prints once it listens (bounded: it may never print it)."""
    assert server.stdout is not None
    ready, _, _ = select.select([server.stdout], [], [], max(0.1, min(60.0, deadline.left())))
    if not ready:
        raise TimedOut("the server to start")
    return str(json.loads(server.stdout.readline())["urls"][0])


def bounded(coroutine: Coroutine[Any, Any, T], deadline: Deadline, what: str) -> T:
    """Run ``coroutine`` to its end or until the deadline; ``TimedOut`` (naming ``what``) past it."""

    async def run() -> T:
        return await asyncio.wait_for(coroutine, max(0.1, deadline.left()))

    try:
        return asyncio.run(run())
    except TimeoutError:
        deadline.hit = deadline.hit or what
        raise TimedOut(what) from None


def event(count: int) -> tuple[Path, list[str]]:
    """A fresh event of ``count`` tables, round 1 paired; each home side's phone holds its entry card."""
    folder = Path(tempfile.mkdtemp(prefix="tdesk-bench-live-"))
    path = folder / "live.tdesk"
    create_demo(path, entrants=count * 2, played=0, seed=7).close()
    with Desk.open(path) as desk:
        pair_next_round(desk)
        tables = live.round_tokens(desk, 1)
        held = hold_cards(desk, [t.home for t in tables])  # each home side's phone takes its card (setup)
    return path, [held[t.home] for t in tables]


def one_run(count: int, phones: int, deadline: Deadline, got: dict[str, list[float]]) -> None:
    """One run on a fresh event and server; each figure is appended to ``got`` as soon as it is measured."""
    path, cards = event(count)
    cmd = [sys.executable, "-m", "tournament_desk.cli", "serve", str(path), "--host", "127.0.0.1", "--port", "0",
           "--json"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env) as server:
        try:
            url = server_url(server, deadline)
            got["floor"].append(bounded(floor(url, len(cards), server.pid), deadline, "plain requests"))
            elapsed, store_cpu, ok = bounded(
                submit_all(url, cards, server.pid), deadline, "the tables' entries"
            )
            with Desk.open(path) as desk:
                stored = sum(1 for t in live.live_tables(desk, 1) if t.source == "pending")
            assert ok == stored == len(cards), f"{ok} accepted, {stored} stored of {len(cards)}"
            got["store"].append(store_cpu)
            got["store_wall"].append(elapsed)
            pushed, push_cpu = bounded(
                push_all(url, phones, path, server.pid), deadline, "the phones' streams"
            )
            assert len(pushed) == phones, f"{len(pushed)} of {phones} phones got the change"
            got["push"].append(push_cpu)
            got["push_wall"].append(max(pushed))
        finally:
            server.terminate()
            try:
                server.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.communicate()
            shutil.rmtree(path.parent, ignore_errors=True)


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2] if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--phones", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="one run (the same sizes)")
    parser.add_argument("--deadline", type=float, default=DEADLINE, help="seconds before the run gives up")
    args = parser.parse_args()
    count, phones, runs = min(args.tables, 1000), min(args.phones, 1000), max(1, min(args.runs, 9))
    runs = 1 if args.quick else runs
    deadline = Deadline(args.deadline)
    got: dict[str, list[float]] = {k: [] for k in ("floor", "store", "store_wall", "push", "push_wall")}
    for _ in range(runs):
        try:
            one_run(count, phones, deadline, got)
        except TimedOut:
            break
        if deadline.over("the next run"):
            break

    floor_cpu = median(got["floor"])
    done = len(got["floor"])
    print(f"floor: {count} plain requests: {floor_cpu:.3f} s server CPU (median of {done})")
    store = figure(f"{count} tables from phones with entry cards, all stored, none lost", got["store"],
                   floor_cpu, STORE_TARGET)  # fmt: skip
    print(f"{store}; wall {median(got['store_wall']):.2f} s")
    push = figure(f"{phones} phones told of a change", got["push"], floor_cpu, PUSH_TARGET, unit="ms")
    print(f"{push}; wall until the last {median(got['push_wall']) * 1000:.0f} ms")
    note = deadline.note()
    if note:
        print(note)


if __name__ == "__main__":
    main()
