"""What the HTML pages are fed: plain data, named by the attributes the pages read.

The services' views have these attributes (``services.rounds.RoundView``, ``services.live.PlayerCard``,
``PublicStandings``, ``ClockView``, ``Announcement``); the pages name them here as protocols because reports
never import the services (pyproject's import-linter contracts: reports are fed plain data).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tournament_desk.domain.standings import StandingRow
from tournament_desk.reports.model import GroupStageData, RoundRobinGridData


class TableLike(Protocol):
    """A table of a round: who plays it and the levels reached (None: no result yet)."""

    @property
    def table(self) -> int: ...
    @property
    def home(self) -> str: ...
    @property
    def away(self) -> str: ...
    @property
    def home_level(self) -> int | None: ...
    @property
    def away_level(self) -> int | None: ...


class RoundLike(Protocol):
    """A published round's pairing (``services.rounds.RoundView``)."""

    @property
    def round(self) -> int: ...
    @property
    def tables(self) -> Sequence[TableLike]: ...
    @property
    def bye(self) -> str | None: ...


class StandingsLike(Protocol):
    """The public standings (``services.live.PublicStandings``): ``frozen`` > 0 while the director freezes
    the last rounds."""

    @property
    def after_round(self) -> int: ...
    @property
    def rows(self) -> Sequence[StandingRow]: ...
    @property
    def frozen(self) -> int: ...
    @property
    def columns(self) -> Sequence[str]: ...  # the figures shown, in order (``domain.results.figure`` keys)


class EntrantLike(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def players(self) -> Sequence[str]: ...
    @property
    def unit(self) -> str | None: ...


class PlayedLike(Protocol):
    """One round an entrant played, from its side of the table."""

    @property
    def round(self) -> int: ...
    @property
    def table(self) -> int: ...
    @property
    def opponent(self) -> str: ...
    @property
    def own_level(self) -> int | None: ...
    @property
    def opp_level(self) -> int | None: ...
    @property
    def mp(self) -> float | None: ...
    @property
    def vp(self) -> float | None: ...
    @property
    def kind(self) -> str: ...  # the state of the table (``ResultState``): played, forfeit, …
    @property
    def games(self) -> tuple[int, int] | None: ...  # a team match's pair games won, its own first


class CardLike(Protocol):
    """An entrant's own page (``services.live.PlayerCard``)."""

    @property
    def entrant(self) -> EntrantLike: ...
    @property
    def current_round(self) -> int: ...
    @property
    def table(self) -> int | None: ...
    @property
    def seat(self) -> str | None: ...
    @property
    def opponent(self) -> str | None: ...
    @property
    def bye(self) -> bool: ...
    @property
    def rounds(self) -> Sequence[PlayedLike]: ...
    @property
    def rank(self) -> int | None: ...
    @property
    def mp(self) -> float: ...
    @property
    def vp(self) -> float: ...
    @property
    def separated_by(self) -> str | None: ...
    @property
    def standings_after(self) -> int: ...
    @property
    def frozen(self) -> bool: ...
    @property
    def games(self) -> tuple[int, int] | None: ...  # games won and lost where the standings count them


class ClockLike(Protocol):
    """The round clock as every screen shows it (``services.live.ClockView``)."""

    @property
    def round(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def remaining(self) -> int: ...
    @property
    def running(self) -> bool: ...
    @property
    def display(self) -> str: ...


class NoteLike(Protocol):
    """An announcement (``services.live.Announcement``)."""

    @property
    def text(self) -> str: ...


@dataclass(frozen=True)
class CrossTableView:
    """The cross-table page's data as the public sees it (``services.live.crosstable_view``)."""

    grid: RoundRobinGridData | None  # a round robin
    groups: GroupStageData | None  # groups then knockout (None while frozen)
    frozen_after: int | None  # the public standings are frozen after this round


@dataclass(frozen=True)
class SiteData:
    """Everything the static site shows, read in one go (``services.site``)."""

    event: str
    rounds: Sequence[RoundLike]  # the published rounds
    standings: StandingsLike
    cards: Sequence[CardLike]  # every entrant's page
    crosstable: CrossTableView | None  # None: the event's format has none
