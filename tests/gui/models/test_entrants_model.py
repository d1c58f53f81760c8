"""models/entrants_model: the entrants of a real event, sorted and filtered, edits asked for, sheet previews."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from tournament_desk.gui.models.common import MUTED_COLOUR, ROW_ROLE
from tournament_desk.gui.models.entrants_model import (
    EntrantsProxyModel,
    EntrantsTableModel,
    status_text,
)
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.entrants import (
    EntrantInfo,
    list_entrants,
    withdraw,
)

COL = EntrantsTableModel


def test_status_text() -> None:
    assert status_text(EntrantInfo(1, "甲", None, (), 1, None)) == "Playing"
    assert status_text(EntrantInfo(1, "甲", None, (), 1, 0)) == "Withdrawn before round 1"


def test_a_withdrawn_entrant_is_muted_and_sorts_after_those_playing(
    demo_session: DeskSession, qtmodeltester: ModelTester
) -> None:
    desk = demo_session.desk
    name = list_entrants(desk)[0].name
    withdraw(desk, name, after_round=2)
    model = EntrantsTableModel()
    model.set_rows(list_entrants(desk))
    proxy = EntrantsProxyModel()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)
    proxy.sort(COL.COL_STATUS, Qt.SortOrder.DescendingOrder)
    first = proxy.index(0, COL.COL_NAME)
    assert first.data() == name
    assert first.data(Qt.ItemDataRole.ForegroundRole) == MUTED_COLOUR
    assert proxy.index(1, COL.COL_NAME).data(Qt.ItemDataRole.ForegroundRole) is None
    proxy.sort(COL.COL_DRAW, Qt.SortOrder.AscendingOrder)
    draws = [int(proxy.index(r, COL.COL_DRAW).data()) for r in range(proxy.rowCount())]
    assert draws == sorted(draws) == list(range(1, 13))


def test_entrants_not_drawn_yet_sort_last_by_draw() -> None:
    model = EntrantsTableModel()
    model.set_rows([EntrantInfo(1, "丙", None, (), None, None), EntrantInfo(2, "乙", None, (), 2, None),
                    EntrantInfo(3, "甲", None, (), 1, None)])  # fmt: skip
    proxy = EntrantsProxyModel()
    proxy.setSourceModel(model)
    proxy.sort(COL.COL_DRAW, Qt.SortOrder.AscendingOrder)
    assert [proxy.index(r, COL.COL_NAME).data() for r in range(3)] == ["甲", "乙", "丙"]
    assert proxy.index(2, COL.COL_DRAW).data() == ""
    assert isinstance(proxy.index(2, 0).data(ROW_ROLE), EntrantInfo)


def test_an_unchanged_or_read_only_edit_is_not_asked_for(qtbot: QtBot) -> None:
    model = EntrantsTableModel()
    model.set_rows([EntrantInfo(4, "甲队", "复旦", ("a", "b"), 1, None)])
    with qtbot.assertNotEmitted(model.edit_requested):
        assert not model.setData(model.index(0, COL.COL_NAME), " 甲队 ")
        assert not model.setData(model.index(0, COL.COL_STATUS), "Withdrawn")
    with qtbot.waitSignal(model.edit_requested) as asked:
        assert model.setData(model.index(0, COL.COL_PLAYERS), "a, b, c")
    assert asked.args == [4, "players", "a, b, c"]
