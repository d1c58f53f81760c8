"""No stale desk write (issue 23): a write expects the table as the director saw it when typing it began.

An edit of a table (its levels, a duplicate board-room, a Mitchell board) begins at the director's first
keystroke in it (``on_first_edit``): the page takes what it shows of it at that moment (``Seen``: in the
services' ``expected`` terms, and as text) and keeps it until the write succeeds, the director presses Esc
or takes the typing back. The home level is the first keystroke of a table's levels: the away level (and
the side on stage) continue that edit, so the write expects the table as it was before the home level.

A change from another station meanwhile never rewrites what is being typed (``keeps_typing``): the row
follows, tinted, and the message line says who changed what and to what. Enter writes with ``expected=``
the state the edit began from; the services refuse it (``ChangedElsewhere``) and the page asks: keep
theirs (what was typed is dropped; nothing is written) or put mine (written with ``expected=`` the state
stored when asking, and a reason naming what it replaces; a third change meanwhile is refused and asked
about again, never lost). A write with no edit begun (the row as shown) is refused as before (issue 18).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import ResultState
from tournament_desk.gui import boxes
from tournament_desk.gui.models.results import state_text
from tournament_desk.gui.session import DeskSession
from tournament_desk.services.audit import RemoteChange
from tournament_desk.services.results.table import ChangedElsewhere

T = TypeVar("T")
Key = Hashable
State = dict[str, object]
# One try of a write: (expected, reason, overtaken) → stored? ``overtaken`` (None: refuse as usual) takes a
# ChangedElsewhere instead of the window showing it.
Attempt = Callable[[State | None, str | None, Callable[[ChangedElsewhere], None] | None], bool]

__all__ = [
    "Attempt",
    "Edit",
    "Seen",
    "StaleGuard",
    "changed_returned",
    "keeps_typing",
    "levels_text",
    "on_first_edit",
    "where_table",
]


def tr(text: str) -> str:
    return QCoreApplication.translate("StaleEdit", text)


@dataclass(frozen=True)
class Seen:
    """A table (or one board of it) as the page shows it: in the services' ``expected`` terms, and as text."""

    state: State
    text: str


@dataclass(frozen=True)
class Edit:
    """One edit under way: its table, how sentences name it, and what the director saw when it began."""

    round: int
    table: int
    where: str
    seen: Seen


class Host(Protocol):
    """What the guard needs from its page."""

    def say(self, text: str, *, error: bool = False) -> None: ...

    def stale_now(self, key: Key) -> Seen:
        """The table (board) as stored now, read again."""
        ...

    def stale_kept(self, key: Key) -> None:
        """Keep theirs: show what is stored (what was typed is gone)."""
        ...

    def stale_tint(self, key: Key, on: bool) -> None:
        """Tint (or stop tinting) the row of an edit another station changed."""
        ...


def levels_text(
    kind: str, side: str | None, home: int | None, away: int | None, on_stage: str | None = None
) -> str:
    """A table's result as the question and the sentences show it: "K : 10", "9 : 9, home on stage", "no
    result", "forfeit: home"."""
    if kind in (ResultState.PENDING, ResultState.PLAYED) and home and away:
        text = f"{format_level(home)} : {format_level(away)}"
        if on_stage in ("home", "away"):
            who = tr("home") if on_stage == "home" else tr("away")
            text = tr("{levels}, {side} on stage").format(levels=text, side=who)
        return text
    if kind == ResultState.PENDING:
        return tr("no result")
    return state_text(ResultState(kind), side)


def where_table(table: int) -> str:
    return tr("Table {table}").format(table=table)


def changed_returned(action: Callable[..., T]) -> Callable[..., T | ChangedElsewhere]:
    """``action`` with a ChangedElsewhere given back instead of raised (after its transaction rolled back), so
    ``session.run`` does not show it as a refusal: the page asks instead."""

    def run(*args: Any, **kwargs: Any) -> T | ChangedElsewhere:
        try:
            return action(*args, **kwargs)
        except ChangedElsewhere as exc:
            return exc

    return run


def on_first_edit(editor: QWidget, began: Callable[[], None]) -> None:
    """Call ``began`` at the director's first keystroke in this editor (not at each one)."""

    def first(*_: object) -> None:
        if not editor.property("typed"):
            editor.setProperty("typed", True)
            began()

    line = editor.lineEdit() if isinstance(editor, QComboBox) else editor
    if isinstance(line, QLineEdit):
        line.textEdited.connect(first)
    if isinstance(editor, QComboBox):
        editor.activated.connect(first)


def keeps_typing(editor: QWidget) -> bool:
    """The editor holds the director's typing: a refresh of its row (another station) must not rewrite it.
    For a delegate's ``setEditorData`` (Qt calls it again for every row that changes under an open editor)."""
    return bool(editor.property("typed"))


def ask_keep_or_put(parent: QWidget, where: str, station: str, time: str, theirs: str, mine: str) -> bool:
    """The question: True for "put mine", False for "keep theirs" (the default, and Esc)."""
    chosen = boxes.choose(
        parent,
        tr("Changed at another station"),
        tr("{where} was changed at station {station} at {time}: {theirs}.\nYou typed {mine}.").format(
            where=where, station=station, time=time, theirs=theirs, mine=mine
        ),
        [(tr("Keep theirs"), boxes.Role.RejectRole), (tr("Put mine"), boxes.Role.AcceptRole)],
        icon=boxes.WARNING,
        detail=tr("Keep theirs, or put yours in its place?"),
        name="stale-question",
        names=("stale-keep-theirs", "stale-put-mine"),
    )
    return chosen == 1


def who_and_when(refused: ChangedElsewhere) -> tuple[str, str]:
    params = refused.message.params
    return str(params.get("station", "?")), str(params.get("time", "?"))


