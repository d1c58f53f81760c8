"""Knockout rounds into a round-robin final (rules.md §7.7) printed: the bracket of the knockout rounds (ending in the
finalists, no champion), the final's cross-table, the placing with the finalists' figures and blank ones for the
entrants knocked out before, certificates for places 1–3 once the final is over; read back with poppler and
compared with ``tdesk round --json`` and ``tdesk standings --json``."""

from __future__ import annotations

import random
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

NAMES = tuple(f"{city}队" for city in (
    "北京", "上海", "广州", "深圳", "杭州", "南京", "成都", "重庆", "武汉", "西安",
    "长沙", "郑州", "济南", "青岛", "大连", "沈阳", "哈尔滨", "昆明", "贵阳", "南宁",
))  # fmt: skip
KNOCKOUT_ROUNDS = 3  # 20 entrants: a bracket of 32, played until 4 remain (32 → 16 → 8 → 4)


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def lines_with(text: str, *words: str) -> list[str]:
    return [squeeze(line) for line in text.splitlines() if all(w in line.split() for w in words)]


def read(capsys: pytest.CaptureFixture[str], *args: object) -> Any:
    done = Tdesk(capsys, None)(*args, "--json")
    assert done.code == 0, done.err
    return done.json()


def play(desk: Desk, until: int | None = None) -> int:
    """Pair and play round after round (up to ``until``): knockout tables won 10 : 5 by the home side but
    table 1 of round 1 (9 : 9, the home side on stage); the final's at seeded random levels."""
    rng = random.Random(4)
    played = 0
    while until is None or played < until:
        try:
            view = rounds.pair_next_round(desk)
        except BadInput:
            break
        for t in view.tables:
            if view.round > KNOCKOUT_ROUNDS:
                results.record_result(desk, view.round, t.table, rng.randint(3, 12), rng.randint(3, 12))
            elif view.round == 1 and t.table == 1:
                results.record_result(desk, view.round, t.table, "9", "9", on_stage="home")
            else:
                results.record_result(desk, view.round, t.table, "10", "5")
        played = view.round
    return played


def new_event(path: Path) -> Desk:
    desk = create_tournament(path, name="喜羊羊杯", format="knockout-round-robin", finalists=4)
    for i, name in enumerate(NAMES):
        entrants.add_entrant(desk, name, unit=f"单位{i % 4}")
    entrants.draw(desk, seed=3)
    return desk


@pytest.fixture(scope="module")
def krr(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, Path], dict[str, Path]]]:
    """The event printed twice: when the knockout rounds are over (before the final), and at the end."""
    poppler.require_poppler()
    folder = tmp_path_factory.mktemp("krr")
    path = folder / "x.tdesk"
    desk = new_event(path)
    try:
        assert play(desk, KNOCKOUT_ROUNDS) == KNOCKOUT_ROUNDS
        before = {w: export(desk, w, folder / f"before-{w}.pdf")[0] for w in ("bracket", "standings")}
        assert play(desk) == KNOCKOUT_ROUNDS + 3
        after = {
            w: export(desk, w, folder / f"{w}.pdf")[0]
            for w in ("bracket", "standings", "ranking", "crosstable", "certificates")
        }
        after["pairings-1"] = export(desk, "pairings", folder / "p1.pdf", round_no=1)[0]
        after["pairings-4"] = export(desk, "pairings", folder / "p4.pdf", round_no=4)[0]
    finally:
        desk.close()
    yield path, before, after


