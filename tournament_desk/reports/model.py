"""The plain data the report builders are fed (built by ``services.documents``, never ORM rows; only domain
values, so a test or a benchmark drives the builders without a database)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from tournament_desk.domain.chain import AuditEntry
from tournament_desk.domain.duplicate import Board, Room, RoomResult
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.standings import StandingRow


@dataclass(frozen=True)
class EventHeader:
    name: str
    printed_at: datetime
    entrants_kind: str = "teams"  # pairs or teams
    rounds_planned: int | None = None
    ends_on: date | None = None  # the last day of the event: the date on the certificates
    scoring: str = "levels"  # levels or duplicate (standings then show each team's XMP)
    organiser: str | None = None  # 主办单位, printed on the certificates when the director gives it


@dataclass(frozen=True)
class EntrantData:
    name: str
    unit: str | None
    players: tuple[str, ...]
    draw_no: int | None = None
    withdrawn_after_round: int | None = None


@dataclass(frozen=True)
class PairedTable:
    """One table of a round, with each side's MP before the round and the result once there is one."""

    table: int
    home: str
    away: str
    home_mp: float = 0.0
    away_mp: float = 0.0
    relaxed: tuple[str, ...] = ()
    kind: ResultState = ResultState.PENDING
    side: str | None = None  # the side a forfeit / ruling / late scoresheet went against, or that withdrew
    home_level: int | None = None
    away_level: int | None = None
    result: tuple[float, float, float, float] | None = None  # home MP, away MP, home VP, away VP
    xmp: int | None = None  # duplicate events: the home team's level difference over the boards
    on_stage: str | None = None  # a knockout match at equal levels: "home" / "away", the side on stage
    winner: str | None = None  # a knockout match with a result: the name of the side that goes on
    withdrawal: bool = False  # decided by a withdrawal (``domain.table_state``: how the sheets word it)


@dataclass(frozen=True)
class RoundData:
    round: int
    date: str  # the day the round was paired, YYYY-MM-DD
    tables: tuple[PairedTable, ...]
    bye: str | None = None
    bye_mp: float = 0.0  # the bye entrant's MP before the round
    bye_award: tuple[float, float] | None = None  # MP, VP
    published: bool = True  # a draft pairing prints with a DRAFT watermark
    bye_state: ResultState = ResultState.BYE  # a scored bye (Swiss), or a rest with no score (round robin)
    rests: tuple[str, ...] = ()  # group stage: entrants with no match this round (no score)


@dataclass(frozen=True)
class ScoresheetData:
    event: EventHeader
    round: RoundData
    entrants: dict[str, EntrantData]
    rules: RuleSet
    knockout: bool = False  # a knockout (rules.md §7.6): no draw, the side on stage decides, no MP before
    stage_title: str = ""  # "四分之一决赛 Quarter-finals": the knockout round, beside the round number


@dataclass(frozen=True)
class DuplicateSheetData:
    """The duplicate scoresheets of a round (复式扑克牌比赛记分表): one page per table and room."""

    event: EventHeader
    round: RoundData
    entrants: dict[str, EntrantData]
    boards: tuple[Board, ...]
    rules: RuleSet
    entries: dict[int, dict[tuple[int, Room], RoomResult]] = field(default_factory=dict)  # entered, by table


@dataclass(frozen=True)
class PairGameLine:
    """One board of a team match of pairs (rules.md §5.8): the pairs there and the game once entered."""

    game: int
    home_pair: str
    away_pair: str
    home_level: int | None = None
    away_level: int | None = None
    declarer: str | None = None  # home / away: the declaring pair (庄家), which wins on equal levels
    absent: str | None = None  # home / away / both: the pair that did not show loses the game
    winner: str | None = None  # home / away (None: not entered yet, or neither pair showed)


@dataclass(frozen=True)
class TeamMatchSheet:
    """A team match's pair games (``lineups``: whether each team gave its line-up, else registration order)."""

    round: int
    table: int
    home: str
    away: str
    games: tuple[PairGameLine, ...]
    lineups: tuple[bool, bool] = (False, False)


@dataclass(frozen=True)
class TeamSheetsData:
    """The scoresheets of a round of team matches of P pairs: one page per match (团体赛记分表)."""

    event: EventHeader
    round: RoundData
    entrants: dict[str, EntrantData]
    pairs: int
    matches: dict[int, TeamMatchSheet]  # by table
    rules: RuleSet


@dataclass(frozen=True)
class StandingsData:
    event: EventHeader
    after_round: int
    rows: tuple[StandingRow, ...]
    complete: bool
    entrants: dict[str, EntrantData] = field(default_factory=dict)  # by name: players for the ranking
    tiebreaks: tuple[str, ...] = ("mp", "vp", "opp_mp")
    # The figures shown, in order (``domain.results.figure`` keys): the format's, then the scoring mode's;
    # with "placing" the rank column prints each row's placing ("5–8").
    columns: tuple[str, ...] = ("mp", "vp", "opp_mp")
    no_figures: frozenset[str] = frozenset()  # figures meaning nothing (out before a final, §7.7): blank


