"""How the desk starts its own command line as a child process: from source, and in the installed app."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_desk.launch import cli_command


@pytest.mark.slow
def test_the_cli_route_as_a_process_is_tdesk(tmp_path: Path) -> None:
    path = tmp_path / "route.tdesk"
    help_ = subprocess.run([sys.executable, "-m", "tournament_desk", "--cli", "--help"],
                           capture_output=True, text=True, timeout=60)  # fmt: skip
    assert help_.returncode == 0 and help_.stdout.startswith("usage: tdesk")
    assert "standings" in help_.stdout
    program, args = cli_command(["demo", str(path), "--entrants", "6", "--played", "1"])
    assert subprocess.run([program, *args], capture_output=True, timeout=120).returncode == 0
    program, args = cli_command(["standings", str(path), "--json"])
    run = subprocess.run([program, *args], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert len(json.loads(run.stdout)["rows"]) == 6


def test_cli_command_from_source_is_this_python_with_dash_m(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(sys, "frozen", raising=False)
    assert cli_command(["serve", "F", "--json"]) == (
        sys.executable,
        ["-m", "tournament_desk.cli", "serve", "F", "--json"],
    )


def test_cli_command_in_the_installed_app_is_the_app_with_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/tournament-desk/tournament-desk")
    program, args = cli_command(["serve", "赛事.tdesk", "--port", "8765"])
    assert program == "/opt/tournament-desk/tournament-desk"
    assert args == ["--cli", "serve", "赛事.tdesk", "--port", "8765"]
    assert "-m" not in args
