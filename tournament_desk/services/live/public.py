"""What the players' pages show: find my entrant by name or pinyin initials, my table, my results, my place;
the public standings, the cross-table and the projector."""

from __future__ import annotations

from dataclasses import dataclass, fields

from sqlalchemy import func, select

from tournament_desk.domain.sorting import pinyin
from tournament_desk.domain.standings import StandingRow
from tournament_desk.reports.html.shapes import CrossTableView
from tournament_desk.services.desk import Desk, paired_rounds, tournament
from tournament_desk.services.entrants import EntrantInfo, list_entrants
from tournament_desk.services.formats import format_services
from tournament_desk.services.live.round_clock import Announcement, ClockView, announcements, clock
from tournament_desk.services.live.settings import freeze_rounds
from tournament_desk.services.rounds import RoundView, TableView, round_view
from tournament_desk.services.stages import stage_numbered
from tournament_desk.services.standings import Standings, current_standings, last_complete
from tournament_desk.storage import models as m

MAX_FOUND = 20


@dataclass(frozen=True)
class PlayedRound:
    round: int
    table: int
    opponent: str
    seat: str  # home or away
    own_level: int | None
    opp_level: int | None
    mp: float | None
    vp: float | None
    kind: str
    # A match of several games (a team match's pair games): the games won, its own first.
    games: tuple[int, int] | None = None


@dataclass(frozen=True)
class PlayerCard:
    entrant: EntrantInfo
    current_round: int
    table: int | None  # None: a bye, or not seated in the current round
    seat: str | None
    opponent: str | None
    bye: bool
    rounds: list[PlayedRound]
    rank: int | None
    mp: float
    vp: float
    separated_by: str | None  # the tie-break that decides the place, if one did
    standings_after: int
    frozen: bool = False  # the public standings are frozen: the place is the one after ``standings_after``
    # Where the standings count games (team matches of pairs, rules.md §5.8): the games won and lost over the event;
    # the place then reads in points and games, not MP and VP.
    games: tuple[int, int] | None = None


@dataclass(frozen=True)
class PublicStandings(Standings):
    """The standings the public sees: frozen (``frozen`` > 0) after round (last complete − N)."""

    frozen: int = 0  # how many complete rounds are hidden
    last_complete: int = 0


@dataclass(frozen=True)
class ProjectorView:
    """What the projector shows (the web page and the desk's Qt window read this one function)."""

    event: str
    round: RoundView | None  # the latest published round
    playing: tuple[TableView, ...]  # its tables still without a result
    latest: tuple[TableView, ...]  # its tables with a result, up to LATEST of them
    clock: ClockView
    notes: tuple[Announcement, ...]


@dataclass(frozen=True)
class Marker:
    """What changed since a screen last looked: the audit trail grows with every change of the file."""

    changes: int
    round: int
    published: bool


def _keys(text: str) -> tuple[str, str]:
    syllables = pinyin(text).split()
    return "".join(s[0] for s in syllables if s), "".join(syllables)


def find_entrants(desk: Desk, query: str) -> list[EntrantInfo]:
    """Entrants whose name or a player's name contains ``query``, or whose pinyin (initials) starts with it."""
    needle = "".join(query.split()).casefold()
    if not needle:
        return []
    found: list[EntrantInfo] = []
    for info in list_entrants(desk):
        for text in (info.name, *info.players):
            initials, spelled = _keys(text)
            if needle in text.casefold() or initials.startswith(needle) or spelled.startswith(needle):
                found.append(info)
                break
    return found[:MAX_FOUND]


def _published_views(desk: Desk) -> tuple[int, list[RoundView]]:
    with desk.db.transaction() as session:
        last = paired_rounds(session)
    return last, [v for v in (round_view(desk, n) for n in range(1, last + 1)) if v.published]


def _card(entrant: EntrantInfo, last: int, views: list[RoundView], standing: PublicStandings) -> PlayerCard:
    name = entrant.name
    played: list[PlayedRound] = []
    table = seat = opponent = None
    bye = False
    for view in views:
        number = view.round
        for t in view.tables:
            if name not in (t.home, t.away):
                continue
            home = t.home == name
            mp = vp = None
            if t.outcome is not None:
                mp = t.outcome.home_mp if home else t.outcome.away_mp
                vp = t.outcome.home_vp if home else t.outcome.away_vp
            own, opp = (t.home_level, t.away_level) if home else (t.away_level, t.home_level)
            other = t.away if home else t.home
            won = None if t.games is None else (t.games if home else (t.games[1], t.games[0]))
            played.append(
                PlayedRound(number, t.table, other, "home" if home else "away", own, opp, mp, vp, t.kind, won)
            )
            if number == last:
                table, seat, opponent = t.table, "home" if home else "away", other
        if number == last and view.bye == name:
            bye = True
    row = next((r for r in standing.rows if r.entrant.name == name), None)
    return PlayerCard(
        entrant, last, table, seat, opponent, bye, played,
        row.rank if row else None, row.mp if row else 0.0, row.vp if row else 0.0,
        row.separated_by if row else None, standing.after_round, standing.frozen > 0, _games(row),
    )  # fmt: skip


def _games(row: StandingRow | None) -> tuple[int, int] | None:
    """The games won and lost where the standings count them (team matches of pairs); None elsewhere."""
    if row is None or row.games_won is None or row.games_lost is None:
        return None
    return row.games_won, row.games_lost


