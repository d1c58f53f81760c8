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
