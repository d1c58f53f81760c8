"""The knockout by draw through ``tdesk`` (rules.md §7.6, §12; seeds 000 and 004): draw numbers on a bracket of the
next power of two in the standard seeding order, byes for draw numbers 1 … B − n, a tie decided by the side on
stage, a match of several games (局), a withdrawal that forfeits the next match, the third-place match and the
placing; and the refusals, each one sentence with exit 2 and nothing written.

Every expected pairing, winner and place is worked out by hand here from the draw, not read from the program.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Tdesk

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

NAMES = [f"队{i:02d}" for i in range(1, 13)]  # drawn in this order: 队NN has draw number NN


def new_knockout(tdesk: Tdesk, path: Path, names: list[str], *extra: str) -> None:
    made = tdesk("new", path, "--name", "淘汰赛", "--format", "knockout", *extra)
    assert made.code == 0, made.err
    for name in names:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", ",".join(names)).code == 0


def paired(tdesk: Tdesk, path: Path) -> dict[str, Any]:
    run = tdesk("pair", path, "--json")
    assert run.code == 0, run.err
    data: dict[str, Any] = run.json()
    return data


def shown(tdesk: Tdesk, path: Path, round_no: int) -> list[tuple[Any, ...]]:
    """``round --json``: (table, home, away, winner, on_stage, state) of each table."""
    run = tdesk("round", path, round_no, "--json")
    assert run.code == 0, run.err
    data = run.json()
    assert data["stage"] == "knockout"
    return [
        (t["table"], t["home"], t["away"], t["winner"], t.get("on_stage"), t["state"]) for t in data["tables"]
    ]


def result(tdesk: Tdesk, path: Path, round_no: int, table: int, home: str, away: str, *extra: str) -> None:
    run = tdesk("result", path, round_no, table, home, away, *extra)
    assert run.code == 0, run.err


def refused(tdesk: Tdesk, path: Path, *args: object) -> str:
    """A write refused with exit 2 and one sentence on stderr, nothing written; the sentence."""
    before = tdesk.fingerprint(path)
    run = tdesk(*args)
    assert (run.code, run.out) == (2, ""), run
    assert run.err.count("\n") == 1 and run.err.strip(), run.err
    assert tdesk.fingerprint(path) == before
    return run.err.strip()


@pytest.mark.slow
def test_a_12_entrant_knockout_by_draw_is_played_to_the_final(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "ko12.tdesk"
    new_knockout(tdesk, path, NAMES, "--third-place")
    # Before round 1 everyone shares every place.
    before = tdesk("standings", path, "--json").json()
    assert {r["placing"] for r in before["rows"]} == {"1–12"}

    # A bracket of 16, seeds in the order 1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11: draw numbers 13–16 are byes,
    # so 1, 4, 2 and 3 go through; the four matches are 8–9, 5–12, 7–10, 6–11.
    r1 = paired(tdesk, path)
    assert (r1["round"], r1["stage"], r1["bye"]) == (1, "knockout", None)
    assert [(t["table"], t["home"], t["away"], t["winner"]) for t in r1["tables"]] == [
        (1, "队08", "队09", None),
        (2, "队05", "队12", None),
        (3, "队07", "队10", None),
        (4, "队06", "队11", None),
    ]
    notes = r1["notes"]
    assert len(notes) == 4
    assert [next(n for n in NAMES if n in note) for note in notes] == ["队01", "队04", "队02", "队03"]
    bracket = tdesk("bracket", path, "--json").json()
    assert bracket["size"] == 16
    assert [(c["home"], c["away"], c["table"], c["winner"]) for c in bracket["rounds"][0]] == [
        ("队01", None, None, "队01"), ("队08", "队09", 1, None), ("队04", None, None, "队04"),
        ("队05", "队12", 2, None), ("队02", None, None, "队02"), ("队07", "队10", 3, None),
        ("队03", None, None, "队03"), ("队06", "队11", 4, None),
    ]  # fmt: skip

    # Equal levels: refused without the side on stage, then decided by it.
    said = refused(tdesk, path, "result", path, 1, 1, "9", "9")
    assert "在台上" in said
    result(tdesk, path, 1, 1, "9", "9", "--on-stage", "away")
    result(tdesk, path, 1, 2, "10", "6")
    # Two games to one beats a higher level in the game in play (seed 004 四副升级).
    result(tdesk, path, 1, 3, "5", "K", "--games", "2:1")
    result(tdesk, path, 1, 4, "8", "J")
    assert shown(tdesk, path, 1) == [
        (1, "队08", "队09", "队09", "away", "played"),
        (2, "队05", "队12", "队05", None, "played"),
        (3, "队07", "队10", "队07", None, "played"),
        (4, "队06", "队11", "队11", None, "played"),
    ]
    # The same result again changes nothing; the games are part of the result.
    same = tdesk.fingerprint(path)
    result(tdesk, path, 1, 3, "5", "K", "--games", "2:1")
    assert tdesk.fingerprint(path) == same
    after_one = {r["name"]: r["placing"] for r in tdesk("standings", path, "--json").json()["rows"]}
    assert {n for n, p in after_one.items() if p == "9–12"} == {"队08", "队12", "队10", "队06"}
    assert {n for n, p in after_one.items() if p == "1–8"} == {"队01", "队02", "队03", "队04", "队05", "队07",
                                                               "队09", "队11"}  # fmt: skip

    # Quarter-finals: the winners of bracket matches 2m − 1 and 2m meet, the first at home.
    r2 = paired(tdesk, path)
    assert (r2["round"], r2["stage"]) == (2, "knockout")
    assert [(t["table"], t["home"], t["away"], t["winner"]) for t in r2["tables"]] == [
        (1, "队01", "队09", None),
        (2, "队04", "队05", None),
        (3, "队02", "队07", None),
        (4, "队03", "队11", None),
    ]
    # Round 1 is closed now that its winners play in round 2.
    said = refused(tdesk, path, "result", path, 1, 2, "6", "10", "--correct", "--reason", "看错")
    assert "round 2" in said
    # 队11 withdraws after round 1: its quarter-final, already paired, is a forfeit that 队03 wins.
    assert tdesk("entrant", "withdraw", path, "队11", "--after-round", 1, "--reason", "生病").code == 0
    assert shown(tdesk, path, 2)[3] == (4, "队03", "队11", "队03", None, "forfeit")
    result(tdesk, path, 2, 1, "Q", "10")
    result(tdesk, path, 2, 2, "6", "9")
    result(tdesk, path, 2, 3, "A", "3")
    assert shown(tdesk, path, 2) == [
        (1, "队01", "队09", "队01", None, "played"),
        (2, "队04", "队05", "队05", None, "played"),
        (3, "队02", "队07", "队02", None, "played"),
        (4, "队03", "队11", "队03", None, "forfeit"),
    ]

    r3 = paired(tdesk, path)
    assert [(t["table"], t["home"], t["away"], t["winner"]) for t in r3["tables"]] == [
        (1, "队01", "队05", None),
        (2, "队02", "队03", None),
    ]
    result(tdesk, path, 3, 1, "J", "J", "--on-stage", "home")
    result(tdesk, path, 3, 2, "8", "10")
    assert shown(tdesk, path, 3) == [
        (1, "队01", "队05", "队01", "home", "played"),
        (2, "队02", "队03", "队03", None, "played"),
    ]
    semis = {r["name"]: r["placing"] for r in tdesk("standings", path, "--json").json()["rows"]}
    assert semis["队05"] == semis["队02"] == "3–4"  # until the third-place match is played

    # The final on table 1, the third-place match of the semi-finals' losers on table 2.
    r4 = paired(tdesk, path)
    assert [(t["table"], t["home"], t["away"], t["winner"]) for t in r4["tables"]] == [
        (1, "队01", "队03", None),
        (2, "队05", "队02", None),
    ]
    result(tdesk, path, 4, 1, "K", "Q")
    result(tdesk, path, 4, 2, "7", "9")
    assert shown(tdesk, path, 4) == [
        (1, "队01", "队03", "队01", None, "played"),
        (2, "队05", "队02", "队02", None, "played"),
    ]
    refused(tdesk, path, "pair", path)  # after the final

    final = tdesk("standings", path, "--json").json()
    assert final["stage"] == "knockout"
    rows = [(r["rank"], r["name"], r["placing"]) for r in final["rows"]]
    assert rows[:4] == [(1, "队01", "1"), (2, "队03", "2"), (3, "队02", "3"), (4, "队05", "4")]
    assert sorted(rows[4:8]) == [(5, n, "5–8") for n in ("队04", "队07", "队09", "队11")]
    assert sorted(rows[8:]) == [(9, n, "9–12") for n in ("队06", "队08", "队10", "队12")]
    withdrawn = {r["name"]: r["withdrawn"] for r in final["rows"]}
    assert [n for n, w in withdrawn.items() if w] == ["队11"]
    bracket = tdesk("bracket", path, "--json").json()
    assert [(p["placing"], p["name"]) for p in bracket["placing"]][:4] == [("1", "队01"), ("2", "队03"),
                                                                           ("3", "队02"), ("4", "队05")]  # fmt: skip
    third = [c for c in bracket["rounds"][-1] if c.get("third_place")]
    assert [(c["home"], c["away"], c["winner"]) for c in third] == [("队05", "队02", "队02")]


@pytest.mark.slow
def test_without_a_third_place_match_the_semi_final_losers_share_third(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "ko5.tdesk"
    names = ["甲", "乙", "丙", "丁", "戊"]
    new_knockout(tdesk, path, names)
    # Five in a bracket of eight (1 8 4 5 2 7 3 6): three byes (甲, 丙, 乙), one match 丁–戊.
    r1 = paired(tdesk, path)
    assert [(t["home"], t["away"]) for t in r1["tables"]] == [("丁", "戊")]
    looked = tdesk("round", path, "1", "--json").json()
    # What the printed sheet lists as 轮空 直接晋级:
    assert sorted(looked["byes"]) == sorted(["甲", "丙", "乙"])
    said = tdesk("round", path, "1").out
    assert all(f"{name} goes through without a match (bye)." in said for name in ("甲", "乙", "丙")), said
    result(tdesk, path, 1, 1, "10", "9")
    r2 = paired(tdesk, path)
    assert [(t["home"], t["away"]) for t in r2["tables"]] == [("甲", "丁"), ("乙", "丙")]
    assert "byes" not in tdesk("round", path, "2", "--json").json()  # everyone plays the semi-finals
    result(tdesk, path, 2, 1, "A", "2")
    result(tdesk, path, 2, 2, "7", "7", "--on-stage", "away")
    r3 = paired(tdesk, path)
    assert [(t["home"], t["away"]) for t in r3["tables"]] == [("甲", "丙")]  # no third-place match
    result(tdesk, path, 3, 1, "9", "9", "--games", "1:2")
    assert shown(tdesk, path, 3) == [(1, "甲", "丙", "丙", None, "played")]
    places = {r["name"]: r["placing"] for r in tdesk("standings", path, "--json").json()["rows"]}
    assert places == {"丙": "1", "甲": "2", "乙": "3–4", "丁": "3–4", "戊": "5"}


@pytest.mark.slow
def test_an_entrant_withdrawn_before_round_1_is_left_out_of_the_draw(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "ko-gone.tdesk"
    names = ["A1", "A2", "A3", "A4", "A5"]
    new_knockout(tdesk, path, names)
    assert tdesk("entrant", "withdraw", path, "A5", "--reason", "没来").code == 0
    # Four remain: a bracket of four, no bye, 1–4 and 2–3 by draw number.
    r1 = paired(tdesk, path)
    assert [(t["home"], t["away"]) for t in r1["tables"]] == [("A1", "A4"), ("A2", "A3")]
    assert "notes" not in r1


# --- refusals -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (("--format", "knockout-round-robin", "--finalists", "5"), "5"),
        (("--format", "knockout", "--rounds", "4"), "rounds"),
        (("--format", "knockout-round-robin", "--rounds", "4"), "rounds"),
    ],
)
def test_settings_a_knockout_cannot_use_are_refused(
    tdesk: Tdesk, tmp_path: Path, options: tuple[str, ...], says: str
) -> None:
    path = tmp_path / "bad.tdesk"
    run = tdesk("new", path, "--name", "x", *options)
    assert (run.code, run.out) == (2, ""), run
    assert run.err.count("\n") == 1 and says in run.err
    assert not tdesk.created(path)


@pytest.mark.slow
def test_games_and_the_side_on_stage_are_refused_outside_a_knockout(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "swiss.tdesk"
    assert tdesk("new", path, "--name", "积分赛", "--rounds", 3).code == 0
    for name in ("甲", "乙", "丙", "丁"):
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("pair", path).code == 0
    said = refused(tdesk, path, "result", path, 1, 1, "9", "7", "--games", "2:1")
    assert "局" in said
    refused(tdesk, path, "result", path, 1, 1, "9", "9", "--on-stage", "home")
    result(tdesk, path, 1, 1, "9", "7")


@pytest.mark.slow
@pytest.mark.parametrize("games", ["2-1", "x:1", "-1:2", "2"])
def test_games_won_must_be_typed_home_colon_away(tdesk: Tdesk, tmp_path: Path, games: str) -> None:
    path = tmp_path / "games.tdesk"
    new_knockout(tdesk, path, ["甲", "乙"])
    assert paired(tdesk, path)["tables"][0]["home"] == "甲"
    refused(tdesk, path, "result", path, 1, 1, "9", "7", f"--games={games}")


@pytest.mark.slow
def test_equal_games_and_levels_need_the_side_that_won_the_last_deal(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "games-tie.tdesk"
    new_knockout(tdesk, path, ["甲", "乙"])
    paired(tdesk, path)
    said = refused(tdesk, path, "result", path, 1, 1, "Q", "Q", "--games", "1:1")
    assert "在台上" in said
    result(tdesk, path, 1, 1, "Q", "Q", "--games", "1:1", "--on-stage", "home")
    assert shown(tdesk, path, 1) == [(1, "甲", "乙", "甲", "home", "played")]
    # A different deciding side is a different result: refused without --correct, naming the one recorded.
    said = refused(tdesk, path, "result", path, 1, 1, "Q", "Q", "--games", "1:1", "--on-stage", "away")
    assert "already has a result" in said


@pytest.mark.slow
def test_a_knockout_needs_its_draw_before_round_1(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "nodraw.tdesk"
    assert tdesk("new", path, "--name", "x", "--format", "knockout").code == 0
    for name in ("甲", "乙", "丙"):
        assert tdesk("entrant", "add", path, name).code == 0
    r1 = tdesk("pair", path, "--json")
    # Entrants get draw numbers as they register, so the draw defaults to registration order.
    assert r1.code == 0, r1.err
    assert [(t["home"], t["away"]) for t in r1.json()["tables"]] == [("乙", "丙")]


@pytest.mark.slow
def test_the_games_are_audited_and_undone_with_the_result(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "games-undo.tdesk"
    new_knockout(tdesk, path, ["甲", "乙"])
    paired(tdesk, path)
    result(tdesk, path, 1, 1, "9", "5", "--games", "1:2")  # 乙 wins on games
    result(tdesk, path, 1, 1, "9", "5", "--games", "2:1", "--correct", "--reason", "局数记反")
    entry = tdesk("audit", path, "--json").json()[-1]
    assert any("games" in key for key in entry["new"]), entry
    assert tdesk("undo", path).code == 0
    assert shown(tdesk, path, 1) == [(1, "甲", "乙", "乙", None, "played")]
    # The table holds 9 : 5 with games 1 : 2 again, so 2 : 1 is a different result.
    said = refused(tdesk, path, "result", path, 1, 1, "9", "5", "--games", "2:1")
    assert "already has a result" in said
