"""Two stations writing the same table at the same moment (issue 15): every write is stored whole, and the
audit trail's "old value" of each is what the table held just before it (the write lock is taken before the
table is read), so the trail tells the truth about who overwrote whom."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.entrants import add_entrant
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

WRITER = """
import sys
from pathlib import Path
from tournament_desk.services.desk import Desk
from tournament_desk.services.results.levels import record_result
levels = sys.argv[2].split(",")
with Desk.open(Path(sys.argv[1]), station=sys.argv[3]) as desk:
    for i in range(40):
        record_result(desk, 1, 1, levels[i % len(levels)], "9")
"""


def test_two_stations_on_one_table_leave_a_truthful_trail(tmp_path: Path) -> None:
    path = tmp_path / "two.tdesk"
    with create_tournament(path, name="两站", rounds=1) as desk:
        for name in ("甲", "乙"):
            add_entrant(desk, name)
        pair_next_round(desk)
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), levels, station])
        for levels, station in (("Q,K", "A站"), ("10,J", "B站"))
    ]
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    with Desk.open(path) as desk:
        trail = [e for e in audit_trail(desk, round_no=1, table_no=1) if e.action == "result"]
    assert len(trail) == 80 and {e.station for e in trail} == {"A站", "B站"}
    for before, after in pairwise(trail):
        assert after.old == before.new, json.dumps([before.new, after.old], ensure_ascii=False)
