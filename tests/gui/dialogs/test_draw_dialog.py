"""dialogs/draw_dialog: the round-1 draw of a real event, by a shown seed or in the director's order."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from tournament_desk.gui.dialogs.draw_dialog import SEED_MAX, DrawDialog, new_seed
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.entrants import add_entrant, draw, list_entrants

NAMES = ["甲", "乙", "丙", "丁"]


def make(qtbot: QtBot, session: DeskSession) -> DrawDialog:
    for name in NAMES:
        add_entrant(session.desk, name)

    def submit(d: DrawDialog) -> bool:
        return session.run(d, draw, seed=d.seed(), order=d.order()) is not None

    dialog = DrawDialog(None, submit, NAMES)
    qtbot.addWidget(dialog)
    return dialog


def drawn(session: DeskSession) -> list[str]:
    return [e.name for e in sorted(list_entrants(session.desk), key=lambda e: e.draw_no or 0)]


def test_new_seeds_are_in_range() -> None:
    assert all(1 <= new_seed() < SEED_MAX for _ in range(50))


def test_a_random_draw_uses_the_seed_shown(qtbot: QtBot, empty_session: DeskSession) -> None:
    dialog = make(qtbot, empty_session)
    assert dialog.seed() is not None and dialog.order() is None
    assert not dialog.order_list.isEnabled() and dialog.seed_spin.isEnabled()
    dialog.seed_spin.setValue(42)
    dialog.accept()
    first = drawn(empty_session)
    assert sorted(first) == sorted(NAMES)
    draw(empty_session.desk, seed=42)  # the same seed: the same draw
    assert drawn(empty_session) == first


def test_a_manual_order_is_the_draw(qtbot: QtBot, empty_session: DeskSession) -> None:
    dialog = make(qtbot, empty_session)
    dialog.set_manual(True)
    assert dialog.seed() is None and not dialog.seed_spin.isEnabled() and dialog.order_list.isEnabled()
    dialog.order_list.setCurrentRow(3)
    dialog.up_button.click()
    dialog.up_button.click()
    assert dialog.order() == ["甲", "丁", "乙", "丙"]
    dialog.accept()
    assert drawn(empty_session) == ["甲", "丁", "乙", "丙"]
