"""Every page of the main window, and every report of its Print / Export menu, for every format (issue 24).

Each format's event is built through ``tdesk`` by the walk of ``tests/architecture/every_format.py`` (two
rounds paired and played), opened in the window, and each page shown in turn. An exception raised while a page
opens or an export runs (in a slot or a Qt virtual method, captured by pytest-qt) fails the test, and so does a
Qt warning (pyproject: ``qt_log_level_fail``); a refusal shown to the director must be one plain sentence.
"""

from __future__ import annotations

import traceback
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.architecture.every_format import Walk, plain_sentence, register_fifth
from tests.cli.conftest import Tdesk
from tournament_desk.domain.formats import creatable
from tournament_desk.gui import printing
from tournament_desk.gui.main_window import MainWindow

ROUNDS = 2


def build(capsys: pytest.CaptureFixture[str], folder: Path, format_name: str) -> Path:
    walk = Walk(Tdesk(capsys, None), folder, format_name)
    if walk.create() and walk.play(ROUNDS, checks=False) == 0:
        walk.failures.append("no round could be paired")
    walk.assert_clean()
    return walk.path


def described(exceptions: list[tuple[type[BaseException], BaseException, object]]) -> str:
    """Each distinct exception once (a model's method may raise on every repaint), with where it was raised."""
    seen: dict[str, None] = {}
    for kind, value, _ in exceptions:
        frames = traceback.extract_tb(value.__traceback__)[-2:]
        where = " → ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in frames)
        seen.setdefault(f"    {kind.__name__}: {value} (at {where})")
    return "\n".join(seen)


def visit_every_page(window: MainWindow, qtbot: QtBot) -> list[str]:
    problems = []
    for index in range(window.tabs.count()):
        title = window.tabs.tabText(index)
        with qtbot.captureExceptions() as exceptions:
            try:
                window.tabs.setCurrentIndex(index)
                QApplication.processEvents()
            except Exception as exc:
                exceptions.append((type(exc), exc, exc.__traceback__))
        if window.tabs.currentIndex() != index:
            problems.append(f"page {title!r} did not open")
        if exceptions:
            problems.append(f"page {title!r}:\n{described(exceptions)}")
    return problems


def export_every_report(
    window: MainWindow, qtbot: QtBot, folder: Path, shown: list[str], monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    """Each action of the Print / Export menu, saved without asking (the round: the default)."""
    monkeypatch.setattr(
        window, "choose_output", lambda what, suffix, round_no=None: folder / f"{what}{suffix}"
    )
    monkeypatch.setattr(window, "ask_round", lambda what: None)
    monkeypatch.setattr(window, "final_ok", lambda what: True)
    monkeypatch.setattr(printing, "ask_options", lambda parent, session, what: {})  # the format's defaults
    problems = []
    for action in window.export_menu.actions():
        if not action.objectName().startswith("export-"):
            continue
        shown.clear()
        with qtbot.captureExceptions() as exceptions:
            try:
                action.trigger()
            except Exception as exc:
                exceptions.append((type(exc), exc, exc.__traceback__))
        box = getattr(window, "saved_box", None)
        if box is not None:
            box.close()
        if exceptions:
            problems.append(f"{action.objectName()}:\n{described(exceptions)}")
        problems += [
            f"{action.objectName()} refused with more than a sentence: {m}"
            for m in shown
            if not plain_sentence(m)
        ]
    return problems


def open_and_visit(
    window: MainWindow, qtbot: QtBot, path: Path, shown: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Open the event, show each page, export each report, show each page again, close the event."""
    with qtbot.captureExceptions() as stray:  # anything raised outside the steps below
        assert window.open_file(path), shown
        assert window.tabs.count() >= 5
        problems = visit_every_page(window, qtbot)
        out = path.parent / "exported"
        out.mkdir()
        problems += export_every_report(window, qtbot, out, shown, monkeypatch)
        problems += visit_every_page(window, qtbot)  # once more, after the exports
        window.close_file()
        QApplication.processEvents()
    if stray:
        problems.append(f"elsewhere:\n{described(stray)}")
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.mark.slow
@pytest.mark.parametrize("format_name", creatable())
def test_every_page_of_every_format_opens(
    window: MainWindow,
    qtbot: QtBot,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    shown_errors: list[str],
    monkeypatch: pytest.MonkeyPatch,
    format_name: str,
) -> None:
    path = build(capsys, tmp_path, format_name)
    open_and_visit(window, qtbot, path, shown_errors, monkeypatch)


@pytest.mark.slow
def test_every_page_of_a_nine_line_fifth_format_opens(
    window: MainWindow,
    qtbot: QtBot,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    shown_errors: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Swiss subclass registered in the domain only (tests/architecture/every_format.py) opens like the rest."""
    path = build(capsys, tmp_path, register_fifth(monkeypatch))
    open_and_visit(window, qtbot, path, shown_errors, monkeypatch)
