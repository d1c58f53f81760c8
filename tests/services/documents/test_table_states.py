"""Issue 27: what is printed is exactly what happened. A round robin and a Swiss event with a withdrawal, run
through ``tdesk``; each round's pairing sheet and scoresheets are printed to real PDFs, read back (poppler) and
every table line compared with ``tdesk round --json``: a table decided by a withdrawal says 退赛 and 注销 or 弃权
as the round says, its scoresheet is the decision (not a blank sheet), the find-your-table list tells each side
what it does, a rest says rest and a bye its award.

The expected words are written here from the round's JSON, not taken from the program's own wording.
"""

from __future__ import annotations

import html
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Tdesk
from tests.reports import poppler

pytestmark = [pytest.mark.system, pytest.mark.slow]  # poppler; whole events

SIDE = {"home": "主队", "away": "客队", "both": "双方"}
DECIDED = {"annulled": "注销", "forfeit": "弃权"}
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


@pytest.fixture
def tdesk(capsys: pytest.CaptureFixture[str]) -> Tdesk:
    return Tdesk(capsys, None)


@dataclass(frozen=True)
class Word:
    x: float  # left edge
    mid_x: float
    mid_y: float
    text: str


def first_page_words(pdf: Path) -> list[Word]:
    """The words of the pairing sheet's first page, with where they stand."""
    done = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return [
        Word(float(x0), (float(x0) + float(x1)) / 2, (float(y0) + float(y1)) / 2, html.unescape(text))
        for x0, y0, x1, y1, text in WORD.findall(done.stdout)
    ]


def notes_by_row(pdf: Path, names: list[str]) -> dict[str, str]:
    """Each row's 备注, by the name in its home column: the words of the note column nearest the row."""
    words = first_page_words(pdf)
    header = next(w for w in words if w.text == "备注")
    anchors = {name: next(w for w in words if w.text == name) for name in names}
    notes: dict[str, list[str]] = {name: [] for name in names}
    for w in words:
        figure = re.fullmatch(r"[\d.]+", w.text) is not None  # an MP column's, not a note's
        if w.x > header.mid_x - 60 and w.mid_y > header.mid_y + 20 and not figure:
            nearest = min(anchors, key=lambda n: abs(anchors[n].mid_y - w.mid_y))
            if abs(anchors[nearest].mid_y - w.mid_y) < 11:
                notes[nearest].append(w.text)
    return {name: " ".join(parts) for name, parts in notes.items()}


def by_withdrawal(t: dict[str, Any], gone: set[str]) -> bool:
    """Whether a withdrawal decided the table: annulled or forfeited, with a side that has withdrawn."""
    return t["state"] in DECIDED and bool({t["home"], t["away"]} & gone)


def withdrawn_side(t: dict[str, Any], gone: set[str]) -> str:
    if t.get("side"):
        return str(t["side"])
    sides = [s for s in ("home", "away") if t[s] in gone]
    return "both" if len(sides) == 2 else sides[0]


def expected_note(t: dict[str, Any], gone: set[str]) -> str:
    """The 备注 the round's JSON calls for: a withdrawal's table says who withdrew and what it decided."""
    if by_withdrawal(t, gone):
        return f"{SIDE[withdrawn_side(t, gone)]}退赛：{DECIDED[t['state']]}"
    assert t["state"] in ("pending", "played"), t
    return ""


def expected_seats(t: dict[str, Any], gone: set[str]) -> dict[str, tuple[str, str]]:
    """What the find-your-table list says of each side of the table: its table and seat, or what it does."""
    if not by_withdrawal(t, gone):
        return {t["home"]: (str(t["table"]), "主 南北"), t["away"]: (str(t["table"]), "客 东西")}
    side = withdrawn_side(t, gone)
    other = "轮休" if t["state"] == "annulled" else "不赛"
    return {t[s]: ("退赛", "—") if side in (s, "both") else (other, "对手退赛") for s in ("home", "away")}


