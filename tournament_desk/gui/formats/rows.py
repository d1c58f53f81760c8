"""The wizard's settings rows (issue 24): a widget for one of ``create_tournament``'s settings, as a stage
format or a scoring mode asks it (a number, a choice, a yes or no)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox, QWidget


@dataclass(frozen=True)
class SettingRow:
    """One row of the wizard's event page: a widget for one of ``create_tournament``'s settings."""

    key: str  # create_tournament's keyword
    name: str  # the widget's object name without "wizard-" (tests and the wizard find it by that)
    label: Callable[[], str]  # called when the wizard is built, in the language of the moment
    make: Callable[[], QWidget]
    read: Callable[[QWidget], object]


def spin_row(
    key: str,
    label: Callable[[], str],
    low: int,
    high: int,
    value: int,
    *,
    name: str | None = None,
    zero: Callable[[], str] | None = None,
) -> SettingRow:
    """A number; with ``zero``, 0 is shown as that text and read as None (no number chosen)."""

    def make() -> QWidget:
        box = QSpinBox(minimum=low, maximum=high, value=value)
        if zero is not None:
            box.setSpecialValueText(zero())
        return box

    def read(widget: QWidget) -> object:
        assert isinstance(widget, QSpinBox)
        return (widget.value() or None) if zero is not None else widget.value()

    return SettingRow(key, name or key.replace("_", "-"), label, make, read)


def combo_row(
    key: str, label: Callable[[], str], items: Callable[[], Sequence[tuple[str, object]]]
) -> SettingRow:
    """A choice among ``items`` (text, value), the first chosen at first."""

    def make() -> QWidget:
        box = QComboBox()
        for text, data in items():
            box.addItem(text, data)
        return box

    def read(widget: QWidget) -> object:
        assert isinstance(widget, QComboBox)
        return widget.currentData()

    return SettingRow(key, key.replace("_", "-"), label, make, read)


def check_row(key: str, text: Callable[[], str]) -> SettingRow:
    """A yes or no, said by the check box's own text (the row has no label)."""

    def read(widget: QWidget) -> object:
        assert isinstance(widget, QCheckBox)
        return widget.isChecked()

    return SettingRow(key, key.replace("_", "-"), lambda: "", lambda: QCheckBox(text()), read)
