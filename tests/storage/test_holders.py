"""storage.holders: naming the other programs that have a tournament file open."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tournament_desk.storage.holders import Holder, describe, file_holders


def test_describe_shows_at_most_three_then_how_many_more() -> None:
    holders = [Holder(i, f"p{i}") for i in range(1, 6)]
    assert describe(holders[:2]) == "p1 (1), p2 (2)"
    assert describe(holders) == "p1 (1), p2 (2), p3 (3) +2"
    assert describe([]) == ""


def test_this_process_is_not_a_holder(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    path.write_bytes(b"x")
    with path.open("rb"):
        assert file_holders(path) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_another_process_holding_the_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    path.write_bytes(b"x")
    script = tmp_path / "holdit.py"
    script.write_text(
        f"import sys, time\nf = open({str(path)!r})\nprint('open', flush=True)\nsys.stdin.read()\n"
    )
    child = subprocess.Popen(
        [sys.executable, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "open\n"
        found = file_holders(path)
    finally:
        child.communicate("")
    assert Holder(child.pid, "holdit.py") in found


def test_a_file_nobody_holds_has_no_holders(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    path.write_bytes(b"x")
    assert file_holders(path) == []
