"""The window's registry of scoring modes (issue 26): how the new-tournament wizard offers each mode (its label,
its settings rows, a note) and the page a table's result is typed on. The domain says which formats can carry
each (``Format.carries``); the wizard offers a format only with the modes it carries.

A scoring mode the domain knows and this registry does not is offered by its name and typed on the levels page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from tournament_desk.domain.scoring_modes import SCORING_MODES
from tournament_desk.domain.team_match import DEFAULT_PAIRS, MAX_PAIRS, MIN_PAIRS
from tournament_desk.gui.formats.rows import SettingRow, combo_row
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.pages.entry.duplicate import DuplicateResultsPage
from tournament_desk.gui.pages.entry.levels import ResultsPage
from tournament_desk.gui.pages.entry.team_match import TeamMatchPage


def tr(text: str) -> str:
    return QCoreApplication.translate("Formats", text)


def pair_counts() -> Sequence[tuple[str, object]]:
    """The pairs a team sends: odd, 3 to 9, the default (seed 004's five) first."""
    counts = [DEFAULT_PAIRS, *(n for n in range(MIN_PAIRS, MAX_PAIRS + 1, 2) if n != DEFAULT_PAIRS)]
    return [(tr("{n} pairs (best of {n})").format(n=n), n) for n in counts]


@dataclass(frozen=True)
class ScoringChoice:
    """One scoring mode as the window offers it: the wizard's label, settings rows and note (None: none), and
    the page its tables' results are typed on."""

    mode: str
    label: Callable[[], str]
    page: type[Page] = ResultsPage
    rows: tuple[SettingRow, ...] = ()
    note: Callable[[], str] | None = None
    rules_note: Callable[[], str] | None = None  # what the wizard's rules page says of the scoring
    teams: Callable[[], str] | None = None  # how the wizard names its teams (None: teams of four)
    # Where a knockout match is typed in this mode, as the knockout page says it (None: on that page, as levels).
    knockout_typing: Callable[[], str] | None = None


def _boards_note() -> str:
    return tr("Each round plays six pre-dealt boards at 9, 10, J, Q, K, A (declarers N, E, S, W, N, E; trumps ♠ "
              "♥ ♦ ♣, no trump, ♠); edit them on the Boards page.")  # fmt: skip


def _team_note() -> str:
    return tr("Each team sends its pairs; board i of a team match puts the i-th pair of each line-up against "
              "each other. A pair game is won by passing A first, else the higher level, equal levels the "
              "declarer (庄家); the team winning more games scores 3 points, the other 1.")  # fmt: skip


def _team_rules() -> str:
    return tr("Scoring: each pair game is won by passing A first, else by the higher level, equal levels by the "
              "declarer; a match won 3 points, lost 1, forfeited 3 : 0; ranked by points, the result between "
              "the tied teams, then the game ratio. The level table is kept for the scoresheets.")  # fmt: skip


SCORING_CHOICES: tuple[ScoringChoice, ...] = (
    ScoringChoice("levels", lambda: tr("Levels reached at each table (hand-dealt)")),
    ScoringChoice(
        "duplicate",
        lambda: tr("Duplicate boards, open and closed rooms (复式)"),
        DuplicateResultsPage,
        note=_boards_note,
        knockout_typing=lambda: tr(
            "Type each knockout match's boards on the Boards page; the winners and the "
            "bracket follow here. A match that ended equal is decided by a ruling."
        ),
    ),
    ScoringChoice(
        "team-match",
        lambda: tr("Team match of pairs (团体赛，每队 P 对)"),
        TeamMatchPage,
        rows=(combo_row("pairs", lambda: tr("Pairs a team sends"), pair_counts),),
        note=_team_note,
        rules_note=_team_rules,
        teams=lambda: tr("Teams of pairs (the pairs a team sends, below)"),
        knockout_typing=lambda: tr(
            "Type each knockout match's pair games on the Team matches page; the team "
            "that wins more goes on, and the bracket follows here. A match left equal (a "
            "game neither pair showed for) is decided by a ruling."
        ),
    ),
)
CHOICES_BY_MODE = {c.mode: c for c in SCORING_CHOICES}


def scoring_choice(mode: str) -> ScoringChoice:
    """The window's choice of a scoring mode; one registered in the domain only: by its name, the levels page."""
    found = CHOICES_BY_MODE.get(mode)
    return found if found is not None else ScoringChoice(mode, lambda: mode)


def scoring_choices() -> list[ScoringChoice]:
    """Every scoring mode the domain knows, as the wizard lists them (the registered ones first)."""
    return [*SCORING_CHOICES, *(scoring_choice(m) for m in SCORING_MODES if m not in CHOICES_BY_MODE)]
