"""``python -m tournament_desk`` and ``tournament-desk``: ``--cli ARGS`` is ``tdesk ARGS`` without Qt;
``--version`` prints the version."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import tournament_desk
from tournament_desk.__main__ import main


def test_tdesk_console_script_is_installed() -> None:
    from importlib.metadata import entry_points

    scripts = {e.name: e.value for e in entry_points(group="console_scripts")}
    assert scripts["tdesk"] == "tournament_desk.cli:main"
    assert scripts["tournament-desk"] == "tournament_desk.__main__:main"


@pytest.mark.slow
def test_the_cli_route_runs_a_command_without_loading_qt(tmp_path: Path) -> None:
    """In a fresh interpreter, as the installed app starts it: nothing of Qt may load for `--cli`."""
    path = tmp_path / "路由-route.tdesk"
    probe = (
        "import json, sys\n"
        "from tournament_desk.__main__ import main\n"
        f"sys.argv = ['tournament-desk', '--cli', 'new', {str(path)!r}, '--name', '金秋杯']\n"
        "code = main()\n"
        "print(json.dumps([code, sys.argv, sorted(m for m in sys.modules if m.startswith('PySide6'))]))\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    code, argv, qt = json.loads(run.stdout.splitlines()[-1])
    assert code == 0 and qt == []
    assert argv == ["tournament-desk", "new", str(path), "--name", "金秋杯"]  # tdesk read its own arguments
    assert path.is_file()


@pytest.mark.slow
def test_the_cli_route_called_as_a_function_passes_the_rest_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament-desk", "--cli", "new", str(tmp_path / "f.tdesk"), "--name", "x"]) == 0
    assert (tmp_path / "f.tdesk").is_file()
    capsys.readouterr()
    assert main(["tournament-desk", "--cli", "freeze", str(tmp_path / "f.tdesk"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"freeze_rounds": 0}


def test_version_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament-desk", "--version"]) == 0
    assert capsys.readouterr().out == f"Tournament Desk (赛事编排台) {tournament_desk.__version__}\n"
