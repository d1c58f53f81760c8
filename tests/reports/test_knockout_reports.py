"""The knockout by draw (rules.md §7.6) printed: the bracket (对阵图), each round's pairing sheet with its results and
byes, scoresheets without a draw, the placing as standings and ranking, certificates for places 1–3, the
workbook; and no cross-table. Every sheet is read back with poppler and compared with what ``tdesk round --json``
and ``tdesk standings --json`` say happened."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from tests.cli.conftest import Tdesk
from tests.reports import poppler
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants, rounds
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.output.export import export
from tournament_desk.services.results import levels as results

# Twelve names, none the start of another (a line holding one never holds it by accident).
NAMES = (
    "东方红队",
    "长江",
    "黄河之星",
    "泰山",
    "华山论剑",
    "峨眉",
    "昆仑",
    "武当",
    "青城",
    "崆峒",
    "天山",
    "雁荡",
)
STAGE_TABLE = 1  # round 1's table decided at 9 : 9 by the side on stage (away)


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def lines_with(text: str, *words: str) -> list[str]:
    """The lines of ``text`` holding every word as a whole token."""
    return [squeeze(line) for line in text.splitlines() if all(w in line.split() for w in words)]


def play_knockout(desk: Desk, *, stage_round: int = 1) -> int:
    """Pair and play every round: table 1 of ``stage_round`` at 9 : 9 won by the away side on stage, the
    others won by the home side (10 : 5). Returns the rounds played."""
    played = 0
    while True:
        try:
            view = rounds.pair_next_round(desk)
        except BadInput:  # every round is paired
            return played
        for t in view.tables:
            if view.round == stage_round and t.table == STAGE_TABLE:
                results.record_result(desk, view.round, t.table, "9", "9", on_stage="away")
            else:
                results.record_result(desk, view.round, t.table, "10", "5")
        played = view.round


def new_knockout(path: Path, names: tuple[str, ...], **settings: Any) -> Desk:
    desk = create_tournament(path, name="抽签淘汰赛", format="knockout", **settings)
    for i, name in enumerate(names):
        entrants.add_entrant(desk, name, unit=f"单位{i % 3}", players=f"{name}甲,{name}乙")
    entrants.draw(desk, seed=3)
    return desk


@pytest.fixture(scope="module")
def ko12(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, int]]:
    """12 entrants → a bracket of 16 (4 byes), a third-place match, every round played."""
    path = tmp_path_factory.mktemp("ko12") / "k.tdesk"
    desk = new_knockout(path, NAMES, third_place=True)
    played = play_knockout(desk)
    desk.close()
    yield path, played


@pytest.fixture(scope="module")
def ko12_pdfs(ko12: tuple[Path, int], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    poppler.require_poppler()
    path, played = ko12
    folder = tmp_path_factory.mktemp("ko12-pdf")
    out: dict[str, Path] = {}
    with Desk.open(path) as desk:
        for what in ("bracket", "standings", "ranking", "certificates"):
            out[what] = export(desk, what, folder / f"{what}.pdf")[0]
        for n in range(1, played + 1):
            out[f"pairings-{n}"] = export(desk, "pairings", folder / f"p{n}.pdf", round_no=n)[0]
        out["scoresheets-1"] = export(desk, "scoresheets", folder / "s1.pdf", round_no=1)[0]
    return out


def read(capsys: pytest.CaptureFixture[str], *args: object) -> Any:
    done = Tdesk(capsys, None)(*args, "--json")
    assert done.code == 0, done.err
    return done.json()


@pytest.mark.slow
def test_the_knockout_has_four_rounds_and_a_third_place_match(ko12: tuple[Path, int]) -> None:
    assert ko12[1] == 4


@pytest.mark.slow
@pytest.mark.system  # poppler reads the PDF back
def test_each_rounds_pairing_sheet_says_what_happened(
    ko12: tuple[Path, int], ko12_pdfs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path, played = ko12
    for n in range(1, played + 1):
        shown = read(capsys, "round", path, n)
        text = poppler.page_texts(ko12_pdfs[f"pairings-{n}"])[0]
        assert f"第 {n} 轮" in text
        for t in shown["tables"]:
            (line,) = lines_with(text, t["home"], t["away"])
            assert line.startswith(f"{t['table']} {t['home']} {t['away']}"), line
            assert (
                t["winner"] and line.split()[-1 if n > 1 or t["table"] != STAGE_TABLE else -2] == t["winner"]
            )
            levels = f"{t['home_level']}:{t['away_level']}"
            assert levels in line.replace(" ", ""), line
        if n == 1:  # the 9 : 9 table names the side on stage, who won
            stage = next(t for t in shown["tables"] if t["table"] == STAGE_TABLE)
            (line,) = lines_with(text, stage["home"], stage["away"])
            assert (
                "9:9" in line.replace(" ", "") and "台上：客队" in line and stage["winner"] == stage["away"]
            )
            # Four byes: the entrants without a table go through.
            seated = {side for t in shown["tables"] for side in (t["home"], t["away"])}
            byes = [name for name in NAMES if name not in seated]
            assert len(byes) == 4
            for name in byes:
                assert lines_with(text, name) == [f"— {name} 轮空 Bye {name} 直接晋级"]
        else:
            assert "轮空 Bye" not in text


@pytest.mark.system  # poppler reads the PDF back
def test_the_scoresheets_ask_for_the_winner_and_who_was_on_stage(
    ko12: tuple[Path, int], ko12_pdfs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    shown = read(capsys, "round", ko12[0], 1)
    pages = poppler.page_texts(ko12_pdfs["scoresheets-1"])
    assert len(pages) == len(shown["tables"])
    for page, t in zip(pages, shown["tables"], strict=True):
        assert t["home"] in page and t["away"] in page
        assert "台上" in page and "16 强赛" in page
        assert "赛前场分" not in page and "平局" not in page


@pytest.mark.slow
@pytest.mark.system  # poppler reads the PDF back
def test_the_bracket_shows_every_match_the_byes_and_the_podium(
    ko12: tuple[Path, int], ko12_pdfs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path, played = ko12
    pdf = ko12_pdfs["bracket"]
    tree = poppler.page_texts(pdf)[0]
    for title in ("16 强赛", "四分之一决赛", "半决赛", "决赛", "三四名决赛", "冠军"):
        assert title in tree
    assert tree.count("轮空 Bye") == 4
    for n in range(1, played + 1):
        for t in read(capsys, "round", path, n)["tables"]:
            assert t["home"] in tree and t["away"] in tree
    stage = next(t for t in read(capsys, "round", path, 1)["tables"] if t["table"] == STAGE_TABLE)
    (away_line,) = lines_with(tree, stage["away"], "台上")  # the on-stage mark beside the away side's level
    words = away_line.split()
    assert words[words.index(stage["away"]) + 1 : words.index("台上") + 2] == ["台上", "9"]
    final, third = read(capsys, "round", path, played)["tables"]
    assert (
        f"亚军 Runner-up {final['home'] if final['winner'] == final['away'] else final['away']}"
        in squeeze(tree)
    )
    assert f"季军 Third {third['winner']}" in squeeze(tree)
    assert "A1 =" not in tree  # no group stage: no origins explained
    assert all(embedded for _, embedded in poppler.fonts(pdf))


@pytest.mark.slow
@pytest.mark.system  # poppler reads the PDF back
def test_placing_pages_standings_and_ranking_follow_the_standings(
    ko12: tuple[Path, int], ko12_pdfs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    rows = read(capsys, "standings", ko12[0])["rows"]
    assert [r["placing"] for r in rows[:4]] == ["1", "2", "3", "4"]
    assert [r["placing"] for r in rows[4:]] == ["5–8"] * 4 + ["9–12"] * 4
    for what in ("bracket", "standings", "ranking"):
        text = "\n".join(poppler.page_texts(ko12_pdfs[what])[1 if what == "bracket" else 0 :])
        assert "最终名次" in text
        assert "组别" not in text and "Group" not in text  # a knockout by draw has no groups
        for r in rows:
            (line,) = lines_with(text, r["name"])
            assert line.startswith(f"{r['placing']} {r['name']} {r['unit']}"), line


@pytest.mark.system  # poppler reads the PDF back
def test_certificates_go_to_places_one_to_three(
    ko12_pdfs: dict[str, Path], ko12: tuple[Path, int], capsys: pytest.CaptureFixture[str]
) -> None:
    rows = read(capsys, "standings", ko12[0])["rows"]
    pages = poppler.page_texts(ko12_pdfs["certificates"])
    assert len(pages) == 3
    for page, row in zip(pages, rows, strict=False):
        assert row["name"] in page and f"第{row['placing']}名" in page.replace(" ", "")


@pytest.mark.slow
def test_no_cross_table_and_all_prints_what_applies(
    ko12: tuple[Path, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = ko12
    tdesk = Tdesk(capsys, None)
    refused = tdesk("export", path, "crosstable", "-o", tmp_path / "x.pdf")
    assert refused.code == 2 and "bracket" in refused.err and len(refused.err.strip().splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()
    done = tdesk("export", path, "all", "-o", tmp_path / "k.pdf")
    assert done.code == 0, done.err
    assert sorted(p.name for p in tmp_path.glob("k-*.pdf")) == sorted(
        f"k-{r}.pdf" for r in ("pairings", "scoresheets", "standings", "ranking", "certificates", "bracket")
    )
    assert tdesk("export", path, "all", "-o", tmp_path / "k.xlsx").code == 0
    book = load_workbook(tmp_path / "k.xlsx")
    assert {"对阵图", "淘汰赛名次"} <= set(book.sheetnames)
    placing = [r[:2] for r in book["淘汰赛名次"].iter_rows(min_row=2, values_only=True)]
    assert placing == [(r["placing"], r["name"]) for r in read(capsys, "standings", path)["rows"]]


@pytest.mark.slow
@pytest.mark.system  # poppler reads the PDF back
def test_without_a_third_place_match_the_semi_final_losers_share_third(tmp_path: Path) -> None:
    desk = new_knockout(tmp_path / "k8.tdesk", NAMES[:8])
    try:
        assert play_knockout(desk) == 3
        (pdf,) = export(desk, "certificates", tmp_path / "c.pdf")
        pages = [p.replace(" ", "") for p in poppler.page_texts(pdf)]
        assert [p for p in pages if "第3–4名" in p] == pages[2:] and len(pages) == 4
        tree = poppler.page_texts(export(desk, "bracket", tmp_path / "b.pdf")[0])[0]
        assert "三四名决赛" not in tree and "季军" not in tree
    finally:
        desk.close()


@pytest.mark.slow
def test_before_the_final_no_certificates_and_all_leaves_them_out(tmp_path: Path) -> None:
    desk = new_knockout(tmp_path / "k.tdesk", NAMES[:6])
    try:
        view = rounds.pair_next_round(desk)
        for t in view.tables:
            results.record_result(desk, view.round, t.table, "10", "5")
        with pytest.raises(BadInput) as refused:
            export(desk, "certificates", tmp_path / "c.pdf")
        assert "final" in str(refused.value)
        written = {p.name for p in export(desk, "all", tmp_path / "s.pdf")}
        assert "s-certificates.pdf" not in written and "s-bracket.pdf" in written
    finally:
        desk.close()
