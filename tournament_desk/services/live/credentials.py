"""Entry cards (录分卡, issue 23): each entrant's own credential for the tables' phones.

Every entrant (a pair or a team; Mitchell pairs; duplicate teams) holds one card for the whole event: a code
of ``CODE_LENGTH`` characters from an alphabet without look-alikes (about 50 bits), printed as a QR code and
as ``ABCDE-FGHJK`` to type. Scanning it (``bind``) gives that phone a secret of its own, a cookie the server
chose; the card then answers to that phone only, and a phone holds one card at a time. The file keeps the
secret's SHA-256 (``live_card.device``), never the secret.

A result from the phones needs the cards of both sides: the first side's entry is made with its own card,
the confirmation with the other side's (``side_of``). Nothing printed on a table's scoresheet or shown on a
public page is enough to enter or confirm. The director reissues a lost card (the old code stops at once and
its phone with it), releases a card from its phone (a flat battery), and closes phone entry for a table or a
round (``set_phone_lock``). Each of these is audited; each entry from a phone names the card and the phone.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk, audit, entrant_by_name, now
from tournament_desk.services.live.claims import NoCard, NotAtTable, UnknownCode
from tournament_desk.services.live.tables import ensure_tokens, published
from tournament_desk.storage import models as m

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: read aloud and typed on a phone
CODE_LENGTH = 10
Side = str  # "home" or "away"


@dataclass(frozen=True)
class CardView:
    """An entrant's card as the director and the printed card see it."""

    entrant_id: int
    name: str
    unit: str | None
    players: tuple[str, ...]
    draw_no: int | None
    code: str  # as stored: ten characters, no dash
    issued_at: datetime
    phone: str | None  # the phone that holds it (the first characters of its secret's hash), if any
    withdrawn: bool = False

    @property
    def printed(self) -> str:
        """The code as printed and typed: ``ABCDE-FGHJK``."""
        return format_code(self.code)


def format_code(code: str) -> str:
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def normalise_code(text: str) -> str:
    """A code as typed: case, spaces, dashes and full-width forms (a Chinese input method) do not matter."""
    folded = "".join(chr(ord(ch) - 0xFEE0) if "\uff01" <= ch <= "\uff5e" else ch for ch in text)
    return "".join(ch for ch in folded.upper() if ch not in " -_\u3000\u2014\u2013")[:64]


def _new_code(session: Session) -> str:
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        if session.scalars(select(m.LiveCard.code).where(m.LiveCard.code == code)).first() is None:
            return code


def phone_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def phone_label(device_hash: str | None) -> str | None:
    """How the director and the audit trail name a phone: the first 8 characters of its secret's hash."""
    return device_hash[:8] if device_hash else None


def view(entrant: m.Entrant, card: m.LiveCard) -> CardView:
    players = tuple(p.strip() for p in (entrant.players or "").split(",") if p.strip())
    return CardView(
        entrant.id, entrant.name, entrant.unit, players, entrant.draw_no, card.code, card.issued_at,
        phone_label(card.device), entrant.withdrawn_after_round is not None,
    )  # fmt: skip


def _issue_missing(session: Session, desk: Desk) -> list[tuple[m.Entrant, m.LiveCard]]:
    have = {c.entrant_id: c for c in session.scalars(select(m.LiveCard))}
    pairs: list[tuple[m.Entrant, m.LiveCard]] = []
    issued = 0
    for entrant in session.scalars(select(m.Entrant)):
        card = have.get(entrant.id)
        if card is None:
            card = m.LiveCard(entrant_id=entrant.id, code=_new_code(session), issued_at=now())
            session.add(card)
            issued += 1
        pairs.append((entrant, card))
    if issued:
        audit(session, desk, "cards-issued", new={"count": issued})
    session.flush()
    return pairs


