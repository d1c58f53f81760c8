from __future__ import annotations

import argparse
import functools
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from sqlalchemy import Connection

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["TDESK_LANG"] = "en"
os.environ["TDESK_STATION"] = "test-station"
# Backups, logs, settings and new tournaments of this test session go to a throw-away folder, never the
# director's real ones (userdata.py); each xdist worker imports this file and gets its own folder.
os.environ["TDESK_DATA_DIR"] = tempfile.mkdtemp(prefix="tdesk-test-data-")


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(os.environ["TDESK_DATA_DIR"], ignore_errors=True)


# argparse asks gettext for each of its words every time a parser is built (every in-process `tdesk` call
# builds one), and gettext looks for a catalogue on disk at each of those ~100 calls (~7 ms a `tdesk` call).
# The program installs no argparse catalogue and the environment is set above: an answer cannot change in a run.
argparse._ = functools.cache(argparse._)  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def qapp(qapp: Any) -> Any:
    """pytest-qt's application, with Chinese in the font the window ships with (``gui.app.register_cjk_font``) as
    every director's window shows it: with only a machine's own fonts, one without a Chinese font (only DejaVu: a
    test machine seen on 2026-11-27) measures 中 as a narrow missing-glyph box and lays pages out unlike the window.
    Qt is imported here, not above: most tests never start it."""
    from tournament_desk.gui.app import register_cjk_font

    register_cjk_font(qapp)
    return qapp


# The throw-away PostgreSQL cluster of the multi-station tests (the ``postgres`` fixture).
pytest_plugins = ["tests.postgres", "pytester"]  # pytester: a test of a check in this conftest


