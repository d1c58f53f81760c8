"""A series or a sports meet over many events (rules.md §13): one series file (``.tdseries``) names its member
events and its rule; the standings are worked out afresh from the events each time they are read.

Each public function is one user action on the series file: one transaction, audited there (who, when, what).
The member events are only read (``services.series_members``): a member that changed since it was added shows
as changed, one that is missing or cannot be read is named, never a crash. Plain data out, for ``tdesk series``,
the window's page and the exports.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput, Message, TournamentError, msg
from tournament_desk.domain.names import TOURNAMENT_MAX, checked_name
from tournament_desk.domain.series import PER_ENTRANT, SeriesRule, check_rule, parse_points
from tournament_desk.services.desk import default_station, now
from tournament_desk.services.series_members import MemberRead, read_member
from tournament_desk.storage.database import Database
from tournament_desk.storage.errors import BUSY_SECONDS, server_name
from tournament_desk.storage.series import models as s
from tournament_desk.storage.series.opening import create_series_file, open_series_file

FINAL = "final"
IN_PROGRESS = "in-progress"
MISSING = "missing"
UNREADABLE = "unreadable"


@dataclass
class SeriesDesk:
    """An open series file and the name of this station (the audit trail's "who")."""

    db: Database
    station: str

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> SeriesDesk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass(frozen=True)
class Member:
    """A member event as the series file records it: ``number`` its place in the series (1, 2, …), ``source``
    its absolute path or server URL, ``name`` the name it had and ``fingerprint`` its places then."""

    number: int
    source: str
    is_url: bool
    name: str
    fingerprint: str


@dataclass(frozen=True)
class SeriesInfo:
    name: str
    rule: SeriesRule
    members: tuple[Member, ...]


@dataclass(frozen=True)
class MemberStatus:
    """A member event as read now: ``status`` FINAL, IN_PROGRESS (counted with its current standings), MISSING or
    UNREADABLE (not counted, ``problem`` says why); ``changed``: its places differ from when it was added (or
    last confirmed with ``confirm_events``)."""

    member: Member
    name: str
    status: str
    changed: bool = False
    after_round: int = 0
    problem: Message | None = None
    read: MemberRead | None = field(default=None, repr=False, compare=False)

    @property
    def counted(self) -> bool:
        return self.read is not None


def create_series(
    path: Path,
    *,
    name: str,
    points: str | Sequence[float],
    best: int | None = None,
    min_events: int = 0,
    per: str = PER_ENTRANT,
    station: str | None = None,
) -> SeriesDesk:
    """A new series file (nothing is created when the rule is refused)."""
    title = checked_name(name, what="series name", most=TOURNAMENT_MAX)
    if not title:
        raise BadInput("A series needs a name.")
    table = parse_points(points) if isinstance(points, str) else parse_points(",".join(map(str, points)))
    rule = SeriesRule(table, best, min_events, per)
    check_rule(rule)
    desk = SeriesDesk(create_series_file(path), station or default_station())
    try:
        with desk.db.transaction(write=True) as session:
            session.add(
                s.Series(
                    id=1,
                    name=title,
                    points_json=json.dumps(list(table)),
                    best=best,
                    min_events=min_events,
                    per=per,
                    created_at=now(),
                )
            )
            audit(session, desk, "series-new", new={"name": title, **_rule_dict(rule)})
    except BaseException:
        desk.close()
        path.unlink(missing_ok=True)
        raise
    return desk


def open_series(path: Path, *, station: str | None = None, busy_seconds: float | None = None) -> SeriesDesk:
    db = open_series_file(path, BUSY_SECONDS if busy_seconds is None else busy_seconds)
    return SeriesDesk(db, station or default_station())


def series_info(desk: SeriesDesk) -> SeriesInfo:
    with desk.db.transaction() as session:
        return _info(session)


def add_events(
    desk: SeriesDesk, paths: Sequence[Path] = (), urls: Sequence[str] = (), *, reason: str | None = None
) -> tuple[Member, ...]:
    """Add member events (tournament files, server URLs), all or none: each must be a tournament that can be
    read now, and not one the series has already."""
    wanted = [(str(p.resolve()), False) for p in paths] + [(_without_password(u), True) for u in urls]
    if not wanted:
        raise BadInput("Name at least one event to add: a tournament file or --db URL.")
    seen: set[str] = set()
    for source, _ in wanted:
        if source in seen:
            raise BadInput(
                "'{event}' is named twice; a series counts each event once.", event=shown_source(source)
            )
        seen.add(source)
    have = {m.source for m in series_info(desk).members}
    for source, _ in wanted:
        if source in have:
            raise BadInput("'{event}' is already in this series.", event=shown_source(source))
    reads = [(source, is_url, read_member(source, is_url=is_url)) for source, is_url in wanted]
    _refuse_copies(series_info(desk).members, reads)
    with desk.db.transaction(write=True) as session:
        position = len(_info(session).members)
        for source, is_url, read in reads:
            position += 1
            session.add(
                s.Member(
                    position=position,
                    source=source,
                    is_url=is_url,
                    name=read.name,
                    fingerprint=read.fingerprint,
                    added_at=now(),
                )
            )
        new = [{"event": shown_source(src), "name": r.name} for src, _, r in reads]
        audit(session, desk, "series-add", new=new, reason=reason)
        session.flush()
        return _info(session).members[-len(reads) :]


def _refuse_copies(members: Sequence[Member], reads: Sequence[tuple[str, bool, MemberRead]]) -> None:
    """A copy of an event (the same name and the same places) is the same event: counted once."""
    known = {(m.fingerprint, m.name): m for m in members}
    for number, (source, _, read) in enumerate(reads, start=len(members) + 1):
        if not read.places:
            continue
        same = known.get((read.fingerprint, read.name))
        if same is not None:
            raise BadInput(
                "'{event}' holds the same event as event {number} ({name}); a series counts each event once.",
                event=shown_source(source),
                number=same.number,
                name=same.name,
            )
        known[(read.fingerprint, read.name)] = Member(number, source, False, read.name, read.fingerprint)


def remove_event(desk: SeriesDesk, number: int, *, reason: str | None = None) -> Member:
    """Take member event ``number`` out of the series (the event itself is not touched)."""
    with desk.db.transaction(write=True) as session:
        members = _info(session).members
        if not 1 <= number <= len(members):
            raise BadInput(
                "The series has events 1–{count}, not {number}.", count=len(members), number=number
            )
        gone = members[number - 1]
        session.execute(delete(s.Member).where(s.Member.source == gone.source))
        for row in session.scalars(select(s.Member).where(s.Member.position > number)):
            row.position -= 1
        audit(
            session,
            desk,
            "series-remove",
            old={"event": shown_source(gone.source), "name": gone.name},
            reason=reason,
        )
        return gone


def confirm_events(desk: SeriesDesk, *, reason: str | None = None) -> tuple[Member, ...]:
    """Record the member events' places as they are now: a change the director has seen stops showing as one."""
    read = read_members(series_info(desk).members)
    with desk.db.transaction(write=True) as session:
        done = []
        for st in read:
            if st.read is None or not st.changed:
                continue
            row = session.scalars(select(s.Member).where(s.Member.source == st.member.source)).one()
            row.fingerprint, row.name = st.read.fingerprint, st.read.name
            done.append(st.member)
        if done:
            audit(session, desk, "series-confirm", new=[shown_source(m.source) for m in done], reason=reason)
        return tuple(done)


def read_members(members: Sequence[Member], busy_seconds: float = BUSY_SECONDS) -> list[MemberStatus]:
    """Each member event as it is now (never raises for one that cannot be read: its status says so)."""
    return list(_statuses(members, busy_seconds))


def _statuses(members: Sequence[Member], busy_seconds: float) -> Iterator[MemberStatus]:
    for member in members:
        if not member.is_url and not Path(member.source).is_file():
            problem = msg("There is no tournament file at '{path}'.", path=member.source)
            yield MemberStatus(member, member.name, MISSING, problem=problem)
            continue
        try:
            read = read_member(member.source, is_url=member.is_url, busy_seconds=busy_seconds)
        except TournamentError as exc:
            yield MemberStatus(member, member.name, UNREADABLE, problem=exc.message)
            continue
        status = FINAL if read.final else IN_PROGRESS
        changed = read.fingerprint != member.fingerprint
        yield MemberStatus(member, read.name, status, changed, read.after_round, None, read)


def audit(
    session: Session,
    desk: SeriesDesk,
    action: str,
    *,
    old: Any = None,
    new: Any = None,
    reason: str | None = None,
) -> None:
    """One change to the series, recorded in its file in the same transaction."""
    session.add(
        s.SeriesAudit(
            at=now(),
            station=desk.station,
            action=action,
            old=None if old is None else json.dumps(old, ensure_ascii=False),
            new=None if new is None else json.dumps(new, ensure_ascii=False),
            reason=reason,
        )
    )


@dataclass(frozen=True)
class SeriesAuditLine:
    at: str
    station: str
    action: str
    old: Any
    new: Any
    reason: str | None


def series_audit(desk: SeriesDesk) -> list[SeriesAuditLine]:
    """The series file's audit trail, oldest first."""
    with desk.db.transaction() as session:
        rows = session.scalars(select(s.SeriesAudit).order_by(s.SeriesAudit.id))
        return [
            SeriesAuditLine(
                r.at.isoformat(sep=" "),
                r.station,
                r.action,
                None if r.old is None else json.loads(r.old),
                None if r.new is None else json.loads(r.new),
                r.reason,
            )
            for r in rows
        ]


def _info(session: Session) -> SeriesInfo:
    row = session.get(s.Series, 1)
    if row is None:
        raise BadInput("The file holds no series yet.")
    rule = SeriesRule(tuple(json.loads(row.points_json)), row.best, row.min_events, row.per)
    members = tuple(
        Member(m.position, m.source, m.is_url, m.name, m.fingerprint)
        for m in session.scalars(select(s.Member).order_by(s.Member.position))
    )
    return SeriesInfo(row.name, rule, members)


def _rule_dict(rule: SeriesRule) -> dict[str, Any]:
    return {"points": list(rule.points), "best": rule.best, "min_events": rule.min_events, "per": rule.per}


def _without_password(url: str) -> str:
    """A server's URL as the series file keeps it: no password (libpq finds it as for any --db)."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).set(password=None).render_as_string(hide_password=False)
    except Exception:  # not an address at all: reading it says so in one sentence
        return url


def shown_source(source: str) -> str:
    """A member as the director may see it: a file's path, a server's host/database (never a password)."""
    if "://" not in source:
        return source
    from sqlalchemy.engine import make_url

    try:
        return server_name(make_url(source))
    except Exception:  # an address that no longer parses: shown without what follows an @
        return source.rpartition("@")[2]
