"""Groups then knockout through ``tdesk`` (rules.md §7.4, §12; seeds 003 and 004): groups by draw number, each a
Berger round robin scored 3/1/0, the group ranking with its mini-league, 小分 and recorded lots, the
qualifiers with the best thirds and byes, the fresh knockout draw, the bracket, the side on stage, the placing.

Expected group rankings and winners come from the hand-worked cases written out here, not from the program.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Tdesk

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

# The Berger round robin of a group of four, by position in the group: (home, away), round by round.
BERGER_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


def new_event(tdesk: Tdesk, path: Path, names: list[str], *extra: str) -> None:
    assert tdesk("new", path, "--name", "杯赛", "--format", "groups-knockout", *extra).code == 0
    for name in names:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", ",".join(names)).code == 0


def group_rows(tdesk: Tdesk, path: Path) -> dict[str, list[tuple[int, str, float, int, Any]]]:
    out = tdesk("standings", path, "--json")
    assert out.code == 0, out.err
    data = out.json()
    assert data["stage"] == "groups"
    rows: dict[str, list[tuple[int, str, float, int, Any]]] = {}
    for r in data["rows"]:
        rows.setdefault(r["group"], []).append(
            (r["rank"], r["name"], r["mp"], r["level_diff"], r["qualified"])
        )
    return rows


def play_round(tdesk: Tdesk, path: Path, round_no: int, levels: dict[int, tuple[str, str]]) -> None:
    for table, (home, away) in levels.items():
        done = tdesk("result", path, round_no, table, home, away)
        assert done.code == 0, done.err


def stronger_wins(tables: list[dict[str, Any]], strength: dict[str, int]) -> dict[int, tuple[str, str]]:
    """The stronger side (lower number) wins by a margin that grows with the gap."""
    out = {}
    for t in tables:
        gap = strength[t["away"]] - strength[t["home"]]
        margin = min(8, 1 + abs(gap) % 7)
        out[t["table"]] = (str(2 + margin), "2") if gap > 0 else ("2", str(2 + margin))
    return out


@pytest.mark.slow
def test_a_32_team_event_runs_from_8_groups_to_the_final(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "cup.tdesk"
    names = [f"队{i:02d}" for i in range(1, 33)]
    strength = {n: i for i, n in enumerate(names, start=1)}
    new_event(tdesk, path, names)
    for round_no in range(1, 4):
        paired = tdesk("pair", path, "--json")
        assert paired.code == 0, paired.err
        data = paired.json()
        assert data["stage"] == "groups" and data["round"] == round_no
        tables = data["tables"]
        assert len(tables) == 16
        # Groups by draw number (1–4 group A, …), tables numbered group by group, Berger order in each.
        for g, letter in enumerate("ABCDEFGH"):
            mine = tables[2 * g : 2 * g + 2]
            assert {t["group"] for t in mine} == {letter}
            expected = [(names[4 * g + h - 1], names[4 * g + a - 1]) for h, a in BERGER_4[round_no - 1]]
            assert [(t["home"], t["away"]) for t in mine] == expected
        play_round(tdesk, path, round_no, stronger_wins(tables, strength))
    groups = group_rows(tdesk, path)
    assert sorted(groups) == list("ABCDEFGH")
    for g, letter in enumerate("ABCDEFGH"):
        members = names[4 * g : 4 * g + 4]
        assert [(r[0], r[1], r[2]) for r in groups[letter]] == [
            (1, members[0], 9.0),
            (2, members[1], 6.0),
            (3, members[2], 3.0),
            (4, members[3], 0.0),
        ]
        assert [r[4] for r in groups[letter]] == [True, True, False, False]
    # The group stage is over: pairing asks for the knockout draw first.
    refused = tdesk("pair", path)
    assert refused.code == 2 and "draw --stage knockout" in refused.err
    # The fresh draw must name exactly the qualifiers.
    winners = [names[4 * g] for g in range(8)]
    runners = [names[4 * g + 1] for g in range(8)]
    before = tdesk.fingerprint(path)
    short = tdesk("draw", path, "--stage", "knockout", "--order", ",".join(winners + runners[:-1]))
    assert short.code == 2 and runners[-1] in short.err
    extra = tdesk("draw", path, "--stage", "knockout", "--order", ",".join([*winners, *runners, names[2]]))
    assert extra.code == 2 and names[2] in extra.err
    assert tdesk.fingerprint(path) == before
    # Winner of group A v runner-up of group B, and so on: the director's hand-drawn order.
    order = [x for pair in zip(winners, runners[1:] + runners[:1], strict=True) for x in pair]
    assert tdesk("draw", path, "--stage", "knockout", "--order", ",".join(order)).code == 0
    playing = order
    losers: dict[int, list[str]] = {}
    for round_no, count in ((4, 8), (5, 4), (6, 2), (7, 1)):
        paired = tdesk("pair", path, "--json").json()
        assert paired["stage"] == "knockout" and paired["round"] == round_no
        assert [(t["home"], t["away"]) for t in paired["tables"]] == [
            (playing[2 * i], playing[2 * i + 1]) for i in range(count)
        ]
        play_round(tdesk, path, round_no, stronger_wins(paired["tables"], strength))
        shown = tdesk("round", path, round_no, "--json").json()
        playing = [t["winner"] for t in shown["tables"]]
        assert playing == [min(t["home"], t["away"], key=strength.__getitem__) for t in shown["tables"]]
        losers[round_no] = [t["home"] if t["winner"] == t["away"] else t["away"] for t in shown["tables"]]
    assert tdesk("pair", path).code == 2  # after the final
    final = tdesk("standings", path, "--json").json()
    assert final["stage"] == "knockout"
    placing = {r["name"]: r["placing"] for r in final["rows"]}
    assert [r["placing"] for r in final["rows"]][:2] == ["1", "2"]
    assert placing["队01"] == "1" and placing[losers[7][0]] == "2"
    for round_no, expected in ((6, "3–4"), (5, "5–8"), (4, "9–16")):
        assert sorted(n for n, p in placing.items() if p == expected) == sorted(losers[round_no])
    assert sorted(n for n, p in placing.items() if p == "17–32") == sorted(
        names[4 * g + p] for g in range(8) for p in (2, 3)
    )


@pytest.mark.slow
def test_a_20_team_event_fills_the_knockout_with_the_best_thirds_and_a_bye(
    tdesk: Tdesk, tmp_path: Path
) -> None:
    path = tmp_path / "cup20.tdesk"
    names = [f"T{i:02d}" for i in range(1, 21)]
    strength = {n: i for i, n in enumerate(names, start=1)}
    new_event(tdesk, path, names)
    for round_no in range(1, 4):
        tables = tdesk("pair", path, "--json").json()["tables"]
        assert len(tables) == 10
        play_round(tdesk, path, round_no, stronger_wins(tables, strength))
    groups = group_rows(tdesk, path)
    assert sorted(groups) == list("ABCDE")
    # Five groups → a knockout of 16: 10 winners and runners-up, then all five thirds, one bye.
    qualified = sorted(r[1] for rows in groups.values() for r in rows if r[4])
    assert qualified == sorted(names[4 * g + p] for g in range(5) for p in range(3))
    # The bye goes to the highest qualifier; the five group winners are equal (9 points, 小分 +9 each), so
    # only their recorded lot across the groups can say which (rules.md §7.4), never the group letter.
    refused = tdesk("draw", path, "--stage", "knockout", "--seed", 7)
    assert refused.code == 2 and "T01、T05、T09、T13、T17" in refused.err
    lot = tdesk("lot", path, "--group", "knockout", "--order", "T09,T01,T05,T13,T17", "--reason", "摸牌")
    assert lot.code == 0, lot.err
    drawn = tdesk("draw", path, "--stage", "knockout", "--seed", 7)
    assert drawn.code == 0, drawn.err
    paired = tdesk("pair", path, "--json").json()
    assert len(paired["tables"]) == 7
    seated = {n for t in paired["tables"] for n in (t["home"], t["away"])}
    (resting,) = set(qualified) - seated
    assert any(resting in note for note in paired["notes"])
    assert resting == "T09"
    for round_no in range(4, 8):
        if round_no > 4:
            paired = tdesk("pair", path, "--json").json()
        play_round(tdesk, path, round_no, stronger_wins(paired["tables"], strength))
    bracket = tdesk("bracket", path, "--json").json()
    assert bracket["size"] == 16
    byes = [c for c in bracket["rounds"][0] if c["away"] is None or c["home"] is None]
    assert len(byes) == 1 and byes[0]["winner"] == resting
    places = {p["name"]: p["placing"] for p in bracket["placing"]}
    assert places["T01"] == "1"
    assert sum(1 for p in places.values() if p == "9–15") == 7
    assert sum(1 for p in places.values() if p == "16–20") == 5


# --- hand-worked group rankings (one group of four: A B C D by draw number; a two-team final) ----------


def one_group(tdesk: Tdesk, path: Path, results: list[dict[int, tuple[str, str]]]) -> None:
    new_event(tdesk, path, ["甲", "乙", "丙", "丁"])
    for round_no, levels in enumerate(results, start=1):
        assert tdesk("pair", path).code == 0
        play_round(tdesk, path, round_no, levels)


def final_drawn(tdesk: Tdesk, path: Path) -> None:
    """One group played out, its final drawn 乙 (home) against 甲 (away) but not paired yet."""
    one_group(tdesk, path, [{1: ("10", "2"), 2: ("9", "5")}, {1: ("2", "9"), 2: ("9", "7")},
                            {1: ("9", "3"), 2: ("3", "9")}])  # fmt: skip
    assert tdesk("draw", path, "--stage", "knockout", "--order", "乙,甲").code == 0


@pytest.mark.slow
def test_a_two_way_tie_goes_to_the_winner_of_their_match_before_the_level_difference(
    tdesk: Tdesk, tmp_path: Path
) -> None:
    path = tmp_path / "h2h.tdesk"
    # R1: 甲–丁 10:2, 乙–丙 4:5 · R2: 丁–丙 6:5, 甲–乙 6:7 · R3: 乙–丁 8:3, 丙–甲 2:10
    one_group(tdesk, path, [{1: ("10", "2"), 2: ("4", "5")}, {1: ("6", "5"), 2: ("6", "7")},
                            {1: ("8", "3"), 2: ("2", "10")}])  # fmt: skip
    rows = group_rows(tdesk, path)["A"]
    # 甲 and 乙 6 points each, 乙 won their match (甲 has the better 小分, +15 v +5); 丙 and 丁 3 each, 丁 won.
    assert [(r[0], r[1], r[2], r[3]) for r in rows] == [
        (1, "乙", 6.0, 5),
        (2, "甲", 6.0, 15),
        (3, "丁", 3.0, -12),
        (4, "丙", 3.0, -8),
    ]


@pytest.mark.slow
def test_a_circular_three_way_tie_is_resolved_by_the_level_difference(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "circle.tdesk"
    # 甲 beats 乙, 乙 beats 丙, 丙 beats 甲, all beat 丁: the mini-league is 3 : 3 : 3.
    # R1: 甲–丁 10:5, 乙–丙 8:7 · R2: 丁–丙 4:9, 甲–乙 7:6 · R3: 乙–丁 Q:2, 丙–甲 9:6
    one_group(tdesk, path, [{1: ("10", "5"), 2: ("8", "7")}, {1: ("4", "9"), 2: ("7", "6")},
                            {1: ("Q", "2"), 2: ("9", "6")}])  # fmt: skip
    rows = group_rows(tdesk, path)["A"]
    # 小分: 乙 +1 −1 +10 = +10, 丙 −1 +5 +3 = +7, 甲 +5 +1 −3 = +3, 丁 −20.
    assert [(r[0], r[1], r[2], r[3]) for r in rows] == [
        (1, "乙", 6.0, 10),
        (2, "丙", 6.0, 7),
        (3, "甲", 6.0, 3),
        (4, "丁", 0.0, -20),
    ]
    assert [r[4] for r in rows] == [True, True, False, False]


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_equal_levels_in_the_knockout_need_the_side_on_stage(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "stage.tdesk"
    final_drawn(tdesk, path)
    # A result for the final before it is paired: its sides are not known to the table yet.
    early = tdesk("result", path, 4, 1, "9", "9", "--on-stage", "home")
    assert early.code == 2
    assert tdesk("pair", path).code == 0
    before = tdesk.fingerprint(path)
    refused = tdesk("result", path, 4, 1, "J", "J")
    assert refused.code == 2 and "在台上" in refused.err
    assert tdesk.fingerprint(path) == before
    # The side on stage only decides knockout matches of equal levels.
    group_stage_change = tdesk("result", path, 1, 1, "9", "9", "--on-stage", "home")
    assert group_stage_change.code == 2
    assert tdesk.fingerprint(path) == before
    assert tdesk("result", path, 4, 1, "J", "J", "--on-stage", "away").code == 0
    table = tdesk("round", path, 4, "--json").json()["tables"][0]
    assert table["winner"] == "甲" and table["on_stage"] == "away"
    placing = {p["name"]: p["placing"] for p in tdesk("bracket", path, "--json").json()["placing"]}
    assert placing == {"甲": "1", "乙": "2", "丙": "3–4", "丁": "3–4"}
    # A correction that reverses it is allowed while no later round exists, and audited.
    assert (
        tdesk("result", path, 4, 1, "J", "J", "--on-stage", "home", "--correct", "--reason", "看错").code == 0
    )
    placing = {p["name"]: p["placing"] for p in tdesk("bracket", path, "--json").json()["placing"]}
    assert placing["乙"] == "1"


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (("--group-size", "7"), "7"),
        (("--knockout-size", "12"), "12"),
        (("--format", "swiss", "--group-size", "4"), "group-size"),
    ],
)
def test_settings_that_cannot_run_are_refused(
    tdesk: Tdesk, tmp_path: Path, options: tuple[str, ...], says: str
) -> None:
    path = tmp_path / "bad.tdesk"
    fmt = () if "--format" in options else ("--format", "groups-knockout")
    refused = tdesk("new", path, "--name", "x", *fmt, *options)
    assert refused.code == 2 and says in refused.err
    assert not tdesk.created(path)


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_a_third_place_match_and_a_withdrawn_qualifier(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "third.tdesk"
    names = [f"E{i}" for i in range(1, 9)]
    new_event(tdesk, path, names, "--third-place")
    strength = {n: i for i, n in enumerate(names, start=1)}
    for round_no in range(1, 4):
        tables = tdesk("pair", path, "--json").json()["tables"]
        play_round(tdesk, path, round_no, stronger_wins(tables, strength))
    # Two groups → a knockout of 4: E1, E2 (group A) and E5, E6 (group B). E5 withdraws before the draw:
    # it stays drawn, and each match it has left is a forfeit that its opponent wins.
    assert tdesk("entrant", "withdraw", path, "E5", "--reason", "生病").code == 0
    assert tdesk("draw", path, "--stage", "knockout", "--order", "E1,E6,E2,E5").code == 0
    semis = tdesk("pair", path, "--json").json()
    assert [(t["home"], t["away"], t["winner"]) for t in semis["tables"]] == [
        ("E1", "E6", None),
        ("E2", "E5", "E2"),
    ]
    play_round(tdesk, path, 4, {1: ("9", "5")})
    finals = tdesk("pair", path, "--json").json()
    # The final on table 1, the third-place match of the semi-final losers on table 2 (again a forfeit).
    assert [(t["home"], t["away"], t["winner"]) for t in finals["tables"]] == [
        ("E1", "E2", None),
        ("E6", "E5", "E6"),
    ]
    play_round(tdesk, path, 5, {1: ("6", "K")})
    places = [(p["placing"], p["name"]) for p in tdesk("bracket", path, "--json").json()["placing"]]
    assert places[:4] == [("1", "E2"), ("2", "E1"), ("3", "E6"), ("4", "E5")]
    assert sorted(places[4:]) == [("5–8", n) for n in ("E3", "E4", "E7", "E8")]
