"""Reading a round's printed sheets back (poppler, ``pdftotext -layout``) and comparing every table line with
``tdesk round --json`` (issue 27: what is printed is exactly what happened). Used by
``tests/gui/test_four_events_replay.py``.

The words a sheet must carry are written here from the round's JSON and the rules (a withdrawal's table says who
withdrew and what it decided, a rest is no bye), not taken from the program's own wording functions.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.cli.conftest import Tdesk

SIDE = {"home": "主队", "away": "客队", "both": "双方"}
DECIDED = {"annulled": "注销", "forfeit": "弃权"}
STATE_WORDS = ("退赛", "弃权", "注销", "判负", "迟交")
SEAT = {"home": "主 南北", "away": "客 东西"}
CJK = re.compile(r"[\u4e00-\u9fff]")


def pdf_pages(pdf: Path, crop: tuple[float, float, float, float] | None = None) -> list[str]:
    """The PDF's pages as ``pdftotext -layout`` lays them out (``crop``: x, y, width, height in points)."""
    area = [f"-{k}" for k in "xyWH"] if crop else []
    args = [a for pair in zip(area, [str(int(v)) for v in crop or ()], strict=True) for a in pair]
    done = subprocess.run(
        ["pdftotext", "-layout", *args, str(pdf), "-"], capture_output=True, text=True, check=True
    )
    return done.stdout.split("\f")[:-1]


def page_size(pdf: Path) -> tuple[float, float]:
    done = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    found = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", done.stdout)
    assert found is not None
    return float(found.group(1)), float(found.group(2))


@dataclass(frozen=True)
class Round:
    """A round as ``tdesk round --json`` has it, and who had withdrawn (name → after which round)."""

    number: int
    shown: dict[str, Any]
    withdrawn: dict[str, int]

    @property
    def tables(self) -> list[dict[str, Any]]:
        return list(self.shown["tables"])

    def gone_before(self, name: str) -> bool:
        """Whether ``name`` had withdrawn before this round was played."""
        return name in self.withdrawn and self.withdrawn[name] < self.number


def read_round(tdesk: Tdesk, path: Path, number: int) -> Round:
    shown = tdesk("round", path, number, "--json")
    assert shown.code == 0, shown.err
    listed = tdesk("entrant", "list", path, "--json")
    assert listed.code == 0, listed.err
    withdrawn = {
        e["name"]: e["withdrawn_after_round"]
        for e in listed.json()
        if e.get("withdrawn_after_round") is not None
    }
    return Round(number, shown.json(), withdrawn)


def expected_note(t: dict[str, Any]) -> str | None:
    """The Chinese note the table's 备注 must carry (None: none of the state words at all)."""
    if t.get("withdrawal"):
        assert t["state"] in DECIDED and t.get("side") in SIDE, t  # tdesk says which side withdrew
        return f"{SIDE[t['side']]}退赛：{DECIDED[t['state']]}"
    if t["state"] == "forfeit":
        return f"{SIDE[t['side']]}弃权" if t["side"] != "both" else "双方弃权"
    assert t["state"] in ("pending", "played"), t
    return None


