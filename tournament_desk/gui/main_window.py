"""The main window: the start page when no tournament is open, else one tab per part of the event.

Its parts live in gui/window/: what it shows (base), its files, its printing and exporting, its menus.
"""

from __future__ import annotations

from tournament_desk.gui.settings import Translations
from tournament_desk.gui.window.menus import WindowMenus


class MainWindow(WindowMenus):
    def __init__(self, translations: Translations) -> None:
        super().__init__(translations)
        self.build()
