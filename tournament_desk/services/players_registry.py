"""The registry of players on this computer (issue 30): read, remembered, merged into, exported and imported.

The registry is ``storage.player_registry``'s file in the user-data folder. An event's players are linked to it
by ``uid``; this module never opens an event, so both ``services.players`` (the event's side) and the faces use
it. Export and import are a workbook (``.xlsx``, what a director opens in Excel or WPS) or a ``.csv`` with the
columns 编号 (the uid), 姓名, 单位, 识别号; an import checks every row before it changes anything.
"""

from __future__ import annotations

import csv
import re
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.names import NAME_MAX, UNIT_MAX, checked_name
from tournament_desk.domain.players import IDENT_MAX, Person, Proposal, merge_candidates
from tournament_desk.services.sheets import read_sheet
from tournament_desk.storage.player_registry import (
    KnownEvent,
    KnownMerge,
    KnownPlayer,
    KnownSpelling,
    registry_session,
)

HEADERS = ("编号", "姓名", "单位", "识别号")
COLUMNS = {
    "uid": ("编号", "uid"),
    "name": ("姓名", "名字", "选手", "name", "player"),
    "unit": ("单位", "代表单位", "unit", "club"),
    "ident": ("识别号", "会员号", "手机尾号", "ident", "id"),
}
_UID = re.compile(r"[0-9a-f]{32}")


@dataclass(frozen=True)
class KnownInfo:
    id: int
    uid: str
    name: str
    unit: str | None
    ident: str | None
    spellings: tuple[tuple[str, str | None], ...] = ()
    events: tuple[str, ...] = ()  # the events they were remembered from, as named then


@dataclass(frozen=True)
class Remembered:
    """What a remember or an import did to the registry."""

    added: int
    updated: int


def new_uid() -> str:
    return uuid.uuid4().hex


def clean_ident(ident: str | None) -> str | None:
    return checked_name(ident, what="ident", most=IDENT_MAX) or None


def _info(session: Session, row: KnownPlayer) -> KnownInfo:
    spellings = session.execute(
        select(KnownSpelling.name, KnownSpelling.unit).where(KnownSpelling.player_id == row.id)
    ).all()
    events = session.scalars(
        select(KnownEvent.name).where(KnownEvent.player_id == row.id).order_by(KnownEvent.id)
    )
    return KnownInfo(
        row.id, row.uid, row.name, row.unit, row.ident, tuple((n, u) for n, u in spellings), tuple(events)
    )


def known_players() -> list[KnownInfo]:
    """Everyone in the registry (none when there is no registry yet), by name."""
    with registry_session() as session:
        if session is None:
            return []
        spellings: dict[int, list[tuple[str, str | None]]] = {}
        for player_id, name, unit in session.execute(
            select(KnownSpelling.player_id, KnownSpelling.name, KnownSpelling.unit)
        ):
            spellings.setdefault(player_id, []).append((name, unit))
        events: dict[int, list[str]] = {}
        for player_id, name in session.execute(
            select(KnownEvent.player_id, KnownEvent.name).order_by(KnownEvent.id)
        ):
            events.setdefault(player_id, []).append(name)
        rows = session.scalars(select(KnownPlayer).order_by(KnownPlayer.name, KnownPlayer.id))
        return [
            KnownInfo(
                r.id,
                r.uid,
                r.name,
                r.unit,
                r.ident,
                tuple(spellings.get(r.id, ())),
                tuple(events.get(r.id, ())),
            )
            for r in rows
        ]


def uid_aliases() -> dict[str, str]:
    """Each uid of a record merged into another (``merge_known``) → the uid of the record it is now part of."""
    with registry_session() as session:
        if session is None:
            return {}
        query = select(KnownMerge.uid, KnownPlayer.uid).join(
            KnownPlayer, KnownPlayer.id == KnownMerge.player_id
        )
        return {gone: kept for gone, kept in session.execute(query)}


def people(known: Iterable[KnownInfo]) -> list[Person]:
    """Each registry record and each of its confirmed spellings as a ``Person`` whose ref is the record's id."""
    found: list[Person] = []
    for k in known:
        found.append(Person(k.id, k.name, k.unit, k.ident))
        found.extend(Person(k.id, name, unit, k.ident) for name, unit in k.spellings)
    return found


def duplicates() -> list[Proposal]:
    """Registry records that are likely one person (same name, a unit spelt otherwise; same ident)."""
    return duplicates_of(known_players())


