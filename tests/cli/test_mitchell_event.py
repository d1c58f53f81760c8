"""A Mitchell pairs event through ``tdesk`` (rules.md §7.5, §12; seed 002): the draw seats odd numbers NS and even
ones EW, the movement, board entry with its refusals, match points within each direction, Neuberg, and the two
rankings. Expected figures are worked out here from docs/rules.md (an oracle and a hand-worked event), not taken
from the program.
"""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Tdesk

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

DECLARERS = "NESW"  # the default fixed declarer of board b: N, E, S, W in turn from board 1


def new_event(tdesk: Tdesk, path: Path, count: int, *extra: str) -> list[str]:
    assert tdesk("new", path, "--name", "牌套赛", "--format", "mitchell", *extra).code == 0
    names = [f"P{i:02d}" for i in range(1, count + 1)]
    for name in names:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", ",".join(names)).code == 0
    return names


def board(tdesk: Tdesk, path: Path, round_no: int, table: int, number: int, points: int, *extra: str) -> None:
    done = tdesk("result", path, round_no, table, "--board", number, "--points", points, *extra)
    assert done.code == 0, done.err


def rankings(tdesk: Tdesk, path: Path) -> dict[str, list[tuple[int, str, float]]]:
    data = tdesk("standings", path, "--json").json()
    out: dict[str, list[tuple[int, str, float]]] = defaultdict(list)
    for r in data["rows"]:
        out[r["direction"]].append((r["rank"], r["name"], r["score"]))
    return dict(out)


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_a_hand_worked_three_table_event(tdesk: Tdesk, tmp_path: Path) -> None:
    """Three tables, one board a round. Pairs by draw: NS1 P01, EW1 P02, NS2 P03, EW2 P04, NS3 P05, EW3 P06.
    The movement (odd: EW up one table, boards down one): board 1 is played R1 T1 (NS1–EW1), R2 T3 (NS3–EW2),
    R3 T2 (NS2–EW3); board 2 R1 T2 (NS2–EW2), R2 T1 (NS1–EW3), R3 T3 (NS3–EW1); board 3 R1 T3 (NS3–EW3),
    R2 T2 (NS2–EW1), R3 T1 (NS1–EW2). Declarers: board 1 N, board 2 E, board 3 S.
    """
    path = tmp_path / "three.tdesk"
    new_event(tdesk, path, 6, "--boards-per-round", "1")
    assert [(t["table"], t["home"], t["away"]) for t in tdesk("pair", path, "--json").json()["tables"]] == [
        (1, "P01", "P02"),
        (2, "P03", "P04"),
        (3, "P05", "P06"),
    ]
    board(tdesk, path, 1, 1, 1, 40)  # board 1, NS declared: NS1 −40
    board(tdesk, path, 1, 2, 2, 80)  # board 2, NS defended: NS2 +80
    board(tdesk, path, 1, 3, 3, 50)  # board 3, NS declared: NS3 −50
    assert tdesk("pair", path).code == 0
    board(tdesk, path, 2, 3, 1, 60)  # NS3 −60
    board(tdesk, path, 2, 1, 2, 100)  # NS1 +100
    board(tdesk, path, 2, 2, 3, 70)  # NS2 −70
    # EW1 (P02) withdraws: its round-3 table (NS3 v EW1, board 2) is not played, so board 2 has two results.
    assert tdesk("entrant", "withdraw", path, "P02", "--after-round", "2").code == 0
    round3 = tdesk("pair", path, "--json").json()
    assert len(round3["tables"]) == 3
    before = tdesk.fingerprint(path)
    assert tdesk("result", path, 3, 3, "--board", 2, "--points", 30).code == 2
    assert tdesk.fingerprint(path) == before
    board(tdesk, path, 3, 2, 1, 40)  # NS2 −40
    board(tdesk, path, 3, 1, 3, 50)  # NS1 −50
    assert tdesk("deduct", path, 3, "P03", "0.5", "--reason", "违例").code == 0
    # NS match points: board 1 NS1 −40 = NS2 −40 > NS3 −60 → 3, 3, 0; board 2 NS1 +100 > NS2 +80 → 2, 0 on
    # two results, Neuberg to three: (2 + 1)·3/2 − 1 = 3.5 and (0 + 1)·3/2 − 1 = 0.5; board 3 NS3 −50 = NS1 −50
    # > NS2 −70 → 3, 3, 0. Totals: NS1 9.5; NS2 3.5 − 0.5 deducted = 3; NS3 0 + 3 = 3 on two boards, but its
    # round-3 opponent withdrew, so it is scaled to the three boards the others play (rules.md §7.5 revised):
    # 3 × 3/2 = 4.5, ahead of NS2 instead of tied with it on 3.
    # EW (the opposite results): board 1 EW2 +60 > EW1 +40 = EW3 +40 → 4, 1, 1; board 2 EW2 −80 > EW3 −100
    # → 3.5, 0.5 (Neuberg); board 3 EW1 +70 > EW2 +50 = EW3 +50 → 4, 1, 1. Totals: EW2 8.5, EW1 5, EW3 2.5.
    assert rankings(tdesk, path) == {
        "NS": [(1, "P01", 9.5), (2, "P05", 4.5), (3, "P03", 3.0)],
        "EW": [(1, "P04", 8.5), (2, "P02", 5.0), (3, "P06", 2.5)],
    }
    rows = {r["name"]: r for r in tdesk("standings", path, "--json").json()["rows"]}
    assert rows["P01"]["board_scores"] == [3.5, 3.0, 3.0]
    assert rows["P03"]["board_scores"] == [3.0, 0.5, 0.0] and rows["P03"]["deducted"] == 0.5
    assert tdesk("pair", path).code == 2  # after the last round


