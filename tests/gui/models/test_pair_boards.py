"""models/pair_boards: typed penalties, the preview of a board being typed, the entry rows and the picker."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tournament_desk.domain.errors import BadInput
from tournament_desk.gui.models.common import MUTED_COLOUR
from tournament_desk.gui.models.pair_boards import (
    BY_BOARD,
    DONE,
    MISSING,
    NOT_PLAYED,
    OPEN,
    TYPED,
    UNPAIRED,
    EntryModel,
    EntryRow,
    PickModel,
    PickRow,
    boards_text,
    parse_penalty,
    score_preview,
    signed,
)

EDIT = Qt.ItemDataRole.EditRole
BACKGROUND = Qt.ItemDataRole.BackgroundRole


@pytest.mark.parametrize(
    ("text", "penalty"),
    [("NS:10", ("NS", 10)), ("ew 10", ("EW", 10)), ("南北10", ("NS", 10)), ("东西：5", ("EW", 5)),
     ("", None), ("  ", None), ("NS:0", None)],
)  # fmt: skip
def test_parse_penalty_reads_the_ways_the_desk_types_it(text: str, penalty: tuple[str, int] | None) -> None:
    assert parse_penalty(text) == penalty


@pytest.mark.parametrize("text", ["XX:10", "NS:7", "NS:"])
def test_parse_penalty_refuses_what_is_not_one(text: str) -> None:
    with pytest.raises(BadInput):
        parse_penalty(text)


def test_small_texts() -> None:
    assert boards_text(range(3, 6)) == "3–5" and boards_text(range(7, 8)) == "7"
    assert [signed(v) for v in (None, 0.0, 2.5, -40.0)] == ["", "0", "+2.5", "−40"]


def test_score_preview_scores_the_typed_result_among_the_stored_ones() -> None:
    class View:
        def __init__(self, table: int, ns_result: int | None) -> None:
            self.round, self.table, self.ns_result = 1, table, ns_result

    views = [View(1, 40), View(2, None)]
    preview = score_preview(views, (1, 2), -40, expected=2)  # type: ignore[arg-type]
    assert preview == {(1, 1): (40, 2.0, 0.0), (1, 2): (-40, 0.0, 2.0)}
    tie = score_preview(views, (1, 2), 40, expected=2)  # type: ignore[arg-type]
    assert tie[(1, 1)][1:] == tie[(1, 2)][1:] == (1.0, 1.0)


def rows() -> list[EntryRow]:
    return [
        EntryRow(1, 1, 1, "甲", "乙", "N", OPEN, 40, penalty_ns=10, ns_result=-40, ns_mp=0.0, ew_mp=2.0),
        EntryRow(1, 2, 1, "丙", "丁", "E", OPEN),
        EntryRow(2, 1, 1, "戊", "己", "N", UNPAIRED),
    ]


def test_entry_rows_show_what_is_stored_and_only_open_rows_take_typing() -> None:
    model = EntryModel()
    model.set_rows(rows())
    assert model.data(model.index(0, model.COL_PENALTY)) == "NS +10"
    assert model.data(model.index(0, model.COL_PENALTY), EDIT) == "NS:10"
    assert model.data(model.index(0, model.COL_DECLARER)) == "North"
    assert model.data(model.index(0, model.COL_RESULT)) == "−40"
    assert model.data(model.index(1, model.COL_STATE)) == "waiting"
    assert model.data(model.index(1, model.COL_POINTS), BACKGROUND).color() == MISSING
    assert model.data(model.index(2, model.COL_STATE)) == "not paired yet"
    assert model.data(model.index(2, model.COL_NS), Qt.ItemDataRole.ForegroundRole) == MUTED_COLOUR
    assert model.flags(model.index(1, model.COL_POINTS)) & Qt.ItemFlag.ItemIsEditable
    assert not model.flags(model.index(1, model.COL_NS)) & Qt.ItemFlag.ItemIsEditable
    assert not model.flags(model.index(2, model.COL_POINTS)) & Qt.ItemFlag.ItemIsEnabled
    assert not model.setData(model.index(1, model.COL_POINTS), "40", EDIT)  # the page saves, never the model


def test_a_preview_shows_on_the_board_being_typed_until_the_rows_are_refreshed(qtbot: QtBot) -> None:
    model = EntryModel()
    model.set_rows(rows())
    with qtbot.waitSignal(model.dataChanged):
        model.show_preview(1, {(1, 1): (40, 2.0, 0.0), (1, 2): (-40, 0.0, 2.0)})
    assert model.data(model.index(0, model.COL_NS_MP)) == "2"  # the stored 0 as the typed number makes it
    assert model.data(model.index(1, model.COL_RESULT)) == "−40"
    assert model.data(model.index(1, model.COL_STATE)) == "typing: Enter saves"
    assert model.data(model.index(1, model.COL_POINTS), BACKGROUND).color() == TYPED
    with qtbot.assertNotEmitted(model.modelReset):
        model.update_rows(rows())
    assert model.typed is None and model.data(model.index(0, model.COL_NS_MP)) == "0"
    model.tint((1, 2, 1), True)
    assert model.data(model.index(1, model.COL_NS), BACKGROUND) is not None
    model.tint((1, 2, 1), False)
    assert model.data(model.index(1, model.COL_NS), BACKGROUND) is None


def test_the_picker_by_table_and_by_board() -> None:
    tables = PickModel()
    tables.set_rows([PickRow(1, "甲", "乙", "1–2", 1, 2), PickRow(2, "丙", "丁", "3–4", 2, 2, NOT_PLAYED)])
    assert tables.data(tables.index(0, 3)) == "1–2  (1/2)"
    assert tables.data(tables.index(0, 0), BACKGROUND).color() == MISSING
    assert tables.data(tables.index(1, 0), BACKGROUND).color() == DONE
    assert tables.data(tables.index(1, 0), Qt.ItemDataRole.ToolTipRole) == "Not played: a pair has withdrawn."
    assert tables.headerData(4, Qt.Orientation.Horizontal) == "From"
    boards = PickModel()
    boards.by = BY_BOARD
    boards.set_rows([PickRow(5, "North", "", "", 0, 0)])
    assert boards.columnCount() == 3 and boards.headerData(4, Qt.Orientation.Horizontal) is None
    assert boards.data(boards.index(0, 2)) == "0/0"
    assert boards.data(boards.index(0, 0), BACKGROUND) is None  # nothing can be typed yet
