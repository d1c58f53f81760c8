"""Knockout rounds into a round-robin final through ``tdesk`` (rules.md §7.7, §12; seed 004, 喜羊羊杯): the knockout
by draw until K remain, then ``pair`` itself starts the final, the Berger round robin (§7.3) of those K in bracket
order; places 1 to K come from its ranking, the others from the round they lost in.

Every expected pairing and place is worked out by hand here from the draw, not read from the program.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Tdesk
from tests.cli.test_knockout_event import paired, refused, result

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

NAMES = [f"T{i:02d}" for i in range(1, 21)]  # drawn in this order: TNN has draw number NN
BERGER_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]  # FIDE's table for four


def new_event(tdesk: Tdesk, path: Path, names: list[str], *extra: str) -> None:
    made = tdesk("new", path, "--name", "喜羊羊杯", "--format", "knockout-round-robin", *extra)
    assert made.code == 0, made.err
    for name in names:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", ",".join(names)).code == 0


def tables(data: dict[str, Any]) -> list[tuple[str, str]]:
    return [(t["home"], t["away"]) for t in data["tables"]]


def placings(tdesk: Tdesk, path: Path) -> tuple[str, list[tuple[int, str, str]]]:
    run = tdesk("standings", path, "--json")
    assert run.code == 0, run.err
    data = run.json()
    return data["stage"], [(r["rank"], r["name"], r["placing"]) for r in data["rows"]]


@pytest.mark.slow
def test_twenty_entrants_play_down_to_four_and_a_round_robin_final(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "krr20.tdesk"
    new_event(tdesk, path, NAMES)  # four finalists by default
    # A bracket of 32 (1 32 16 17 8 25 9 24 4 29 13 20 5 28 12 21 2 31 15 18 7 26 10 23 3 30 14 19 6 27 11 22):
    # draw numbers 21–32 are byes, so 1–12 go through and 13–20 play.
    r1 = paired(tdesk, path)
    assert (r1["round"], r1["stage"]) == (1, "knockout")
    assert tables(r1) == [("T16", "T17"), ("T13", "T20"), ("T15", "T18"), ("T14", "T19")]
    assert len(r1["notes"]) == 12
    for t in r1["tables"]:  # the lower draw number wins every knockout match but one
        result(tdesk, path, 1, t["table"], "9", "5") if t["home"] < t["away"] else result(
            tdesk, path, 1, t["table"], "5", "9"
        )
    r2 = paired(tdesk, path)
    assert (r2["round"], r2["stage"]) == (2, "knockout")
    assert tables(r2) == [("T01", "T16"), ("T08", "T09"), ("T04", "T13"), ("T05", "T12"),
                          ("T02", "T15"), ("T07", "T10"), ("T03", "T14"), ("T06", "T11")]  # fmt: skip
    for t in r2["tables"]:
        result(tdesk, path, 2, t["table"], "10", "8")
    r3 = paired(tdesk, path)
    assert tables(r3) == [("T01", "T08"), ("T04", "T05"), ("T02", "T07"), ("T03", "T06")]
    result(tdesk, path, 3, 1, "Q", "9")
    result(tdesk, path, 3, 2, "9", "9", "--on-stage", "away")  # T05 goes on
    result(tdesk, path, 3, 3, "K", "2", "--games", "2:0")
    result(tdesk, path, 3, 4, "J", "10")
    stage, rows = placings(tdesk, path)
    assert stage == "knockout"
    assert sorted(rows[:4]) == [(1, n, "1–4") for n in ("T01", "T02", "T03", "T05")]

    # ``pair`` starts the final: the four left, in bracket order T01 T05 T02 T03, play Berger's table of four.
    finalists = ["T01", "T05", "T02", "T03"]
    # VP of each final round's tables (home levels, away levels), chosen so that the ranking is clear.
    final_levels = [[("9", "5"), ("7", "7")], [("9", "5"), ("7", "8")], [("10", "5"), ("7", "9")]]
    for k, (berger, levels) in enumerate(zip(BERGER_4, final_levels, strict=True), start=1):
        rk = paired(tdesk, path)
        assert (rk["round"], rk["stage"], rk["bye"]) == (3 + k, "final", None)
        expected = [(finalists[h - 1], finalists[a - 1]) for h, a in berger]
        assert tables(rk) == expected
        assert all("winner" not in t for t in rk["tables"])  # a round robin: no one goes on from a table
        # The director is told the stage changed, and who went on (the audit keeps the same sentence).
        told = [n for n in rk.get("notes", []) if "next stage" in n]
        assert told == (["The next stage begins: T01、T05、T02、T03 go on."] if k == 1 else []), rk
        if k == 1:
            stage, rows = placings(tdesk, path)  # the final is paired, nothing played yet
            assert stage == "final"
            assert sorted(rows[:4]) == [(1, n, "1–4") for n in ("T01", "T02", "T03", "T05")]
            assert rows[4:8] == [(5, n, "5–8") for n in ("T04", "T06", "T07", "T08")]
            # The knockout is closed now; the final takes no side on stage (equal levels are a draw).
            said = refused(tdesk, path, "result", path, 3, 2, "9", "9", "--on-stage", "home", "--correct",
                           "--reason", "看错")  # fmt: skip
            assert "round 3" in said
            refused(tdesk, path, "result", path, 4, 2, "7", "7", "--on-stage", "home")
            refused(tdesk, path, "result", path, 4, 2, "7", "7", "--games", "1:1")
        for table, (home, away) in enumerate(levels, start=1):
            result(tdesk, path, 3 + k, table, home, away)
        shown = tdesk("round", path, 3 + k, "--json").json()
        assert shown["stage"] == "final" and [(t["home"], t["away"]) for t in shown["tables"]] == expected
        assert {t["state"] for t in shown["tables"]} == {"played"}
    refused(tdesk, path, "pair", path)  # after the final's last round

    # T01–T03 14:6, T05–T02 10:10 · T03–T02 14:6, T01–T05 9:11 · T05–T03 15:5, T02–T01 8:12.
    # VP: T05 36, T01 35, T03 25, T02 24; the others by the round they lost in.
    stage, rows = placings(tdesk, path)
    assert stage == "final"
    assert rows[:4] == [(1, "T05", "1"), (2, "T01", "2"), (3, "T03", "3"), (4, "T02", "4")]
    assert sorted(rows[4:8]) == [(5, n, "5–8") for n in ("T04", "T06", "T07", "T08")]
    assert sorted(rows[8:16]) == [(9, f"T{i:02d}", "9–16") for i in range(9, 17)]
    assert sorted(rows[16:]) == [(17, f"T{i:02d}", "17–20") for i in range(17, 21)]
    final = tdesk("standings", path, "--json").json()
    vp = {r["name"]: r["vp"] for r in final["rows"][:4]}
    assert vp == {"T05": 36, "T01": 35, "T03": 25, "T02": 24}
    # As of the knockout's last round the four share the places the final decides.
    _, before_final = placings_after(tdesk, path, 3)
    assert sorted(before_final[:4]) == [(1, n, "1–4") for n in ("T01", "T02", "T03", "T05")]


def placings_after(tdesk: Tdesk, path: Path, round_no: int) -> tuple[str, list[tuple[int, str, str]]]:
    run = tdesk("standings", path, "--after-round", round_no, "--json")
    assert run.code == 0, run.err
    data = run.json()
    return data.get("stage", ""), [(r["rank"], r["name"], r["placing"]) for r in data["rows"]]


@pytest.mark.slow
def test_nine_entrants_into_a_final_of_eight(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "krr9.tdesk"
    names = [f"E{i}" for i in range(1, 10)]
    new_event(tdesk, path, names, "--finalists", "8")
    # A bracket of 16: only draw numbers 8 and 9 play; one knockout round leaves eight.
    r1 = paired(tdesk, path)
    assert tables(r1) == [("E8", "E9")]
    result(tdesk, path, 1, 1, "6", "8")
    r2 = paired(tdesk, path)
    assert r2["stage"] == "final"
    # Bracket order 1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11, blocks of two: E1 E9 E4 E5 E2 E7 E3 E6.
    order = ["E1", "E9", "E4", "E5", "E2", "E7", "E3", "E6"]
    assert tables(r2) == [
        (order[0], order[7]),
        (order[1], order[6]),
        (order[2], order[5]),
        (order[3], order[4]),
    ]
    stage, rows = placings(tdesk, path)
    assert stage == "final"
    assert rows[-1] == (9, "E8", "9")
    assert tdesk("round", path, 2, "--json").json()["stage"] == "final"


@pytest.mark.slow
def test_a_final_needs_more_entrants_than_it_holds(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "krr4.tdesk"
    new_event(tdesk, path, ["甲", "乙", "丙", "丁"])
    said = refused(tdesk, path, "pair", path)
    assert "4" in said
