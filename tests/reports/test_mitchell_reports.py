"""The Mitchell pairs event printed and exported (rules.md §7.5, §10): guide cards, travellers, the board recap,
the NS and EW rankings, certificates per direction and the workbook, built through the services and read
back with poppler and openpyxl against ``movement_view``, ``traveller`` and ``current_standings``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.reports import poppler
from tests.reports.mitchell_events import (
    FORMULA,
    KINDS,
    Files,
    crop_text,
    export_all,
    flat,
    label,
    new_event,
    play,
)
from tournament_desk.domain.errors import BadInput
from tournament_desk.reports.guide_cards import boards_text, where
from tournament_desk.reports.layout import num
from tournament_desk.services.desk import Desk
from tournament_desk.services.output.export import CHOICES, export
from tournament_desk.services.results.deductions import deduct
from tournament_desk.services.results.pair_boards import movement_view, traveller
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings


@pytest.fixture(scope="module")
def seven(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desk]:
    """7 tables, 7 rounds all played; a penalty in round 2 and a 0.5 deduction."""
    folder = tmp_path_factory.mktemp("mitchell7")
    desk = new_event(folder / "m7.tdesk", 7, [f"金秋{i}队" for i in range(1, 15)])
    for n in range(1, 8):
        pair_next_round(desk)
        play(desk, n)
    ns_pair = next(name for name, (d, p) in movement_view(desk).seats.items() if (d, p) == ("NS", 2))
    deduct(desk, 3, ns_pair, 0.5, reason="迟到")
    yield desk
    desk.close()


@pytest.fixture(scope="module")
def eight(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desk]:
    """8 tables with a skip: rounds 1–2 played, round 3 half entered (blank rows on the travellers)."""
    folder = tmp_path_factory.mktemp("mitchell8")
    names = [f"夕阳红{i}" for i in range(1, 16)] + [FORMULA]
    desk = new_event(folder / "m8.tdesk", 8, names)
    for n in (1, 2):
        pair_next_round(desk)
        play(desk, n)
    pair_next_round(desk)
    play(desk, 3, only=4)
    yield desk
    desk.close()


@pytest.fixture(scope="module")
def files7(seven: Desk, tmp_path_factory: pytest.TempPathFactory) -> Files:
    return export_all(seven, tmp_path_factory.mktemp("out7"))


@pytest.fixture(scope="module")
def files8(eight: Desk, tmp_path_factory: pytest.TempPathFactory) -> Files:
    return export_all(eight, tmp_path_factory.mktemp("out8"))


# --- every kind, both events ---------------------------------------------------------------------------


@pytest.mark.system  # poppler reads the PDF back
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_embeds_the_cjk_font_and_renders(
    files7: Files, files8: Files, kind: str, tmp_path: Path
) -> None:
    for files in (files7, files8):
        found = poppler.fonts(files.pdf[kind])
        assert found and all(embedded for _, embedded in found), found
        assert all("WenQuanYiMicroHei" in name for name, _ in found), found
        assert poppler.render(files.pdf[kind], tmp_path / kind) >= 1


@pytest.mark.slow
def test_all_as_pdf_writes_every_kind(seven: Desk, tmp_path: Path) -> None:
    written = export(seven, "all", tmp_path / "m.pdf")
    assert [p.name for p in written] == [f"m-{k}.pdf" for k in KINDS]
    assert "bracket" in CHOICES


# --- guide cards ------------------------------------------------------------------------------------------


def _card_boxes(
    pages: int, per_page: int, portrait: bool
) -> list[tuple[int, tuple[float, float, float, float]]]:
    w, h = (595.0, 842.0) if portrait else (842.0, 595.0)
    boxes = []
    for page in range(1, pages + 1):
        for i in range(per_page):
            if portrait:
                boxes.append((page, ((i % 2) * w / 2, (i // 2) * h / 2, w / 2, h / 2)))
            else:
                boxes.append((page, (i * w / 2, 0.0, w / 2, h)))
    return boxes


@pytest.mark.system  # poppler reads the PDF back
@pytest.mark.parametrize("which", ["seven", "eight"])
def test_guide_cards_follow_the_movement(which: str, request: pytest.FixtureRequest) -> None:
    desk: Desk = request.getfixturevalue(which)
    files: Files = request.getfixturevalue(f"files{7 if which == 'seven' else 8}")
    view = movement_view(desk)
    pdf = files.pdf["pairings"]
    assert poppler.pages(pdf) == -(-view.tables // 4)  # four cards to a page
    boxes = _card_boxes(poppler.pages(pdf), 4, portrait=True)
    for table in range(1, view.tables + 1):
        page, box = boxes[table - 1]
        card = crop_text(pdf, page, box)
        assert f"第 {table} 桌" in card and "桌位卡" in card
        guide = view.guides[table]
        ns = guide[0].ns
        assert flat(label("NS", view.seats[ns][1], ns)) in flat(card)
        lines = [flat(line) for line in card.splitlines()]
        for g in guide:
            ew_to = where(g.ew_to)
            if view.even == "skip" and g.ew_to is not None and g.ew_to != table % view.tables + 1:
                ew_to = f"跳 {g.ew_to} 桌"
            row = flat(
                f"{g.round} {label('EW', view.seats[g.ew][1], g.ew)} {where(g.ew_from)} {boards_text(g.boards)} "
                f"{where(g.boards_from)} {ew_to} {where(g.boards_to)}"
            )
            assert row in lines, (table, row, card)


@pytest.mark.system  # poppler reads the PDF back
def test_the_skip_is_shown_in_words(files8: Files) -> None:
    text = poppler.text(files8.pdf["pairings"])
    assert "跳 N 桌：这一轮后东西对跳过一桌" in text
    assert re.search(r"跳 ?\d ?桌", text)


# --- travellers -----------------------------------------------------------------------------------------


def _traveller_lines(desk: Desk, board: int) -> list[tuple[int, int, str, str]]:
    view = movement_view(desk)
    plays = [
        (g.round, table, g.ns, g.ew)
        for table, guide in view.guides.items()
        for g in guide
        if board in g.boards
    ]
    return sorted(plays)


@pytest.mark.slow
@pytest.mark.system  # poppler reads the PDF back
@pytest.mark.parametrize("which", ["seven", "eight"])
def test_travellers_list_every_table_in_round_order_with_the_scores(
    which: str, request: pytest.FixtureRequest
) -> None:
    desk: Desk = request.getfixturevalue(which)
    files: Files = request.getfixturevalue(f"files{7 if which == 'seven' else 8}")
    view = movement_view(desk)
    pdf = files.pdf["scoresheets"]
    boards = view.tables * view.boards_per_round
    assert poppler.pages(pdf) == -(-boards // 2)  # two to a page
    blank = entered = declared = 0
    for board in range(1, boards + 1):
        page, half = (board - 1) // 2 + 1, (board - 1) % 2
        text = crop_text(pdf, page, (0, half * 421, 595, 421))
        assert f"第{board}副" in flat(text) and "记分条" in text
        lines = [flat(line) for line in text.splitlines()]
        results = {(v.round, v.table): v for v in traveller(desk, board)}
        rows = _traveller_lines(desk, board)
        assert len(rows) == view.rounds
        order = []
        for r, table, ns, ew in rows:
            head = flat(
                f"{r} {table} {label('NS', view.seats[ns][1], ns)} {label('EW', view.seats[ew][1], ew)}"
            )
            v = results.get((r, table))
            if v is None:
                assert head in lines, (board, head)  # a blank row to fill in
                blank += 1
            else:
                assert v.points is not None and v.ns_result is not None
                # The minus sign (U+2212) that lines up with the plus sign, as every signed figure prints.
                result = f"+{v.ns_result}" if v.ns_result > 0 else f"−{-v.ns_result}" if v.ns_result else "0"
                declared += v.ns_result < 0
                penalty = f"东西+{v.penalty_ew}" if v.penalty_ew else ""
                row = flat(f"{head} {v.points} {penalty} {result} {num(v.ns_mp)} {num(v.ew_mp)}")
                assert row in lines, (board, row, text)
                entered += 1
            order.append(lines.index(next(line for line in lines if line.startswith(head))))
        assert order == sorted(order)
    assert declared  # some NS results are negative: the sign is checked
    if which == "seven":
        assert blank == 0
    else:
        assert blank and entered


@pytest.mark.system  # poppler reads the PDF back
def test_a_penalty_is_printed_on_its_traveller(seven: Desk, files7: Files) -> None:
    view = movement_view(seven)
    board = view.guides[3][1].boards[0]
    (v,) = [v for v in traveller(seven, board) if (v.round, v.table) == (2, 3)]
    assert v.penalty_ew == 10
    assert "东西+10" in poppler.text(files7.pdf["scoresheets"])


# --- the board recap -------------------------------------------------------------------------------------


@pytest.mark.system  # poppler reads the PDF back
def test_board_recap_holds_every_pairs_board_scores_and_totals(seven: Desk, files7: Files) -> None:
    view = movement_view(seven)
    table = current_standings(seven)
    assert table.after_round == 7 and table.complete
    pages = poppler.page_texts(files7.pdf["crosstable"])
    assert len(pages) == 2
    assert "南北方向成绩汇总表" in pages[0] and "东西方向成绩汇总表" in pages[1]
    mp: dict[str, dict[int, float]] = {}
    for board in range(1, view.tables * view.boards_per_round + 1):
        for v in traveller(seven, board):
            assert v.ns_mp is not None and v.ew_mp is not None
            mp.setdefault(v.ns, {})[board] = v.ns_mp
            mp.setdefault(v.ew, {})[board] = v.ew_mp
    for row in table.rows:
        page = pages[0 if row.direction == "NS" else 1]
        name = row.entrant.name
        pair = view.seats[name][1]
        line = next(
            line for line in page.splitlines() if re.search(rf"\b{row.direction}{pair}\s+{name}\s", line)
        )
        cells = line.split()[2:]
        boards = [num(mp[name].get(b)) for b in range(1, 15)]
        gross = (row.score or 0) + row.deducted
        expected = [*boards, num(gross), *([num(-row.deducted)] if row.deducted else []), num(row.score),
                    str(row.rank)]  # fmt: skip
        assert cells == expected, (name, cells, expected)
        assert sum(mp[name].values()) == pytest.approx(gross)


# --- the rankings ---------------------------------------------------------------------------------------


@pytest.mark.system  # poppler reads the PDF back
@pytest.mark.parametrize("kind", ["standings", "ranking"])
@pytest.mark.parametrize("which", ["seven", "eight"])
def test_ns_and_ew_rankings_match_the_standings(
    kind: str, which: str, request: pytest.FixtureRequest
) -> None:
    desk: Desk = request.getfixturevalue(which)
    files: Files = request.getfixturevalue(f"files{7 if which == 'seven' else 8}")
    view = movement_view(desk)
    table = current_standings(desk)
    text = poppler.text(files.pdf[kind])
    assert "南北方向名次" in text and "东西方向名次" in text
    assert text.index("南北方向名次") < text.index("东西方向名次")
    assert f"第 {table.after_round} 轮后" in text
    if kind == "ranking" and which == "seven":
        assert "最终名次" in text
    if which == "eight":
        assert "最终名次" not in text and table.after_round == 2
    for row in table.rows:
        name = row.entrant.name
        pair = view.seats[name][1]
        line = next(
            line
            for line in text.splitlines()
            if re.search(rf"\s{row.direction}{pair}\s+{re.escape(name)}\s", line)
        )
        words = line.split()
        assert words[0] == str(row.rank), line
        gross = (row.score or 0) + row.deducted
        figures = [
            str(row.played),
            num(gross),
            *([num(-row.deducted)] if row.deducted else []),
            num(row.score),
        ]
        assert " ".join(figures) in " ".join(words), (line, figures)
        assert row.entrant.unit and row.entrant.unit in line
        if kind == "ranking":
            assert "张" in line  # the players
    assert sum(1 for r in table.rows if r.deducted) == (1 if which == "seven" else 0)


# --- certificates ---------------------------------------------------------------------------------------


@pytest.mark.system  # poppler reads the PDF back
def test_certificates_for_the_top_three_of_each_direction(seven: Desk, files7: Files) -> None:
    table = current_standings(seven)
    winners = [(r.direction, r.rank, r.entrant.name) for r in table.rows if r.rank <= 3]
    pages = poppler.page_texts(files7.pdf["certificates"])
    assert len(pages) == len(winners) >= 6
    for page, (direction, rank, name) in zip(pages, winners, strict=True):
        word = "南北" if direction == "NS" else "东西"
        assert f"{word}方向第 {rank} 名" in page
        assert name in page and "荣誉证书" in flat(page)


@pytest.mark.slow
@pytest.mark.system  # poppler reads the PDF back
def test_no_certificates_before_a_round_is_complete(tmp_path: Path) -> None:
    desk = new_event(tmp_path / "fresh.tdesk", 3, [f"P{i}" for i in range(6)])
    try:
        with pytest.raises(BadInput, match="at least one round"):
            export(desk, "certificates", tmp_path / "c.pdf")
        assert not (tmp_path / "c.pdf").exists()
        # Guide cards and blank travellers print before round 1 is even paired.
        export(desk, "pairings", tmp_path / "g.pdf")
        export(desk, "scoresheets", tmp_path / "t.pdf")
        assert "第 3 桌" in poppler.text(tmp_path / "g.pdf")
        assert poppler.pages(tmp_path / "t.pdf") == 3
    finally:
        desk.close()


# --- the workbook ---------------------------------------------------------------------------------------


@pytest.mark.system  # poppler reads the PDF back
def test_workbook_has_the_matrices_rankings_and_travellers(seven: Desk, files7: Files) -> None:
    view = movement_view(seven)
    table = current_standings(seven)
    wb = load_workbook(files7.xlsx)
    assert wb.sheetnames == [
        "参赛对",
        "南北比赛分",
        "东西比赛分",
        "第7轮后名次",
        "记分条",
        "移动表",
        "操作记录",
    ]
    boards = view.tables * view.boards_per_round
    for direction, sheet in (("NS", "南北比赛分"), ("EW", "东西比赛分")):
        ws = wb[sheet]
        header = [c.value for c in ws[1]]
        rows = {r.entrant.name: r for r in table.rows if r.direction == direction}
        pairs = sorted(rows, key=lambda n: view.seats[n][1])
        assert header == ["牌号 Board", *(f"{direction}{view.seats[n][1]} {n}" for n in pairs)]
        for board in range(1, boards + 1):
            cells = [c.value for c in ws[board + 1]]
            assert cells[0] == board
            for v in traveller(seven, board):
                name = v.ns if direction == "NS" else v.ew
                assert cells[1 + pairs.index(name)] == (v.ns_mp if direction == "NS" else v.ew_mp)
        total, deducted, score, rank = ([c.value for c in ws[boards + 2 + i]] for i in range(4))
        assert total[0] == "合计 Total" and score[0] == "总分 Score" and rank[0] == "名次 Rank"
        for i, name in enumerate(pairs, start=1):
            r = rows[name]
            assert total[i] == pytest.approx((r.score or 0) + r.deducted)
            assert score[i] == pytest.approx(r.score)
            assert rank[i] == r.rank
            assert (deducted[i] or 0) == r.deducted
            played = [ws.cell(row=b + 1, column=i + 1).value for b in range(1, boards + 1)]
            assert sum(p for p in played if p is not None) == pytest.approx(total[i])
    ranking = list(wb["第7轮后名次"].iter_rows(min_row=2, values_only=True))
    assert [(r[0], r[1], r[3], r[9]) for r in ranking] == [
        ("南北" if r.direction == "NS" else "东西", r.rank, r.entrant.name, r.score) for r in table.rows
    ]
    lines = list(wb["记分条"].iter_rows(min_row=2, values_only=True))
    assert len(lines) == boards * view.rounds
    first = [line for line in lines if line[0] == 1]
    assert [(line[2], line[3], line[8], line[12], line[13]) for line in first] == [
        (v.round, v.table, v.points, v.ns_mp, v.ew_mp) for v in traveller(seven, 1)
    ]


@pytest.mark.system  # poppler reads the PDF back
def test_workbook_writes_a_formula_like_name_as_text(files8: Files) -> None:
    wb = load_workbook(files8.xlsx)
    assert "第2轮后名次" in wb.sheetnames
    found = []
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and FORMULA in cell.value:
                    assert cell.data_type == "s", (ws.title, cell.coordinate)
                    found.append(ws.title)
    assert {"参赛对", "第2轮后名次", "记分条", "移动表"} <= set(found)
    blank = [r for r in wb["记分条"].iter_rows(min_row=2, values_only=True) if r[8] is None]
    assert blank and all(r[14] for r in blank)
