"""A whole Swiss event through ``tdesk``, checked round by round against the hard rules of rules.md §8 and at the
end against standings computed independently here from rules.md §5 and §9."""

import random
from collections import defaultdict
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

UNITS = {
    "第一中学": ["一中甲队", "一中乙队", "一中丙队", "一中丁队"],
    "纺织厂": ["纺织甲队", "纺织乙队", "纺织丙队", "纺织丁队"],
    "老年协会": ["夕阳红队", "常青队", "松鹤队", "不老松队"],
    "铁路局": ["动车队", "高铁队", "绿皮队", "和谐号队"],
    "邮政局": ["鸿雁队", "绿衣队", "信使队", "驿站队"],
}
LEVEL_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A", 15: "过A"}


def spoken(level: int, rng: random.Random) -> str:
    """The level as a desk might type it: 9, Q, q, 圈, 尖, 过A…"""
    forms = [str(level)]
    if level in LEVEL_NAMES:
        forms += [LEVEL_NAMES[level], LEVEL_NAMES[level].lower()]
    forms += {11: ["勾"], 12: ["圈"], 14: ["尖"], 15: ["A+"]}.get(level, [])
    return rng.choice(forms)


def by_spec(diff: int) -> tuple[float, float, int, int]:
    """rules.md §5.1/5.2 for the home side's level difference: (home MP, away MP, home VP, away VP)."""
    n = abs(diff)
    vp_w, vp_l = 10 + min(n, 10), 10 - min(n, 10)
    mp_w, mp_l = {0: (1.5, 1.5), 1: (2.0, 1.0), 2: (2.5, 0.5)}.get(n, (3.0, 0.0))
    return (mp_w, mp_l, vp_w, vp_l) if diff >= 0 else (mp_l, mp_w, vp_l, vp_w)


class Oracle:
    def __init__(self, draw: dict[str, int]) -> None:
        self.draw = draw
        self.mp: dict[str, float] = defaultdict(float)
        self.vp: dict[str, float] = defaultdict(float)
        self.played: dict[str, int] = defaultdict(int)
        self.met: dict[str, list[str]] = defaultdict(list)
        self.home: dict[str, int] = defaultdict(int)
        self.byes: set[str] = set()

    def score(self, name: str, mp: float, vp: float) -> None:
        self.mp[name] += mp
        self.vp[name] += vp
        self.played[name] += 1

    def pairing_rank(self, active: list[str]) -> list[str]:
        return sorted(active, key=lambda n: (-self.mp[n], -self.vp[n], self.draw[n]))

    def standings(self) -> list[tuple[int, str, float, float, float, int]]:
        opp = {n: sum(self.mp[o] for o in self.met[n]) for n in self.draw}
        order = sorted(self.draw, key=lambda n: (-self.mp[n], -self.vp[n], -opp[n]))
        rows = []
        for i, n in enumerate(order):
            key = (self.mp[n], self.vp[n], opp[n])
            prev = rows[-1] if rows else None
            rank = prev[0] if prev and (prev[2], prev[3], prev[4]) == key else i + 1
            rows.append((rank, n, self.mp[n], self.vp[n], opp[n], self.played[n]))
        return rows


@pytest.mark.slow
def test_twenty_entrants_six_rounds_with_units(tmp_path: Path, tdesk: Tdesk) -> None:
    rng = random.Random(20261122)
    path = tmp_path / "金秋杯.tdesk"
    assert tdesk("new", path, "--name", "金秋杯", "--entrants", "teams", "--rounds", "6").code == 0
    unit_of = {}
    for unit, names in UNITS.items():
        for name in names:
            unit_of[name] = unit
            assert (
                tdesk("entrant", "add", path, name, "--unit", unit, "--players", "张三,李四,王五,赵六").code
                == 0
            )
    assert tdesk("draw", path, "--seed", 99).code == 0
    draw = {e["name"]: e["draw_no"] for e in tdesk("entrant", "list", path, "--json").json()}
    assert sorted(draw.values()) == list(range(1, 21))
    oracle = Oracle(draw)
    active = set(draw)
    withdrawn = "绿皮队"
    deducted = "松鹤队"

    for rnd in range(1, 7):
        if rnd == 4:  # withdraws after round 3: 19 entrants, a bye every round from now on
            assert tdesk("entrant", "withdraw", path, withdrawn, "--reason", "家中有事").code == 0
            active.discard(withdrawn)
        ranking = oracle.pairing_rank(sorted(active))
        run = tdesk("pair", path, "--json")
        assert run.code == 0, run.err
        pairing = run.json()
        assert pairing["round"] == rnd
        assert pairing["relaxed"] == []
        tables = pairing["tables"]
        assert [t["table"] for t in tables] == list(range(1, len(tables) + 1))
        seated = (
            [t["home"] for t in tables]
            + [t["away"] for t in tables]
            + ([pairing["bye"]] if pairing["bye"] else [])
        )
        assert sorted(seated) == sorted(active), "every active entrant exactly once"
        if len(active) % 2:
            bye = pairing["bye"]
            assert bye not in oracle.byes
            eligible = [n for n in ranking if n not in oracle.byes]
            assert bye == eligible[-1], "the bye goes to the lowest-ranked entrant without one"
            oracle.byes.add(bye)
            oracle.score(bye, 2.5, 12)
        else:
            assert pairing["bye"] is None
        best = [min(ranking.index(t["home"]), ranking.index(t["away"])) for t in tables]
        assert best == sorted(best), "table 1 holds the highest-ranked match"
        for t in tables:
            h, a = t["home"], t["away"]
            assert a not in oracle.met[h], "no rematch"
            assert unit_of[h] != unit_of[a], "no two entrants of one unit"
            assert (oracle.home[h], ranking.index(h)) < (oracle.home[a], ranking.index(a)), "home balance"
        for t in tables:
            h, a = t["home"], t["away"]
            oracle.met[h].append(a)
            oracle.met[a].append(h)
            oracle.home[h] += 1
            if rnd == 2 and t["table"] == 3:
                assert tdesk("forfeit", path, rnd, 3, "--side", "away", "--reason", "迟到 15 分钟").code == 0
                oracle.score(h, 2.5, 12)
                oracle.score(a, 0, 0)
                continue
            home_level, away_level = rng.randint(2, 15), rng.randint(2, 15)
            run = tdesk("result", path, rnd, t["table"], spoken(home_level, rng), spoken(away_level, rng))
            assert run.code == 0, run.err
            hm, am, hv, av = by_spec(home_level - away_level)
            oracle.score(h, hm, hv)
            oracle.score(a, am, av)
        if rnd == 3:
            assert tdesk("deduct", path, 3, deducted, "0.5", "--reason", "比赛中使用手机").code == 0
            oracle.mp[deducted] -= 0.5
        standings = tdesk("standings", path, "--json").json()
        assert standings["after_round"] == rnd

    assert tdesk("pair", path).code == 2  # all six rounds are paired
    final = tdesk("standings", path, "--json").json()
    got = [(r["rank"], r["name"], r["mp"], r["vp"], r["opp_mp"], r["played"]) for r in final["rows"]]
    expected = oracle.standings()
    # Rows that share a rank may be listed in any order; compare rank groups as sets.
    assert sorted(got, key=lambda r: (r[0], r[1])) == sorted(expected, key=lambda r: (r[0], r[1]))
    assert [r[0] for r in got] == [r[0] for r in expected]
    assert {r["name"]: r["unit"] for r in final["rows"]} == unit_of
    assert next(r for r in final["rows"] if r["name"] == withdrawn)["played"] == 3
    assert sum(r["mp"] for r in final["rows"]) == sum(oracle.mp.values())