def duplicates_of(known: Iterable[KnownInfo]) -> list[Proposal]:
    """``duplicates`` among these records (the registry as already read)."""
    return merge_candidates([Person(k.id, k.name, k.unit, k.ident) for k in known])


def _spelling(session: Session, row: KnownPlayer, name: str, unit: str | None) -> bool:
    """Another way ``row`` is written, kept (True) unless it is the record's own or already kept."""
    if (name, unit) == (row.name, row.unit):
        return False
    same_unit = KnownSpelling.unit.is_(None) if unit is None else KnownSpelling.unit == unit
    query = select(KnownSpelling.id).where(
        KnownSpelling.player_id == row.id, KnownSpelling.name == name, same_unit
    )
    if session.scalar(query) is not None:
        return False
    session.add(KnownSpelling(player_id=row.id, name=name, unit=unit))
    return True


def remember(
    records: Sequence[tuple[str, str, str | None, str | None]], *, at: datetime, event: str | None = None
) -> Remembered:
    """Each (uid, name, unit, ident) into the registry: a new person, or another spelling (and a missing ident)
    of one already there (a uid merged away counts as the record it became part of); ``event``, the event they
    are remembered from, is kept with each. One registry transaction."""
    added = updated = 0
    with registry_session(write=True) as session:
        assert session is not None
        by_uid = {r.uid: r for r in session.scalars(select(KnownPlayer))}
        for gone, player_id in session.execute(select(KnownMerge.uid, KnownMerge.player_id)):
            by_uid[gone] = next(r for r in by_uid.values() if r.id == player_id)
        for uid, name, unit, ident in records:
            row = by_uid.get(uid)
            if row is None:
                row = KnownPlayer(uid=uid, name=name, unit=unit, ident=ident, created_at=at, updated_at=at)
                session.add(row)
                session.flush()
                by_uid[uid] = row
                added += 1
                _seen_at(session, row, event)
                continue
            _seen_at(session, row, event)
            changed = _spelling(session, row, name, unit)
            if ident and not row.ident:
                row.ident, changed = ident, True
            if changed:
                row.updated_at = at
                session.flush()
                updated += 1
    return Remembered(added, updated)


def _seen_at(session: Session, row: KnownPlayer, event: str | None) -> None:
    if (
        event
        and session.scalar(
            select(KnownEvent.id).where(KnownEvent.player_id == row.id, KnownEvent.name == event)
        )
        is None
    ):
        session.add(KnownEvent(player_id=row.id, name=event))


def known_by_id(known_id: int) -> KnownInfo:
    with registry_session() as session:
        row = session.get(KnownPlayer, known_id) if session is not None else None
        if row is None or session is None:
            raise BadInput("There is no player number {id} in the registry.", id=known_id)
        return _info(session, row)


# --- export and import -------------------------------------------------------------------------------------
def export_registry(path: Path) -> int:
    """The registry as a workbook (.xlsx) or a .csv; the number of people written."""
    known = known_players()
    rows = [(k.uid, k.name, k.unit or "", k.ident or "") for k in known]
    if path.suffix.lower() == ".csv":
        with path.open("w", encoding="utf-8-sig", newline="") as out:
            writer = csv.writer(out)
            writer.writerow(HEADERS)
            writer.writerows(rows)
        return len(rows)
    if path.suffix.lower() != ".xlsx":
        raise BadInput("The registry is exported as a workbook (.xlsx) or a .csv file, not '{path}'.",
                       path=str(path))  # fmt: skip
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "选手"
    sheet.append(HEADERS)
    for row in rows:
        sheet.append(row)
    for column, width in zip("ABCD", (36, 14, 24, 14), strict=True):
        sheet.column_dimensions[column].width = width
    book.save(path)
    return len(rows)