def expected_seats(t: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """What the find-your-table list tells each side: its table and seat, or what it does instead and why."""
    sides = ("home", "away")
    if t["state"] in ("pending", "played", "late", "ruling") and not t.get("withdrawal"):
        return {t[s]: (str(t["table"]), SEAT[s]) for s in sides}
    against = {s for s in sides if t.get("side") in (s, "both")}
    if t.get("withdrawal"):
        other = ("轮休" if t["state"] == "annulled" else "不赛", "对手退赛")
        return {t[s]: ("退赛", "—") if s in against else other for s in sides}
    assert t["state"] == "forfeit", t
    return {t[s]: ("弃权", "—") if s in against else ("不赛", "对手弃权") for s in sides}


def check_no_playable_table_for_the_withdrawn(rnd: Round) -> None:
    """An entrant withdrawn before the round has no table to play: the round says the withdrawal decided it."""
    for t in rnd.tables:
        gone = [s for s in ("home", "away") if rnd.gone_before(t[s])]
        if gone:
            assert t.get("withdrawal") and t["state"] in DECIDED, (rnd.number, t)
            assert t["side"] == ("both" if len(gone) == 2 else gone[0]), (rnd.number, t)
    for name in (rnd.shown.get("bye"), *rnd.shown.get("rests", ())):
        assert name is None or not rnd.gone_before(name), (rnd.number, name)


def by_table_lines(page: str, tables: list[dict[str, Any]], home_first: bool = True) -> dict[int, str]:
    """Each table's line on the pairing sheet by table, with its note: the row (number, home, away) and the
    Chinese line just above it (a two-language note stands Chinese above, English below the row)."""
    lines = page.splitlines()
    found: dict[int, str] = {}
    for t in tables:
        rows = [
            i
            for i, line in enumerate(lines)
            if line.split()[:1] == [str(t["table"])]
            and re.search(rf"\s{re.escape(t['home'])}\s.*\s{re.escape(t['away'])}(\s|$)", line)
        ]
        assert len(rows) == 1, (t, page)
        i = rows[0]
        above = (
            lines[i - 1] if i and CJK.search(lines[i - 1]) and not lines[i - 1].split()[0].isdigit() else ""
        )
        found[t["table"]] = above + " " + lines[i]
    return found


def check_by_table(rnd: Round, page: str) -> None:
    """Every table's line on the sheet: its number, both entrants, and the state words of the round."""
    for t in rnd.tables:
        line = by_table_lines(page, [t])[t["table"]]
        want = expected_note(t)
        if want is None:
            assert not any(w in line for w in STATE_WORDS), (rnd.number, t, line)
        else:
            assert want in line, (rnd.number, t, want, line)


def check_rest_or_bye(rnd: Round, page: str) -> None:
    """The entrant without a table: a rest says rest (no score, never 轮空), a bye says its award."""
    name = rnd.shown.get("bye")
    if name is None:
        return
    (line,) = [line for line in page.splitlines() if re.search(rf"\s{re.escape(name)}\s", line)]
    if rnd.shown.get("bye_state") == "rest":
        assert line.split()[0] == "轮休" and "不赛，不计分" in line, line
        assert "轮空" not in page and "标准分" not in line, page  # a rest is not a bye
    else:
        assert line.split()[0] == "轮空" and re.search(r"轮空：得 \d+(\.\d+)? 场分、\d+ 标准分", line), line
        assert "轮休" not in page


def check_find_list(rnd: Round, text: str, byes: tuple[str, ...] = ()) -> None:
    """The find-your-table list: every entrant of the round, with its table and seat or what it does."""
    wanted: dict[str, tuple[str, str]] = {}
    for t in rnd.tables:
        wanted.update(expected_seats(t))
    if rnd.shown.get("bye"):
        wanted[rnd.shown["bye"]] = ("轮休" if rnd.shown.get("bye_state") == "rest" else "轮空", "—")
    wanted.update({name: ("轮休", "—") for name in rnd.shown.get("rests", ())})
    wanted.update({name: ("轮空", "—") for name in byes})
    for name, (table, seat) in wanted.items():
        pattern = rf"(^|\s){re.escape(name)}\s+{re.escape(table)}\s+{re.escape(seat)}(\s|$)"
        assert re.search(pattern, text, re.MULTILINE), (rnd.number, name, table, seat)


def check_scoresheets(rnd: Round, pages: list[str]) -> None:
    """A scoresheet per table, in table order: a blank sheet where the sides sit down, else the decision."""
    assert len(pages) == len(rnd.tables), (rnd.number, len(pages))
    for t, page in zip(rnd.tables, pages, strict=True):
        assert t["home"] in page and t["away"] in page, (t, page)
        head = "\n".join(page.splitlines()[:6])  # the table number box, top right
        assert "桌号 Table" in head and re.search(rf"\s{t['table']}$", head, re.MULTILINE), (t, head)
        if t.get("withdrawal") or t["state"] == "forfeit":
            who = "双方" if t["side"] == "both" else t[t["side"]]
            want = f"{who}退赛：{DECIDED[t['state']]}" if t.get("withdrawal") else f"{who}弃权"
            assert want in page and "本桌不进行比赛" in page and "终局级数" not in page, (t, page)
        else:
            assert "终局级数" in page and not any(w in page.split("终局级数")[0] for w in ("退赛", "注销")), t


def check_round_sheets(
    tdesk: Tdesk, path: Path, number: int, folder: Path, byes: tuple[str, ...] = ()
) -> Round:
    """Print the round's pairing sheet (with its find-your-table list) and scoresheets, read them back and
    compare every table line with ``tdesk round --json`` (``byes``: a knockout round's, from its bracket)."""
    rnd = read_round(tdesk, path, number)
    check_no_playable_table_for_the_withdrawn(rnd)
    pairings, sheets = folder / f"pairings-{number}.pdf", folder / f"scoresheets-{number}.pdf"
    for report, pdf in (("pairings", pairings), ("scoresheets", sheets)):
        done = tdesk("export", path, report, "--round", number, "-o", pdf)
        assert done.code == 0, done.err
    pages = pdf_pages(pairings)
    by_table = "\n".join(p for p in pages if "pairings by table" in p.lower())
    find = "\n".join(p for p in pages if "Find your table" in p)
    assert by_table and find
    check_by_table(rnd, by_table)
    check_find_list(rnd, find, byes)
    if rnd.shown.get("stage") != "knockout":
        check_rest_or_bye(rnd, by_table)
    check_scoresheets(rnd, pdf_pages(sheets))
    return rnd


def play(tdesk: Tdesk, path: Path, number: int, levels: Any = lambda t: ("9", "7")) -> None:
    """Every table of the round still to play, given a result through ``tdesk result`` (``levels(table)``)."""
    for t in tdesk("round", path, number, "--json").json()["tables"]:
        if t["state"] == "pending":
            done = tdesk("result", path, number, t["table"], *levels(t))
            assert done.code == 0, done.err
