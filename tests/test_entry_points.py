import subprocess
import sys


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
