import os
import shutil
import tempfile

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["TDESK_LANG"] = "en"
os.environ["TDESK_STATION"] = "test-station"
# Backups, logs, settings and new tournaments of this test session go to a throw-away folder, never the
# director's real ones (userdata.py); each xdist worker imports this file and gets its own folder.
os.environ["TDESK_DATA_DIR"] = tempfile.mkdtemp(prefix="tdesk-test-data-")


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(os.environ["TDESK_DATA_DIR"], ignore_errors=True)


# The throw-away PostgreSQL cluster of the multi-station tests (the ``postgres`` fixture).
pytest_plugins = ["tests.postgres"]


# Where an event lives (issue 18): the modules marked ``both_stores`` run each test that uses the ``store``
# fixture (directly or through ``tdesk`` / ``events``) twice, on a SQLite file and on a fresh PostgreSQL database;
# a test marked ``file_only`` is about files by nature (bytes, backups, journals) and runs on SQLite alone.
STORES = ("sqlite", "postgres")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "both_stores: run on a SQLite file and on a PostgreSQL database")
    config.addinivalue_line("markers", "file_only(reason): about the tournament file itself; SQLite only")


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