@dataclass(frozen=True)
class CrossCell:
    opponent: str | None  # None: a bye
    home: bool
    mp: float | None  # None: no result yet
    vp: float | None
    kind: ResultState = ResultState.PLAYED
    games: tuple[int, int] | None = None  # a team match of pairs: its pair games won : lost (3:2)


@dataclass(frozen=True)
class CrossTableData:
    event: EventHeader
    after_round: int
    rounds: int  # columns: every paired round
    rows: tuple[StandingRow, ...]
    cells: dict[str, dict[int, CrossCell]]  # entrant name → round → cell
    columns: tuple[str, ...] = ("mp", "vp", "opp_mp")  # the figures at the right (the standings' own)


@dataclass(frozen=True)
class WorkbookData:
    event: EventHeader
    entrants: tuple[EntrantData, ...]
    rounds: tuple[RoundData, ...]
    standings: StandingsData
    audit: tuple[AuditEntry, ...]
    grid: RoundRobinGridData | None = None  # a round robin's cross-table (交叉表) sheet
    groups: GroupStageData | None = None  # groups then knockout: one sheet per group
    bracket: BracketData | None = None  # and the bracket (对阵图) once the knockout is drawn
    mitchell: MitchellWorkbookData | None = None  # a Mitchell pairs event: matrices, rankings, travellers
    team_matches: tuple[TeamMatchSheet, ...] | None = None  # team matches of pairs: every match's games


@dataclass(frozen=True)
class Meeting:
    """One match of a round robin seen from one entrant's side (its levels first)."""

    round: int
    home: bool
    state: ResultState
    levels: tuple[int, int] | None  # its own level, the opponent's (played tables)
    vp: float | None  # its VP and MP as stored (None: no result yet, or annulled)
    mp: float | None
    games: tuple[int, int] | None = None  # a team match of pairs: its pair games won, the opponent's
    # The side it went against, and whether a withdrawal decided it.
    against: tuple[str | None, bool] = (None, False)


@dataclass(frozen=True)
class RoundRobinGridData:
    """The round-robin cross-table (交叉表): every meeting in its cell, the figures and ranks at the right;
    ``order`` lists the entrants by draw (Berger) number: rows top to bottom and columns left to right."""

    event: EventHeader
    after_round: int
    order: tuple[str, ...]
    rows: tuple[StandingRow, ...]  # the standings (ranks and figures)
    columns: tuple[str, ...]  # figure keys shown at the right, in the chain's order
    meetings: dict[tuple[str, str], tuple[Meeting, ...]]  # (row entrant, column entrant) → meetings
    rests: dict[str, tuple[int, ...]] = field(default_factory=dict)  # rounds each entrant rested
    win_draw_loss: bool = False  # each cell shows the points only (win/draw/loss, or team matches)
    team_games: bool = False  # team matches of pairs: each cell the games won (3:2) and the points


# --- groups then knockout (rules.md §7.4) ------------------------------------------------------------------


@dataclass(frozen=True)
class GroupCellData:
    """One match of a group from the row's side: its levels first ("9 : 6"), its points, the state."""

    levels: str  # "" when no levels were played (pending, forfeit, ruling)
    points: float | None  # None: no result yet
    state: ResultState = ResultState.PLAYED


@dataclass(frozen=True)
class GroupTableData:
    """One group: the results grid (members × members, Berger order) and its ranking."""

    name: str  # "A", "B", …
    members: tuple[str, ...]  # Berger order: the grid's rows and columns
    rows: tuple[StandingRow, ...]  # ranked within the group (rank, points as mp, level_diff, qualified)
    cells: dict[tuple[str, str], GroupCellData]  # (row entrant, column entrant)
    complete: bool
    lot_needed: tuple[str, ...] = ()  # tied on every criterion: must draw cards (摸牌)


@dataclass(frozen=True)
class GroupStageData:
    event: EventHeader
    groups: tuple[GroupTableData, ...]
    knockout_size: int
    qualifiers: tuple[str, ...] = ()  # seed order, once known
    waiting_for: str | None = None  # why the qualifiers are not known yet (rendered in the language in use)
    drawn: bool = False  # the knockout has been drawn
    figures: tuple[str, ...] = ("points", "h2h", "level_diff")  # the group ranking's figure keys, in order


@dataclass(frozen=True)
class BracketMatch:
    """One match of the knockout bracket. A side is a name, None (nobody: a bye) or "" (not known yet)."""

    knockout_round: int  # 1 = the first knockout round
    position: int  # 1-based within its round
    home: str | None
    away: str | None
    round: int = 0  # the event's round number
    table: int | None = None
    winner: str | None = None
    decided: bool = False
    levels: str = ""  # "9 : 9" once played
    on_stage: str | None = None  # "home" / "away" on equal levels
    third_place: bool = False
    state: ResultState | None = None


