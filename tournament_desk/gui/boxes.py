"""Every message box of the window, with the director's and players' words as plain text (issue 28).

``QMessageBox.question`` / ``information`` / ``warning`` decide by themselves whether a text is rich text, so a
team named ``<span style=…>冠军</span>队`` rendered as red capitals and ``<script>…</script>杯`` as 杯. Every box
goes through these, which never read their text as markup (but ``about``, whose markup is the program's own,
every value in it escaped); no other module of the window uses ``QMessageBox`` (tests/architecture/test_boxes.py).

- ``ask``: Yes or No; ``tell``: a sentence to acknowledge (``icon``: ``INFORMATION``, ``WARNING``,
  ``CRITICAL``); ``retry``: Retry or Cancel; ``choose``: buttons of the caller's own (a question with its own
  words: "Keep theirs" / "Put mine");
- ``offer``: a box that does not block, with one action (Open) beside Close;
- ``answer``: every modal box is shown through it (the tests answer it themselves, tests/gui/conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

Icon = QMessageBox.Icon
Button = QMessageBox.StandardButton
Role = QMessageBox.ButtonRole
INFORMATION = Icon.Information
QUESTION = Icon.Question
WARNING = Icon.Warning
CRITICAL = Icon.Critical

# A button of ``choose``: a standard one (its words in the reader's language come with Qt's translation), or
# words of the caller's own with the role that places them (Accept: the right-hand / main one, Reject: Esc's).
Choice = Button | tuple[str, Role]


def _box(parent: QWidget | None, icon: Icon, title: str, text: str, detail: str = "") -> QMessageBox:
    box = QMessageBox(icon, title, "", parent=parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(text)
    if detail:
        box.setInformativeText(detail)
        label = box.findChild(QWidget, "qt_msgbox_informativelabel")
        if label is not None and hasattr(label, "setTextFormat"):
            label.setTextFormat(Qt.TextFormat.PlainText)
    return box


def ask(parent: QWidget | None, title: str, text: str, *, default_yes: bool = True) -> bool:
    """Yes or No (No by Esc); True for Yes. ``default_yes``: which Enter chooses."""
    box = _box(parent, QUESTION, title, text)
    box.setStandardButtons(Button.Yes | Button.No)
    box.setDefaultButton(Button.Yes if default_yes else Button.No)
    return answer(box) == Button.Yes


def tell(parent: QWidget | None, title: str, text: str, *, icon: Icon = INFORMATION) -> None:
    """A sentence the director acknowledges (an information, a warning, an error)."""
    answer(_box(parent, icon, title, text))


def retry(parent: QWidget | None, title: str, text: str) -> bool:
    """A refusal that may pass in a moment: the sentence, with Retry (Enter) and Cancel (Esc); True for Retry."""
    return choose(parent, title, text, [Button.Retry, Button.Cancel], icon=WARNING, default=0, escape=1) == 0


def choose(
    parent: QWidget | None,
    title: str,
    text: str,
    choices: Sequence[Choice],
    *,
    icon: Icon = QUESTION,
    default: int = 0,
    escape: int | None = None,
    detail: str = "",
    name: str = "",
    names: Sequence[str] = (),
) -> int:
    """The index in ``choices`` of the button the director pressed; Esc (or closing the box) chooses
    ``escape`` (default: ``default``). ``detail``: a second paragraph; ``name``, ``names``: object names of
    the box and its buttons (for the tests)."""
    box = _box(parent, icon, title, text, detail)
    if name:
        box.setObjectName(name)
    buttons: list[QPushButton] = []
    for i, choice in enumerate(choices):
        button = box.addButton(choice) if isinstance(choice, Button) else box.addButton(*choice)
        if i < len(names):
            button.setObjectName(names[i])
        buttons.append(button)
    box.setDefaultButton(buttons[default])
    fallback = default if escape is None else escape
    box.setEscapeButton(buttons[fallback])
    result = answer(box)
    clicked = box.clickedButton()
    if clicked in buttons:
        return buttons.index(clicked)
    for i, choice in enumerate(choices):  # a test's answer: the standard button it "pressed"
        if isinstance(choice, Button) and result == choice:
            return i
    return fallback


def offer(
    parent: QWidget | None, title: str, text: str, action: str, act: Callable[[], object], *, name: str = ""
) -> QMessageBox:
    """A box that does not block the window: ``text``, a button ``action`` that calls ``act``, and Close.
    Returned open (keep it, or it is gone with its parent)."""
    box = _box(parent, INFORMATION, title, text)
    if name:
        box.setObjectName(name)
    button = box.addButton(action, Role.ActionRole)
    box.addButton(Button.Close)
    button.clicked.connect(lambda: act())
    box.open()
    return box


def about(parent: QWidget | None, title: str, markup: str) -> None:
    """Help ▸ About: ``markup`` is the program's own, every value in it escaped (never a name typed)."""
    box = QMessageBox(parent)
    box.setWindowTitle(title)
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(markup)
    if parent is not None and not parent.windowIcon().isNull():
        box.setIconPixmap(parent.windowIcon().pixmap(64, 64))
    answer(box)


def answer(box: QMessageBox) -> int:
    """The box, modal, until answered: every modal box of the window is shown through this (the tests answer it
    themselves, tests/gui/conftest.py)."""
    return box.exec()
