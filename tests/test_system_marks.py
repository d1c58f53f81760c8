"""The ``system`` mark stays honest (tests/conftest.py): a test without it that starts PostgreSQL's server, chromium,
poppler or zbarimg fails here, where they are installed, instead of only where `dev.py test --quick` runs without
them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import UnmarkedSystemTool


@pytest.mark.parametrize(
    ("argv", "tool"),
    [
        (["pdftotext", "-v"], "pdftotext"),
        (["/usr/bin/zbarimg", "--version"], "zbarimg"),
        (["runuser", "-u", "postgres", "--", "/usr/lib/postgresql/17/bin/initdb", "-D", "x"], "initdb"),
    ],
)
def test_an_unmarked_test_may_not_start_a_system_tool(argv: list[str], tool: str) -> None:
    with pytest.raises(UnmarkedSystemTool, match=f"^{tool} is a system tool"):
        subprocess.run(argv, capture_output=True, check=False)


def test_an_unmarked_test_starts_any_other_program() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "print('pdftotext')"], capture_output=True, text=True, check=True
    )
    assert done.stdout == "pdftotext\n"
