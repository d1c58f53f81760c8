"""The duplicate scoresheet's room label (issue 27): "闭室 Closed room", the wider, ends clear of the table
number's box, on every page, read back from the PDF (pdftotext -bbox)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.reports.layout import MARGIN
from tournament_desk.reports.scoresheets.frame import BOX_W, W
from tournament_desk.services import documents
from tournament_desk.services import entrants as es
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>')


@pytest.mark.slow
@pytest.mark.system
def test_the_room_label_ends_before_the_table_box(tmp_path: Path) -> None:
    poppler.require_poppler()
    desk = create_tournament(tmp_path / "dup.tdesk", name="复式团体赛", scoring="duplicate", rounds=3)
    try:
        for name in ("南京大学第二代表队", "东南大学教工队", "丙队", "丁队"):
            es.add_entrant(desk, name, players=f"{name[:2]}甲,{name[:2]}乙,{name[:2]}丙,{name[:2]}丁")
        es.draw(desk, seed=1)
        pair_next_round(desk, publish=False)  # a draft: the round's line is at its longest
        pdf = tmp_path / "sheets.pdf"
        documents.make(desk, "scoresheets")(pdf)
    finally:
        desk.close()
    done = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True)
    words = [(float(x0), float(y0), float(x1), text) for x0, y0, x1, text in WORD.findall(done.stdout)]
    box_left = W - MARGIN - BOX_W
    labels = [w for w in words if w[3] in ("Open", "Closed") and w[1] < 120]  # the head of each page
    rooms = [w for w in words if w[3] == "room" and w[1] < 120]
    assert {w[3] for w in labels} == {"Open", "Closed"} and len(rooms) == len(labels) == 4  # two tables
    assert all(x1 < box_left - 4 for _, _, x1, _ in rooms), (rooms, box_left)
    draft = [w for w in words if w[3] == "Draft" and w[1] < 120]
    assert draft and all(d[2] < min(w[0] for w in labels) for d in draft)  # the round's line, clear of it