def player_card(desk: Desk, name: str) -> PlayerCard | None:
    """One entrant's page: the table now, its own results, its place in the public (maybe frozen) standings."""
    entrant = next((e for e in list_entrants(desk) if e.name == name), None)
    if entrant is None:
        return None
    last, views = _published_views(desk)
    return _card(entrant, last, views, public_standings(desk))


def player_cards(desk: Desk) -> list[PlayerCard]:
    """Every entrant's card, reading each round once (the static export)."""
    last, views = _published_views(desk)
    standing = public_standings(desk)
    return [_card(e, last, views, standing) for e in list_entrants(desk)]


def current_round(desk: Desk) -> RoundView | None:
    """The latest published round (what the hall plays now)."""
    with desk.db.transaction() as session:
        last = paired_rounds(session)
    for number in range(last, 0, -1):
        view = round_view(desk, number)
        if view.published:
            return view
    return None


def public_standings(desk: Desk) -> PublicStandings:
    """The standings the players see: after round (last complete − N) while the director freezes the last N."""
    hide = freeze_rounds(desk)
    last = last_complete(desk)
    after = max(0, last - hide) if hide else last
    table = current_standings(desk, after_round=after)
    values = {f.name: getattr(table, f.name) for f in fields(Standings)}
    return PublicStandings(**values, frozen=last - after, last_complete=last)


def has_crosstable(desk: Desk) -> bool:
    """A round robin or a group stage (a fixed schedule scored by levels): the cross-table page exists."""
    with desk.db.transaction() as session:
        first = stage_numbered(session, 1)
        return first is not None and format_services(first.format.name).crosstable_page(first.format)


def crosstable_view(desk: Desk) -> CrossTableView | None:
    """The cross-table's data as the public sees it, or None when the event's format has none."""
    if not has_crosstable(desk):
        return None
    # The report models (and reportlab with them) load only here, not for every phone page.
    from tournament_desk.services.groups import is_group_event
    from tournament_desk.services.output.export import event_header, group_stage_data, roundrobin_grid

    standing = public_standings(desk)
    frozen = standing.after_round if standing.frozen else None
    event = event_header(desk)
    if is_group_event(desk):
        return CrossTableView(None, None if frozen is not None else group_stage_data(desk, event), frozen)
    return CrossTableView(roundrobin_grid(desk, event, standing.after_round), None, frozen)


LATEST = 12


def projector_view(desk: Desk) -> ProjectorView:
    """The projector's data: a few small reads (the latest published round, the clock, the announcements)."""
    view = current_round(desk)
    tables = view.tables if view is not None else ()
    playing = tuple(t for t in tables if t.kind == "pending")
    done = tuple(t for t in tables if t.kind != "pending")
    return ProjectorView(
        event_name(desk), view, playing, done[-LATEST:], clock(desk),
        tuple(announcements(desk)),
    )  # fmt: skip


def event_name(desk: Desk) -> str:
    with desk.db.transaction() as session:
        return tournament(session).name


def marker(desk: Desk) -> Marker:
    with desk.db.transaction() as session:
        changes = session.scalar(select(func.max(m.Audit.id))) or 0
        last = paired_rounds(session)
        rnd = session.get(m.Round, last) if last else None
        return Marker(changes, last, bool(rnd and rnd.published))


# Actions that change no table and no page a player reads (a phone taking its card, cards printed).
QUIET = frozenset({"card-bind", "card-release", "cards-issued"})
# The station name the LAN server writes under (``live@`` and its host): what it writes moves the live rows'
# versions itself; anything another station writes to a table does not.
LIVE_STATION = "live@"


def live_station(host: str) -> str:
    return f"{LIVE_STATION}{host}"


def changed_tables(desk: Desk, after: int, upto: int, round_no: int) -> tuple[dict[int, int], bool]:
    """What the audit entries ``after`` < id ≤ ``upto`` changed: the tables of round ``round_no`` with each
    one's version as the phones know it (``live_table.version``; 0 if it has no row), and whether anything
    else changed (another round, the pairing, an entrant, the clock…) that every page must show.

    A table a desk changed (levels typed, a forfeit, an undo: not the LAN server's own writes) is given one
    more than its stored version, so a phone showing it reads it again although the desk left its live row
    as it was."""
    with desk.db.transaction() as session:
        rows = session.execute(
            select(m.Audit.round_no, m.Audit.table_no, m.Audit.action, m.Audit.station).where(
                m.Audit.id > after, m.Audit.id <= upto
            )
        ).all()
        tables = sorted({t for r, t, _, _ in rows if r == round_no and t is not None})
        by_desk = {
            t
            for r, t, _, station in rows
            if r == round_no and t is not None and not station.startswith(LIVE_STATION)
        }
        versions = dict(
            session.execute(
                select(m.LiveTable.table_no, m.LiveTable.version).where(
                    m.LiveTable.round_no == round_no, m.LiveTable.table_no.in_(tables)
                )
            ).all()
        ) if tables else {}  # fmt: skip
    other = any((r != round_no or t is None) and a not in QUIET for r, t, a, _ in rows)
    return {t: versions.get(t, 0) + (t in by_desk) for t in tables}, other
