"""``tdesk lot``, ``groups`` and the knockout draw (SPEC §7.4, §12): a tie on everything waits for a recorded lot."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tests.cli.test_groups_knockout_event import group_rows, one_group

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def test_a_tie_on_everything_waits_for_the_recorded_lot(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "lot.tdesk"
    # 甲 and 乙 draw each other and win their other matches by 2; 丙 and 丁 draw and lose theirs by 2.
    # R1: 甲–丁 8:6, 乙–丙 9:7 · R2: 丁–丙 5:5, 甲–乙 7:7 · R3: 乙–丁 8:6, 丙–甲 7:9
    one_group(tdesk, path, [{1: ("8", "6"), 2: ("9", "7")}, {1: ("5", "5"), 2: ("7", "7")},
                            {1: ("8", "6"), 2: ("7", "9")}])  # fmt: skip
    rows = group_rows(tdesk, path)["A"]
    # They share the rank (listed by name in pinyin order): the program never invents the lot.
    assert [(r[0], r[1], r[2], r[3]) for r in rows] == [(1, "甲", 7.0, 4), (1, "乙", 7.0, 4),
                                                        (3, "丙", 1.0, -4), (3, "丁", 1.0, -4)]  # fmt: skip
    data = tdesk("standings", path, "--json").json()
    assert [r.get("lot_needed", False) for r in data["rows"]] == [True, True, True, True]
    before = tdesk.fingerprint(path)
    refused = tdesk("draw", path, "--stage", "knockout", "--seed", 1)
    assert refused.code == 2 and "甲" in refused.err and "乙" in refused.err and "摸牌" in refused.err
    wrong = tdesk("lot", path, "--group", "A", "--order", "甲,丙")
    assert wrong.code == 2 and "丙" in wrong.err
    missing = tdesk("lot", path, "--group", "B", "--order", "甲,乙")
    assert missing.code == 2 and "B" in missing.err
    assert tdesk.fingerprint(path) == before
    assert tdesk("lot", path, "--group", "A", "--order", "乙,甲", "--reason", "摸牌：乙 K，甲 7").code == 0
    rows = group_rows(tdesk, path)["A"]
    assert [(r[0], r[1]) for r in rows[:2]] == [(1, "乙"), (2, "甲")]
    trail = tdesk("audit", path, "--json").json()
    assert any(e["action"] == "lot" and e["reason"] == "摸牌：乙 K，甲 7" for e in trail)
    # The thirds cannot qualify in a knockout of two, so the 丙–丁 tie needs no lot.
    assert tdesk("draw", path, "--stage", "knockout", "--seed", 1).code == 0
    final = tdesk("pair", path, "--json").json()
    assert {final["tables"][0]["home"], final["tables"][0]["away"]} == {"甲", "乙"}
