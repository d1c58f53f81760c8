"""``tdesk``'s entry point: every failure is one sentence on stderr with its exit status, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tournament_desk.cli import main
from tournament_desk.cli.commands import Cli
from tournament_desk.cli.rounds import RoundCommands  # `tdesk pair` runs it alone (cli.dispatch)
from tournament_desk.domain.errors import BadInput, TournamentError


@pytest.mark.slow
def test_a_new_event_then_a_bad_input_is_exit_status_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "e.tdesk"
    assert main(["new", str(path), "--name", "杯"]) == 0
    capsys.readouterr()
    assert main(["result", str(path), "1", "1", "A", "9"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_an_error_of_the_core_keeps_its_exit_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: Cli) -> None:
        raise TournamentError("The file is busy.")

    monkeypatch.setattr(RoundCommands, "pair", refuse)
    assert main(["pair", str(tmp_path / "e.tdesk")]) == 1
    assert capsys.readouterr().err == "The file is busy.\n"
    monkeypatch.setattr(RoundCommands, "pair", lambda self: (_ for _ in ()).throw(BadInput("No.")))
    assert main(["pair", str(tmp_path / "e.tdesk")]) == 2


def test_an_unexpected_error_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def crash(self: Cli) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(RoundCommands, "pair", crash)
    assert main(["pair", str(tmp_path / "e.tdesk")]) == 1
    err = capsys.readouterr().err
    assert err == "Unexpected error: KeyError: 'boom'\n"


def test_unknown_words_are_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["pair", str(tmp_path / "e.tdesk"), "--nonsense"])
    assert exit_.value.code == 2
    assert "unrecognized arguments: --nonsense" in capsys.readouterr().err


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
