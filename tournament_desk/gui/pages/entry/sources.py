"""Where a table's result came from on the result-entry pages (desk, or the tables' phones: pending, confirmed,
disputed), and Ctrl+D: the cursor to the next disputed table, where the desk types the decided result (levels,
or the disputed boards, which the board services record like any other: the table then is the desk's)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

from tournament_desk.gui.live_disputes import games_differ
from tournament_desk.gui.session import RESULTS, Changes
from tournament_desk.services import live


def tr(text: str) -> str:
    return QCoreApplication.translate("LiveSources", text)


class LiveSources:
    """Mixed into ``EntryPage`` (its ``session``, ``round_no``, ``move_to(table)`` and ``say``). By default the
    page's ``model`` has rows with ``table`` and ``source`` (``update_row``) shown through ``table`` (the view,
    optionally through ``proxy``); a page whose tables are listed otherwise overrides ``show_source``,
    ``shown_tables`` and ``current_table``, and ``move_to_dispute`` to put the cursor on what is disputed."""

    live_views: dict[int, live.LiveTableView]
    model: Any
    table: Any
    session: Any
    round_no: int | None

    if TYPE_CHECKING:  # the page's

        def say(self, text: str, *, error: bool = False) -> None: ...
        def move_to(self, table: int) -> None: ...

    def add_dispute_key(self, *widgets: QWidget) -> None:
        """Ctrl+D on these widgets (default: the page's grid) and their children (an open editor)."""
        self.live_views = {}
        # On the grid (and its editor), like the page's other keys: the grid takes keys before the page.
        for widget in widgets or (self.table,):
            QShortcut(QKeySequence("Ctrl+D"), widget, self.next_dispute,
                      context=Qt.ShortcutContext.WidgetWithChildrenShortcut)  # fmt: skip

    def fetch_sources(
        self, round_no: int | None, tables: Collection[int] | None = None
    ) -> dict[int, live.LiveTableView]:
        """Where each table of a round stands on the phones (``tables``: only these); a read only, so a page's
        ``read`` may call it on a worker thread. ``keep_sources`` keeps what it gave."""
        if round_no is None:
            return {}
        return {t.table: t for t in self.session.read(live.live_tables, round_no, tables)}

    def keep_sources(
        self, views: dict[int, live.LiveTableView], tables: Collection[int] | None = None
    ) -> dict[int, str]:
        """Keep the sources read (for Ctrl+D): of the whole round, or of ``tables`` (the rest are kept)."""
        if tables is None:
            self.live_views = dict(views)
        else:
            for n in tables:
                self.live_views.pop(n, None)
            self.live_views.update(views)
        return {n: t.source for n, t in views.items()}

    def read_sources(self, tables: Collection[int] | None = None) -> dict[int, str]:
        """Each table's source for the round shown (read once per round shown, not per typed result);
        ``tables``: read only these again (the rest are kept)."""
        return self.keep_sources(self.fetch_sources(self.round_no, tables), tables)

    def read_source(self, table: int) -> str | None:
        """Where one table's result stands now (None: no phone has it), kept for Ctrl+D."""
        if self.round_no is None:
            return None
        view: live.LiveTableView | None = self.session.read(live.live_table, self.round_no, table)
        if view is None:
            self.live_views.pop(table, None)
            return None
        self.live_views[table] = view
        return view.source

    def sources_changed(self, changes: Changes) -> None:
        """For pages that do not reload on results: the tables of the round shown that changed elsewhere, in
        one read."""
        if RESULTS in changes and changes.remote and self.round_no is not None:
            tables = sorted(changes.tables_in(self.round_no))
            if tables:
                sources = self.read_sources(tables)
                for table in tables:
                    self.show_source(table, sources.get(table))

    def source_of(self, table: int) -> str | None:
        view = self.live_views.get(table)
        return view.source if view is not None else None

    def show_source(self, table: int, source: str | None) -> None:
        self.model.update_row(table, source=source)

    def shown_tables(self) -> list[int]:
        """The tables in the order the page lists them."""
        proxy = getattr(self, "proxy", None)
        if proxy is None:
            return [r.table for r in self.model.rows]
        rows = [proxy.mapToSource(proxy.index(r, 0)).row() for r in range(proxy.rowCount())]
        return [self.model.rows[r].table for r in rows]

    def current_table(self) -> int | None:
        current = self.table.currentIndex()
        if not current.isValid():
            return None
        proxy = getattr(self, "proxy", None)
        row = proxy.mapToSource(current).row() if proxy is not None else current.row()
        return int(self.model.rows[row].table)

    def move_to_dispute(self, view: live.LiveTableView) -> None:
        self.move_to(view.table)

    def disputed_tables(self, tables: Iterable[int]) -> list[int]:
        return [t for t in tables if (v := self.live_views.get(t)) is not None and v.source == "disputed"]

    def next_dispute(self) -> None:
        """Ctrl+D: the cursor on the next disputed table (after the current one, wrapping round) and what
        each side entered in the message line."""
        tables = self.shown_tables()
        disputed = self.disputed_tables(tables)
        if not disputed:
            self.say(tr("No table of this round is disputed."))
            return
        here = tables.index(current) if (current := self.current_table()) in tables else -1
        table = next((t for t in disputed if tables.index(t) > here), disputed[0])
        view = self.live_views[table]
        self.move_to_dispute(view)
        self.say(DISPUTE_MESSAGES.get(view.entry, levels_disputed)(view), error=True)


def levels_disputed(view: live.LiveTableView) -> str:
    """Ctrl+D on a table of levels or boards: what each side entered (``3: 85 +EW 10`` for a board)."""
    home = live.claim_text(view, "home", disputed_only=True)
    away = live.claim_text(view, "away", disputed_only=True)
    text = tr("Table {table} is disputed: home entered {home}, away entered {away}. Type the decided result.")
    return text.format(table=view.table, home=home, away=away)


def games_disputed(view: live.LiveTableView) -> str:
    """Ctrl+D on a team match (rules.md §5.8): the games the two teams entered differently, each as both teams
    entered it, by the teams' names (``gui.live_disputes.games_differ``, as the Live dialog's queue says it)."""
    games = ", ".join(str(g.game) for g in view.disputed_games)
    text = tr(
        "Table {table}: {home} and {away} entered game {games} differently ({claims}). Type the decided game "
        "on its board."
    )
    return text.format(
        table=view.table, home=view.home, away=view.away, games=games, claims=games_differ(view)
    )


# What Ctrl+D says of a disputed table, by what its phones enter (``LiveTableView.entry``, chosen by the
# event's scoring mode and the stage's format); any other kind of entry: levels.
DISPUTE_MESSAGES: dict[str, Callable[[live.LiveTableView], str]] = {"team-games": games_disputed}