def oracle(
    results: list[tuple[int, int, int, int]], seats: dict[tuple[int, int], tuple[str, str]]
) -> dict[str, dict[str, float]]:
    """Match points of a complete event (no Neuberg needed): 2 per result beaten, 1 per tie, by direction."""
    by_board: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for round_no, table, number, points in results:
        ns, ew = seats[(round_no, table)]
        sign = 1 if DECLARERS[(number - 1) % 4] in "EW" else -1
        by_board[number].append((ns, ew, sign * points))
    totals: dict[str, dict[str, float]] = {"NS": defaultdict(float), "EW": defaultdict(float)}
    for played in by_board.values():
        for ns, ew, mine in played:
            for _, _, other in played:
                totals["NS"][ns] += 2 if mine > other else 1 if mine == other else 0
                totals["EW"][ew] += 2 if -mine > -other else 1 if mine == other else 0
            totals["NS"][ns] -= 1  # itself counted as a tie
            totals["EW"][ew] -= 1
    return {d: dict(t) for d, t in totals.items()}


@pytest.mark.slow
@pytest.mark.parametrize(("tables", "rounds", "extra"), [(7, 7, ()), (8, 7, ("--even", "skip"))])
def test_a_whole_event_runs_and_ranks_each_direction(
    tdesk: Tdesk, tmp_path: Path, tables: int, rounds: int, extra: tuple[str, ...]
) -> None:
    path = tmp_path / f"m{tables}.tdesk"
    new_event(tdesk, path, 2 * tables, "--boards-per-round", "2", *extra)
    rng = random.Random(tables)
    met: set[tuple[str, str]] = set()
    boards_played: dict[str, set[int]] = defaultdict(set)
    results: list[tuple[int, int, int, int]] = []
    seats: dict[tuple[int, int], tuple[str, str]] = {}
    for round_no in range(1, rounds + 1):
        paired: dict[str, Any] = tdesk("pair", path, "--json").json()
        assert len(paired["tables"]) == tables
        for t in paired["tables"]:
            pair = (t["home"], t["away"])
            assert pair not in met  # an EW pair meets an NS pair at most once
            met.add(pair)
            seats[(round_no, t["table"])] = pair
            sheet = tdesk("result", path, round_no, t["table"], "--board", 999, "--points", 0)
            assert sheet.code == 2  # names the two boards the table plays
            first, last = (int(x) for x in sheet.err.split("boards ")[1].split(" ")[0].split("–"))
            assert last == first + 1
            for number in (first, last):
                for name in pair:
                    assert number not in boards_played[name]  # no pair plays a board twice
                    boards_played[name].add(number)
                points = 5 * rng.randint(0, 40)
                board(tdesk, path, round_no, t["table"], number, points)
                results.append((round_no, t["table"], number, points))
    assert tdesk("pair", path).code == 2
    expected = oracle(results, seats)
    ranked = rankings(tdesk, path)
    for direction in ("NS", "EW"):
        assert {name: score for _, name, score in ranked[direction]} == pytest.approx(expected[direction])
        scores = [score for _, _, score in ranked[direction]]
        assert scores == sorted(scores, reverse=True)
        assert ranked[direction][0][0] == 1


