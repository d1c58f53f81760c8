"""`tdesk` imports only what a command uses (issues 16 and 29): the floor must not creep back up.

Each check runs in a fresh interpreter, since this test process has long since imported everything. Here the
heavy libraries; which of our own modules a whole `tdesk` process loads: tests/cli/test_imports.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("pypinyin", "openpyxl", "reportlab", "alembic", "rustworkx", "numpy")


def _loaded(code: str) -> list[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(m for m in {HEAVY!r} + ('sqlalchemy',) if m in sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return list(json.loads(out.splitlines()[-1]))


def test_importing_the_cli_loads_no_heavy_library() -> None:
    assert _loaded("import tournament_desk.cli") == []


def test_help_is_answered_without_the_database_library() -> None:
    code = "import contextlib, io\nfrom tournament_desk.cli import main\nwith contextlib.redirect_stdout(io.StringIO()):\n    try:\n        main(['--help'])\n    except SystemExit:\n        pass"
    assert _loaded(code) == []


@pytest.mark.slow
def test_the_commands_module_needs_only_sqlalchemy() -> None:
    assert _loaded("import tournament_desk.cli.commands") == ["sqlalchemy"]


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tournament_desk.cli import main

    path = tmp_path_factory.mktemp("floor") / "floor.tdesk"
    assert main(["demo", str(path), "--entrants", "12", "--played", "2"]) == 0
    return path


@pytest.mark.slow
@pytest.mark.parametrize(
    ("argv", "allowed"),
    [
        (["round", "{file}", "1"], {"sqlalchemy"}),
        (["result", "{file}", "2", "1", "Q", "9", "--correct", "--reason", "floor"], {"sqlalchemy"}),
        (["audit", "{file}", "--round", "1"], {"sqlalchemy"}),
        (["standings", "{file}", "--json"], {"sqlalchemy"}),
        (["standings", "{file}", "--after-round", "1"], {"sqlalchemy"}),
    ],
)
def test_a_command_on_an_open_event_imports_no_alembic_nor_pairing(
    event: Path, argv: list[str], allowed: set[str]
) -> None:
    words = [w.replace("{file}", str(event)) for w in argv]
    code = f"import contextlib, io\nfrom tournament_desk.cli import main\nwith contextlib.redirect_stdout(io.StringIO()):\n    assert main({words!r}) == 0"
    assert set(_loaded(code)) <= allowed


def test_the_head_revision_read_from_the_scripts_matches_alembic() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from tournament_desk.storage import revisions

    cfg = Config()
    cfg.set_main_option("script_location", str(revisions.MIGRATIONS))
    scripts = ScriptDirectory.from_config(cfg)
    assert revisions.head_revision() == scripts.get_current_head()
    assert revisions.known_revisions() == {rev.revision for rev in scripts.walk_revisions()}
