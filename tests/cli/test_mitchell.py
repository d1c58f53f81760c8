"""``tdesk declarers`` and the boards of a Mitchell movement (rules.md §7.5, §12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tests.cli.test_mitchell_event import new_event

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def test_the_fixed_declarers_can_be_set_until_a_board_has_results(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "decl.tdesk"
    new_event(tdesk, path, 6, "--boards-per-round", "1")
    assert tdesk("declarers", path, "1:E", "2:W", "--reason", "牌套说明").code == 0
    assert tdesk("pair", path).code == 0
    shown = tdesk("result", path, 1, 1, "--board", 1, "--points", 40)
    assert shown.code == 0
    # Board 1 now has EW declaring, so NS defended: NS's result is +40 (it would be −40 with N declaring).
    line = shown.out.strip().splitlines()[-1].split()
    assert line[4:6] == ["40", "40"]
    before = tdesk.fingerprint(path)
    refused = tdesk("declarers", path, "1:N")
    assert refused.code == 2 and "1" in refused.err
    assert tdesk("declarers", path, "2:Q").code == 2
    assert tdesk.fingerprint(path) == before