def cards(desk: Desk, names: Collection[str] | None = None) -> list[CardView]:
    """Every entrant's card (``names``: only these), made the first time they are asked for; by draw
    number, then name (the order they are printed in)."""
    with desk.db.transaction(write=True) as session:
        pairs = _issue_missing(session, desk)
        if names is not None:
            wanted = {entrant_by_name(session, n).id for n in names}
            pairs = [(e, c) for e, c in pairs if e.id in wanted]
        pairs.sort(key=lambda p: (p[0].draw_no is None, p[0].draw_no or 0, p[0].sort_key or p[0].name))
        return [view(e, c) for e, c in pairs]


def _card_of(session: Session, desk: Desk, name: str) -> tuple[m.Entrant, m.LiveCard]:
    entrant = entrant_by_name(session, name)
    _issue_missing(session, desk)
    card = session.get(m.LiveCard, entrant.id)
    assert card is not None
    return entrant, card


def reissue(desk: Desk, name: str, *, reason: str | None = None) -> CardView:
    """A new code for a lost card: the old code stops at once, and so does the phone that held it."""
    with desk.db.transaction(write=True) as session:
        entrant, card = _card_of(session, desk, name)
        old = {"code": format_code(card.code)[-3:], "phone": phone_label(card.device)}
        card.code, card.issued_at, card.device, card.bound_at = _new_code(session), now(), None, None
        audit(session, desk, "card-reissue", entrant_id=entrant.id, old=old,
              new={"code": format_code(card.code)[-3:]}, reason=reason)  # fmt: skip
        return view(entrant, card)


def release(desk: Desk, name: str, *, reason: str | None = None) -> CardView:
    """Free a card from the phone that holds it (a flat battery, a new phone); the card's code stays."""
    with desk.db.transaction(write=True) as session:
        entrant, card = _card_of(session, desk, name)
        if card.device is None:
            raise BadInput("The entry card of {name} is not held by any phone.", name=entrant.name)
        old = {"phone": phone_label(card.device)}
        card.device, card.bound_at = None, None
        audit(session, desk, "card-release", entrant_id=entrant.id, old=old, new={}, reason=reason)
        return view(entrant, card)


def _by_code(session: Session, code: str) -> tuple[m.Entrant, m.LiveCard]:
    typed = normalise_code(code)
    card = (
        session.scalars(select(m.LiveCard).where(m.LiveCard.code == typed)).first()
        if len(typed) == CODE_LENGTH
        else None
    )
    entrant = session.get(m.Entrant, card.entrant_id) if card is not None else None
    if card is None or entrant is None:
        raise UnknownCode(
            "This entry card code is not known (a reissued card's old code no longer works); check the code "
            "or ask the director."
        )
    return entrant, card


def card_by_code(desk: Desk, code: str) -> CardView:
    """The card a scanned or typed code names (refused when unknown)."""
    with desk.db.transaction() as session:
        return view(*_by_code(session, code))


def holder(session: Session, secret: str | None) -> tuple[m.Entrant, m.LiveCard] | None:
    """The entrant and card a phone's secret holds, if any."""
    if not secret or len(secret) > 128:
        return None
    found = session.execute(
        select(m.Entrant, m.LiveCard)
        .join(m.LiveCard, m.LiveCard.entrant_id == m.Entrant.id)
        .where(m.LiveCard.device == phone_hash(secret))
    ).first()
    return None if found is None else (found[0], found[1])


def phone_card(desk: Desk, secret: str | None) -> CardView | None:
    """The card this phone holds (None: none, or it was reissued or released since)."""
    with desk.db.transaction() as session:
        found = holder(session, secret)
        return None if found is None else view(*found)


def bind(desk: Desk, code: str, secret: str | None) -> tuple[str, CardView]:
    """This phone takes the card ``code`` names: the phone's secret (its own if it has one, else a new one)
    and the card. A card another phone holds is refused (the director releases it); a phone that held
    another card gives that one up (a phone holds one card at a time)."""
    with desk.db.transaction(write=True) as session:
        entrant, card = _by_code(session, code)
        known = holder(session, secret)
        if known is not None and known[1].entrant_id == card.entrant_id:
            return str(secret), view(entrant, card)
        if card.device is not None:
            raise BadInput(
                "The entry card of {name} is already used on another phone; ask the director to release it.",
                name=entrant.name,
            )
        if known is None or secret is None:
            secret = secrets.token_urlsafe(24)
        else:  # the phone gives up the card it held
            given_up = known[1]
            given_up.device, given_up.bound_at = None, None
            audit(session, desk, "card-release", entrant_id=given_up.entrant_id,
                  old={"phone": phone_label(phone_hash(secret))}, new={}, reason="the phone took another card")  # fmt: skip
            session.flush()
        card.device, card.bound_at = phone_hash(secret), now()
        audit(session, desk, "card-bind", entrant_id=entrant.id, old=None,
              new={"phone": phone_label(card.device)})  # fmt: skip
        return secret, view(entrant, card)


