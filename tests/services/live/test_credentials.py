"""The entry cards (services/live/credentials.py): the codes as printed and typed, the phones' names, the cards
of an event and binding a phone to one."""

from __future__ import annotations

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk
from tournament_desk.services.live import credentials as cr

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def test_a_code_is_printed_in_two_halves_and_typed_any_way() -> None:
    assert cr.format_code("ABCDE23456") == "ABCDE-23456"
    assert cr.normalise_code(" abcde-23456 ") == "ABCDE23456"
    # full width, and the ideographic space: typed through a Chinese input method
    assert cr.normalise_code("ＡＢＣＤＥ\u300023456") == "ABCDE23456"
    assert len(cr.normalise_code("A" * 100)) == 64


def test_a_phone_is_named_by_its_secrets_hash() -> None:
    digest = cr.phone_hash("secret")
    assert len(digest) == 64 and digest != cr.phone_hash("secret2")
    assert cr.phone_label(digest) == digest[:8]
    assert cr.phone_label(None) is None


def test_every_entrant_has_one_card_of_its_own(four: Desk) -> None:
    cards = cr.cards(four)
    assert [c.name for c in cards] == ["甲", "乙", "丙", "丁"]
    assert len({c.code for c in cards}) == 4
    assert all(len(c.code) == cr.CODE_LENGTH and set(c.code) <= set(cr.ALPHABET) for c in cards)
    assert cr.cards(four) == cards  # issued once, not again on every read
    assert [c.name for c in cr.cards(four, ["丙"])] == ["丙"]


def test_a_reissued_card_has_a_new_code_and_the_old_one_is_unknown(four: Desk) -> None:
    old = cr.cards(four, ["甲"])[0]
    new = cr.reissue(four, "甲", reason="丢失")
    assert new.code != old.code
    assert cr.card_by_code(four, cr.format_code(new.code).lower()).name == "甲"
    with pytest.raises(BadInput):
        cr.card_by_code(four, old.code)
