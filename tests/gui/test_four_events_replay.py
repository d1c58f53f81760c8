"""Issue 27, done when: the four events of the report, replayed through the window and ``tdesk``, print sheets
whose every table line equals the round's state. Each event is run partly in the real window (results typed on
its entry page, a withdrawal through the dialog) and partly through ``tdesk`` in process; then each round's
pairing sheet, find-your-table list and scoresheets are printed to PDF, read back (``pdftotext -layout``) and
every table compared with ``tdesk round --json`` (``tests/replay_events.py``).

- a 9-team round robin with a withdrawal before half its matches (its tables annulled, 注销; a rest each round);
- a 20-team groups → knockout where two group winners tie on points and 小分: the recorded lot decides the bye
  (its five groups send every third on, so the lot between two thirds is a small event of three groups of three
  of its own: the printed group tables against ``standings --json`` before and after that lot);
- a 7-table Mitchell: each round's guide cards and travellers against the round's tables and boards;
- a 40-team Swiss with a withdrawal after a round was paired (its table a forfeit), a forfeit and a bye.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from tests.cli.conftest import Tdesk
from tests.gui.conftest import drawn_event, open_event
from tests.gui.test_desk_e2e import type_level
from tests.replay_events import (
    SIDE,
    check_round_sheets,
    page_size,
    pdf_pages,
    play,
    read_round,
)
from tournament_desk.gui.dialogs.withdraw_dialog import WithdrawDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.gui.pages.entrants import EntrantsPage
from tournament_desk.gui.pages.entry.levels import ResultsPage

pytestmark = [pytest.mark.slow, pytest.mark.system]  # whole events; pdftotext


@pytest.fixture
def tdesk(capsys: pytest.CaptureFixture[str]) -> Tdesk:
    return Tdesk(capsys, None)


def type_round(qtbot: QtBot, window: MainWindow, round_no: int, tables: int, levels: Any) -> None:
    """The first ``tables`` tables of the round typed on the results page, by keyboard."""
    results = window.show_page(ResultsPage)
    assert isinstance(results, ResultsPage)
    qtbot.waitUntil(lambda: results.round_no == round_no and results.model.rowCount() > 0)  # the last round
    results.start_typing()
    for row in results.model.rows[:tables]:
        home, away = levels(row.home, row.away)
        type_level(qtbot, results, home)
        type_level(qtbot, results, away)


def withdraw_in_window(qtbot: QtBot, window: MainWindow, name: str, after_round: int, reason: str) -> str:
    """Withdraw ``name`` through the entrants page's dialog: what the dialog said the format does."""
    page = window.show_page(EntrantsPage)
    assert isinstance(page, EntrantsPage)
    page.select(name)
    page.withdraw_button.click()
    dialog = page.dialog
    assert isinstance(dialog, WithdrawDialog) and dialog.name() == name
    dialog.round_spin.setValue(after_round)
    dialog.reason_edit.setText(reason)
    said = dialog.note.text()
    session = window.session
    assert session is not None
    with qtbot.waitSignal(session.changed):
        dialog.accept()
    return said


# --- (a) a 9-team round robin, a withdrawal before half its matches ------------------------------------------

ROBIN = ["峨眉队", "黄山队", "泰山队", "华山队", "衡山队", "嵩山队", "庐山队", "武当队", "青城队"]


def test_a_round_robin_with_a_withdrawal_prints_each_annulled_table_and_the_rest(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, tdesk: Tdesk
) -> None:
    path = tmp_path / "循环赛.tdesk"
    drawn_event(path, "单循环邀请赛", ROBIN, seed=7, format="round-robin")
    assert tdesk("pair", path).code == 0
    open_event(window, path)
    # Round 1 typed in the window; then 峨眉队 withdraws through the dialog, under half its matches played.
    type_round(qtbot, window, 1, 4, lambda _home, _away: ("9", "7"))
    said = withdraw_in_window(qtbot, window, "峨眉队", 1, "队员受伤")
    assert "annulled (注销)" in said
    for round_no in (2, 3):  # the rest through tdesk
        assert tdesk("pair", path).code == 0
        play(tdesk, path, round_no)
    rounds = [check_round_sheets(tdesk, path, n, tmp_path) for n in (1, 2, 3)]
    annulled = [(r.number, t) for r in rounds for t in r.tables if t.get("withdrawal")]
    # Every table of 峨眉队 is annulled — round 1's, played then annulled, and the later ones — unless it rests.
    plays = {r.number for r in rounds if r.shown["bye"] != "峨眉队"}
    assert {n for n, _ in annulled} == plays and all(t["state"] == "annulled" for _, t in annulled)
    assert all(r.shown["bye_state"] == "rest" for r in rounds)  # nine teams: one rests each round
    # tdesk names the entrant that withdrew, in text and JSON, as the sheet does (主队/客队 beside the names);
    # it said "Annulled: a side withdrew" of round 1's table, played before the withdrawal annulled it.
    for number, t in annulled:
        assert t["withdrawn"] == ["峨眉队"] and SIDE[t["side"]]
        row = next(line for line in tdesk("round", path, number).out.splitlines() if "峨眉队" in line)
        assert "峨眉队 withdrew: annulled" in row, row  # the window set English (conftest ``window``)