@pytest.mark.slow
@pytest.mark.system  # poppler reads the PDF back
def test_the_bracket_prints_the_knockout_rounds_into_the_final(
    krr: tuple[Path, dict[str, Path], dict[str, Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, before, after = krr
    finalists = [t for t in read(capsys, "round", path, KNOCKOUT_ROUNDS)["tables"]]
    going_on = {t["winner"] for t in finalists}
    assert len(going_on) == 4
    for pdf in (before["bracket"], after["bracket"]):
        tree = poppler.page_texts(pdf)[0]
        assert "循环赛决赛" in tree and "四分之一决赛" in tree
        assert "半决赛" not in tree and "冠军" not in tree and "三四名决赛" not in tree
        for n in range(1, KNOCKOUT_ROUNDS + 1):
            for t in read(capsys, "round", path, n)["tables"]:
                assert t["home"] in tree and t["away"] in tree
        for name in going_on:  # each finalist: its last knockout match and its place in the final's column
            assert tree.count(name) >= 2
        assert tree.count("轮空 Bye") == 12
        stage = read(capsys, "round", path, 1)["tables"][0]
        (line,) = lines_with(tree, stage["home"], "台上")
        assert stage["winner"] == stage["home"]
    placing = "\n".join(poppler.page_texts(after["bracket"])[1:])
    assert "最终名次" in placing
    for r in read(capsys, "standings", path)["rows"]:
        (line,) = lines_with(placing, r["name"])
        assert line.startswith(f"{r['placing']} {r['name']}"), line


@pytest.mark.system  # poppler reads the PDF back
def test_before_the_final_the_standings_are_the_knockouts_placing(
    krr: tuple[Path, dict[str, Path], dict[str, Path]],
) -> None:
    text = poppler.text(krr[1]["standings"])
    assert "名次" in text and "最终名次" not in text
    assert len([line for line in text.splitlines() if squeeze(line).startswith("1–4 ")]) == 4


@pytest.mark.system  # poppler reads the PDF back
def test_the_final_placing_has_the_finalists_figures_and_blanks(
    krr: tuple[Path, dict[str, Path], dict[str, Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, after = krr
    shown = read(capsys, "standings", path)
    rows = shown["rows"]
    assert [r["placing"] for r in rows] == ["1", "2", "3", "4", *["5–8"] * 4, *["9–16"] * 8, *["17–20"] * 4]
    for what in ("standings", "ranking"):
        text = poppler.text(after[what])
        for r in rows:
            (line,) = lines_with(text, r["name"])
            words = line.split()
            assert words[:3] == [r["placing"], r["name"], r["unit"]], line
            if r["qualified"]:  # a finalist: its VP and MP as the standings have them
                assert f"{r['vp']:g}" in words[3:] and f"{r['mp']:g}" in words[3:], line
            else:  # knocked out before the final: no figures at all (not 0)
                assert words[3:] == [], line


@pytest.mark.system  # poppler reads the PDF back
def test_the_final_cross_table_has_every_final_match(
    krr: tuple[Path, dict[str, Path], dict[str, Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, after = krr
    text = poppler.text(after["crosstable"])
    assert "循环赛交叉表" in text
    finalists = [r for r in read(capsys, "standings", path)["rows"] if r["qualified"]]
    for r in finalists:
        (line,) = lines_with(text, r["name"])
        assert line.split()[-1] == str(r["rank"]) and f"{r['vp']:g}" in line.split()
    for r in read(capsys, "standings", path)["rows"][4:]:
        assert r["name"] not in text
    for n in range(KNOCKOUT_ROUNDS + 1, KNOCKOUT_ROUNDS + 4):
        for t in read(capsys, "round", path, n)["tables"]:
            levels = f"{t['home_level']}:{t['away_level']}"
            assert levels in text.replace(" ", "")


@pytest.mark.system  # poppler reads the PDF back
def test_certificates_for_the_final_places_one_to_three(
    krr: tuple[Path, dict[str, Path], dict[str, Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, after = krr
    rows = read(capsys, "standings", path)["rows"]
    pages = poppler.page_texts(after["certificates"])
    top = [r for r in rows if r["rank"] <= 3]
    assert len(pages) == len(top) >= 3
    for page, r in zip(pages, top, strict=True):
        assert r["name"] in page and f"第{r['placing']}名" in page.replace(" ", "")


@pytest.mark.system  # poppler reads the PDF back
def test_a_rounds_pairing_sheet_is_its_stages(
    krr: tuple[Path, dict[str, Path], dict[str, Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, after = krr
    knockout = poppler.page_texts(after["pairings-1"])[0]
    assert "32 强赛对阵表" in knockout and "胜者" in knockout
    for t in read(capsys, "round", path, 1)["tables"]:
        (line,) = lines_with(knockout, t["home"], t["away"])
        assert t["winner"] in line.split()
    final = poppler.page_texts(after["pairings-4"])[0]
    assert "对阵表" in final and "胜者" not in final
    for t in read(capsys, "round", path, 4)["tables"]:
        assert lines_with(final, t["home"], t["away"])


@pytest.mark.slow
def test_before_the_final_its_cross_table_and_the_certificates_wait(tmp_path: Path) -> None:
    desk = new_event(tmp_path / "x.tdesk")
    try:
        play(desk, 1)
        for what, words in (("crosstable", "has not started yet"), ("certificates", "final placing")):
            with pytest.raises(BadInput) as refused:
                export(desk, what, tmp_path / f"{what}.pdf")
            assert words in str(refused.value)
        written = {p.name for p in export(desk, "all", tmp_path / "s.pdf")}
        assert written == {
            f"s-{w}.pdf" for w in ("pairings", "scoresheets", "standings", "ranking", "bracket")
        }
    finally:
        desk.close()


@pytest.mark.system  # poppler reads the PDF back
def test_the_workbook_has_the_bracket_the_final_and_blank_figures(
    krr: tuple[Path, dict[str, Path], dict[str, Path]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = krr[0]
    with Desk.open(path) as desk:
        (out,) = export(desk, "all", tmp_path / "x.xlsx")
    book = load_workbook(out)
    assert {"对阵图", "交叉表"} <= set(book.sheetnames)
    bracket = list(book["对阵图"].iter_rows(min_row=2, values_only=True))
    assert len(bracket) == 16 + 8 + 4  # the knockout rounds only
    sheet = book[next(n for n in book.sheetnames if n.endswith("轮后名次"))]
    header = [c.value for c in sheet[1]]
    rows = {r[1]: dict(zip(header, r, strict=True)) for r in sheet.iter_rows(min_row=2, values_only=True)}
    for r in read(capsys, "standings", path)["rows"]:
        row = rows[r["name"]]
        assert row["名次 Placing"] == r["placing"]
        assert (row["标准分 VP"], row["场分 MP"]) == ((r["vp"], r["mp"]) if r["qualified"] else (None, None))
