"""Where a table's result came from on the results pages (desk, or the tables' phones: pending, confirmed,
disputed), and Ctrl+D: the cursor to the next disputed table, where the desk types the decided result."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence, QShortcut

from tournament_desk.services import live


def tr(text: str) -> str:
    return QCoreApplication.translate("LiveSources", text)


class LiveSources:
    """Mixed into a results page with ``model`` (rows with ``table`` and ``source``), ``proxy``, ``table``
    (the view), ``session``, ``round_no``, ``move_to(table)`` and ``say(text, error=)``."""

    live_views: dict[int, live.LiveTableView]
    model: Any
    proxy: Any
    table: Any
    session: Any
    round_no: int | None

    def add_dispute_key(self) -> None:
        self.live_views = {}
        # On the grid (and its editor), like the page's other keys: the grid takes keys before the page.
        QShortcut(QKeySequence("Ctrl+D"), self.table, self.next_dispute,
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut)  # fmt: skip

    def read_sources(self) -> dict[int, str]:
        """Each table's source for the round shown (read once per round shown, not per typed result)."""
        if self.round_no is None:
            self.live_views = {}
            return {}
        self.live_views = {t.table: t for t in self.session.read(live.live_tables, self.round_no)}
        return {n: t.source for n, t in self.live_views.items()}

    def source_changed(self, table: int) -> None:
        """The desk changed a table: read where its result now stands (the desk always wins)."""
        if self.round_no is None:
            return
        view = self.session.read(live.live_table, self.round_no, table)
        if view is None:
            self.live_views.pop(table, None)
        else:
            self.live_views[table] = view
        self.model.update_row(table, source=view.source if view else None)

    def next_dispute(self) -> None:
        """Ctrl+D: the cursor on the next disputed table (after the current one, wrapping round) and what
        each side entered in the message line."""
        rows = [self.proxy.mapToSource(self.proxy.index(r, 0)).row() for r in range(self.proxy.rowCount())]
        disputed = [i for i, r in enumerate(rows) if self.model.rows[r].source == "disputed"]
        if not disputed:
            self.say(tr("No table of this round is disputed."))  # type: ignore[attr-defined]
            return
        current = self.table.currentIndex()
        here = current.row() if current.isValid() else -1
        position = next((i for i in disputed if i > here), disputed[0])
        row = self.model.rows[rows[position]]
        self.move_to(row.table)  # type: ignore[attr-defined]
        view = self.live_views.get(row.table)
        home = live.claim_text(view, "home", disputed_only=True) if view else ""
        away = live.claim_text(view, "away", disputed_only=True) if view else ""
        text = tr(
            "Table {table} is disputed: home entered {home}, away entered {away}. Type the decided result."
        )
        self.say(text.format(table=row.table, home=home, away=away), error=True)  # type: ignore[attr-defined]
