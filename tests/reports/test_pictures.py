"""Pictures to share (reports/pictures.py, reports/picture_sheets.py): the layout of a phone-shaped page, the
split of a long list, and what each picture says — read back from the PDF the PNG is rasterised from."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reports.poppler import page_texts, require_poppler
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.reports.grid import Column
from tournament_desk.reports.model import EntrantData, EventHeader, PairedTable, RoundData, StandingsData
from tournament_desk.reports.picture_sheets import (
    card_picture,
    card_rounds,
    find_picture,
    ranking_picture,
    results_picture,
    standings_picture,
)
from tournament_desk.reports.pictures import MAX_ROWS, PAGE_W, PictureData, Section, build_pictures, split
from tournament_desk.services.output.pictures import render

EVENT = EventHeader("2026 年“金秋杯”升级赛", datetime(2026, 10, 3, 18, 45), rounds_planned=5)


def standings(count: int, *, complete: bool = True) -> StandingsData:
    rows = tuple(
        StandingRow(i, StandingEntrant(i, f"第{i}队", f"单位{i % 7}"), 10 - i / 10, 60 - i / 4, 20.5, 4,
                    1.0 if i == 3 else 0.0, "mp" if i > 1 else None)
        for i in range(1, count + 1)
    )  # fmt: skip
    entrants = {r.entrant.name: EntrantData(r.entrant.name, r.entrant.unit, ("张三", "李四")) for r in rows}
    return StandingsData(EVENT, 4, rows, complete, entrants)


def sections(*sizes: int) -> tuple[Section, ...]:
    return tuple(Section(f"S{n}", tuple((f"{n}-{i}",) for i in range(size))) for n, size in enumerate(sizes))


# --- the split: at most MAX_ROWS rows a picture, shared out evenly, nothing lost or repeated ---------------


@given(st.lists(st.integers(0, 130), min_size=1, max_size=5), st.integers(5, 70))
def test_split_keeps_every_row_once_in_order_within_the_bound(sizes: list[int], most: int) -> None:
    parts = split(sections(*sizes), most)
    shown = [row for p in parts for s in p.sections for row in s.rows]
    assert shown == [row for s in sections(*sizes) for row in s.rows]
    counts = [sum(len(s.rows) for s in p.sections) for p in parts]
    assert all(c <= most for c in counts)
    assert max(counts) - min(counts) <= 1  # evenly: never a last picture of two rows
    assert [p.number for p in parts] == list(range(1, len(parts) + 1))
    assert {p.total for p in parts} == {len(parts)}
    assert len(parts) == max(1, -(-sum(sizes) // most))


def test_a_section_cut_in_two_goes_on_under_its_heading() -> None:
    first, second = split(sections(40, 60), 60)  # 50 and 50 rows
    assert [s.heading for s in first.sections] == ["S0", "S1"]
    assert [s.heading for s in second.sections] == ["S1（续）"]


def test_muted_rows_follow_their_rows_across_parts() -> None:
    rows = tuple((str(i),) for i in range(100))
    parts = split((Section("", rows, frozenset({3, 70})),), 60)
    pale = [row for p in parts for s in p.sections for i, row in enumerate(s.rows) if i in s.muted]
    assert pale == [("3",), ("70",)]


# --- the PNG: 1080 pixels wide, as tall as the rows need, split at the row bound ----------------------------


def test_the_picture_is_1080_pixels_wide_and_as_tall_as_its_rows() -> None:
    short, long = render(standings_picture(standings(10))), render(standings_picture(standings(50)))
    assert [(p.width, p.number, p.total) for p in short + long] == [(1080, 1, 1), (1080, 1, 1)]
    per_row = (long[0].height - short[0].height) / 40
    assert per_row == pytest.approx(32 * 3, abs=1)  # 32 points a row at 3 pixels a point
    assert short[0].png.startswith(b"\x89PNG")


def test_a_long_list_splits_into_numbered_pictures_of_readable_size() -> None:
    made = render(standings_picture(standings(130)))
    assert [(p.number, p.total) for p in made] == [(1, 3), (2, 3), (3, 3)]
    assert all(p.width == 1080 and 3000 < p.height < 7000 for p in made)
    assert len(render(standings_picture(standings(MAX_ROWS)))) == 1
    assert len(render(standings_picture(standings(MAX_ROWS + 1)))) == 2


def test_an_empty_list_still_makes_one_picture() -> None:
    data = PictureData(EVENT, "名次", "Standings", "", (Column("名次"),), (Section("", ()),))
    (only,) = render(data)
    assert only.width == 1080


# --- what the pictures say (the PDF they are rasterised from, read back by poppler) ---------------------------


@pytest.fixture
def poppler() -> None:
    require_poppler()


def texts(data: PictureData, tmp_path: Path) -> list[str]:
    pdf = tmp_path / "picture.pdf"
    pages = build_pictures(pdf, data)
    found = page_texts(pdf)
    assert len(found) == pages
    return found


@pytest.mark.system
def test_standings_say_the_event_time_title_rows_and_qr_address(poppler: None, tmp_path: Path) -> None:
    data = standings_picture(standings(130, complete=False), "http://192.168.1.20:8765/standings")
    first, second, third = texts(data, tmp_path)
    for page in (first, second, third):
        assert "2026 年“金秋杯”升级赛" in page
        assert "2026-10-03 18:45" in page
        assert "http://192.168.1.20:8765/standings" in page
    assert "第 4 轮后名次 1/3" in first and "第 4 轮后名次 3/3" in third
    assert "第1队" in first and "第44队" in first and "第45队" not in first
    assert "第45队" in second and "第130队" in third
    assert "单位3" in first  # the unit under the name
    assert "-1" in first  # the deduction of the third team
    assert "仍有成绩未录入" in third and "仍有成绩未录入" not in first  # the warning ends the list


@pytest.mark.system
def test_ranking_lists_players_and_warns_before_the_last_round(poppler: None, tmp_path: Path) -> None:
    (page,) = texts(ranking_picture(standings(12)), tmp_path)
    assert "最终名次" in page and "张三、李四" in page
    assert "这不是最终名次" in page  # after round 4 of 5


def round_four() -> RoundData:
    tables = (
        PairedTable(1, "甲队", "乙队", home_level=12, away_level=9, result=(3.0, 0.0, 15.0, 5.0)),
        PairedTable(2, "丙队", "丁队", kind=ResultState.FORFEIT, side="away", result=(3.0, 0.0, 12.0, 0.0)),
        PairedTable(3, "戊队", "己队"),
    )
    return RoundData(4, "2026-10-03", tables, bye="庚队", bye_award=(2.0, 12.0))


@pytest.mark.system
def test_find_your_table_lists_everyone_by_pinyin(poppler: None, tmp_path: Path) -> None:
    (page,) = texts(find_picture(EVENT, round_four(), "http://h:1/find"), tmp_path)
    assert "第 4 轮 查找桌号" in page
    names = [line.split()[-3] for line in page.splitlines() if "队" in line and len(line.split()) >= 3]
    assert "甲队" in page and "庚队" in page and "轮空" in page
    assert names.index("丙队") < names.index("丁队")  # bing before ding


@pytest.mark.system
def test_results_give_levels_mp_vp_and_the_tables_to_come(poppler: None, tmp_path: Path) -> None:
    (page,) = texts(results_picture(EVENT, round_four()), tmp_path)
    assert "第 4 轮成绩" in page
    flat = "".join(page.split())
    assert "甲队Q:9乙队3:015:5" in flat  # home, levels, away, MP, VP
    assert "轮空庚队212" in flat  # the bye and its award
    assert "弃权" in page  # the forfeit's note instead of levels
    assert "还有 1 桌成绩未录入" in page


@pytest.mark.system
def test_an_entrants_card_gives_its_place_and_every_round(poppler: None, tmp_path: Path) -> None:
    rows = (
        StandingRow(1, StandingEntrant(1, "甲队", "北京"), 6, 40, 5, 2, 0, None),
        StandingRow(2, StandingEntrant(2, "乙队", "天津"), 3, 20, 6, 2, 0, "mp"),
    )
    table = StandingsData(EVENT, 4, rows, True)
    rounds = [round_four(), RoundData(5, "2026-10-04", (PairedTable(7, "庚队", "乙队"),))]
    card = card_rounds("乙队", rounds)
    assert [(r.round, r.table, r.opponent, r.levels, r.mp, r.vp) for r in card] == [
        (4, "1", "甲队", "9 : Q", "0", "5"),  # its own level first
        (5, "7", "庚队", "", "", ""),
    ]
    entrant = EntrantData("乙队", "天津", ("王五", "赵六"))
    (page,) = texts(card_picture(table, entrant, card, "http://h:1/me/x"), tmp_path)
    assert "个人成绩卡" in page and "王五、赵六" in page and "第 2 名" in page
    assert "庚队" in page and "客 东西" in page


def test_the_page_is_phone_shaped(tmp_path: Path) -> None:
    from tournament_desk.reports.pictures import plan

    data = standings_picture(standings(60))
    (part,) = split(data.sections)
    assert plan(data, part).height > 10 * PAGE_W / 3  # tall and narrow


def test_a_movement_ranked_by_direction_shows_each_direction_under_its_heading() -> None:
    rows = tuple(
        StandingRow(rank, StandingEntrant(i, f"E{i}"), 0, 0, 0, 3, 0.0, None, direction=d, score=20.0 - rank)
        for i, (rank, d) in enumerate([(1, "NS"), (2, "NS"), (1, "EW"), (2, "EW")], start=1)
    )
    data = StandingsData(
        EVENT, 3, rows, True, tiebreaks=("score", "best_boards"), columns=("direction", "score")
    )
    picture = standings_picture(data)
    assert [s.heading for s in picture.sections] == ["南北方向名次", "东西方向名次"]
    # the direction is the heading, not a column
    assert [c.title for c in picture.columns] == ["名次", "队名 / 单位", "总分"]
    assert [row[2] for s in picture.sections for row in s.rows] == ["19", "18", "19", "18"]
    assert picture.notes == ("排名依据：总分 → 最高单副比赛分 → 并列。",)
    card = card_picture(data, EntrantData("E3", None, ()), card_rounds("E3", []))
    assert [c.title for c in card.columns][-2:] == ["对手", "级数"]  # no table MP or VP: it scores boards
