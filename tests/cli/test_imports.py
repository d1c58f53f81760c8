"""A whole ``tdesk`` process imports only what its command uses (issue 29).

Each check starts the process a director starts (``python -m tournament_desk.cli …``, with a hook that lists
``sys.modules`` at exit) and reads every module it imported. Nothing here measures time: bench/imports.py prints the
CPU time beside its floor (tests/cli/test_import_floor.py keeps the heavy libraries out of the in-process paths).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# What `tdesk standings` must never load: the boards of a duplicate event, the phones' services, the other
# commands' modules, the report builders and the libraries behind them, the window.
NOT_FOR_STANDINGS = (
    "tournament_desk.services.results.board_sets",
    "tournament_desk.services.results.boards",
    "tournament_desk.services.results.team_games",
    "tournament_desk.services.live",
    "tournament_desk.services.output",
    "tournament_desk.cli.boards",
    "tournament_desk.cli.cards",
    "tournament_desk.cli.commands",
    "tournament_desk.cli.results",
    "tournament_desk.cli.rounds",
    "tournament_desk.reports.html",
    "tournament_desk.reports.model",
    "tournament_desk.web",
    "tournament_desk.gui",
    # the pairing engine and its graphs: a format's ranking reads what a pairing is (``domain.pairing.tables``) only
    "tournament_desk.domain.pairing.swiss",
    "tournament_desk.domain.pairing.graph",
    "tournament_desk.domain.pairing.feasibility",
    "tournament_desk.domain.pairing.relaxed",
    "rustworkx",
    "reportlab",
    "openpyxl",
    "PySide6",
    "alembic",
    "uvicorn",
    "starlette",
)


def imported(*words: str) -> set[str]:
    """Every module a ``tdesk`` process running ``words`` holds when it exits (it must succeed): the process as
    ``python -m tournament_desk.cli`` runs it, with a hook that writes ``sys.modules`` to stderr at exit."""
    probe = (
        "import atexit, json, runpy, sys\n"
        "atexit.register(lambda: sys.stderr.write('\\nMODULES ' + json.dumps(sorted(sys.modules)) + '\\n'))\n"
        "runpy.run_module('tournament_desk.cli', run_name='__main__', alter_sys=True)\n"
    )
    env = {**os.environ, "TDESK_LANG": "en"}
    proc = subprocess.run(
        [sys.executable, "-c", probe, *words], capture_output=True, text=True, env=env, check=False
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    line = next(line for line in proc.stderr.splitlines() if line.startswith("MODULES "))
    names = set(json.loads(line.removeprefix("MODULES ")))
    assert "tournament_desk.cli.parser" in names  # the list was read: no check below passes on an empty set
    return names


def loaded(names: set[str], prefixes: tuple[str, ...]) -> list[str]:
    """The names in ``names`` that are one of ``prefixes`` or a module inside one."""
    return sorted(n for n in names if any(n == p or n.startswith(p + ".") for p in prefixes))


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tournament_desk.cli import main

    path = tmp_path_factory.mktemp("imports") / "imports.tdesk"
    assert main(["demo", str(path), "--entrants", "16", "--played", "2"]) == 0
    return path


@pytest.mark.slow
@pytest.mark.parametrize("as_json", [True, False], ids=["json", "text"])
def test_standings_loads_neither_the_boards_nor_the_phones_services(event: Path, as_json: bool) -> None:
    names = imported("standings", str(event), *(["--json"] if as_json else []))
    assert "tournament_desk.services.standings" in names and "tournament_desk.cli.standings" in names
    assert loaded(names, NOT_FOR_STANDINGS) == []


@pytest.mark.slow
def test_a_command_that_uses_the_phones_services_loads_them(event: Path) -> None:
    """The other side of the check: `tdesk round` shows where each result came from, so it reads the phones'
    entries; were the import log misread, this would fail too."""
    names = imported("round", str(event), "1")
    assert "tournament_desk.services.live" in names and "tournament_desk.cli.rounds" in names
    assert loaded(names, ("tournament_desk.cli.commands", "reportlab", "openpyxl", "PySide6")) == []


def test_help_loads_no_service_and_no_database_library() -> None:
    names = imported("--help")
    assert (
        loaded(names, ("tournament_desk.services", "tournament_desk.storage", "tournament_desk.domain")) == []
    )
    assert loaded(names, ("sqlalchemy", "dataclasses", *NOT_FOR_STANDINGS)) == []


def test_a_command_s_help_loads_only_what_its_options_list() -> None:
    standings = imported("standings", "--help")
    assert loaded(standings, ("sqlalchemy", "tournament_desk.services", "tournament_desk.domain")) == []
    new = imported("new", "--help")  # its --rules lists the domain's presets: those, and still no database
    assert "tournament_desk.domain.rules" in new
    assert loaded(new, ("sqlalchemy", "tournament_desk.storage", *NOT_FOR_STANDINGS)) == []
