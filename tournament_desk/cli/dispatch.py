"""Which module runs each ``tdesk`` command, named, not imported: a command loads only what it uses (issue 29).

The parser gives every command a ``Run``: the ``cli`` module that holds the command, the method to call. Only
once the arguments are parsed does ``tdesk`` import that one module (and, through it, the services it uses), so
``tdesk standings`` never loads the boards, the phones' services or the report builders, and ``tdesk --help``
loads no service at all. ``commands.Cli`` still gathers every kind of command in one class, for the tests and
for a reader who wants them all.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing's, without importing typing: `tdesk --help` stays light
if TYPE_CHECKING:
    from tournament_desk.cli.base import Commands

# The ``cli`` modules that hold commands: each defines one class of them (a subclass of ``cli.base.Commands``).
MODULES = (
    "audit",
    "boards",
    "cards",
    "entrants",
    "event",
    "groups",
    "mitchell",
    "players",
    "results",
    "rounds",
    "series",
    "series_output",
    "standings",
    "team_match",
    "undo",
)


class Run:
    """What a command runs: the method ``method`` of the commands of ``tournament_desk.cli.<module>``.

    (A plain class, not a dataclass: ``tdesk --help`` should not pay for importing ``dataclasses``.)"""

    __slots__ = ("method", "module")

    def __init__(self, module: str, method: str) -> None:
        if module not in MODULES:
            raise ValueError(f"no commands module 'tournament_desk.cli.{module}'")
        self.module = module
        self.method = method

    def commands(self) -> type[Commands]:
        """The class of commands that runs it, imported now (with whatever that module needs, and no more): the
        one class of commands the module defines (those it imports, e.g. the bases, are defined elsewhere)."""
        from tournament_desk.cli.base import Commands

        name = f"tournament_desk.cli.{self.module}"
        __import__(
            name
        )  # as an import statement does, so `python -X importtime` lists it (importlib would not)
        kinds = [
            kind
            for kind in vars(sys.modules[name]).values()
            if isinstance(kind, type) and issubclass(kind, Commands) and kind.__module__ == name
        ]
        if len(kinds) != 1:
            raise LookupError(f"{name} defines {len(kinds)} classes of commands, not one")
        return kinds[0]

    def __call__(self, cli: Commands) -> None:
        getattr(cli, self.method)()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Run) and (self.module, self.method) == (other.module, other.method)

    def __hash__(self) -> int:
        return hash((self.module, self.method))

    def __repr__(self) -> str:
        return f"Run({self.module!r}, {self.method!r})"


def runs(module: str, method: str) -> Run:
    """``p.set_defaults(run=runs("event", "new"))``: the command runs ``EventCommands.new``."""
    return Run(module, method)
