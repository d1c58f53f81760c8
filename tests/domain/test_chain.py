"""The audit trail's hash chain: each entry's hash covers its fields and the hash before it."""

from __future__ import annotations

import hashlib
import json

from tournament_desk.domain.chain import GENESIS, entry_hash


def test_the_hash_is_sha256_of_one_canonical_json_form() -> None:
    fields = ("result", 3, None, "甲队")
    expected = hashlib.sha256(
        json.dumps([GENESIS, "result", "3", None, "甲队"], ensure_ascii=False).encode()
    ).hexdigest()
    assert entry_hash(GENESIS, fields) == expected
    assert len(GENESIS) == 64 and set(GENESIS) == {"0"}


def test_any_change_of_a_field_or_of_the_link_before_changes_the_hash() -> None:
    base = entry_hash(GENESIS, ("result", 3, "A"))
    assert entry_hash(GENESIS, ("result", 3, "A")) == base  # stable
    assert entry_hash(GENESIS, ("result", 3, "K")) != base
    assert entry_hash(base, ("result", 3, "A")) != base
    # None is not the text "None": a cleared field differs from one holding that word.
    assert entry_hash(GENESIS, (None,)) != entry_hash(GENESIS, ("None",))
    # A number and its text are the same field once written down.
    assert entry_hash(GENESIS, (3,)) == entry_hash(GENESIS, ("3",))
