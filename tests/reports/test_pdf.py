"""Every PDF report of a demo event with Chinese names, read back with poppler."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.domain.sorting import name_key
from tournament_desk.reports.layout import num
from tournament_desk.services.desk import Desk
from tournament_desk.services.entrants import list_entrants
from tournament_desk.services.output.export import REPORTS, export
from tournament_desk.services.rounds import round_view
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.system  # poppler reads the PDF back


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_poppler_is_installed() -> None:
    poppler.require_poppler()


def test_all_writes_one_pdf_per_report_beside_the_name_given(pdfs: dict[str, Path]) -> None:
    assert sorted(pdfs) == sorted(REPORTS)
    for report, path in pdfs.items():
        assert path.name == f"event-{report}.pdf"
        assert path.is_file()
    assert not [p for p in next(iter(pdfs.values())).parent.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("report", REPORTS)
def test_the_cjk_font_is_embedded_and_the_only_font(pdfs: dict[str, Path], report: str) -> None:
    found = poppler.fonts(pdfs[report])
    assert found, "the PDF uses no font"
    assert all(embedded for _, embedded in found), found
    assert all("WenQuanYiMicroHei" in name for name, _ in found), found


@pytest.mark.parametrize("report", REPORTS)
def test_every_page_renders(pdfs: dict[str, Path], report: str, tmp_path: Path) -> None:
    expected = poppler.pages(pdfs[report])
    assert expected >= 1
    assert poppler.render(pdfs[report], tmp_path) == expected


def test_standings_show_every_figure_of_the_leader(event: Desk, pdfs: dict[str, Path]) -> None:
    table = current_standings(event)
    text = poppler.text(pdfs["standings"])
    assert f"第 {table.after_round} 轮后名次" in text
    for row in table.rows:
        line = next(line for line in text.splitlines() if row.entrant.name in line.split())
        figures = [str(row.rank), num(row.mp), num(row.vp), num(row.opp_mp), str(row.played)]
        assert squeeze(line).split()[:1] == [str(row.rank)], line
        assert all(f in line.split() for f in figures), (line, figures)
        assert row.entrant.unit and row.entrant.unit in line


def test_ranking_lists_units_and_players(event: Desk, pdfs: dict[str, Path]) -> None:
    text = poppler.text(pdfs["ranking"])
    leader = current_standings(event).rows[0]
    assert "最终名次" in text
    players = next(e.players for e in list_entrants(event) if e.name == leader.entrant.name)
    line = next(line for line in text.splitlines() if leader.entrant.name in line)
    assert "、".join(players) in line
    assert num(leader.mp) in line.split()


def test_pairing_sheet_by_table_then_find_your_table(event: Desk, pdfs: dict[str, Path]) -> None:
    view = round_view(event, 3)
    before = {r.entrant.name: r.mp for r in current_standings(event, after_round=2).rows}
    pages = poppler.page_texts(pdfs["pairings"])
    assert "对阵表" in pages[0] and "第 3 轮" in pages[0] and "第 1 页 / 共 2 页" in pages[0]
    for t in view.tables:
        line = next(line for line in pages[0].splitlines() if t.home in line)
        assert squeeze(line).split() == [
            str(t.table),
            t.home,
            num(before[t.home]),
            t.away,
            num(before[t.away]),
        ]
    find = pages[1]
    assert "查找桌号" in find and "第 2 页 / 共 2 页" in find
    seats = {t.home: (t.table, "主") for t in view.tables} | {t.away: (t.table, "客") for t in view.tables}
    positions = {name: find.index(name) for name in seats}
    for name, (table, seat) in seats.items():
        assert re.search(rf"{name}\s+{table}\s+{seat}", find), name
    # pinyin order down each column: compare within the left column (first rows of the page)
    left = [m.group(1) for m in re.finditer(r"^\s*[A-Z]?\s*(\S+队)\s+\d+\s+[主客]", find, re.MULTILINE)]
    assert left == sorted(left, key=name_key)
    assert len(positions) == 12


def test_the_bye_is_on_the_pairing_sheet(odd_event: Desk, tmp_path: Path) -> None:
    view = round_view(odd_event, 2)
    assert view.bye is not None
    (out,) = export(odd_event, "pairings", tmp_path / "p.pdf")
    text = poppler.text(out)
    assert re.search(rf"轮空\s+{view.bye}", text)
    assert "轮空：得 2.5 场分、12 标准分" in text and "Bye: 2.5 MP, 12 VP" in text


def test_pairing_sheet_of_an_earlier_round(event: Desk, tmp_path: Path) -> None:
    (out,) = export(event, "pairings", tmp_path / "r1.pdf", round_no=1)
    first = round_view(event, 1).tables[0]
    text = poppler.text(out)
    assert "第 1 轮" in text
    assert re.search(rf"1\s+{first.home}\s+0\s+{first.away}\s+0", text)


def test_one_scoresheet_per_table(event: Desk, pdfs: dict[str, Path]) -> None:
    view = round_view(event, 3)
    players = {e.name: e.players for e in list_entrants(event)}
    pages = poppler.page_texts(pdfs["scoresheets"])
    assert len(pages) == len(view.tables) == poppler.pages(pdfs["scoresheets"])
    for page, t in zip(pages, view.tables, strict=True):
        assert "记分表" in page and "第 3 轮" in page
        assert t.home in page and t.away in page
        assert "、".join(players[t.home]) in page and "、".join(players[t.away]) in page
        assert re.search(rf"桌号 Table\s+{t.table}\b", page) or f" {t.table}\n" in page
        assert "比赛结束后 5 分钟内由胜方交记录台；逾期按弃权处理" in page
        for label in ("庄家", "打几", "防家得分", "主队签名", "客队签名", "标准分", "场分"):
            assert label in page


def test_crosstable_shows_each_round(event: Desk, pdfs: dict[str, Path]) -> None:
    text = poppler.text(pdfs["crosstable"])
    assert "交叉表" in text and "第 3 轮" in text
    leader = current_standings(event).rows[0]
    for n in (1, 2, 3):
        t = next(t for t in round_view(event, n).tables if leader.entrant.name in (t.home, t.away))
        opponent = t.away if t.home == leader.entrant.name else t.home
        assert opponent in text
    line = next(line for line in text.splitlines() if leader.entrant.name in line)
    assert line.split()[-3:] == [num(leader.mp), num(leader.vp), num(leader.opp_mp)]


def test_certificates_for_the_top_eight(event: Desk, pdfs: dict[str, Path]) -> None:
    rows = [r for r in current_standings(event).rows if r.rank <= 8]
    pages = poppler.page_texts(pdfs["certificates"])
    assert len(pages) == len(rows)
    for page, row in zip(pages, rows, strict=True):
        compact = re.sub(r"\s+", "", page)  # large, letter-spaced type: pdftotext's spaces vary
        assert "荣誉证书" in compact
        assert f"第{row.rank}名" in compact
        assert row.entrant.name in compact
        assert row.entrant.unit and row.entrant.unit in compact
    w, h = _page_size(pdfs["certificates"])
    assert w > h  # landscape


def _page_size(pdf: Path) -> tuple[float, float]:
    info = poppler._run("pdfinfo", pdf)
    match = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info)
    assert match
    return float(match.group(1)), float(match.group(2))


@pytest.mark.parametrize("report", ["pairings", "scoresheets", "standings", "ranking"])
def test_portrait_a4(pdfs: dict[str, Path], report: str) -> None:
    w, h = _page_size(pdfs[report])
    assert (round(w), round(h)) == (595, 842)


def test_standings_after_an_earlier_round(event: Desk, tmp_path: Path) -> None:
    (out,) = export(event, "standings", tmp_path / "s1.pdf", round_no=1)
    table = current_standings(event, after_round=1)
    text = poppler.text(out)
    assert "第 1 轮后名次" in text
    leader = table.rows[0]
    line = next(line for line in text.splitlines() if leader.entrant.name in line)
    assert num(leader.mp) in line.split() and num(leader.vp) in line.split()
