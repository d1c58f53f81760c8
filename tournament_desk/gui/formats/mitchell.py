"""Pairs duplicate, Mitchell movement (牌套, rules.md §7.5): pairs only, each board's points typed on the Mitchell
boards page; the wizard asks the boards a round, the even-tables choice and the rounds to play."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from tournament_desk.domain.results import ResultState
from tournament_desk.gui.formats.base import Choice, GuiFormat
from tournament_desk.gui.formats.rows import combo_row, spin_row
from tournament_desk.gui.pages.base import Page
from tournament_desk.gui.pages.entry.mitchell import PairBoardsPage
from tournament_desk.services.rounds import TableView


def tr(text: str) -> str:
    return QCoreApplication.translate("Formats", text)


def even_choices() -> Sequence[tuple[str, object]]:
    return [
        (tr("Skip: EW move two tables halfway (T − 1 rounds)"), "skip"),
        (tr("Relay table and bye stand (T rounds)"), "relay"),
    ]


def whole() -> str:
    return tr("The whole movement")


class Mitchell(GuiFormat):
    name = "mitchell"
    scoring = "levels"  # boards scored by the points the seed counts: no levels or rooms to choose
    entrants = "pairs"
    asks_rounds = False  # the movement's rounds, among its own rows
    pairs_by_match_points = False  # a pair scores its boards' match points, ranked per direction
    rows = (
        spin_row("boards_per_round", lambda: tr("Boards a round"), 1, 16, 2),
        combo_row("even", lambda: tr("Even number of tables"), even_choices),
        spin_row("rounds", lambda: tr("Rounds to play"), 0, 30, 0, name="movement-rounds", zero=whole),
    )

    def draw_hint(self) -> str:
        return tr("Odd draw numbers sit North–South, even ones East–West: 1 and 2 at table 1, 3 and 4 at table 2, "
                  "and so on; NS pairs stay, EW pairs move.")  # fmt: skip

    def results_page(self, scoring: str) -> type[Page]:
        return PairBoardsPage

    def choices(self) -> tuple[Choice, ...]:
        label = tr("Pairs duplicate, Mitchell movement: NS stay, EW and the boards move (牌套赛（米切尔）)")
        return (Choice(self.name, label),)

    def pairing_sides(self) -> tuple[str, str] | None:
        return tr("North–South (stays)"), tr("East–West (moves)")

    def table_result(self, table: TableView, brief: bool = False) -> str | None:
        boards = ", ".join(str(b) for b in table.boards)
        if table.kind == ResultState.PENDING:
            return "" if brief else tr("Boards {boards}: to be entered").format(boards=boards)
        if table.kind == ResultState.PLAYED:
            return "✓" if brief else tr("Boards {boards}: entered").format(boards=boards)
        return None  # withdrawn, annulled: as every format's tables say it

    def fixed_draft(self) -> str:
        return tr("The Mitchell movement fixes where every pair sits and which boards it plays: the tables cannot "
                  "be swapped, locked or re-paired. Check the round and publish it.")  # fmt: skip

    def standings_note(self) -> str | None:
        return tr("North–South and East–West are ranked separately: each direction has its own list, from its "
                  "own 1st place.")  # fmt: skip
