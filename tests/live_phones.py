"""Phones that hold entry cards (录分卡), for the live-entry tests and benchmarks.

A phone enters or confirms a table's result only for the entrant whose card it took (``live.bind``): the
secret it was given decides the side. Through the services a phone IS its secret (``phone``, ``Phones``,
``hold_cards``); through the LAN server it is a ``tests.web.client.Phone`` that scanned the card's QR code
(``take_card``: ``POST /c/{code}``, which sets the ``tdesk_card`` cookie) and then uses ``/my``
(``my_fields``, ``send``, ``agree``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.live import LiveTableView

if TYPE_CHECKING:
    import httpx

    from tests.web.client import Phone


def card_code(desk: Desk, name: str) -> str:
    """The code on ``name``'s entry card (issued on first asking)."""
    (card,) = live.cards(desk, [name])
    return card.code


def phone(desk: Desk, name: str, secret: str | None = None) -> str:
    """A phone takes ``name``'s entry card: its secret. A new phone, unless ``secret`` names one (that phone
    keeps its secret and gives up the card it held)."""
    taken, _card = live.bind(desk, card_code(desk, name), secret)
    return taken


def hold_cards(desk: Desk, names: Iterable[str]) -> dict[str, str]:
    """Each of ``names`` takes its card on a phone of its own (the codes read once): the secrets by name."""
    codes = {c.name: c.code for c in live.cards(desk)}
    return {name: live.bind(desk, codes[name], None)[0] for name in names}


class Phones:
    """Every entrant's own phone, which takes the entrant's card the first time it is asked for."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.secrets: dict[str, str] = {}

    def __getitem__(self, name: str) -> str:
        if name not in self.secrets:
            self.secrets[name] = phone(self.desk, name)
        return self.secrets[name]

    def at(self, table: LiveTableView, side: str) -> str:
        """The phone of the entrant who sits at ``side`` ("home" or "away") of ``table``."""
        assert side in ("home", "away"), side
        return self[table.home if side == "home" else table.away]


# --- through the LAN server --------------------------------------------------------------------------------


def take_card(client: Phone, name: str, desk: Desk | None = None) -> httpx.Response:
    """``client`` scans ``name``'s card and takes it (``POST /c/{code}``): 303 to ``/my``, the card's cookie set.
    ``desk``: the event, when it is not the app's own (``app.state.desk``)."""
    if desk is None:
        desk = client.app.state.desk  # type: ignore[attr-defined]
        assert isinstance(desk, Desk)
    response = client.post(f"/c/{card_code(desk, name)}", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/my", response.text
    assert client.cookies.get("tdesk_card"), "the server gave the phone no card cookie"
    return response


def my_fields(html: str) -> dict[str, str]:
    """The hidden fields of the entry form on a ``/my`` page: the table's token, the nonce, the version."""
    return dict(re.findall(r'name="(token|nonce|version)" value="([^"]*)"', html))


def hidden_fields(html: str) -> dict[str, str]:
    """Every hidden field of a page (or of one form's HTML): what a form sends besides what is typed."""
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))


def send(client: Phone, data: dict[str, str], fields: dict[str, str] | None = None) -> httpx.Response:
    """Open ``/my`` (unless the form's ``fields`` are given) and send ``data`` (levels, or boards) from it."""
    if fields is None:
        page = client.get("/my")
        assert page.status_code == 200, page.text
        fields = my_fields(page.text)
    return client.post("/my", data={**fields, **data})


def agree(client: Phone) -> httpx.Response:
    """Open ``/my`` and tap 同意 / Agree: the other side's entry sent back as this side's (the agree form)."""
    page = client.get("/my").text
    found = re.search(r'<form class="entry agree"[^>]*>(.*?)</form>', page, re.S)
    assert found is not None, "no Agree form on the page"
    return client.post("/my", data=hidden_fields(found.group(1)))
