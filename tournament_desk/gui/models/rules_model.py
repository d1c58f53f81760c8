"""A rule set in words for the window: the level table as a table model, and one sentence for every other rule.

The wording itself is ``domain/rule_words.py``, shared with ``tdesk rules`` so that both say the same; this
module renders it in the window's language (``tournament_desk.i18n`` follows the Language menu).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt

from tournament_desk.domain import rule_words as words
from tournament_desk.domain.errors import Message
from tournament_desk.domain.rules import Award, Band, LevelTable, MpStep, RuleSet
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.gui.models.common import LEFT, RIGHT, RowsModel
from tournament_desk.i18n import render

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole
CONTEXT = "RulesText"
RULING_MODES = tuple(words.RULING_MODES)  # the ruling awards, in the order the rules dialog offers them


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def preset_name(preset: str) -> str:
    return render(words.preset_name(preset))


def ruling_mode_name(mode: str) -> str:
    return render(words.ruling_mode_name(mode))


def table_name(table: LevelTable) -> str:
    return render(words.table_name(table))


def band_points(band: Band) -> str:
    return render(words.band_points(band))


def band_change(band: Band) -> str:
    return render(words.band_change(band))


def band_sentence(band: Band) -> str:
    """E.g. "0 points → declarer goes up 3 levels", "80–115 points → defenders take the stage"."""
    return render(words.band_sentence(band))


def vp_text(cap: int) -> str:
    return render(words.vp_text(cap))


def mp_text(scale: Sequence[MpStep]) -> str:
    return render(words.mp_text(scale))


def award_text(award: Award) -> str:
    return render(words.award_text(award))


def ruling_text(rules: RuleSet) -> str:
    return render(words.ruling_text(rules))


def describe_rules(
    rules: RuleSet, mode: ScoringMode | None = None, *, withdrawal: Message | str | None = None
) -> list[tuple[str, str]]:
    """(label, sentence) for every rule but the level table's bands, in the order the page shows them, as
    ``domain.rule_words.describe_rules`` words them, in the window's language."""
    said = words.plain(withdrawal) if isinstance(withdrawal, str) else withdrawal
    return [
        (render(label), render(text)) for label, text in words.describe_rules(rules, mode, withdrawal=said)
    ]


class LevelTableModel(RowsModel[Band]):
    COLUMNS = 2
    """The bands of a level table: defenders' points → what happens to the levels."""

    COL_POINTS, COL_RESULT = range(2)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != DISPLAY or not 0 <= section < 2:
            return None
        return (_tr("Defenders' points"), _tr("Result"))[section]

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        band = self.rows[index.row()]
        if role == DISPLAY:
            return band_points(band) if index.column() == self.COL_POINTS else band_change(band)
        if role == Qt.ItemDataRole.ToolTipRole:
            return band_sentence(band)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(RIGHT if index.column() == self.COL_POINTS else LEFT)
        return None
