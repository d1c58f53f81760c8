"""Every action a service writes to the audit trail has its own name and sentence (reports.audit_text),
in English and Chinese: the audit page and the workbook never show a bare action code."""

from __future__ import annotations

import ast
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

import tournament_desk.services as services
from tournament_desk.reports.audit_text import ACTIONS, action_name, sentence
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.changes import ACTION_KINDS
from tournament_desk.services.event import create_tournament
from tournament_desk.services.live import set_freeze_rounds


def written_actions() -> set[str]:
    """The action codes the services pass to ``audit(…)`` as literals (a code chosen at run time, e.g. a
    withdrawal's ResultState, is among ``changes.ACTION_KINDS``, checked too)."""
    found = set()
    for path in Path(services.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", "")) == "audit"
            ):
                args = node.args[2:3] + [k.value for k in node.keywords if k.arg == "action"]
                found |= {a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
                found |= {
                    c.value
                    for a in args
                    if isinstance(a, ast.IfExp)
                    for c in (a.body, a.orelse)
                    if isinstance(c, ast.Constant)
                }
    return found


@pytest.mark.slow
def test_every_audited_action_has_a_name_in_both_languages() -> None:
    actions = written_actions()
    assert {
        "live-freeze",
        "live-entry",
        "card-reissue",
        "phone-lock",
        "lock",
        "unlock",
        "late",
        "forfeit",
    } <= actions
    missing = sorted((actions | set(ACTION_KINDS)) - set(ACTIONS))
    assert missing == []
    untranslated = [a for a in ACTIONS if action_name(a, "zh") == action_name(a, "en")]
    assert untranslated == []


def test_freezing_the_public_standings_reads_as_a_sentence(tmp_path: Path) -> None:
    with create_tournament(tmp_path / "f.tdesk", name="冻结") as desk:
        set_freeze_rounds(desk, 2)
        set_freeze_rounds(desk, 0)
        frozen, thawed = [e for e in audit_trail(desk) if e.action == "live-freeze"]
    assert sentence(frozen, "en", context=False).startswith("Public standings frozen for the last 2 rounds")
    assert sentence(thawed, "en", context=False) == "Public standings no longer frozen"
    assert sentence(frozen, "zh", context=False).startswith("公开名次冻结最后 2 轮")
    assert "live-freeze" not in sentence(frozen, "zh")


class Entry:
    def __init__(self, action: str, old: Any, new: Any) -> None:
        self.at, self.station, self.action = datetime(2025, 5, 1, 14, 2), "A", action
        self.round, self.table, self.entrant, self.old, self.new, self.reason = 4, 2, "张三", old, new, None


@pytest.mark.parametrize(
    ("kind", "english", "chinese"),
    [
        ("bye", "a bye", "轮空"),
        ("rest", "no match (rest)", "无比赛（轮休）"),
        ("played", "20 XMP", "级分 20"),
    ],
)
def test_a_table_decided_by_a_withdrawal_says_so(kind: str, english: str, chinese: str) -> None:
    entry = Entry(kind, {"kind": "pending"}, {"kind": kind, "xmp": 20, "withdrawn": "李四"})
    assert sentence(entry, "en", context=False) == (
        f"Round 4, table 2: decided by the withdrawal of 李四: no result → {english}"
    )
    assert "因 李四 退赛判定" in sentence(entry, "zh", context=False)
    assert chinese in sentence(entry, "zh", context=False)
