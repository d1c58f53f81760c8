"""The ``tdesk`` commands: each opens the tournament, calls one service and prints what it did.

Imported only once the arguments are parsed; ``Cli`` gathers every kind of command, one module each
(``cli.parser`` names the method a command runs).
"""

from __future__ import annotations

from tournament_desk.cli.audit import AuditCommands
from tournament_desk.cli.boards import BoardCommands
from tournament_desk.cli.cards import CardCommands
from tournament_desk.cli.entrants import EntrantCommands
from tournament_desk.cli.event import EventCommands
from tournament_desk.cli.groups import GroupCommands
from tournament_desk.cli.mitchell import MitchellCommands
from tournament_desk.cli.results import ResultCommands
from tournament_desk.cli.rounds import RoundCommands
from tournament_desk.cli.undo import UndoCommands


class Cli(
    EventCommands,
    EntrantCommands,
    RoundCommands,
    ResultCommands,
    AuditCommands,
    BoardCommands,
    CardCommands,
    GroupCommands,
    MitchellCommands,
    UndoCommands,
):
    """Every ``tdesk`` command, as the method ``cli.parser`` names."""