# --- (b) 20 teams in groups, then the knockout: two group winners level, a recorded lot gives the bye -----------

CUP = [f"T{n:02d}" for n in range(1, 21)]  # by draw number: group A T01–T04, B T05–T08, …


def group_levels(home: str, away: str) -> tuple[str, str]:
    """The better-drawn team wins. Group A's and B's winners by 2, 3 and 4 levels (9 points, 小分 +9 each, the
    same levels won); C–E's winners by 1 (+3); the others by the gap in the group."""
    a, b = CUP.index(home), CUP.index(away)
    better, worse = min(a, b) % 4, max(a, b) % 4
    margin = (1 + worse - better if a // 4 < 2 else 1) if better == 0 else worse - better
    return (str(2 + margin), "2") if a < b else ("2", str(2 + margin))


def new_cup(path: Path) -> None:
    from tournament_desk.services.entrants import add_entrant, draw
    from tournament_desk.services.event import create_tournament

    desk = create_tournament(path, name="分组淘汰赛", format="groups-knockout")
    try:
        for name in CUP:
            add_entrant(desk, name)
        draw(desk, order=CUP)
    finally:
        desk.close()


def test_groups_then_knockout_print_the_tables_and_the_bye_the_recorded_lot_gave(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, tdesk: Tdesk
) -> None:
    path = tmp_path / "分组赛.tdesk"
    new_cup(path)
    assert tdesk("pair", path).code == 0
    open_event(window, path)
    type_round(qtbot, window, 1, 10, group_levels)  # round 1 in the window, the rest through tdesk
    for round_no in (2, 3):
        assert tdesk("pair", path).code == 0
        play(tdesk, path, round_no, lambda t: group_levels(t["home"], t["away"]))
    # The knockout's one bye goes to the best group winner: A's and B's are level on points and 小分, so the
    # draw waits for their recorded lot (never the group letter), and it is B's winner the lot puts first.
    refused = tdesk("draw", path, "--stage", "knockout", "--seed", 7)
    assert refused.code == 2 and "T01" in refused.err and "T05" in refused.err and "T09" not in refused.err
    lot = tdesk("lot", path, "--group", "knockout", "--order", "T05,T01", "--reason", "裁判长主持摸牌")
    assert lot.code == 0, lot.err
    assert tdesk("draw", path, "--stage", "knockout", "--seed", 7).code == 0
    paired = tdesk("pair", path, "--json").json()
    assert paired["round"] == 4 and len(paired["tables"]) == 7
    bracket = tdesk("bracket", path, "--json").json()
    byes = [c["winner"] for c in bracket["rounds"][0] if None in (c["home"], c["away"])]
    assert byes == ["T05"]
    assert any("T05" in note for note in paired["notes"])  # the pairing names the lot that gave the bye
    rounds = [check_round_sheets(tdesk, path, n, tmp_path) for n in (1, 2, 3)]
    assert all(len(r.tables) == 10 and all(t["state"] == "played" for t in r.tables) for r in rounds)
    knockout = check_round_sheets(tdesk, path, 4, tmp_path, byes=("T05",))
    assert knockout.shown["byes"] == ["T05"]  # round --json says who goes through without a table, as printed
    assert all(r.shown.get("byes") is None for r in rounds)  # a group round has no knockout byes
    text = "\n".join(pdf_pages(tmp_path / "pairings-4.pdf"))
    (line,) = [x for x in text.splitlines() if re.match(r"\s*—\s+T05\s", x)]
    assert "轮空" in line and "直接晋级" in line, line  # the bye row: goes through without a match
    assert {n for t in knockout.tables for n in (t["home"], t["away"])}.isdisjoint(byes)


def group_table_marks(pdf: Path, names: list[str]) -> dict[str, str]:
    """The printed group tables: each entrant's mark in the 出线 column (出线, 待摸牌, or "")."""
    marks: dict[str, str] = {}
    for line in "\n".join(pdf_pages(pdf)).splitlines():
        words = line.split()
        if len(words) > 1 and words[0].isdigit() and words[1] in names:
            marks[words[1]] = words[-1] if words[-1] in ("出线", "待摸牌") else ""
    return marks


def test_a_lot_between_two_thirds_is_printed_outstanding_then_named(tmp_path: Path, tdesk: Tdesk) -> None:
    """The other lot of the report: three groups of three → a knockout of 8 takes two of the three thirds. 丙 and
    己 lost both matches by 2 (0 points, −4), 壬 by 1: 壬 goes on whichever way their lot falls, so the printed
    group tables mark it 出线 while the two tied wait for the lot (待摸牌), as ``standings --json`` says; once
    the lot is recorded the one it puts first is marked and the draw can be made."""
    path = tmp_path / "三组.tdesk"
    names = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬"]
    drawn = ("new", path, "--name", "杯", "--format", "groups-knockout", "--group-size", "3")
    assert tdesk(*drawn).code == 0
    for name in names:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", ",".join(names)).code == 0

    def levels(t: dict[str, Any]) -> tuple[str, str]:
        up = "3" if "壬" in (t["home"], t["away"]) else "4"
        return (up, "2") if names.index(t["home"]) < names.index(t["away"]) else ("2", up)

    for round_no in (1, 2, 3):
        assert tdesk("pair", path).code == 0
        play(tdesk, path, round_no, levels)
    tables = tmp_path / "groups.pdf"
    for lot_order, expected in ((None, {"壬": "出线", "丙": "待摸牌", "己": "待摸牌"}),
                                ("己,丙", {"壬": "出线", "己": "出线", "丙": ""})):  # fmt: skip
        if lot_order is not None:
            lot = tdesk(
                "lot", path, "--group", "knockout", "--order", lot_order, "--reason", "摸牌：己 K，丙 7"
            )
            assert lot.code == 0, lot.err
        qualified = {r["name"]: r["qualified"] for r in tdesk("standings", path, "--json").json()["rows"]}
        assert tdesk("export", path, "crosstable", "-o", tables).code == 0
        marks = group_table_marks(tables, names)
        assert {n: marks[n] for n in expected} == expected
        for name in names:  # every printed mark as standings --json has it
            assert marks[name] == {True: "出线", None: "待摸牌", False: ""}[qualified[name]], (name, marks)
    assert tdesk("draw", path, "--stage", "knockout", "--seed", 1).code == 0


# --- (c) a 7-table Mitchell: guide cards and travellers against each round's tables and boards ---------------


def guide_card_rows(pdf: Path) -> dict[tuple[int, int], str]:
    """Each table's guide card, round by round: the row's text, by (round, table), and the NS pair's line, by
    (0, table). Cards stand two by two on a page: each half of it is read on its own, card after card."""
    width, height = page_size(pdf)
    rows: dict[tuple[int, int], str] = {}
    for x in (0.0, width / 2):
        card = 0
        for line in "\n".join(pdf_pages(pdf, (x, 0.0, width / 2, height))).splitlines():
            if found := re.search(r"第 (\d+) 桌 桌位卡", line):
                card = int(found.group(1))
            elif "NS（全程不动 stays）" in line:
                rows[(0, card)] = line
            elif re.match(r"\s*\d+\s+EW\d+ ", line):
                assert (int(line.split()[0]), card) not in rows, line
                rows[(int(line.split()[0]), card)] = line
    return rows


def traveller_rows(pdf: Path) -> dict[tuple[int, int, int, str, str], str]:
    """Every traveller's rows, by (board, round, table, NS pair, EW pair): the defenders' points written ("":
    none yet)."""
    rows: dict[tuple[int, int, int, str, str], str] = {}
    board = 0
    for line in "\n".join(pdf_pages(pdf)).splitlines():
        if found := re.match(r"第\s*(\d+)\s*副", line):
            board = int(found.group(1))
        elif row := re.match(r"\s*(\d+)\s+(\d+)\s+NS\d+ (\S+)\s+EW\d+ (\S+)\s*(\d*)", line):
            key = (board, int(row.group(1)), int(row.group(2)), row.group(3), row.group(4))
            rows[key] = row.group(5)
    return rows


def test_a_mitchell_prints_each_rounds_tables_on_the_guide_cards_and_travellers(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, tdesk: Tdesk
) -> None:
    from tests.gui.test_mitchell_e2e import make_event, points, type_round_by_table
    from tournament_desk.gui.pages.entry.mitchell import PairBoardsPage

    path = tmp_path / "牌套赛.tdesk"
    make_event(path)  # 14 pairs, 2 boards a round: 7 tables, 7 rounds
    assert tdesk("pair", path).code == 0
    open_event(window, path)
    page = window.show_page(PairBoardsPage)
    assert isinstance(page, PairBoardsPage)
    type_round_by_table(qtbot, page, 1)  # round 1's boards typed in the window, round 2's through tdesk
    assert tdesk("pair", path).code == 0
    for t in read_round(tdesk, path, 2).tables:
        for board in t["boards"]:
            done = tdesk(
                "result", path, 2, t["table"], "--board", board, "--points", points(2, t["table"], board)
            )
            assert done.code == 0, done.err
    assert tdesk("pair", path).code == 0
    cards, travellers = tmp_path / "guide.pdf", tmp_path / "travellers.pdf"
    assert tdesk("export", path, "pairings", "-o", cards).code == 0
    assert tdesk("export", path, "scoresheets", "-o", travellers).code == 0
    guide, played = guide_card_rows(cards), traveller_rows(travellers)
    assert len(guide) == 7 * 8  # every table's card: its NS pair, every round
    for number in (1, 2, 3):
        rnd = read_round(tdesk, path, number)
        assert len(rnd.tables) == 7 and rnd.shown["bye"] is None and "sit_out" not in str(rnd.shown)
        for t in rnd.tables:
            first, last = min(t["boards"]), max(t["boards"])
            line = guide[(number, t["table"])]
            assert re.search(rf"EW\d+ {t['away']}\s", line) and f"{first}–{last}" in line, (number, t, line)
            assert re.search(rf"NS{t['table']} {t['home']}$", guide[(0, t["table"])].rstrip()), (t, guide)
            for board in t["boards"]:
                written = played.get((board, number, t["table"], t["home"], t["away"]))
                assert written == (str(points(number, t["table"], board)) if number < 3 else ""), (t, board)


# --- (d) a 40-team Swiss: a withdrawal after its round was paired, a forfeit, a bye --------------------------

CITIES = [
    "厦门",
    "四川",
    "广东",
    "江苏",
    "浙江",
    "湖南",
    "湖北",
    "河南",
    "河北",
    "山东",
    "山西",
    "陕西",
    "辽宁",
    "吉林",
    "安徽",
    "江西",
    "福建",
    "云南",
    "贵州",
    "广西",
]
SWISS = [f"{city}{team}" for city in CITIES for team in ("一队", "二队")]


def test_a_swiss_event_prints_its_withdrawal_forfeit_and_bye(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, tdesk: Tdesk
) -> None:
    path = tmp_path / "瑞士移位赛.tdesk"
    drawn_event(path, "瑞士移位赛", SWISS, seed=3, rounds=3)
    assert tdesk("pair", path).code == 0
    open_event(window, path)
    type_round(qtbot, window, 1, 5, lambda _home, _away: ("10", "6"))  # five tables in the window
    play(tdesk, path, 1)  # the other fifteen through tdesk
    assert tdesk("pair", path).code == 0
    # Round 2 is paired and printed; then table 13's home side withdraws after round 1 (its table becomes the
    # withdrawal's forfeit: the reprinted sheet said nothing of it), and table 3's away side forfeits.
    second = read_round(tdesk, path, 2).tables
    gone, forfeiting = second[12]["home"], second[2]["away"]
    withdrawn = tdesk("entrant", "withdraw", path, gone, "--after-round", 1, "--reason", "家中有事")
    assert withdrawn.code == 0, withdrawn.err
    forfeit = tdesk("forfeit", path, 2, 3, "--side", "away", "--reason", "未到场")
    assert forfeit.code == 0, forfeit.err
    play(tdesk, path, 2)
    assert tdesk("pair", path).code == 0  # 39 left: one has the bye
    rounds = {n: check_round_sheets(tdesk, path, n, tmp_path) for n in (1, 2, 3)}
    decided = {(t["table"], t["state"], t.get("withdrawal", False), t["side"]) for t in rounds[2].tables
               if t["state"] == "forfeit"}  # fmt: skip
    assert decided == {(13, "forfeit", True, "home"), (3, "forfeit", False, "away")}
    assert rounds[2].tables[12]["withdrawn"] == [gone] and forfeiting == rounds[2].tables[2]["away"]
    third = rounds[3]
    assert third.shown["bye"] is not None and third.shown.get("bye_state") is None  # a bye, with its award
    assert all(gone not in (t["home"], t["away"]) for t in third.tables) and third.shown["bye"] != gone
    assert len(third.tables) == 19
