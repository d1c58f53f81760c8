"""The audit trail as a hash chain (issue 15): each entry's hash covers its own fields and the hash of the
entry before it, so an entry changed, removed or slipped in with another SQLite tool breaks the chain from
there on, and ``tdesk audit --verify`` names the first broken link."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

GENESIS = "0" * 64


@dataclass(frozen=True)
class AuditEntry:
    """One entry of the trail as read back: what the audit page shows and the workbook's 操作记录 sheet prints."""

    at: datetime
    station: str
    action: str
    round: int | None
    table: int | None
    entrant: str | None
    old: Any
    new: Any
    reason: str | None


def entry_hash(previous: str, fields: Sequence[object]) -> str:
    """SHA-256 of the previous hash and the entry's fields, written in one canonical form."""
    canonical = json.dumps([previous, *[None if f is None else str(f) for f in fields]], ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()
