"""Every message the program can show has a Chinese translation, with the same placeholders."""

import ast
import string
from pathlib import Path

import pytest

import tournament_desk
from tournament_desk.i18n import render, tr
from tournament_desk.i18n.zh_cn import CATALOGUE

PACKAGE = Path(tournament_desk.__file__).parent
MESSAGE_CALLS = {
    "BadInput",
    "TournamentError",
    "PairingError",
    "LotNeeded",
    "StorageError",
    "NotATournament",
    "FileTrouble",
    "AuditBroken",
    "msg",
    "tr",
    "Message",
}


def templates() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in PACKAGE.rglob("*.py"):
        if "i18n" in path.parts or "gui" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            first = node.args[0]
            if name in MESSAGE_CALLS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found[first.value] = f"{path.relative_to(PACKAGE)}:{node.lineno}"
    return found


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.slow
def test_every_message_has_a_chinese_translation() -> None:
    found = templates()
    assert len(found) > 50
    missing = {t: where for t, where in found.items() if t not in CATALOGUE}
    assert not missing, "\n".join(
        f"{where}: {t!r}" for t, where in sorted(missing.items(), key=lambda x: x[1])
    )


def test_translations_keep_the_placeholders() -> None:
    for english, chinese in CATALOGUE.items():
        assert fields(english) == fields(chinese), english


def test_rendering_nests_fragments() -> None:
    from tournament_desk.domain.errors import BadInput, msg

    error = BadInput("Nothing was imported: {problems}.", problems=[msg("row {row}: no name", row=3)])
    assert render(error, "en") == "Nothing was imported: row 3: no name."
    zh = render(error, "zh")
    assert "3" in zh and "row" not in zh
    assert tr("Round {round}", "zh", round=2) != "Round 2"
