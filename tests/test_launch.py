import json
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_desk.launch import cli_command


def test_tdesk_help_lists_the_commands() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tournament_desk.cli", "--help"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0
    for command in (
        "new",
        "entrant",
        "draw",
        "demo",
        "pair",
        "result",
        "forfeit",
        "deduct",
        "standings",
        "audit",
    ):
        assert command in run.stdout


def test_tdesk_console_script_is_installed() -> None:
    from importlib.metadata import entry_points

    scripts = {e.name: e.value for e in entry_points(group="console_scripts")}
    assert scripts["tdesk"] == "tournament_desk.cli:main"
    assert scripts["tournament-desk"] == "tournament_desk.__main__:main"


# --- the command line of this very program (issue 17): `tournament-desk --cli ARGS` is `tdesk ARGS` ---------


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


def test_the_cli_route_called_as_a_function_passes_the_rest_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tournament_desk.__main__ import main

    assert main(["tournament-desk", "--cli", "new", str(tmp_path / "f.tdesk"), "--name", "x"]) == 0
    assert (tmp_path / "f.tdesk").is_file()
    capsys.readouterr()
    assert main(["tournament-desk", "--cli", "freeze", str(tmp_path / "f.tdesk"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"freeze_rounds": 0}


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
