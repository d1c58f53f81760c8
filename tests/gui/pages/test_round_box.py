"""pages/round_box: the round picker stays on the director's pick unless a new round appears."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from tournament_desk.gui.pages.round_box import fill_round_box, round_to_show


@pytest.mark.parametrize(
    ("last", "shown", "newest", "expected"),
    [(0, 1, 0, None), (3, 2, 3, 2), (4, 2, 3, 4), (3, None, 3, 3), (2, 3, 2, 2), (3, "2", 3, 3)],
)
def test_round_to_show(last: int, shown: object, newest: object, expected: int | None) -> None:
    assert round_to_show(last, shown, newest) == expected


def test_the_box_keeps_the_pick_until_a_new_round_appears(qtbot: QtBot) -> None:
    box = QComboBox()
    qtbot.addWidget(box)
    changes: list[int] = []
    box.currentIndexChanged.connect(changes.append)
    fill_round_box(box, 3, "Round {n}")
    assert [box.itemText(i) for i in range(box.count())] == ["Round 1", "Round 2", "Round 3"]
    assert box.currentData() == 3
    box.setCurrentIndex(0)
    changes.clear()
    fill_round_box(box, 3, "Round {n}")  # a refresh: the pick stays, and no signal says otherwise
    assert box.currentData() == 1 and changes == []
    fill_round_box(box, 4, "Round {n}")  # round 4 paired: followed
    assert box.currentData() == 4


def test_a_chosen_round_wins_when_it_exists(qtbot: QtBot) -> None:
    box = QComboBox()
    qtbot.addWidget(box)
    fill_round_box(box, 3, "第{n}轮", chosen=2)
    assert box.currentText() == "第2轮"
    fill_round_box(box, 3, "第{n}轮", chosen=7)  # no such round: the usual rule
    assert box.currentData() == 2
    fill_round_box(box, 0, "第{n}轮")
    assert box.count() == 0
