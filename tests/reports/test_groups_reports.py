"""Groups then knockout, printed and exported (rules.md §7.4, §10): the group tables, the bracket (对阵图) drawn on
A4 landscape, the final placing, the ranking and certificates from it, and the workbook's group and bracket
sheets, from events run through the services and read back with poppler and openpyxl."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.reports import poppler
from tests.web.events import play_groups
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.results import signed
from tournament_desk.i18n import render, tr
from tournament_desk.reports.layout import num
from tournament_desk.services import bracket as brackets
from tournament_desk.services import entrants, groups, rounds
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.output.export import export
from tournament_desk.services.results import levels as results
from tournament_desk.services.standings import current_standings


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def play_knockout_round(desk: Desk, rng: random.Random) -> None:
    """One knockout round: table 1 at equal levels (the away side on stage), the others at random levels."""
    view = rounds.pair_next_round(desk)
    for t in view.tables:
        if t.table == 1:
            results.record_result(desk, view.round, t.table, "9", "9", on_stage="away")
            continue
        home, away = rng.sample(range(2, 15), 2)
        results.record_result(desk, view.round, t.table, home, away)


def new_event(path: Path, teams: int, **settings: object) -> Desk:
    desk = create_tournament(path, name="分组淘汰杯 Cup", format="groups-knockout", **settings)  # type: ignore[arg-type]
    for i in range(1, teams + 1):
        entrants.add_entrant(desk, f"第{i:02d}队" if i % 5 else f"长名字的代表队{i}", unit=f"单位{i % 4}")
    entrants.draw(desk, seed=11)
    return desk


@pytest.fixture(scope="module")
def cup32(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desk]:
    """32 teams: 8 groups of 4 → a knockout of 16 → final, every result in."""
    desk = new_event(tmp_path_factory.mktemp("cup32") / "c.tdesk", 32)
    rng = random.Random(7)
    play_groups(desk, rng)
    groups.draw_knockout(desk, seed=5)
    for _ in range(4):
        play_knockout_round(desk, rng)
    yield desk
    desk.close()


@pytest.fixture(scope="module")
def cup20(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desk]:
    """20 teams: 5 groups → 10 plus the 5 thirds = 15 qualifiers in a knockout of 16 (one bye), a
    third-place match; the knockout drawn and its first round played."""
    desk = new_event(tmp_path_factory.mktemp("cup20") / "c.tdesk", 20, third_place=True)
    rng = random.Random(3)
    play_groups(desk, rng)
    stage = groups.group_stage(desk)
    if stage.waiting_for:  # thirds tied for the last places: the director's lot
        tied = [g.rows[2].entrant.name for g in stage.groups if len(g.rows) > 2]
        groups.record_lot(desk, groups.THIRDS, tied)
    groups.draw_knockout(desk, seed=9)
    play_knockout_round(desk, rng)
    yield desk
    desk.close()


@pytest.fixture(scope="module")
def cup32_pdfs(cup32: Desk, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    poppler.require_poppler()
    folder = tmp_path_factory.mktemp("cup32-pdf")
    return {
        what: export(cup32, what, folder / f"{what}.pdf")[0]
        for what in ("crosstable", "bracket", "ranking", "standings", "certificates")
    }


# --- the group tables --------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.system  # poppler reads the PDF back
def test_group_tables_show_every_group_grid_and_figures(cup32: Desk, cup32_pdfs: dict[str, Path]) -> None:
    pdf = cup32_pdfs["crosstable"]
    text = poppler.text(pdf)
    stage = groups.group_stage(cup32)
    assert "小组赛积分表" in text
    assert set(poppler.page_sizes(pdf)) == {poppler.A4_PORTRAIT}
    assert poppler.pages(pdf) == 2  # four groups of four to a page
    assert all(embedded and "WenQuanYiMicroHei" in name for name, embedded in poppler.fonts(pdf))
    for g in stage.groups:
        assert f"{g.name} 组" in text
        for row in g.rows:
            lines = text.splitlines()
            at = next(i for i, line in enumerate(lines) if f" {row.entrant.name} " in f" {line} ")
            line = lines[at]
            words = squeeze(line).split()
            # No., name, the grid's level cells, then points, 小分, rank and the mark
            tail = [num(row.mp), signed(row.level_diff or 0), str(row.rank)]
            if row.qualified:
                assert words[-4:] == [*tail, "出线"], line
            else:
                assert words[-3:] == tail, line
            # The row's levels against each opponent (its own level first) on the cells' first line, above.
            levels = [
                g.cells[(row.entrant.name, other)].levels.replace(" ", "")
                for other in g.members
                if other != row.entrant.name
            ]
            assert lines[at - 1].split() and "".join(lines[at - 1].split()) == "".join(levels), levels
    assert text.count("出线") >= len(stage.qualifiers)
    assert "淘汰赛 16 强，出线 16 队" in text


@pytest.mark.slow
@pytest.mark.system  # poppler reads the PDF back
def test_a_tie_that_needs_a_lot_is_marked_and_blocks_the_bracket(tmp_path: Path) -> None:
    """Two groups; group A all drawn at equal levels: all four tied on every criterion until the lot."""
    desk = new_event(tmp_path / "lot.tdesk", 8)
    try:
        rng = random.Random(1)
        while True:
            view = rounds.pair_next_round(desk)
            stage = groups.group_stage(desk)
            in_a = set(stage.groups[0].members)
            for t in view.tables:
                if t.home in in_a:
                    results.record_result(desk, view.round, t.table, "8", "8")
                else:
                    home, away = rng.sample(range(2, 15), 2)
                    results.record_result(desk, view.round, t.table, home, away)
            stage = groups.group_stage(desk)
            if all(g.complete for g in stage.groups):
                break
            # While a group plays, a tie is nothing to draw lots for: no mark yet.
            (pdf,) = export(desk, "crosstable", tmp_path / f"groups-{view.round}.pdf")
            text = poppler.text(pdf)
            assert "需摸牌" not in text
            assert not [line for line in text.splitlines() if line.rstrip().endswith("待摸牌")]
        tied = stage.groups[0].lot_needed
        assert len(tied) == 4
        (pdf,) = export(desk, "crosstable", tmp_path / "groups.pdf")
        text = poppler.text(pdf)
        assert f"需摸牌 Lot needed：{'、'.join(tied)}" in text
        for name in tied:
            line = next(line for line in text.splitlines() if f" {name} " in f" {line} ")
            assert squeeze(line).split()[-1] == "待摸牌", line
        assert "出线队尚未确定" in text

        # Before the knockout draw there is no bracket, in one translated sentence; nothing is written.
        with pytest.raises(BadInput) as refused:
            export(desk, "bracket", tmp_path / "bracket.pdf")
        template = refused.value.message.template
        assert (
            template == "The knockout has not been drawn yet: the bracket is printed after the knockout draw."
        )
        assert render(refused.value, "zh") == "淘汰赛尚未抽签：对阵图在淘汰赛抽签后才能打印。"
        assert not (tmp_path / "bracket.pdf").exists()
        with pytest.raises(BadInput) as no_certificates:
            export(desk, "certificates", tmp_path / "certificates.pdf")
        assert render(no_certificates.value, "zh") != str(no_certificates.value)
        # ``all`` leaves out what cannot be printed yet instead of refusing the whole set.
        written = export(desk, "all", tmp_path / "set.pdf")
        assert {p.name for p in written} == {
            f"set-{r}.pdf" for r in ("pairings", "scoresheets", "standings", "ranking", "crosstable")
        }

        groups.record_lot(desk, stage.groups[0].name, tied)
        groups.draw_knockout(desk, seed=2)
        (pdf,) = export(desk, "bracket", tmp_path / "bracket.pdf")
        page = poppler.page_texts(pdf)[0]
        assert "半决赛" in page and "决赛" in page
        lots = groups.group_stage(desk).groups[0]
        assert [r.rank for r in lots.rows] == [1, 2, 3, 4]
        assert tied[0] in page and tied[1] in page  # the lot's first two went through
    finally:
        desk.close()


def test_a_swiss_event_has_no_bracket(event: Desk, tmp_path: Path) -> None:
    with pytest.raises(BadInput) as refused:
        export(event, "bracket", tmp_path / "b.pdf")
    assert (
        refused.value.message.template == "This event has no knockout stage, so there is no bracket to print."
    )
    assert tr(refused.value.message.template, "zh") == "本赛事没有淘汰赛阶段，没有对阵图可打印。"


# --- the bracket ---------------------------------------------------------------------------------------------


@pytest.mark.system  # poppler reads the PDF back
def test_bracket_is_a_landscape_tree_with_every_match(cup32: Desk, cup32_pdfs: dict[str, Path]) -> None:
    pdf = cup32_pdfs["bracket"]
    view = brackets.bracket_view(cup32)
    assert view is not None
    assert set(poppler.page_sizes(pdf)) == {poppler.A4_LANDSCAPE}
    pages = poppler.page_texts(pdf)
    tree = pages[0]
    assert "对阵图" in tree
    for title in ("16 强赛", "四分之一决赛", "半决赛", "决赛", "冠军"):
        assert title in tree
    for rnd in view.rounds:
        for m in rnd:
            for side in (m.home, m.away):
                assert side and side in tree
    final = view.rounds[-1][0]
    assert final.winner and final.levels == "9 : 9" and final.on_stage == "away"
    assert final.winner == final.away
    assert "台上" in tree
    assert f"亚军 Runner-up {final.home}" in squeeze(tree)
    # The placing after the tree: 1, 2, 3–4, 5–8, then those out in the groups (17–32) with their group.
    placing = "\n".join(pages[1:])
    assert "最终名次" in placing
    for text, name, group in view.placing:
        assert re.search(rf"{re.escape(text)}\s+{re.escape(name)}\s+{group or ''}", placing), (text, name)
    counts = {
        t: sum(1 for p, _, _ in view.placing if p == t) for t in ("1", "2", "3–4", "5–8", "9–16", "17–32")
    }
    assert counts == {"1": 1, "2": 1, "3–4": 2, "5–8": 4, "9–16": 8, "17–32": 16}


@pytest.mark.system  # poppler reads the PDF back
def test_bracket_pages_render(cup32_pdfs: dict[str, Path], tmp_path: Path) -> None:
    for what in ("bracket", "crosstable"):
        pdf = cup32_pdfs[what]
        assert poppler.render(pdf, tmp_path / what) == poppler.pages(pdf)


@pytest.mark.slow
@pytest.mark.system  # poppler reads the PDF back
def test_byes_and_the_third_place_match(cup20: Desk, tmp_path: Path) -> None:
    view = brackets.bracket_view(cup20)
    assert view is not None
    byes = [m for m in view.rounds[0] if m.away is None or m.home is None]
    assert len(byes) == 1
    (pdf,) = export(cup20, "bracket", tmp_path / "b.pdf")
    tree = poppler.page_texts(pdf)[0]
    assert "轮空 Bye" in tree
    assert "三四名决赛" in tree
    lucky = byes[0].home or byes[0].away
    assert lucky and tree.count(lucky) == 2  # its bye in round 1 and its place in the quarter-finals
    for m in view.rounds[0]:
        if m.levels:
            home, _away = m.levels.split(" : ")
            line = next(line for line in tree.splitlines() if m.home and m.home in line)
            assert home in line.split()
    placing = "\n".join(poppler.page_texts(pdf)[1:])
    assert "名次" in placing and "最终名次" not in placing  # the knockout is still on
    # the workbook has the five groups and the bracket so far
    (xlsx,) = export(cup20, "all", tmp_path / "c.xlsx")
    wb = load_workbook(xlsx)
    assert [n for n in wb.sheetnames if n.endswith("组")] == ["A组", "B组", "C组", "D组", "E组"]
    rows = list(wb["对阵图"].iter_rows(min_row=2, values_only=True))
    assert ("轮空 Bye" in rows[view.rounds[0].index(byes[0])][3:5]) is True
    assert any(r[0] == "三四名决赛 Third place" for r in rows)


# --- ranking, certificates, workbook -------------------------------------------------------------------------


@pytest.mark.system  # poppler reads the PDF back
def test_ranking_and_standings_are_the_final_placing(cup32: Desk, cup32_pdfs: dict[str, Path]) -> None:
    table = current_standings(cup32)
    text = poppler.text(cup32_pdfs["ranking"])
    assert "最终名次" in text
    assert set(poppler.page_sizes(cup32_pdfs["ranking"])) == {poppler.A4_PORTRAIT}
    for row in table.rows[:8]:
        line = next(line for line in text.splitlines() if row.entrant.name in line.split())
        assert squeeze(line).split()[:2] == [row.placing, row.entrant.name], line
        assert row.entrant.unit and row.entrant.unit in line
    assert f"第 {table.after_round} 轮后" in poppler.text(cup32_pdfs["standings"])


@pytest.mark.system  # poppler reads the PDF back
def test_certificates_follow_the_placing(cup32: Desk, cup32_pdfs: dict[str, Path]) -> None:
    pdf = cup32_pdfs["certificates"]
    top = [r for r in current_standings(cup32).rows if r.rank <= 8]
    assert [r.placing for r in top] == ["1", "2", "3–4", "3–4", "5–8", "5–8", "5–8", "5–8"]
    pages = poppler.page_texts(pdf)
    assert len(pages) == 8
    for page, row in zip(pages, top, strict=True):
        assert row.entrant.name in page
        assert f"第{row.placing}名" in page.replace(" ", "")


@pytest.mark.slow
def test_workbook_has_group_sheets_and_the_bracket(cup32: Desk, tmp_path: Path) -> None:
    (out,) = export(cup32, "all", tmp_path / "cup.xlsx")
    wb = load_workbook(out)
    stage = groups.group_stage(cup32)
    view = brackets.bracket_view(cup32)
    assert view is not None
    names = wb.sheetnames
    assert names[:11] == ["参赛队", *(f"{g.name}组" for g in stage.groups), "对阵图", "淘汰赛名次"]
    assert "交叉表" not in names
    for g in stage.groups:
        ws = wb[f"{g.name}组"]
        header = [c.value for c in ws[1]]
        assert header == ["号 No.", "队名 Name", "1", "2", "3", "4", "积分 Points", "小分 Level diff.",
                          "名次 Rank", "出线 Qualified"]  # fmt: skip
        rows = list(ws.iter_rows(min_row=2, values_only=True))
        assert [r[1] for r in rows] == g.members
        ranked = {r.entrant.name: r for r in g.rows}
        for i, row in enumerate(rows):
            want = ranked[row[1]]
            assert row[2 + i] == "—"
            assert row[6:9] == (want.mp, want.level_diff, want.rank)
            assert row[9] == ("出线" if want.qualified else None)
            for j, other in enumerate(g.members):
                cell = g.cells.get((row[1], other))
                if cell is not None and cell.levels:
                    assert row[2 + j] == f"{cell.levels} ({cell.points:g})"
    bracket = list(wb["对阵图"].iter_rows(min_row=2, values_only=True))
    assert len(bracket) == 8 + 4 + 2 + 1
    assert [r[0] for r in bracket[:1]] == ["16 强赛 Round of 16"]
    final = view.rounds[-1][0]
    assert bracket[-1][0] == "决赛 Final"
    assert bracket[-1][2:7] == (final.table, final.home, final.away, "9 : 9", final.winner)
    assert "台上" in (bracket[-1][7] or "")
    placing = list(wb["淘汰赛名次"].iter_rows(min_row=2, values_only=True))
    assert [tuple(r[:3]) for r in placing] == [
        (p, n, g or next(x.name for x in stage.groups if n in x.members)) for p, n, g in view.placing
    ]
    standings = list(wb[names[-2]].iter_rows(values_only=True))
    assert "名次 Placing" in standings[0]


@pytest.mark.slow
def test_a_formula_name_is_written_as_text(tmp_path: Path) -> None:
    desk = create_tournament(tmp_path / "f.tdesk", name="杯", format="groups-knockout")
    try:
        for name in ("=1+2", "乙队", "丙队", "丁队"):
            entrants.add_entrant(desk, name)
        entrants.draw(desk, seed=1)
        play_groups(desk, random.Random(4))
        (out,) = export(desk, "all", tmp_path / "f.xlsx")
        ws = load_workbook(out)["A组"]
        cells = [c for row in ws.iter_rows(min_row=2) for c in row if c.value == "=1+2"]
        assert cells and all(c.data_type == "s" for c in cells)
    finally:
        desk.close()