# Where an event lives (issue 18): the modules marked ``both_stores`` run each test that uses the ``store``
# fixture (directly or through ``tdesk`` / ``events``) twice, on a SQLite file and on a fresh PostgreSQL database;
# a test marked ``file_only`` is about files by nature (bytes, backups, journals) and runs on SQLite alone.
STORES = ("sqlite", "postgres")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "both_stores: run on a SQLite file and on a PostgreSQL database")
    config.addinivalue_line("markers", "file_only(reason): about the tournament file itself; SQLite only")
    config.addinivalue_line(
        "markers",
        "verifies_audit_chain: every event file the test leaves must verify against its audit trail",
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "store" not in metafunc.fixturenames:
        return
    both = metafunc.definition.get_closest_marker("both_stores") is not None
    if both and metafunc.definition.get_closest_marker("file_only") is None:
        metafunc.parametrize("store", STORES, indirect=True)


@pytest.fixture
def store(request: pytest.FixtureRequest) -> str:
    """``"sqlite"`` (the default) or ``"postgres"``."""
    return str(getattr(request, "param", "sqlite"))


# What a test may need from the system, beyond Python packages: PostgreSQL's server, chromium, poppler's PDF tools,
# zbarimg. `dev.py test` installs them; `dev.py test --quick` leaves out the tests marked ``system``, so it runs
# where none is installed. A test asking for the ``postgres`` fixture, running on the ``postgres`` store or marked
# ``browser`` is marked here; any other says so itself (its module's ``pytestmark`` or its own decorator).
SYSTEM_TOOLS = frozenset(
    {"initdb", "pg_ctl", "chromium", "pdftotext", "pdftoppm", "pdfinfo", "pdffonts", "zbarimg"}
)


class UnmarkedSystemTool(Exception):
    """A test not marked ``system`` started one of SYSTEM_TOOLS."""


def needs_system(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    on_server = callspec is not None and callspec.params.get("store") == "postgres"
    asks_server = "postgres" in getattr(item, "fixturenames", ())
    return on_server or asks_server or item.get_closest_marker("browser") is not None


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if needs_system(item):
            item.add_marker(pytest.mark.system)
    # On the server a test parametrised beyond its store runs its first case only: the other cases vary the
    # rules or the input, which the store does not change, and each server case costs a fresh database.
    thinned = [item for item in items if server_repeat(item)]
    if thinned:
        config.hook.pytest_deselected(items=thinned)
        items[:] = [item for item in items if not server_repeat(item)]


def server_repeat(item: pytest.Item) -> bool:
    """A server (``postgres`` store) case of a test whose other parameters are not their first values."""
    callspec = getattr(item, "callspec", None)
    if callspec is None or callspec.params.get("store") != "postgres":
        return False
    return any(index != 0 for name, index in callspec.indices.items() if name != "store")


# An unmarked test that starts a system tool fails on the spot, on every machine and in every run, instead of
# passing here and failing (or skipping) where the tool is missing: an audit hook, since the tools are started
# from many places (subprocess.run, Popen, asyncio) and a hook sees them all.
_running_unmarked = False


def _refuse_unmarked_tools(event: str, args: tuple[object, ...]) -> None:
    if event != "subprocess.Popen" or not _running_unmarked:
        return
    executable, argv = args[0], args[1]
    words = [executable, *(argv if isinstance(argv, list | tuple) else str(argv).split())]
    # every word, not just the first: the server's programs are started through runuser when run as root
    names = {Path(os.fsdecode(w)).name for w in words if isinstance(w, str | bytes | os.PathLike)}
    if names & SYSTEM_TOOLS:
        tool = min(names & SYSTEM_TOOLS)
        raise UnmarkedSystemTool(f"{tool} is a system tool: mark the test `system` (tests/conftest.py)")


sys.addaudithook(_refuse_unmarked_tools)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    global _running_unmarked
    _running_unmarked = item.get_closest_marker("system") is None  # from the setup of its fixtures on
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    global _running_unmarked
    _running_unmarked = False  # the session's PostgreSQL server may be stopped in this teardown
    return (yield)


@pytest.fixture(autouse=True)
def _server_only_when_marked(request: pytest.FixtureRequest) -> Iterator[None]:
    """Catches what the audit hook cannot: a test asking for the server while another test had started it."""
    yield
    if "postgres" in request.fixturenames and request.node.get_closest_marker("system") is None:
        pytest.fail("this test uses PostgreSQL's server (the `postgres` fixture): mark it `system`")


# The audit trail is a hash chain and every stored result must be the one it last recorded (issue 23). The tests
# marked ``verifies_audit_chain`` (events of every format, run with every action that changes a table) check it on
# the files they leave, right after they ran, instead of being run a second time by the audit-chain test.
@pytest.fixture(autouse=True)
def _audit_chain_verified(request: pytest.FixtureRequest) -> Iterator[None]:
    marked = request.node.get_closest_marker("verifies_audit_chain") is not None
    # Asked for before the test runs, so the folder is torn down after this check, not before it.
    folder: Path | None = request.getfixturevalue("tmp_path") if marked else None
    yield
    if folder is None:
        return
    from tournament_desk.services.audit import verify_trail
    from tournament_desk.services.desk import Desk

    for path in sorted(folder.rglob("*.tdesk")):
        with Desk.open(path) as desk:
            check = verify_trail(desk)
        assert check.broken_at is None and check.mismatches == (), (path.name, check.problem)


# Creating an event runs every migration script through Alembic (~0.2 s of CPU each time; hundreds of events are
# created in a run). The first creation on each kind of store in a worker runs them for real and records every
# statement they send to the database; each later creation of an empty database sends the same statements, in the
# same order, on the same connection and transaction: the same tables, indexes and rows (the schema guard checks
# the schema on every open). The migrations themselves are tested under tests/storage/, which always runs them
# (as does every test with TDESK_TEST_REAL_MIGRATIONS=1 set).
class _RecordedMigrations:
    def __init__(self, real: Callable[..., None]) -> None:
        self.real = real
        self.recorded: dict[tuple[str, str], list[tuple[str, Any, bool, bool]]] = {}

    def __call__(self, connection: Connection, revision: str = "head") -> None:
        from sqlalchemy import event, inspect

        key = (connection.dialect.name, revision)
        if revision != "head" or inspect(connection).get_table_names():
            self.real(connection, revision)
        elif key in self.recorded:
            # Through SQLAlchemy, as Alembic sends them: an error is raised (and explained) as it would be there.
            for statement, parameters, many, bare in self.recorded[key]:
                if bare:
                    connection.exec_driver_sql(statement, execution_options={"no_parameters": True})
                else:
                    connection.exec_driver_sql(statement, list(parameters) if many else parameters)
        else:
            sent: list[tuple[str, Any, bool, bool]] = []

            def record(
                _c: object, _cur: object, statement: str, params: Any, context: Any, many: bool
            ) -> None:
                bare = context is not None and bool(getattr(context, "no_parameters", False))
                sent.append((statement, params, many, bare))

            event.listen(connection, "before_cursor_execute", record)
            try:
                self.real(connection, revision)
            finally:
                event.remove(connection, "before_cursor_execute", record)
            self.recorded[key] = sent


_recorded_migrations: _RecordedMigrations | None = None


@pytest.fixture(autouse=True)
def _migrations_replayed(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    global _recorded_migrations
    if Path(__file__).parent / "storage" in request.node.path.parents:
        return  # tests/storage/: the migrations, for real, every time
    if os.environ.get("TDESK_TEST_REAL_MIGRATIONS"):
        return  # every creation through Alembic, for a run that wants it
    from tournament_desk.storage import opening, revisions

    if _recorded_migrations is None:
        _recorded_migrations = _RecordedMigrations(revisions.upgrade)
    monkeypatch.setattr(opening, "upgrade", _recorded_migrations)


@pytest.fixture(autouse=True)
def unanswered_boxes_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A modal box nobody answers would hang the suite (in any folder: the reliability tests open windows too): a test answers ``boxes.ask`` / ``tell`` / ``answer``
    itself, and a box it did not answer fails it at once, naming the box."""
    from tournament_desk.gui import boxes

    def unanswered(box: object) -> int:
        text = box.text() if hasattr(box, "text") else box
        raise AssertionError(f"a message box was shown that the test does not answer: {text!r}")

    monkeypatch.setattr(boxes, "answer", unanswered)


@pytest.fixture
def real_boxes(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """For a test that answers a real box by its buttons (``tests.gui.questions.Questions``): boxes are shown again
    (``unanswered_boxes_fail`` fails them otherwise); the test's answers end with it."""
    from tests.gui.questions import Questions
    from tournament_desk.gui import boxes

    monkeypatch.setattr(boxes, "answer", lambda box: box.exec())
    yield
    Questions.stop_all()


@pytest.fixture(autouse=True)
def _language_from_the_environment() -> Iterator[None]:
    """A test that switches the window's language (``i18n.set_language``) leaves the next test the environment's."""
    yield
    from tournament_desk import i18n

    i18n.set_language(None)
