"""Every message box of the window goes through gui/boxes.py (issue 28): its text is plain (a team named
``<b>冠军</b>`` is shown as typed) and every modal one is answered through ``boxes.answer`` (which the GUI tests
answer themselves, so none hangs the suite). No other module under gui/ names ``QMessageBox``."""

from __future__ import annotations

import ast
from pathlib import Path

import tournament_desk.gui

GUI = Path(tournament_desk.gui.__file__).parent
OWNER = "boxes.py"
# Qt's static boxes choose rich text by themselves and block without ``boxes.answer``: never called directly.
STATIC = {"question", "information", "warning", "critical", "about", "aboutQt"}


def uses(tree: ast.AST, name: str) -> list[int]:
    """The lines naming ``name`` as code: an import, a name, an attribute (a string that says it is not)."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom | ast.Import):
            if any(a.name.split(".")[-1] == name for a in node.names):
                lines.append(node.lineno)
        elif (isinstance(node, ast.Name) and node.id == name) or (
            isinstance(node, ast.Attribute) and node.attr == name
        ):
            lines.append(node.lineno)
    return lines


def test_no_module_of_the_window_but_boxes_uses_qmessagebox() -> None:
    found = []
    for path in sorted(GUI.rglob("*.py")):
        if path.relative_to(GUI).as_posix() == OWNER:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        found += [f"{path.relative_to(GUI)}:{line}" for line in uses(tree, "QMessageBox")]
    assert not found, f"message boxes outside gui/{OWNER} (use boxes.ask/tell/retry/choose/offer): {found}"


def test_the_check_finds_a_box_in_any_of_its_spellings() -> None:
    spelled = [
        "from PySide6.QtWidgets import QMessageBox",
        "from PySide6 import QtWidgets\nQtWidgets.QMessageBox.question(None, 't', 'x')",
        "def shown(box: QMessageBox) -> None: ...",
    ]
    for source in spelled:
        assert uses(ast.parse(source), "QMessageBox"), source
    assert not uses(ast.parse('QT_TRANSLATE_NOOP("QMessageBox", "OK")'), "QMessageBox")


def test_boxes_itself_never_calls_a_static_box() -> None:
    tree = ast.parse((GUI / OWNER).read_text(encoding="utf-8"))
    called = {
        node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "QMessageBox"
    }
    assert not called & STATIC, called
