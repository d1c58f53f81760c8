"""Every ``tdesk`` command in one class, ``Cli``: for the tests and for a reader who wants them all.

``tdesk`` itself never imports this module: ``cli.dispatch`` imports only the one module a command runs (each
kind of command is a module of its own), so a command loads only what it uses.
"""

from __future__ import annotations

from tournament_desk.cli.audit import AuditCommands
from tournament_desk.cli.boards import BoardCommands
from tournament_desk.cli.cards import CardCommands
from tournament_desk.cli.entrants import EntrantCommands
from tournament_desk.cli.event import EventCommands
from tournament_desk.cli.groups import GroupCommands
from tournament_desk.cli.mitchell import MitchellCommands
from tournament_desk.cli.players import PlayerCommands
from tournament_desk.cli.results import ResultCommands
from tournament_desk.cli.rounds import RoundCommands
from tournament_desk.cli.series import SeriesCommands
from tournament_desk.cli.series_output import SeriesOutputCommands
from tournament_desk.cli.standings import StandingsCommands
from tournament_desk.cli.undo import UndoCommands


class Cli(
    EventCommands,
    EntrantCommands,
    RoundCommands,
    ResultCommands,
    StandingsCommands,
    AuditCommands,
    BoardCommands,
    CardCommands,
    GroupCommands,
    MitchellCommands,
    PlayerCommands,
    UndoCommands,
    SeriesCommands,
    SeriesOutputCommands,
):
    """Every ``tdesk`` command, as the method ``cli.parser`` names (each also runs alone: ``cli.dispatch``)."""
