"""Who may enter a result from a phone (issue 23): each attack of the issue, against the real server (``tdesk
serve`` in its own process, real HTTP on loopback). Each is refused with a sentence, stores nothing, and leaves
the tournament file byte-identical; the real entry with both cards still works afterwards."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.web.serving import serve
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def fingerprint(path: Path) -> str:
    """The file and its write-ahead log, as bytes."""
    digest = hashlib.sha256(path.read_bytes())
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        digest.update(wal.read_bytes())
    return digest.hexdigest()


@pytest.fixture
def event(tmp_path: Path) -> Iterator[tuple[Path, str, dict[str, str], live.LiveTableView]]:
    path = tmp_path / "t.tdesk"
    with create_tournament(path, name="秋季赛", rounds=3) as desk:
        for name in ("四川三队", "福州三队", "厦门二队", "峨眉队"):
            es.add_entrant(desk, name)
        es.draw(desk, order=["四川三队", "福州三队", "厦门二队", "峨眉队"])
        pair_next_round(desk)
        table = live.round_tokens(desk, 1)[0]
        codes = {c.name: c.code for c in live.cards(desk)}
    with serve(path) as server:
        yield path, server.url, codes, table


OPEN: list[httpx.Client] = []


@pytest.fixture(autouse=True)
def close_phones() -> Iterator[None]:
    yield
    while OPEN:
        OPEN.pop().close()


def phone(url: str, code: str | None = None) -> httpx.Client:
    """A phone of its own (its own cookies), which has taken the card ``code`` if given."""
    client = httpx.Client(base_url=url, cookies={"tdesk_lang": "en"}, timeout=20, follow_redirects=True)
    OPEN.append(client)
    if code is not None:
        taken = client.post(f"/c/{code}", follow_redirects=False)
        assert taken.status_code == 303 and taken.headers["location"] == "/my"
    return client


def form_of(page: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page))


def levels(client: httpx.Client, home: str, away: str, **extra: str) -> httpx.Response:
    fields = form_of(client.get("/my").text)
    return client.post("/my", data={**fields, "home_level": home, "away_level": away, **extra})


def test_every_attack_is_refused_and_changes_nothing(
    event: tuple[Path, str, dict[str, str], live.LiveTableView],
) -> None:
    path, url, _codes, table = event
    with Desk.open(path) as desk:
        trail = len(audit_trail(desk))
    before = fingerprint(path)
    token, version = table.token, str(table.version)
    plain = {"nonce": "x1", "version": version, "home_level": "12", "away_level": "9"}

    # 1. the old attack: two client-chosen cookies and a side field, on the scoresheet's code
    for side, device in (("home", "aaaaaaaaaa"), ("away", "bbbbbbbbbb")):
        with httpx.Client(base_url=url, cookies={"tdesk_device": device, "tdesk_lang": "en"}) as c:
            answer = c.post(f"/t/{token}", data={**plain, "side": side, "nonce": side})
            assert answer.status_code == 403 and "entry card" in answer.text
    # 2. a private tab: no card at all, posting the form's fields to the entry address
    with httpx.Client(base_url=url, cookies={"tdesk_lang": "en"}) as private:
        answer = private.post("/my", data={**plain, "token": token})
        assert answer.status_code == 403 and "holds no entry card" in answer.text
        # a forged card cookie is no card either
        private.cookies.set("tdesk_card", "A" * 32)
        assert private.post("/my", data={**plain, "token": token, "nonce": "x2"}).status_code == 403
    # 3. the scoresheet's code alone opens a page with no form to fill
    page = httpx.get(f"{url}t/{token}", cookies={"tdesk_lang": "en"}).text
    assert 'name="home_level"' not in page and "entry card" in page
    # 4. guessing codes: refused, and after ten wrong ones this address is held off
    with httpx.Client(base_url=url, cookies={"tdesk_lang": "en"}) as guesser:
        answers = [guesser.post("/card", data={"code": f"ABCDE-FGH{i:02d}"}).status_code for i in range(12)]
        assert answers[:10] == [400] * 10 and answers[10:] == [429, 429]
    assert fingerprint(path) == before
    with Desk.open(path) as desk:
        assert len(audit_trail(desk)) == trail
        assert live.table_by_token(desk, token).source == "open"


def test_one_card_cannot_speak_for_both_sides_nor_a_taken_card_be_used_again(
    event: tuple[Path, str, dict[str, str], live.LiveTableView],
) -> None:
    path, url, codes, table = event
    home = phone(url, codes[table.home])
    assert "Entered" in levels(home, "12", "9").text
    # the same card again, even claiming to be the away side: its own correction, never a confirmation
    again = levels(home, "12", "9", side="away")
    assert again.status_code == 200 and "Waiting for the other side" in again.text
    # the card's code seen over a shoulder: another phone cannot take it while the first holds it
    thief = phone(url)
    refused = thief.post(f"/c/{codes[table.home]}")
    assert refused.status_code == 400 and "already used on another phone" in refused.text
    # the home phone takes the away card too (both cards in one hand): it may not confirm for the other side
    assert home.post(f"/c/{codes[table.away]}", follow_redirects=False).status_code == 303
    lent = levels(home, "12", "9")
    assert lent.status_code == 400 and "already entered for the other side" in lent.text
    with Desk.open(path) as desk:
        assert live.table_by_token(desk, table.token).source == "pending"
        entries = [
            a.reason for a in audit_trail(desk, round_no=1, table_no=table.table) if a.action == "live-entry"
        ]
        assert entries and all(
            f"home · {table.home} · phone " in e for e in entries
        )  # whose card, which phone
    # the real away phone (the director releases the card from the home phone) confirms
    with Desk.open(path) as desk:
        live.release(desk, table.away, reason="借给了对方")
    away = phone(url, codes[table.away])
    confirm = levels(away, "12", "9")
    assert "Confirmed by both sides" in confirm.text
    with Desk.open(path) as desk:
        assert live.table_by_token(desk, table.token).result == (12, 9)


def test_a_reissued_cards_old_code_and_phone_stop_at_once(
    event: tuple[Path, str, dict[str, str], live.LiveTableView],
) -> None:
    path, url, codes, table = event
    home = phone(url, codes[table.home])
    with Desk.open(path) as desk:
        new = live.reissue(desk, table.home, reason="遗失")
    assert home.get("/my").text.count("holds no entry card") == 1  # the phone's card is gone
    assert levels_refused(home, table.token)
    stale = httpx.post(f"{url}c/{codes[table.home]}", cookies={"tdesk_lang": "en"})
    assert stale.status_code == 400 and "not known" in stale.text
    fresh = phone(url, new.code)
    assert "Entered" in levels(fresh, "12", "9").text


def levels_refused(client: httpx.Client, token: str) -> bool:
    answer = client.post("/my", data={"token": token, "nonce": "z", "version": "0", "home_level": "12",
                                      "away_level": "9"})  # fmt: skip
    return answer.status_code == 403


def test_a_card_from_another_table_is_refused(
    event: tuple[Path, str, dict[str, str], live.LiveTableView],
) -> None:
    path, url, codes, table = event
    with Desk.open(path) as desk:
        other = live.round_tokens(desk, 1)[1]
    outsider = phone(url, codes[other.home])
    fields = form_of(outsider.get("/my").text)
    answer = outsider.post(
        "/my", data={**fields, "token": table.token, "home_level": "12", "away_level": "9"}
    )
    assert answer.status_code == 403 and "does not play at round 1 table 1" in answer.text
    with Desk.open(path) as desk:
        assert live.table_by_token(desk, table.token).source == "open"
