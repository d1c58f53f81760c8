"""The duplicate scoresheet (复式扑克牌比赛记分表) and the XMP column of the standings, ranking and workbook,
read back with poppler and openpyxl: the same checks as the other reports."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests import duplicate_event as ev
from tests.reports import poppler
from tournament_desk.domain.duplicate import Penalty
from tournament_desk.reports.scoresheets.duplicate import HAND_IN, TITLE
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.output.export import export
from tournament_desk.services.results import boards as bs
from tournament_desk.services.results import forfeits as fs
from tournament_desk.services.results.board_sets import board_set
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.system  # poppler reads the PDF back


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desk]:
    """The 12 teams of tests/duplicate_event.py: round 1 played (a penalty on table 2), round 2 paired."""
    folder = tmp_path_factory.mktemp("duplicate")
    desk = create_tournament(
        folder / "d.tdesk", name="2022年教工扑克牌升级团体赛", scoring="duplicate", rounds=3
    )
    sheet = folder / "报名表.csv"
    sheet.write_text(ev.signup_csv(), encoding="utf-8")
    es.import_entrants(desk, sheet)
    es.draw(desk, seed=ev.SEED)
    pair_next_round(desk)
    for t in round_view(desk, 1).tables:
        for board in range(1, ev.BOARDS + 1):
            penalties = [Penalty("open", "EW", 20)] if (1, t.table, board) == ev.PENALTY[:3] else []
            bs.record_board(desk, 1, t.table, board, open_points=ev.points(1, t.table, board, "open"),
                            closed_points=ev.points(1, t.table, board, "closed"), penalties=penalties)  # fmt: skip
    pair_next_round(desk)
    yield desk
    desk.close()


@pytest.fixture(scope="module")
def sheets(event: Desk, tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    poppler.require_poppler()
    folder = tmp_path_factory.mktemp("pdf")
    return {n: export(event, "scoresheets", folder / f"r{n}.pdf", round_no=n)[0] for n in (1, 2)}


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.slow
def test_one_page_per_table_and_room_with_the_teams_pairs_and_boards(
    event: Desk, sheets: dict[int, Path]
) -> None:
    view = round_view(event, 2)
    pages = poppler.page_texts(sheets[2])
    assert len(pages) == 2 * len(view.tables) == poppler.pages(sheets[2])
    players = {name: ev.players(name) for name in ev.TEAMS}
    for i, t in enumerate(view.tables):
        for page, room, ns, ew in (
            (pages[2 * i], "开室", t.home, t.away),
            (pages[2 * i + 1], "闭室", t.away, t.home),
        ):
            assert TITLE in page and "第 2 轮" in page and room in page
            assert re.search(rf"桌号 Table\s+{t.table}\b", page) or f" {t.table}\n" in page
            # NS on the left, EW on the right: the home team is NS in the open room, EW in the closed room.
            assert squeeze(page).index(ns) < squeeze(page).index(ew)
            pair = slice(0, 2) if room == "开室" else slice(2, 4)
            assert "、".join(players[ns][pair]) in page and "、".join(players[ew][pair]) in page
            rows = [
                squeeze(line).split()
                for line in page.splitlines()
                if re.match(r"^\s*[1-6]\s+(9|10|J|Q|K|A)\s", line)
            ]
            assert [r[:2] for r in rows] == [
                ["1", "9"],
                ["2", "10"],
                ["3", "J"],
                ["4", "Q"],
                ["5", "K"],
                ["6", "A"],
            ]
            assert [r[2][0] for r in rows] == ["北", "东", "南", "西", "北", "东"]
            assert [r[3] for r in rows] == ["♠", "♥", "♦", "♣", "无主", "♠"]
            for label in (
                "防家得分",
                "南北级分",
                "东西级分",
                "合计",
                "南北签名",
                "东西签名",
                "X.M.P",
                "标准分",
                "场分",
            ):
                assert label in page
            assert squeeze(HAND_IN) in squeeze(page)


def test_a_reprint_shows_what_the_desk_entered(event: Desk, sheets: dict[int, Path]) -> None:
    pages = poppler.page_texts(sheets[1])
    for t in round_view(event, 1).tables:
        sheet = bs.board_sheet(event, 1, t.table)
        for offset, room in enumerate(("open", "closed")):
            page = pages[2 * (t.table - 1) + offset]
            rows = [
                squeeze(line).split()
                for line in page.splitlines()
                if re.match(r"^\s*[1-6]\s+(9|10|J|Q|K|A)\s", line)
            ]
            for row, score in zip(rows, sheet.scores, strict=True):
                points = str(sheet.entries[(score.board.number, room)].points)
                ns = score.open_ns if room == "open" else score.closed_ns
                assert ns is not None
                after_trump = 4 if row[3] == "无主" else 5  # "♠ 黑桃" is two words, "无主" one
                assert row[after_trump].startswith(points), (row, points)
                ns_text = f"+{ns}" if ns > 0 else ("0" if ns == 0 else f"−{-ns}")
                assert row[-2] == ns_text, row
            assert sheet.xmp is not None and sheet.outcome is not None
            assert f"{sheet.outcome.home_vp:g} : {sheet.outcome.away_vp:g}" in page
        if t.table == ev.PENALTY[1]:  # board 3, open room: the 20 penalty points to EW are printed
            assert "20 给东西" in pages[2 * (t.table - 1)]


@pytest.mark.slow
@pytest.mark.parametrize("round_no", [1, 2])
def test_the_cjk_font_is_embedded_and_every_page_renders(
    sheets: dict[int, Path], round_no: int, tmp_path: Path
) -> None:
    found = poppler.fonts(sheets[round_no])
    assert found and all(embedded for _, embedded in found), found
    assert all("WenQuanYiMicroHei" in name for name, _ in found), found
    assert poppler.render(sheets[round_no], tmp_path) == poppler.pages(sheets[round_no])


@pytest.mark.slow
def test_standings_ranking_and_workbook_show_the_xmp_totals(event: Desk, tmp_path: Path) -> None:
    table = current_standings(event, after_round=1)
    assert sum(r.xmp or 0 for r in table.rows) == 0  # every match played: what one team wins the other loses
    written = export(event, "all", tmp_path / "e.pdf", round_no=1)
    by_name = {p.stem.split("-")[-1]: p for p in written}
    for report in ("standings", "ranking"):
        text = poppler.text(by_name[report])
        assert "级分" in text and "XMP" in text
        for row in table.rows:
            line = next(line for line in text.splitlines() if row.entrant.name in line.split())
            xmp = "0" if not row.xmp else (f"+{row.xmp}" if row.xmp > 0 else f"−{-row.xmp}")
            assert xmp in line.split(), (line, xmp)
    (book,) = export(event, "all", tmp_path / "e.xlsx", round_no=1)
    wb = load_workbook(book, read_only=True)
    standings = list(wb["第1轮后名次"].iter_rows(values_only=True))
    assert standings[0][-1] == "级分 XMP"
    assert {r[1]: r[-1] for r in standings[1:]} == {r.entrant.name: r.xmp for r in table.rows}
    round_one = list(wb["第1轮"].iter_rows(values_only=True))
    assert round_one[0][-1] == "级分 XMP"
    assert [r[-1] for r in round_one[1:]] == [t.xmp for t in round_view(event, 1).tables]
    wb.close()


@pytest.mark.slow
def test_a_late_scoresheet_reprints_the_stored_result_not_the_boards(tmp_path: Path) -> None:
    """Issue 10: a duplicate table marked "late scoresheet" reprints what the standings count (the responsible
    side 0, the other what it played), with the note, never the VP and MP the boards alone would give."""
    poppler.require_poppler()
    with create_tournament(tmp_path / "late.tdesk", name="迟交", scoring="duplicate", rounds=1) as desk:
        for name in ("甲队", "乙队"):
            es.add_entrant(desk, name)
        pair_next_round(desk)
        for board in board_set(desk, 1):  # the home team wins every board: 20:0 as played
            home_declares_open = board.declarer in ("N", "S")  # the home team sits NS in the open room
            low, high = (0, 200) if home_declares_open else (200, 0)
            bs.record_board(desk, 1, 1, board.number, open_points=low, closed_points=high)
        played = round_view(desk, 1).tables[0].outcome
        assert played is not None and (played.home_vp, played.away_vp) == (20, 0)
        fs.forfeit(desk, 1, 1, "home", late=True, reason="记分表迟交")
        stored = round_view(desk, 1).tables[0]
        assert stored.outcome is not None and (stored.outcome.home_vp, stored.outcome.home_mp) == (0, 0)
        page = poppler.page_texts(export(desk, "scoresheets", tmp_path / "late.pdf", round_no=1)[0])[0]
    # The footer's print time ("26-11-23 20:02") is no score: leave it out, or the test fails at 20:00–20:09.
    body = "\n".join(line for line in page.splitlines() if "Page " not in line)
    figures = re.sub(r"\s*:\s*", ":", body)
    assert "0:0" in figures and "20:0" not in figures and "记分表迟交" in page