@dataclass(frozen=True)
class Acting:
    """Who a phone's entry speaks for at one table: the side, the entrant, and how the audit trail names it."""

    side: Side
    entrant: str
    phone: str  # the phone's label

    @property
    def said(self) -> str:
        return f"{self.side} · {self.entrant} · phone {self.phone}"


def side_of(session: Session, secret: str | None, match: m.Match) -> Acting:
    """The side of ``match`` this phone's card speaks for; refused when the phone holds no card, or a card
    of an entrant who does not play at this table."""
    found = holder(session, secret)
    if found is None:
        return acting_for(None, match)
    entrant, card = found
    return acting_for((entrant.id, entrant.name, card.device or ""), match)


def acting_for(card: tuple[int, str, str] | None, match: m.Match) -> Acting:
    """``side_of`` from a card already read: (entrant id, entrant name, the phone's hash), or None."""
    if card is None:
        raise NoCard(
            "This phone holds no entry card: scan the QR code on your own entry card (录分卡) first."
        )
    entrant_id, name, device = card
    if entrant_id == match.home_id:
        side = "home"
    elif entrant_id == match.away_id:
        side = "away"
    else:
        raise NotAtTable(
            "The entry card on this phone is {name}'s, who does not play at round {round} table {table}.",
            name=name,
            round=match.round_no,
            table=match.table_no,
        )
    return Acting(side, name, phone_label(device) or "?")


def phones_cards(session: Session, secrets_: Collection[str]) -> dict[str, tuple[int, str, str]]:
    """The cards many phones hold, read at once: by the phone's secret, (entrant id, name, phone hash)."""
    hashes = {phone_hash(s): s for s in secrets_ if s and len(s) <= 128}
    if not hashes:
        return {}
    rows = session.execute(
        select(m.LiveCard.device, m.Entrant.id, m.Entrant.name)
        .join(m.Entrant, m.Entrant.id == m.LiveCard.entrant_id)
        .where(m.LiveCard.device.in_(sorted(hashes)))
    ).all()
    return {hashes[device]: (entrant_id, name, device) for device, entrant_id, name in rows if device}


def set_phone_lock(
    desk: Desk, round_no: int, tables: Collection[int] | None, *, locked: bool, reason: str | None = None
) -> list[int]:
    """Close (or open again) phone entry for some tables of a round (``tables`` None: all of them); the tables
    changed. A closed table takes no entry or confirmation from any phone; the desk still enters it."""
    with desk.db.transaction(write=True) as session:
        published(session, round_no)
        ensure_tokens(session, round_no)
        rows = list(session.scalars(select(m.LiveTable).where(m.LiveTable.round_no == round_no)))
        if tables is not None:
            unknown = sorted(set(tables) - {r.table_no for r in rows})
            if unknown:
                raise BadInput(
                    "Round {round} has no table {table}.", round=round_no, table=", ".join(map(str, unknown))
                )
            rows = [r for r in rows if r.table_no in set(tables)]
        changed = [r for r in rows if r.locked != locked]
        for row in changed:
            row.locked = locked
            row.version += 1
            row.updated_at = now()
        if changed:
            audit(session, desk, "phone-lock" if locked else "phone-unlock", round_no=round_no,
                  table_no=changed[0].table_no if len(changed) == 1 else None,
                  new={"tables": [r.table_no for r in changed]}, reason=reason)  # fmt: skip
        return [r.table_no for r in changed]