@dataclass(frozen=True)
class PlacingRow:
    placing: str  # "1", "2", "3–4", "5–8", …
    name: str
    group: str | None = None
    unit: str | None = None
    players: tuple[str, ...] = ()


@dataclass(frozen=True)
class BracketData:
    event: EventHeader
    size: int  # a power of two
    rounds: tuple[tuple[BracketMatch, ...], ...]  # knockout round 1 first; the final holds the third place
    round_titles: tuple[tuple[str, str], ...]  # per knockout round: ("半决赛", "Semi-finals")
    placing: tuple[PlacingRow, ...] = ()
    origins: dict[str, str] = field(default_factory=dict)  # qualifier → "A1", "C2", "E3" (group and place)
    complete: bool = False  # the final has a winner (the placing is final)
    # A knockout played until some remain (§7.7): the winners of the last round go on to this stage (中文, English).
    goes_on_to: tuple[str, str] | None = None
    placing_right: str = ""  # the placing pages' heading at the right (default: the knockout's size)
    placing_note: str = ""  # the note under the placing (default: how a knockout shares places)


@dataclass(frozen=True)
class KnockoutRoundData:
    """A knockout round's pairing sheet (rules.md §7.6): its tables with each result and winner, and the byes."""

    event: EventHeader
    round: RoundData
    title: tuple[str, str]  # ("四分之一决赛", "Quarter-finals")
    byes: tuple[str, ...] = ()  # entrants who go through this round without a match


# --- pairs duplicate, Mitchell movement (rules.md §7.5) ----------------------------------------------------


@dataclass(frozen=True)
class GuideCardRow:
    """One round of a table's guide card (桌位卡). Tables are numbers; 0 is the bye stand (休息台); None where
    nothing comes or goes (round 1, the last round)."""

    round: int
    ns: str
    ns_pair: int
    ew: str
    ew_pair: int
    ew_from: int | None
    boards: tuple[int, ...]
    boards_from: int | None
    ew_to: int | None
    boards_to: int | None
    shares_with: int | None = None  # the relay table playing the same boards this round
    sit_out: bool = False  # the NS pair sits out (轮空): ``ew`` is "" (the phantom pair), the boards rest


@dataclass(frozen=True)
class GuideCardData:
    table: int
    rows: tuple[GuideCardRow, ...]


@dataclass(frozen=True)
class GuideCardsData:
    """Every table's guide card: the whole movement, printed before round 1."""

    event: EventHeader
    tables: int
    rounds: int
    boards_per_round: int
    even: str | None  # "skip" or "relay" for an even number of tables, None for an odd one
    cards: tuple[GuideCardData, ...]


@dataclass(frozen=True)
class TravellerLine:
    """One table that plays the board, in round order; the figures are None until the result is in."""

    round: int
    table: int
    ns: str
    ns_pair: int
    ew: str
    ew_pair: int
    points: int | None = None  # the defenders' points
    penalty_ns: int = 0  # penalty points awarded to NS / to EW
    penalty_ew: int = 0
    ns_result: int | None = None
    ns_mp: float | None = None
    ew_mp: float | None = None
    not_played: bool = False  # the table was annulled (a pair withdrew)
    sit_out: bool = False  # the NS pair sits out this round (轮空): the board rests at the table, unplayed


@dataclass(frozen=True)
class TravellerData:
    board: int
    declarer: str  # the fixed declarer seat, N/E/S/W
    lines: tuple[TravellerLine, ...]


@dataclass(frozen=True)
class TravellersData:
    event: EventHeader
    tables: int
    rounds: int
    boards_per_round: int
    travellers: tuple[TravellerData, ...]


@dataclass(frozen=True)
class DirectionData:
    """One direction's ranking (rows in rank order, ``StandingRow.direction`` = ``direction``) and each of its
    pairs' match points board by board (boards it has not played are absent)."""

    direction: str  # "NS" or "EW"
    rows: tuple[StandingRow, ...]
    pairs: dict[str, int]  # name → pair number
    scores: dict[str, dict[int, float]]  # name → board → match points


@dataclass(frozen=True)
class MitchellResultsData:
    """The board recap, the two direction rankings and their certificates, after one round."""

    event: EventHeader
    after_round: int
    complete: bool
    boards: int  # boards in the movement: 1 … boards
    directions: tuple[DirectionData, ...]  # NS, then EW
    entrants: dict[str, EntrantData] = field(default_factory=dict)
    rounds: int = 0  # rounds of the movement: the ranking is final after the last


@dataclass(frozen=True)
class MitchellWorkbookData:
    guides: GuideCardsData
    travellers: TravellersData
    results: MitchellResultsData
