"""The round picker of the pages that show one round at a time (rounds, results, boards): rounds 1…last, staying
on the director's pick unless a new round has appeared."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox


def round_to_show(last: int, shown: object, newest: object) -> int | None:
    """The round to show once rounds 1…``last`` are paired: the one ``shown`` unless a new round has appeared
    since ``newest`` was the last one listed (then the new one); None while no round is paired."""
    if not last:
        return None
    if not isinstance(shown, int) or shown > last or last != newest:
        return last  # follow the new round
    return shown


def fill_round_box(box: QComboBox, last: int, label: str, chosen: int | None = None) -> None:
    """List rounds 1…last; stay on the director's pick unless a new round has appeared, then follow it
    (``chosen``: show that round instead, when it was decided before, e.g. as the page read it)."""
    keep = box.currentData()
    newest = box.itemData(box.count() - 1) if box.count() else 0
    box.blockSignals(True)
    box.clear()
    for n in range(1, last + 1):
        box.addItem(label.format(n=n), n)
    pick = chosen if chosen is not None and 1 <= chosen <= last else round_to_show(last, keep, newest)
    if pick is not None:
        box.setCurrentIndex(pick - 1)
    box.blockSignals(False)
