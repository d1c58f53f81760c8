"""The Rounds page's tables in the words of the stage's format (gui/formats, issue 27): a round's sides headed as
the format names them (Mitchell: North–South and East–West), and a table's result as the format says it, in the
round's table and in the whole schedule."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import Qt

from tournament_desk.gui.formats import GuiFormat
from tournament_desk.gui.models.rounds import PairingRow, RoundModel, ScheduleModel, ScheduleRow
from tournament_desk.services.rounds import RoundView, ScheduledRound


class FormatRoundModel(RoundModel):
    """The round's tables in the words of the stage's format (gui/formats): its sides' headings (Mitchell: NS and
    EW) and what a table's result says."""

    def __init__(self) -> None:
        super().__init__()
        self.words: GuiFormat = GuiFormat()
        self.said: dict[
            int | None, str | None
        ] = {}  # the format's words for each table's result, for the next rows

    def set_round(self, view: RoundView, mp_before: dict[str, float]) -> None:
        self.said = {t.table: self.words.table_result(t) for t in view.tables}
        super().set_round(view, mp_before)

    def set_rows(self, rows: Sequence[PairingRow]) -> None:
        said = self.said
        self.said = {}
        super().set_rows(
            [replace(row, result=text) if (text := said.get(row.table)) is not None else row for row in rows]
        )

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        sides = self.words.pairing_sides()
        heading = orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
        if sides is not None and heading and section in (self.COL_HOME, self.COL_AWAY):
            return sides[0] if section == self.COL_HOME else sides[1]
        return super().headerData(section, orientation, role)


class FormatScheduleModel(ScheduleModel):
    """The fixed schedule, each played table's result in the words of the stage's format."""

    def __init__(self, words: FormatRoundModel) -> None:
        super().__init__()
        self.words = words  # the round table's model, which knows the format
        self.results: dict[tuple[int, str], str] = {}  # (round, "home – away"): the format's words

    def set_schedule(self, rounds: list[ScheduledRound], current: int) -> None:
        self.results = {
            (r.round, f"{t.home} – {t.away}"): text
            for r in rounds
            for t in r.stored
            if (text := self.words.words.table_result(t, brief=True)) is not None
        }
        super().set_schedule(rounds, current)

    def set_rows(self, rows: Sequence[ScheduleRow]) -> None:
        said, self.results = self.results, {}
        super().set_rows([self.worded(row, said) for row in rows])

    @staticmethod
    def worded(row: ScheduleRow, said: dict[tuple[int, str], str]) -> ScheduleRow:
        """The row with each table's result as the format says it (a cell reads "home – away   result")."""
        cells = []
        for cell in row.tables:
            match = cell.split("   ")[0]
            text = said.get((row.round, match))
            cells.append(cell if text is None else f"{match}   {text}".rstrip())
        return replace(row, tables=tuple(cells))