@pytest.mark.slow
def test_bad_board_entries_change_nothing(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "bad.tdesk"
    new_event(tdesk, path, 8, "--boards-per-round", "2")
    assert tdesk("pair", path).code == 0
    board(tdesk, path, 1, 1, 1, 60)
    before = tdesk.fingerprint(path)
    for args, says in [
        ((1, 1, "--board", 3, "--points", 60), "boards 1–2"),  # not this table's boards this round
        ((1, 1, "--board", 2, "--points", 63), "63"),  # not a multiple of 5
        ((1, 1, "--board", 2, "--points", 205), "200"),  # above the two decks' total
        ((1, 9, "--board", 2, "--points", 60), "9"),  # no such table
        (
            (1, 1, "--board", 1, "--points", 65),
            "already has a result: 60",
        ),  # a second result, not a correction
        ((1, 1, "--board", 1, "--points", 65, "--correct"), "--reason"),  # a correction says why
        ((1, 1, "9", "5"), "board"),  # levels in a board-scored event
        ((1, 1, "--board", 2, "--points", 60, "--penalty", "XX:10"), "NS"),
    ]:
        refused = tdesk("result", path, *args)
        assert refused.code == 2, args
        assert says in refused.err, (args, refused.err)
        assert len(refused.err.strip().splitlines()) == 1
    assert tdesk.fingerprint(path) == before
    board(tdesk, path, 1, 1, 1, 65, "--correct", "--reason", "记错")
    trail = tdesk("audit", path, "--json").json()
    assert any(e["action"] == "board" and e["reason"] == "记错" and e["old"] == {"points": 60,
               "penalty_ns": 0, "penalty_ew": 0} for e in trail)  # fmt: skip


@pytest.mark.slow
def test_too_few_pairs_are_refused_with_a_sentence(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "few.tdesk"
    new_event(tdesk, path, 4, "--boards-per-round", "2")  # two tables (an odd count plays: test_mitchell_odd)
    before = tdesk.fingerprint(path)
    refused = tdesk("pair", path)
    assert refused.code == 2 and "between 3 and 30 tables, not 2" in refused.err
    assert tdesk.fingerprint(path) == before


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_a_board_sheet_is_imported_whole_or_not_at_all(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "import.tdesk"
    new_event(tdesk, path, 6, "--boards-per-round", "2")
    assert tdesk("pair", path).code == 0
    # Round 1: table t plays boards 2t − 1 and 2t.
    good = tmp_path / "good.csv"
    good.write_text(
        "轮,桌,牌,得分,东西罚分\n" + "".join(f"1,{t},{b},{5 * (t + b)},{10 if b == 1 else 0}\n"
                                       for t in (1, 2, 3) for b in (2 * t - 1, 2 * t)),
        encoding="utf-8",
    )  # fmt: skip
    bad = tmp_path / "bad.csv"
    bad.write_text("round,table,board,points\n1,1,1,40\n1,1,2,43\n1,2,1,40\n", encoding="utf-8")
    before = tdesk.fingerprint(path)
    refused = tdesk("result", path, "--import", bad)
    assert refused.code == 2 and "row 3" in refused.err and "row 4" in refused.err
    assert tdesk.fingerprint(path) == before
    assert tdesk("result", path, "--import", good).code == 0
    rounds = tdesk("round", path, 1, "--json").json()
    assert [t["state"] for t in rounds["tables"]] == ["played"] * 3
    again = tdesk("result", path, "--import", good)  # the same sheet again changes nothing
    assert (again.code, again.out) == (0, "Imported 0 board results.\n"), again.err
    changed = tmp_path / "changed.csv"
    changed.write_text(
        good.read_text(encoding="utf-8").replace("1,1,1,10,10", "1,1,1,15,10"), encoding="utf-8"
    )
    before = tdesk.fingerprint(path)
    refused = tdesk("result", path, "--import", changed)
    assert refused.code == 2 and "row 2: round 1 table 1 board 1 already has 10 (+10 EW)" in refused.err
    assert tdesk.fingerprint(path) == before


@pytest.mark.slow
def test_pair_and_round_json_name_each_tables_boards(tdesk: Tdesk, tmp_path: Path) -> None:
    """rules.md §12: each Mitchell table's "boards", the board numbers it plays that round; the board groups pass
    down one table a round (1 → T), so every table plays every group once over the movement."""
    path = tmp_path / "boards.tdesk"
    new_event(tdesk, path, 10, "--boards-per-round", "2")  # five tables: five rounds
    played: dict[int, set[int]] = defaultdict(set)
    for round_no in range(1, 6):
        paired = tdesk("pair", path, "--json")
        assert paired.code == 0, paired.err
        shown = {t["table"]: t["boards"] for t in paired.json()["tables"]}
        stored = {t["table"]: t["boards"] for t in tdesk("round", path, round_no, "--json").json()["tables"]}
        assert shown == stored
        assert sorted(b for bs in shown.values() for b in bs) == list(range(1, 11))
        for table, boards in shown.items():
            assert len(boards) == 2
            played[table] |= set(boards)
            for number in boards:
                board(tdesk, path, round_no, table, number, 60)
    assert all(boards == set(range(1, 11)) for boards in played.values())
    # A table told to enter a board it does not play is refused (the JSON is what the desk can trust).
    wrong = next(b for b in range(1, 11) if b not in shown[1])
    refused = tdesk("result", path, 5, 1, "--board", wrong, "--points", 60, "--correct", "--reason", "x")
    assert refused.code == 2
