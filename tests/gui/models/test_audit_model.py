"""models/audit_model: the audit trail of a real event as a table, and the raw values on hover."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from tournament_desk.domain.chain import AuditEntry
from tournament_desk.gui.models.audit_model import AuditTableModel, compact_change, full_change
from tournament_desk.gui.models.common import PROBLEM_COLOUR, ROW_ROLE
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.entrants import list_entrants
from tournament_desk.services.results.deductions import deduct

COL = AuditTableModel
AT = datetime(2026, 5, 1, 9, 30)


def test_the_demo_trail_passes_the_model_tester_and_shows_times(
    demo_session: DeskSession, qtmodeltester: ModelTester
) -> None:
    trail = audit_trail(demo_session.desk)
    model = AuditTableModel()
    model.set_rows(trail)
    qtmodeltester.check(model)
    assert model.rowCount() == len(trail) > 0
    index = model.index(0, COL.COL_TIME)
    assert index.data() == trail[0].at.strftime("%Y-%m-%d %H:%M:%S")
    assert index.data(ROW_ROLE) is trail[0]
    assert model.headerData(6, Qt.Orientation.Horizontal) == "Change"


def test_a_deduction_entry_shows_round_entrant_and_reason(demo_session: DeskSession) -> None:
    desk = demo_session.desk
    entrant = list_entrants(desk)[0].name
    deduct(desk, 2, entrant, 0.5, reason="slow play")
    model = AuditTableModel()
    model.set_rows(audit_trail(desk))
    row = next(i for i, e in enumerate(model.rows) if e.reason == "slow play")
    assert model.index(row, COL.COL_ROUND).data() == "2"
    assert model.index(row, COL.COL_ENTRANT).data() == entrant
    assert model.index(row, COL.COL_REASON).data() == "slow play"
    assert model.index(row, COL.COL_REASON).data(Qt.ItemDataRole.ToolTipRole) == "slow play"
    assert (
        model.index(row, COL.COL_ROUND).data(Qt.ItemDataRole.TextAlignmentRole) & Qt.AlignmentFlag.AlignRight
    )


def test_a_non_standard_action_is_red_with_a_warning_and_says_so() -> None:
    model = AuditTableModel()
    model.set_rows([
        AuditEntry(AT, "desk-1", "lock", 3, 2, None, None, {"locked": True}, None),
        AuditEntry(AT, "desk-1", "entrant-add", None, None, "甲", None, {"name": "甲"}, None),
    ])  # fmt: skip
    change = model.index(0, COL.COL_CHANGE)
    assert change.data(Qt.ItemDataRole.ForegroundRole) == PROBLEM_COLOUR
    assert change.data(Qt.ItemDataRole.DecorationRole) is not None
    tip = change.data(Qt.ItemDataRole.ToolTipRole)
    assert "A non-standard action" in tip and "Stored values (lock):" in tip and '"locked": true' in tip
    plain = model.index(1, COL.COL_CHANGE)
    assert plain.data(Qt.ItemDataRole.ForegroundRole) is None
    assert "non-standard" not in plain.data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(1, COL.COL_REASON).data(Qt.ItemDataRole.ToolTipRole) is None


def test_changes_in_full_and_in_a_line() -> None:
    assert full_change(None, None) == ""
    assert full_change(None, {"a": 1}) == '{\n "a": 1\n}'
    assert full_change(1, 2) == "1\n→\n2"
    assert compact_change({"unit": "A"}, None) == "unit: A → —"
    assert compact_change({"a": 1}, {"a": 1, "b": 2}).startswith("b: ")  # only what changed
    assert compact_change(3, 4) == "3 → 4"