def standing_row(
    rank: int, name: str, unit: str, mp: float, vp: int, opp_mp: float, deducted: float = 0.0
) -> dict[str, object]:
    """One row of ``standings --json`` after round 2 of the small event: both rounds played, nobody withdrawn."""
    return {
        "rank": rank,
        "name": name,
        "unit": unit,
        "mp": mp,
        "vp": vp,
        "opp_mp": opp_mp,
        "played": 2,
        "deducted": deducted,
        "withdrawn": False,
    }


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_a_small_event_worked_by_hand(tmp_path: Path, tdesk: Tdesk) -> None:
    """Four pairs, two rounds, with a forfeit and a deduction; every figure below worked out on paper."""
    path = tmp_path / "small.tdesk"
    tdesk("new", path, "--name", "小赛")
    for name, unit in [("甲", "U1"), ("乙", "U2"), ("丙", "U1"), ("丁", "U2")]:
        tdesk("entrant", "add", path, name, "--unit", unit)
    assert tdesk("draw", path, "--order", "甲,乙,丙,丁").code == 0
    # Round 1: 1v2 (甲 v 乙), 3v4 (丙 v 丁).
    r1 = tdesk("pair", path, "--json").json()
    assert r1 == {
        "round": 1,
        "tables": [{"table": 1, "home": "甲", "away": "乙"}, {"table": 2, "home": "丙", "away": "丁"}],
        "bye": None,
        "relaxed": [],
    }
    tdesk("result", path, 1, 1, "K", "10")  # 3 levels: 甲 3 MP 13 VP, 乙 0 MP 7 VP
    tdesk("result", path, 1, 2, "9", "10")  # 1 level: 丙 1 MP 9 VP, 丁 2 MP 11 VP
    # Round 2: ranking 甲 3, 丁 2, 丙 1, 乙 0. 甲 v 丁 ok (different units, not met); 丙 v 乙.
    # Home: 甲 home once, 丁 never → 丁 home; 丙 home once, 乙 never → 乙 home.
    r2 = tdesk("pair", path, "--json").json()
    assert r2["tables"] == [
        {"table": 1, "home": "丁", "away": "甲"},
        {"table": 2, "home": "乙", "away": "丙"},
    ]
    tdesk("result", path, 2, 1, "A", "Q")  # 丁 +2: 2.5 MP 12 VP, 甲 0.5 MP 8 VP
    tdesk("forfeit", path, 2, 2, "--side", "home", "--reason", "未到场")  # 乙 forfeits: 丙 2.5 MP 12 VP
    tdesk("deduct", path, 2, "丁", "0.5", "--reason", "离座")
    # MP: 甲 3.5, 丁 2+2.5-0.5 = 4, 丙 1+2.5 = 3.5, 乙 0. VP: 甲 21, 丁 23, 丙 21, 乙 7.
    # Opp: 甲 = 乙 0 + 丁 4 = 4; 丙 = 丁 4 + 乙 0 = 4 → 甲 and 丙 share rank 2.
    # 丁 = 丙 3.5 + 甲 3.5 = 7; 乙 = 甲 3.5 + 丙 3.5 = 7.
    assert tdesk("standings", path, "--json").json() == {
        "after_round": 2,
        "rows": [
            standing_row(1, "丁", "U2", 4.0, 23, 7.0, deducted=0.5),
            standing_row(2, "丙", "U1", 3.5, 21, 4.0),
            standing_row(2, "甲", "U1", 3.5, 21, 4.0),
            standing_row(4, "乙", "U2", 0.0, 7, 7.0),
        ],
    }
    after1 = tdesk("standings", path, "--after-round", 1, "--json").json()
    assert [(r["name"], r["mp"]) for r in after1["rows"]] == [
        ("甲", 3.0),
        ("丁", 2.0),
        ("丙", 1.0),
        ("乙", 0.0),
    ]