def check_round(tdesk: Tdesk, path: Path, round_no: int, gone: set[str], folder: Path) -> dict[str, Any]:
    """Print the round's pairing sheet and scoresheets and compare every table with ``round --json``."""
    shown = tdesk("round", path, round_no, "--json").json()
    pairings, sheets = folder / f"p{round_no}.pdf", folder / f"s{round_no}.pdf"
    assert tdesk("export", path, "pairings", "--round", round_no, "-o", pairings).code == 0
    assert tdesk("export", path, "scoresheets", "--round", round_no, "-o", sheets).code == 0
    tables = shown["tables"]
    # By table: every row's note as the round says it.
    notes = notes_by_row(pairings, [t["home"] for t in tables])
    for t in tables:
        want = expected_note(t, gone)
        assert (want in notes[t["home"]]) if want else ("退赛" not in notes[t["home"]]), (t, notes[t["home"]])
        assert "弃权" not in notes[t["home"]] or want, (t, notes)
    # The find-your-table list: each side's table and seat, or what it does instead and why.
    find = "\n".join(poppler.page_texts(pairings)[1:])
    for t in tables:
        for name, (table, seat) in expected_seats(t, gone).items():
            assert re.search(rf"(^|\s){re.escape(name)}\s+{re.escape(table)}\s+{re.escape(seat)}", find), (
                name,
                table,
                seat,
            )
    # The scoresheets: a page per table, the decision where a withdrawal decided it.
    pages = poppler.page_texts(sheets)
    assert len(pages) == len(tables)
    for t, page in zip(tables, pages, strict=True):
        assert t["home"] in page and t["away"] in page
        if by_withdrawal(t, gone):
            side = withdrawn_side(t, gone)
            who = "双方" if side == "both" else t[side]
            assert f"{who}退赛：{DECIDED[t['state']]}" in page and "本桌不进行比赛" in page, page
            assert "终局级数" not in page
        else:
            assert "终局级数" in page and "退赛" not in page
    assert [t.get("withdrawal", False) for t in tables] == [
        by_withdrawal(t, gone) for t in tables
    ]  # JSON says so
    return shown


def play(tdesk: Tdesk, path: Path, round_no: int) -> None:
    for t in tdesk("round", path, round_no, "--json").json()["tables"]:
        if t["state"] == "pending":
            assert tdesk("result", path, round_no, t["table"], "9", "7").code == 0


def test_a_round_robin_withdrawal_before_half_prints_annulled_and_rests(
    tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = ["峨眉队", "黄山队", "泰山队", "华山队", "衡山队", "嵩山队", "庐山队"]
    path = tmp_path / "rr.tdesk"
    assert tdesk("new", path, "--name", "循环赛", "--format", "round-robin").code == 0
    for name in names:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", ",".join(names)).code == 0
    for round_no in (1, 2):
        assert tdesk("pair", path).code == 0
        play(tdesk, path, round_no)
    assert tdesk("entrant", "withdraw", path, "峨眉队", "--after-round", 2, "--reason", "退赛").code == 0
    assert tdesk("pair", path).code == 0
    gone = {"峨眉队"}
    shown = {round_no: check_round(tdesk, path, round_no, gone, tmp_path) for round_no in (1, 2, 3)}
    assert sum(by_withdrawal(t, gone) for r in shown.values() for t in r["tables"]) >= 2  # annulled, round 3
    for round_no, r in shown.items():
        rest = r["bye"]
        assert rest is not None and r["bye_state"] == "rest"
        text = poppler.page_texts(tmp_path / f"p{round_no}.pdf")[0]
        line = next(line for line in text.splitlines() if rest in line)
        assert "轮休" in line and "轮空" not in text and "标准分" not in line  # a rest is not a bye
    monkeypatch.setenv("TDESK_LANG", "zh")  # tdesk words the table as the sheet does
    row = next(line for line in tdesk("round", path, 3).out.splitlines() if "峨眉队" in line)
    assert "峨眉队退赛：注销" in row  # by name: the round's table stores the side that withdrew


def test_a_swiss_withdrawal_prints_its_forfeit_and_the_bye_its_award(tdesk: Tdesk, tmp_path: Path) -> None:
    names = ["厦门一队", "厦门二队", "四川一队", "四川二队", "广东一队", "广东二队", "江苏一队", "江苏二队"]
    path = tmp_path / "swiss.tdesk"
    assert tdesk("new", path, "--name", "瑞士移位赛", "--rounds", 4).code == 0
    for name in names:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("pair", path).code == 0
    play(tdesk, path, 1)
    assert tdesk("pair", path).code == 0  # round 2 is paired; then 四川二队 withdraws
    assert (
        tdesk("entrant", "withdraw", path, "四川二队", "--after-round", 1, "--reason", "家中有事").code == 0
    )
    gone = {"四川二队"}
    shown = check_round(tdesk, path, 2, gone, tmp_path)
    forfeits = [t for t in shown["tables"] if by_withdrawal(t, gone)]
    assert [t["state"] for t in forfeits] == ["forfeit"]
    play(tdesk, path, 2)
    assert tdesk("pair", path).code == 0  # seven left: a bye
    third = check_round(tdesk, path, 3, gone, tmp_path)
    assert all("四川二队" not in (t["home"], t["away"]) for t in third["tables"])
    text = poppler.page_texts(tmp_path / "p3.pdf")[0]
    line = next(line for line in text.splitlines() if third["bye"] in line)
    assert re.search(r"轮空：得 \d+(\.\d+)? 场分、\d+ 标准分", line) and "轮休" not in text
