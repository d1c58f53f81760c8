"""A Mitchell movement with an odd number of pairs through ``tdesk`` (rules.md §7.5 revised, §12): 13 pairs on 7
tables with a sit-out each round, boards typed and imported, and the standings against a hand-worked oracle;
then the JSON, the standings and the printed travellers and guide cards agree.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tests.cli.test_mitchell_event import board, new_event
from tournament_desk.services.live import round_tokens
from tournament_desk.services.rounds import missing_results

pytestmark = pytest.mark.slow  # dozens of tdesk runs


def ew_at(round_no: int, table: int) -> int:
    """The EW pair at a table (rules.md §7.5, odd T = 7: EW move up one table a round): (t − r) mod 7 + 1."""
    return (table - round_no) % 7 + 1


def boards_at(round_no: int, table: int) -> list[int]:
    """Board group (t + r − 2) mod 7 + 1 (the groups pass down one table a round); group g is boards 2g − 1, 2g."""
    group = (table + round_no - 2) % 7 + 1
    return [2 * group - 1, 2 * group]


# The defenders' points typed: round → table → (first board, second board). Board b's declarer is N, E, S, W
# in turn from board 1, so NS defends the even boards: NS's result is +points on an even board, −points on
# an odd one. (Made up, then worked through below by hand.)
POINTS = {
    1: {1: (80, 20), 2: (60, 70), 3: (40, 50), 4: (20, 30), 5: (70, 80), 6: (50, 60)},
    2: {2: (30, 40), 3: (80, 20), 4: (60, 70), 5: (40, 50), 6: (20, 30), 7: (70, 80)},
    3: {1: (20, 30), 3: (50, 60), 4: (30, 40), 5: (80, 20), 6: (70, 70), 7: (40, 50)},
}


def test_thirteen_pairs_on_seven_tables_match_the_hand_worked_oracle(tdesk: Tdesk, tmp_path: Path) -> None:
    """The oracle, worked by hand from rules.md §7.5.

    Seats (the draw, odd numbers NS, even EW): NS t = P(2t − 1) (NS1 P01 … NS7 P13), EW j = P(2j) (EW1 P02 …
    EW6 P12); EW 7 is the phantom. It starts at table 7 and moves up one table a round, so the sit-outs are
    round 1 table 7 (P13), round 2 table 1 (P01), round 3 table 2 (P03); their boards rest unplayed:
    boards 13–14 in round 1, 3–4 in round 2, 7–8 in round 3.

    After three rounds boards 3, 4, 7, 8, 13, 14 have 2 results and the others 3, so those six are scaled by
    Neuberg to 3 results: mp' = (mp + 1)·3/2 − 1, i.e. 2 → 3.5 and 0 → 0.5. Match points (NS; EW's are the
    top 4 less NS's on every board, scaled or not), with NS's result and the pairs:
      b1  R1T1 NS1–EW1 −80: 0 | R2T7 NS7–EW6 −70: 3 | R3T6 NS6–EW4 −70: 3   (a tie: 2 + 1)
      b2  R1T1 NS1–EW1 +20: 0 | R2T7 NS7–EW6 +80: 4 | R3T6 NS6–EW4 +70: 2
      b3  R1T2 NS2–EW2 −60: 0.5 | R3T7 NS7–EW5 −40: 3.5
      b4  R1T2 NS2–EW2 +70: 3.5 | R3T7 NS7–EW5 +50: 0.5
      b5  R1T3 NS3–EW3 −40: 0 | R2T2 NS2–EW1 −30: 2 | R3T1 NS1–EW6 −20: 4
      b6  R1T3 NS3–EW3 +50: 4 | R2T2 NS2–EW1 +40: 2 | R3T1 NS1–EW6 +30: 0
      b7  R1T4 NS4–EW4 −20: 3.5 | R2T3 NS3–EW2 −80: 0.5
      b8  R1T4 NS4–EW4 +30: 3.5 | R2T3 NS3–EW2 +20: 0.5
      b9  R1T5 NS5–EW5 −70: 0 | R2T4 NS4–EW3 −60: 2 | R3T3 NS3–EW1 −50: 4
      b10 R1T5 NS5–EW5 +80: 4 | R2T4 NS4–EW3 +70: 2 | R3T3 NS3–EW1 +60: 0
      b11 R1T6 NS6–EW6 −50: 0 | R2T5 NS5–EW4 −40: 2 | R3T4 NS4–EW2 −30: 4
      b12 R1T6 NS6–EW6 +60: 4 | R2T5 NS5–EW4 +50: 2 | R3T4 NS4–EW2 +40: 0
      b13 R2T6 NS6–EW5 −20: 3.5 | R3T5 NS5–EW3 −80: 0.5
      b14 R2T6 NS6–EW5 +30: 3.5 | R3T5 NS5–EW3 +20: 0.5
    Totals (NS as they stand: NS1, NS2, NS7 sat out one of the three rounds):
      NS1 P01 0+0+4+0 = 4        NS2 P03 0.5+3.5+2+2 = 8       NS3 P05 4+0+0.5+0.5+4+0 = 9
      NS4 P07 3.5+3.5+2+2+4+0 = 15    NS5 P09 0+4+2+2+0.5+0.5 = 9    NS6 P11 0+4+3.5+3.5+3+2 = 16
      NS7 P13 3+4+3.5+0.5 = 11
      EW1 P02 4+4+2+2+0+4 = 16   EW2 P04 3.5+0.5+3.5+3.5+0+4 = 15   EW3 P06 0+4+2+2+3.5+3.5 = 15
      EW4 P08 0.5+0.5+2+2+1+2 = 8     EW5 P10 4+0+0.5+0.5+0.5+3.5 = 9   EW6 P12 4+0+1+0+0+4 = 9
    Ties broken by the best board, then the next (rules.md §7.5): NS3 (4, 4, …) before NS5 (4, 2, …); EW2 (4,
    3.5, 3.5, 3.5, …) before EW3 (4, 3.5, 3.5, 2, …); EW6 (4, 4, …) before EW5 (4, 3.5, …).
    """
    path = tmp_path / "odd.tdesk"
    names = new_event(tdesk, path, 13, "--boards-per-round", "2")
    assert names[0] == "P01" and names[-1] == "P13"
    sheet = tmp_path / "boards.csv"
    for round_no in (1, 2, 3):
        paired = tdesk("pair", path, "--json")
        assert paired.code == 0, paired.err
        shown = paired.json()
        out = {1: 7, 2: 1, 3: 2}[round_no]
        sitter = f"P{2 * out - 1:02d}"
        assert shown["bye"] == sitter
        expected = [
            {"table": t, "home": f"P{2 * t - 1:02d}", "away": f"P{2 * ew_at(round_no, t):02d}",
             "boards": boards_at(round_no, t)}
            if t != out else
            {"table": t, "home": sitter, "sit_out": True, "boards": [], "resting_boards": boards_at(round_no, t)}
            for t in range(1, 8)
        ]  # fmt: skip
        assert shown["tables"] == expected
        stored = tdesk("round", path, round_no, "--json").json()
        keys = ("table", "home", "away", "boards", "sit_out", "resting_boards")
        assert [{k: v for k, v in t.items() if k in keys} for t in stored["tables"]] == expected
        before = tdesk.fingerprint(path)
        refused = tdesk("result", path, round_no, out, "--board", boards_at(round_no, out)[0], "--points", 40)
        assert refused.code == 2 and "sits out" in refused.err
        assert tdesk.fingerprint(path) == before
        desk = tdesk.open(path)
        try:  # neither the desk's missing results nor the phones' tables ask for the sit-out table
            assert missing_results(desk, round_no) == [t for t in range(1, 8) if t != out]
            assert sorted(t.table for t in round_tokens(desk, round_no)) == [
                t for t in range(1, 8) if t != out
            ]
        finally:
            desk.close()
        if round_no < 3:  # rounds 1 and 2 from a sheet, round 3 typed board by board
            rows = [f"{round_no},{t},{b},{p}\n" for t, pts in POINTS[round_no].items()
                    for b, p in zip(boards_at(round_no, t), pts, strict=True)]  # fmt: skip
            sheet.write_text("round,table,board,points\n" + "".join(rows), encoding="utf-8")
            done = tdesk("result", path, "--import", sheet)
            assert done.code == 0, done.err
        else:
            for t, pts in POINTS[round_no].items():
                for b, p in zip(boards_at(round_no, t), pts, strict=True):
                    board(tdesk, path, round_no, t, b, p)
        states = [t.get("state") for t in tdesk("round", path, round_no, "--json").json()["tables"]]
        assert states == ["played" if t != out else None for t in range(1, 8)]
    standings = tdesk("standings", path, "--json").json()
    assert standings["after_round"] == 3  # the sit-out asks for no result: every round is complete
    got = [(r["direction"], r["rank"], r["name"], r["score"]) for r in standings["rows"]]
    assert got == [
        ("NS", 1, "P11", 16.0), ("NS", 2, "P07", 15.0), ("NS", 3, "P13", 11.0), ("NS", 4, "P05", 9.0),
        ("NS", 5, "P09", 9.0), ("NS", 6, "P03", 8.0), ("NS", 7, "P01", 4.0),
        ("EW", 1, "P02", 16.0), ("EW", 2, "P04", 15.0), ("EW", 3, "P06", 15.0), ("EW", 4, "P12", 9.0),
        ("EW", 5, "P10", 9.0), ("EW", 6, "P08", 8.0),
    ]  # fmt: skip
    by_name = {r["name"]: r["board_scores"] for r in standings["rows"]}
    assert by_name["P13"] == [4.0, 3.5, 3.0, 0.5] and by_name["P04"] == [4.0, 3.5, 3.5, 3.5, 0.5, 0.0]


@pytest.mark.system  # pdftotext
def test_the_json_the_standings_and_the_printed_travellers_agree(tdesk: Tdesk, tmp_path: Path) -> None:
    """Five pairs on three tables, one board a round (board = group; board 2 declared by E, so NS defends).
    The phantom EW 3 sits at table 3, 1, 2 in rounds 1–3: P05, P01, P03 sit out. Board 2 is played R1 T2
    (NS2 P03 – EW2 P04) and R3 T3 (NS3 P05 – EW1 P02), and rests at table 1 in round 2 (P01 sits out)."""
    path = tmp_path / "five.tdesk"
    new_event(tdesk, path, 5, "--boards-per-round", "1")
    played: dict[tuple[int, int], int] = {}
    for round_no, points in ((1, {1: 60, 2: 80}), (2, {2: 40, 3: 100}), (3, {1: 70, 3: 30})):
        tables = tdesk("pair", path, "--json").json()["tables"]
        for t in tables:
            if not t.get("sit_out"):
                (number,) = t["boards"]
                board(tdesk, path, round_no, t["table"], number, points[t["table"]])
                played[(round_no, t["table"])] = number
    assert played[(1, 2)] == 2 and played[(3, 3)] == 2
    rows = {r["name"]: r for r in tdesk("standings", path, "--json").json()["rows"]}
    # Board 2: NS2 P03 +80 beats NS3 P05 +30: 2 and 0 in NS; EW1 P02 −30 beats EW2 P04 −80: 2 and 0 in EW.
    out = tmp_path / "travellers.pdf"
    assert tdesk("export", path, "scoresheets", "-o", out).code == 0
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True,
                          check=True).stdout  # fmt: skip
    page = text.split("Traveller, board 2")[1].split("Traveller, board 3")[0]
    lines = [line.split() for line in page.splitlines() if line.strip()[:1].isdigit()]
    assert lines[0][:2] == ["1", "2"] and "P03" in lines[0] and "P04" in lines[0]
    assert lines[0][-4:] == ["80", "+80", "2", "0"]
    assert lines[1][:2] == ["2", "1"] and "P01" in lines[1] and "轮空" in lines[1]
    assert lines[2][:2] == ["3", "3"] and lines[2][-4:] == ["30", "+30", "0", "2"]
    assert 2.0 in rows["P03"]["board_scores"] and 0.0 in rows["P05"]["board_scores"]
    assert 2.0 in rows["P02"]["board_scores"] and 0.0 in rows["P04"]["board_scores"]
    guides = tmp_path / "guides.pdf"
    assert tdesk("export", path, "pairings", "-o", guides).code == 0
    cards = subprocess.run(["pdftotext", str(guides), "-"], capture_output=True, text=True, check=True).stdout
    assert cards.count("轮空") >= 3  # each table's card names its sit-out round
