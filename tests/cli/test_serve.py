"""``tdesk freeze`` and ``tdesk serve``'s parser: the public standings frozen from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.events import public_event
from tournament_desk.cli import main
from tournament_desk.cli.parser import build_parser
from tournament_desk.cli.serve import serve_command


@pytest.mark.slow
def test_freeze_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    public_event(tmp_path / "s.tdesk").close()
    f = str(tmp_path / "s.tdesk")
    assert main(["freeze", f, "2", "--json"]) == 0
    assert capsys.readouterr().out.strip() == '{"freeze_rounds": 2}'
    assert main(["freeze", f]) == 0 and "last 2 rounds" in capsys.readouterr().out
    assert main(["freeze", f, "99"]) == 2 and "0 to 30" in capsys.readouterr().err


def test_serve_reads_its_options() -> None:
    args = build_parser().parse_args(["serve", "e.tdesk", "--port", "9000", "--json"])
    assert (args.port, args.host, args.json, args.run) == (9000, "0.0.0.0", True, serve_command)
    defaults = build_parser().parse_args(["serve", "e.tdesk"])
    assert (defaults.port, defaults.json) == (None, False)  # no port asked for: 8765 or the next free one
