"""Posts that arrive together are stored together (one transaction, group commit), and each phone still gets
its own page: its own table, its own outcome, or its own refusal."""

import asyncio
from collections.abc import Sequence
from pathlib import Path

import httpx
import pytest

from tests.live_phones import my_fields, take_card
from tests.web.client import Phone
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.audit import verify_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.web.app import create_app

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

TABLES = 10


async def _phones_post(app: object, plans: Sequence[tuple[Phone, dict[str, str]]]) -> list[httpx.Response]:
    """Each phone (holding its entry card) opens its table's form (/my), then all post at once (with these
    fields: a ``token`` among them replaces the table's own)."""
    transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
    clients = [
        httpx.AsyncClient(transport=transport, base_url="http://desk.test", cookies=phone.cookies)
        for phone, _ in plans
    ]
    try:
        forms = await asyncio.gather(*(c.get("/my") for c in clients))
        posts = []
        for c, (_, extra), form in zip(clients, plans, forms, strict=True):
            posts.append(c.post("/my", data={**my_fields(form.text), **extra}, follow_redirects=True))
        return list(await asyncio.gather(*posts))
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))


def test_concurrent_posts_are_all_stored_in_one_write_and_each_gets_its_own_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with create_tournament(tmp_path / "t.tdesk", name="同时", rounds=3) as desk:
        for i in range(1, 2 * TABLES + 1):
            es.add_entrant(desk, f"队{i}")
        es.draw(desk, seed=5)
        pair_next_round(desk)
        tables = live.round_tokens(desk, 1)
        app = create_app(desk)
        phones = [Phone(app) for _ in range(TABLES + 1)]
        for phone, t in zip(phones, tables, strict=False):
            take_card(phone, t.home)  # each table's home side
        take_card(phones[-1], tables[0].away)
        batches: list[int] = []
        submit_many = live.submit_many

        def counted(d: Desk, subs: Sequence[live.Submission]) -> list[object]:
            batches.append(len(subs))
            return submit_many(d, subs)  # type: ignore[return-value]

        monkeypatch.setattr(live, "submit_many", counted)
        good = {"home_level": "Q", "away_level": "9"}
        plans = [(phone, good) for phone in phones[:TABLES]]
        plans[3] = (phones[3], {"home_level": "Z", "away_level": "9"})  # refused: no such level
        plans.append((phones[-1], {**good, "token": "nope"}))  # refused: no such table
        responses = asyncio.run(_phones_post(app, plans))

        assert sum(batches) == TABLES + 1 and max(batches) > 1  # those that arrived together went in together
        for i, r in enumerate(responses[:TABLES]):
            t = tables[i]
            assert f'<p class="big">Table {t.table} <small>Round 1</small>' in r.text  # its own table's page
            assert f'<span class="me">home {t.home} <small>(you)</small>' in r.text  # ... and its own side
            if i == 3:
                assert r.status_code == 400 and "not a level" in r.text and 'role="alert"' in r.text
            else:
                assert r.status_code == 200 and "the other side confirms" in r.text
        assert responses[-1].status_code == 400 and "not known" in responses[-1].text
        assert f'<span class="me">away {tables[0].away} <small>(you)</small>' in responses[-1].text
        sources = [t.source for t in live.live_tables(desk, 1)]
        assert sources == ["pending"] * 3 + ["open"] + ["pending"] * (TABLES - 4)
        assert verify_trail(desk).broken_at is None
