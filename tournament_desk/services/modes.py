"""What each scoring mode adds to the services (rules.md §7.1, §7.2, §5.8): one object per mode, no branches
elsewhere.

Levels needs nothing beyond the common services. Duplicate keeps board sets (the default set at creation, a
frozen copy per round when it is paired) and shows each team's XMP beside its standings figures. A team match
of pairs scores a table from its pair games (``results.team_games``): what it played is read from them, a
decision taken back puts the games' result back, and the standings show the games won and lost and the game
ratio (得失局率).
"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome
from tournament_desk.domain.standings import StandingRow
from tournament_desk.services.desk import rules_of, tournament
from tournament_desk.services.stages import mode_of
from tournament_desk.storage import models as m


class ModeServices:
    """The levels mode: a table's two levels are typed at the desk; nothing else to keep."""

    # What the tables' phones enter in this mode (``services.live``): None, what the stage's format says.
    live_entry: str | None = None

    def created(self, session: Session) -> None:
        """The event was just created."""

    def paired(self, session: Session, round_no: int) -> None:
        """Round ``round_no`` was just paired."""

    def with_figures(self, session: Session, rows: list[StandingRow], after_round: int) -> list[StandingRow]:
        """The standings rows with this mode's own figures added."""
        return rows

    def figure_columns(self) -> tuple[str, ...]:
        """Keys of the figures ``with_figures`` adds (shown after the format's own)."""
        return ()

    def played(self, session: Session, match: m.Match, rules: RuleSet) -> Outcome | None:
        """What the table scores as played (None: nothing played yet): kept for the innocent side of a late
        scoresheet, a ruling that awards the recorded score, and a decision taken back."""
        games = (match.home_games, match.away_games)
        return mode_of(session).played_outcome(
            match.home_level, match.away_level, match.xmp, rules, games=games
        )

    def bye_outcome(self, session: Session) -> Outcome:
        """What a bye scores in this event (rules.md §5.4: the rule set's bye award; a team match's: 3 points)."""
        return mode_of(session).bye_outcome(rules_of(session))

    def settle(self, session: Session, match: m.Match) -> None:
        """A decision (forfeit, late scoresheet, ruling) was just applied to the table or taken back: put back
        what the mode keeps of what was played (the levels are never touched, so levels need nothing)."""


class DuplicateServices(ModeServices):
    live_entry = "room-boards"  # every board in both rooms

    def created(self, session: Session) -> None:
        # Imported here, not at the top: only a duplicate event needs it (`tdesk standings` loads no boards).
        from tournament_desk.services.results.board_sets import store_default_boards

        store_default_boards(session)

    def paired(self, session: Session, round_no: int) -> None:
        from tournament_desk.services.results.board_sets import freeze_board_set

        freeze_board_set(session, round_no)  # the round keeps the boards it is paired with

    def with_figures(self, session: Session, rows: list[StandingRow], after_round: int) -> list[StandingRow]:
        """Each team's XMP total beside its figures (shown, not a tiebreak)."""
        # Only a duplicate event needs it: the other modes' commands never import it.
        from tournament_desk.domain.duplicate import XmpRecord, xmp_totals

        records = [
            XmpRecord(*r)
            for r in session.execute(
                select(
                    m.Match.round_no,
                    m.Match.home_id,
                    m.Match.away_id,
                    m.Match.xmp,
                    m.Match.kind,
                    m.Match.side,
                )
            )
        ]
        total = xmp_totals([r.entrant.id for r in rows], records, after_round=after_round)
        return [replace(r, xmp=total[r.entrant.id]) for r in rows]

    def figure_columns(self) -> tuple[str, ...]:
        return ("xmp",)


class TeamMatchServices(ModeServices):
    """Team matches of pairs (rules.md §5.8): a table's result comes from its P pair games."""

    live_entry = "team-games"  # each pair game, entered by one team's card and confirmed by the other's

    def played(self, session: Session, match: m.Match, rules: RuleSet) -> Outcome | None:
        # Imported here, not at the top: only a team match needs it (`tdesk standings` loads no pair games).
        from tournament_desk.services.results import team_games

        return team_games.played_outcome(session, match, rules.team_pairs)

    def settle(self, session: Session, match: m.Match) -> None:
        from tournament_desk.services.results import team_games

        team_games.settle(session, match, rules_of(session).team_pairs)


MODE_SERVICES: dict[str, ModeServices] = {
    "levels": ModeServices(),
    "duplicate": DuplicateServices(),
    "team-match": TeamMatchServices(),
}


def mode_services(session: Session) -> ModeServices:
    return MODE_SERVICES[tournament(session).scoring]