def _checked_rows(path: Path) -> list[tuple[str | None, str, str | None, str | None]]:
    """Every row of an import file, checked; the first problem refuses the whole file."""
    rows: list[tuple[str | None, str, str | None, str | None]] = []
    seen: dict[str, int] = {}
    for r in read_sheet(path, COLUMNS, required=("name",)):
        try:
            name = checked_name(r.cells.get("name"), most=NAME_MAX)
            unit = checked_name(r.cells.get("unit"), what="unit", most=UNIT_MAX) or None
            ident = clean_ident(r.cells.get("ident"))
        except BadInput as exc:
            raise BadInput(
                "Nothing was imported: row {row}: {problem}", row=r.number, problem=exc.message
            ) from None
        uid = (r.cells.get("uid") or "").strip().lower() or None
        if not name:
            raise BadInput("Nothing was imported: row {row} has no name.", row=r.number)
        if uid is not None and not _UID.fullmatch(uid):
            raise BadInput("Nothing was imported: row {row}'s number '{uid}' is not one this program wrote.",
                           row=r.number, uid=uid)  # fmt: skip
        if uid is not None and uid in seen:
            raise BadInput(
                "Nothing was imported: row {row} repeats row {first}.", row=r.number, first=seen[uid]
            )
        if uid is not None:
            seen[uid] = r.number
        rows.append((uid, name, unit, ident))
    if not rows:
        raise BadInput("'{path}' has no players to import.", path=str(path))
    return rows


def import_registry(path: Path, *, at: datetime) -> Remembered:
    """Players from a registry exported here or elsewhere (or typed in Excel): a row with a known number adds
    its spelling and ident to that person; a row without one is a new person unless the registry already has
    exactly that name, unit and ident. Every row is checked first: a bad file changes nothing."""
    rows = _checked_rows(path)
    known = {(k.name, k.unit, k.ident): k.uid for k in known_players()}
    records = [
        (uid or known.get((name, unit, ident)) or new_uid(), name, unit, ident)
        for uid, name, unit, ident in rows
    ]
    return remember(records, at=at)


# --- merging two records of the registry -------------------------------------------------------------------
@dataclass(frozen=True)
class MergeRecord:
    """One line of the registry's journal of merges: ``name`` (``unit``, ``ident``) became part of ``into``."""

    into: str  # the name of the record it became part of
    name: str
    unit: str | None
    ident: str | None
    at: datetime
    station: str
    reason: str | None


def merge_known(
    keep_id: int, other_id: int, *, at: datetime, station: str, reason: str | None = None
) -> KnownInfo:
    """The director says two records of the registry are one person: ``other`` becomes part of ``keep``. Its
    name and unit and its spellings become ``keep``'s other spellings, its ident fills a missing one, its events
    join ``keep``'s, and the journal keeps it (its uid still finds the person). Two records with different
    idents are two people: refused, nothing changed. One registry transaction."""
    if keep_id == other_id:
        raise BadInput("Tick two different players of the registry to merge.")
    with registry_session(write=True) as session:
        assert session is not None
        keep, other = session.get(KnownPlayer, keep_id), session.get(KnownPlayer, other_id)
        for wanted, row in ((keep_id, keep), (other_id, other)):
            if row is None:
                raise BadInput("There is no player number {id} in the registry.", id=wanted)
        assert keep is not None and other is not None
        if keep.ident and other.ident and keep.ident != other.ident:
            raise BadInput("'{name}' ({ident}) and '{other}' ({other_ident}) have different idents: they are two "
                           "people, and are not merged.", name=keep.name, ident=keep.ident, other=other.name,
                           other_ident=other.ident)  # fmt: skip
        moved = [
            (s.name, s.unit)
            for s in session.scalars(select(KnownSpelling).where(KnownSpelling.player_id == other.id))
        ]
        for name, unit in [(other.name, other.unit), *moved]:
            _spelling(session, keep, name, unit)
        for event in session.scalars(select(KnownEvent.name).where(KnownEvent.player_id == other.id)).all():
            _seen_at(session, keep, event)
        session.execute(update(KnownMerge).where(KnownMerge.player_id == other.id).values(player_id=keep.id))
        session.add(KnownMerge(player_id=keep.id, uid=other.uid, name=other.name, unit=other.unit,
                               ident=other.ident, at=at, station=station, reason=reason))  # fmt: skip
        keep.ident, keep.updated_at = keep.ident or other.ident, at
        session.flush()
        session.delete(other)
        session.flush()
        return _info(session, keep)


def merge_journal() -> list[MergeRecord]:
    """Every merge of the registry's records, oldest first."""
    with registry_session() as session:
        if session is None:
            return []
        query = (
            select(KnownMerge, KnownPlayer.name)
            .join(KnownPlayer, KnownPlayer.id == KnownMerge.player_id)
            .order_by(KnownMerge.at, KnownMerge.id)
        )
        return [
            MergeRecord(into, m.name, m.unit, m.ident, m.at, m.station, m.reason)
            for m, into in session.execute(query)
        ]
