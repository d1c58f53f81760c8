"""Starting the desktop application: Qt, the language, the bundled CJK font, the icon, the crash dialog.

Settings and the language live in gui/settings.py. Crashes are appended to a log in the platform's log folder
(``userdata.crash_log()``).
"""

from __future__ import annotations

import ctypes
import sys
import traceback
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QFileOpenEvent, QFont, QFontDatabase, QIcon
from PySide6.QtWidgets import QApplication

from tournament_desk import __version__, logs, userdata
from tournament_desk.gui.crash import show_unexpected
from tournament_desk.gui.settings import APPLICATION, ORGANISATION, Translations, chosen_language
from tournament_desk.resources import CJK_FONT, resource_path

DESKTOP_FILE = "tournament-desk"  # installer/linux/tournament-desk.desktop: the taskbar's icon and name
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


# How many references to None, True and False the program keeps for itself (see keep_singletons_alive).
SINGLETON_RESERVE = 1 << 40


def keep_singletons_alive() -> None:
    """Make None, True and False immortal on CPython 3.11, as CPython 3.12 does for everyone (PEP 683).

    The pinned PySide6 (6.12, a stable-ABI build) hands back ``None`` from every void method called from
    Python and ``True``/``False`` from ``Signal.emit()`` without the reference it owes: each call takes one
    reference from the singleton. On 3.12 and later the singletons are immortal and nothing happens; on 3.11
    a long session slowly drains them (about 50 000 references to None, 12 000 to True at start), and once
    drained the interpreter aborts with ``Fatal Python error: bool_dealloc`` / ``none_dealloc`` — usually
    at exit, when the last legitimate references are released (issue 14: Ctrl+Q after 28 minutes). The
    reserve added here is never given back, so the count can never reach zero.
    """
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12) or hasattr(sys, "getobjects"):
        return  # immortal already, or a trace-refs debug build (where ob_refcnt is not the first field)
    for singleton in (None, True, False):
        # ob_refcnt is the first field of every CPython object.
        refcount = ctypes.c_ssize_t.from_address(id(singleton))
        if refcount.value < SINGLETON_RESERVE:
            refcount.value += SINGLETON_RESERVE


def app_icon() -> QIcon:
    icon = QIcon()
    for size in ICON_SIZES:
        path = resource_path("icons", f"tournament-desk-{size}.png")
        if path.exists():
            icon.addFile(str(path))
    return icon


def register_cjk_font(app: QApplication) -> str | None:
    """Ship-along font so Chinese shows on a machine without Chinese fonts; returns its family."""
    font_id = QFontDatabase.addApplicationFont(str(resource_path(*CJK_FONT)))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families:
        return None
    font = QFont(app.font())
    # Keep the system UI font first where it has the glyphs; fall back to ours for Chinese.
    font.setFamilies([app.font().family(), families[0]])
    app.setFont(font)
    return families[0]


def write_crash_log(details: str, log: Path | None = None) -> Path | None:
    """Append the error to the crash log (newest last); None if even that cannot be written."""
    log = log or userdata.crash_log()
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8") as fh:
            fh.write(f"=== {datetime.now().isoformat(timespec='seconds')} Tournament Desk {__version__} "
                     f"({sys.platform}, Python {sys.version.split()[0]})\n{details}\n")  # fmt: skip
    except OSError:
        return None
    return log


def install_crash_handler() -> None:
    """An unexpected error is logged and shows a dialog with the details (copyable); the app keeps running."""

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        details = "".join(traceback.format_exception(kind, error, tb))
        if sys.stderr is not None:  # a windowed app on Windows has no console
            sys.stderr.write(details)
        log = write_crash_log(details)
        if log is not None:
            details += f"\n(log: {log})"
        if QApplication.instance() is not None:
            show_unexpected(error, details)

    sys.excepthook = hook


class FileOpenFilter(QObject):
    """macOS opens a double-clicked .tdesk by an event, not on the command line."""

    def __init__(self, open_file: Callable[[Path], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.open_file = open_file

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QFileOpenEvent) and event.file():
            self.open_file(Path(event.file()))
            return True
        return super().eventFilter(watched, event)


def make_app(argv: Sequence[str]) -> tuple[QApplication, Translations]:
    keep_singletons_alive()
    app = QApplication.instance() or QApplication(list(argv))
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(DESKTOP_FILE)
    app.setWindowIcon(app_icon())
    register_cjk_font(app)
    logs.start("window")  # the log Help ▸ names (tournament_desk/logs.py)
    app.aboutToQuit.connect(lambda: logs.stop())
    translations = Translations(app)
    translations.apply(chosen_language())
    return app, translations


def main(argv: Sequence[str] | None = None) -> int:
    from tournament_desk.gui.main_window import MainWindow

    args = list(sys.argv if argv is None else argv)
    app, translations = make_app(args)
    install_crash_handler()
    window = MainWindow(translations)
    file_filter = FileOpenFilter(window.open_file, window)
    app.installEventFilter(file_filter)
    window.show()
    files = [a for a in args[1:] if not a.startswith("-")]
    if files:
        window.open_file(Path(files[0]))
    code = app.exec()
    # Take everything down in a fixed order while Qt and Python are both still whole: the event filter, the
    # window (its file closed, its timer stopped, its pairing worker shut down by closeEvent), then its
    # Qt objects, before the interpreter starts to finalise and the QApplication is destroyed.
    app.removeEventFilter(file_filter)
    window.shutdown()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    del window, file_filter
    return code