class StaleGuard(QObject):
    """A page's edits under way (key → ``Edit``) and the question when a write finds its table changed.

    Keys are the page's: a table on the levels pages, (table, board, room) on the duplicate page, (round,
    table, board) on the Mitchell page. ``asking``: the key whose question is coming (the page does not move
    on to the next table meanwhile)."""

    def __init__(self, page: QWidget, host: Host, session: DeskSession) -> None:
        super().__init__(page)
        self.page, self.host = page, host
        self.edits: dict[Key, Edit] = {}
        self.tinted: set[Key] = set()
        self.asking: Key | None = None
        session.remote.connect(self.remote)

    # --- the edits under way --------------------------------------------------------------------------
    def begin(self, key: Key, edit: Callable[[], Edit], *, fresh: bool = True) -> None:
        """The director began typing ``key``: keep what it showed then. ``fresh`` False: the typing continues
        an edit of the same table (its away level): the edit keeps what it saw first."""
        if fresh or key not in self.edits:
            self.end(key)
            self.edits[key] = edit()

    def end(self, key: Key) -> None:
        self.edits.pop(key, None)
        if key in self.tinted:
            self.tinted.discard(key)
            self.host.stale_tint(key, False)

    def end_table(self, round_no: int, table: int) -> None:
        """This station changed the table (saved, undone, a forfeit…): the edits of it end."""
        for key, edit in list(self.edits.items()):
            if (edit.round, edit.table) == (round_no, table):
                self.end(key)

    def end_all(self) -> None:
        for key in list(self.edits):
            self.end(key)

    def differs(self, key: Key) -> bool:
        """The stored table is no longer what the edit began from (read now)."""
        edit = self.edits.get(key)
        return edit is not None and self.host.stale_now(key).state != edit.seen.state

    def remote(self, changes: list[RemoteChange]) -> None:
        """Another station changed tables: an edit under way whose table it changed keeps its typing; its row
        is tinted and the message line says who changed what (the page has already refreshed the row)."""
        for key, edit in list(self.edits.items()):
            change = next(
                (c for c in reversed(changes) if (c.round, c.table) == (edit.round, edit.table)), None
            )
            if change is None:
                continue
            now = self.host.stale_now(key)
            if now.state == edit.seen.state:
                continue
            self.tinted.add(key)
            self.host.stale_tint(key, True)
            text = tr("{where} was changed at station {station} at {time}: {value}. What you are typing is kept; "
                      "Enter asks whether to keep theirs or put yours.")  # fmt: skip
            self.host.say(text.format(where=edit.where, station=change.station, time=change.at.strftime("%H:%M"),
                                      value=now.text), error=True)  # fmt: skip

    # --- writing ------------------------------------------------------------------------------------------
    def save(self, key: Key, mine: str, attempt: Attempt, *, fallback: State | None = None) -> bool:
        """Write what was typed for ``key`` (``mine``, as text), expecting the table as the edit began (no edit
        begun: ``fallback``, the row as shown). True: stored. False: refused (shown), or changed since the edit
        began: the question comes once the editor has closed (``asking``)."""
        edit = self.edits.get(key)
        refused: list[ChangedElsewhere] = []
        expected = edit.seen.state if edit is not None else fallback
        if attempt(expected, None, refused.append if edit is not None else None):
            self.end(key)
            return True
        if not refused or edit is None:
            self.end(key)
            return False
        self.asking = key
        # After the editor has closed (this runs inside its key event): a dialog there would be refused.
        QTimer.singleShot(0, self, partial(self.ask, key, edit.where, mine, attempt, refused[0]))
        return False

    def ask(self, key: Key, where: str, mine: str, attempt: Attempt, refused: ChangedElsewhere) -> None:
        """Keep theirs or put mine, until mine is stored, theirs is kept, or the write is refused otherwise."""
        try:
            while True:
                station, time = who_and_when(refused)
                now = self.host.stale_now(key)  # what "put mine" expects: a change after this is asked about
                self.tinted.add(key)
                self.host.stale_tint(key, True)
                if not ask_keep_or_put(self.page, where, station, time, now.text, mine):
                    self.host.stale_kept(key)
                    self.host.say(tr("{where}: station {station}'s {theirs} is kept; {mine} was not stored.")
                                  .format(where=where, station=station, theirs=now.text, mine=mine))  # fmt: skip
                    return
                reason = tr("replaced station {station}'s {theirs} ({time})").format(
                    station=station, theirs=now.text, time=time
                )
                again: list[ChangedElsewhere] = []
                if attempt(now.state, reason, again.append) or not again:
                    return  # stored (the page shows it) or refused for another reason (shown)
                refused = again[0]
        finally:
            self.asking = None
            self.end(key)


class _TablesHost(Protocol):
    model: Any

    def update_tables(self, tables: Iterable[int]) -> None: ...
    def seen(self, row: Any) -> Seen: ...
    def row(self, table: int) -> Any: ...
    def table_saved(self, table: int) -> None: ...


class TablesStale:
    """``Host``'s hooks for a page whose rows are tables of levels (results, knockout): read the table again,
    show it as kept, tint it while the question is open."""

    def stale_now(self: _TablesHost, key: Hashable) -> Seen:
        assert isinstance(key, int)
        self.update_tables([key])
        return self.seen(self.row(key))

    def stale_kept(self: _TablesHost, key: Hashable) -> None:
        assert isinstance(key, int)
        self.table_saved(key)

    def stale_tint(self: _TablesHost, key: Hashable, on: bool) -> None:
        assert isinstance(key, int)
        (self.model.hold_marks if on else self.model.release_marks)([key])
