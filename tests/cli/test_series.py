"""``tdesk series`` (rules.md §12, §13) on real events made through ``tdesk``: four events where the same pairs
play under slightly different unit spellings rank once each after the director confirms the merges; a meet of
three items (Swiss pairs, a round robin of teams, a knockout) gives the units' totals with seed 004's 10/7/5/3
points, equal to the table worked out by hand below; the refusals, one sentence each, nothing written.

Every event is played so that the earlier entrant of its finishing order wins each match, so the final places
are known in advance and written here by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.architecture.every_format import Walk
from tests.cli.conftest import Tdesk, fingerprint
from tournament_desk.domain.formats import creatable

pytestmark = pytest.mark.slow


def play(tdesk: Tdesk, path: Path, entrants: list[tuple[str, str]], *new: str) -> None:
    """Make an event of ``entrants`` (name, unit) and play it out: the earlier entrant in the list wins."""
    assert tdesk("new", path, "--name", path.stem, *new).code == 0
    for name, unit in entrants:
        assert tdesk("entrant", "add", path, name, "--unit", unit).code == 0
    order = [name for name, _ in entrants]
    if "knockout" in new:
        assert tdesk("draw", path, "--order", ",".join(order)).code == 0
    while (run := tdesk("pair", path, "--json")).code == 0:
        shown: dict[str, Any] = run.json()
        for t in shown["tables"]:
            if t["home"] is None or t["away"] is None:
                continue
            home_wins = order.index(t["home"]) < order.index(t["away"])
            levels = ("K", "10") if home_wins else ("10", "K")
            assert tdesk("result", path, shown["round"], t["table"], *levels).code == 0, t
    assert run.code == 2, run


def series(tdesk: Tdesk, *args: object) -> Any:
    run = tdesk("series", *args)
    assert run.code == 0, run.err
    return run


def rows(tdesk: Tdesk, path: Path) -> list[tuple[Any, ...]]:
    data = series(tdesk, "standings", path, "--json").json()
    return [(r["rank"], r["name"], r["unit"], r["points"]) for r in data["rows"]]


def test_four_events_rank_the_same_pairs_once_each_after_the_merges(tdesk: Tdesk, tmp_path: Path) -> None:
    spelled = [
        # 东风 and 红旗 play under two spellings of their units; 白杨 and 青松 always under one.
        [("东风", "北京桥牌协会"), ("红旗", "上海"), ("白杨", "天津"), ("青松", "重庆")],
        [("红旗", "上海市"), ("东风", "北京市桥牌协会"), ("青松", "重庆"), ("白杨", "天津")],
        [("东风", "北京桥牌协会"), ("青松", "重庆"), ("红旗", "上海"), ("白杨", "天津")],
        [("白杨", "天津"), ("东风", "北京市桥牌协会"), ("红旗", "上海市"), ("青松", "重庆")],
    ]
    events = []
    for i, entrants in enumerate(spelled, start=1):
        events.append(tmp_path / f"月赛{i}.tdesk")
        play(tdesk, events[-1], entrants, "--rounds", "3")
    s = tmp_path / "联赛.tdseries"
    series(tdesk, "new", s, "--name", "2026 联赛", "--points", "10,7,5,3")
    series(tdesk, "add", s, *events)
    before = rows(tdesk, s)
    assert len(before) == 6  # 东风 and 红旗 twice each
    listed = series(tdesk, "merges", s, "--json").json()["merges"]
    assert {(m["keep"], m["other"]) for m in listed} == {
        ("东风|北京桥牌协会", "东风|北京市桥牌协会"),
        ("红旗|上海", "红旗|上海市"),
    }
    # 东风 by the listed number, 红旗 by its two spellings; 白杨 and 青松 were never offered
    number = next(m["number"] for m in listed if m["keep"].startswith("东风"))
    series(tdesk, "merge", s, str(number))
    series(tdesk, "merge", s, "红旗|上海", "红旗|上海市")
    assert series(tdesk, "merges", s, "--json").json()["merges"] == []
    # By hand: 东风 1, 2, 1, 2 → 10+7+10+7 = 34; 红旗 2, 1, 3, 3 → 7+10+5+5 = 27;
    # 白杨 3, 4, 4, 1 → 5+3+3+10 = 21; 青松 4, 3, 2, 4 → 3+5+7+3 = 18.
    assert rows(tdesk, s) == [
        (1, "东风", "北京桥牌协会", 34), (2, "红旗", "上海", 27), (3, "白杨", "天津", 21), (4, "青松", "重庆", 18)
    ]  # fmt: skip
    audit = series(tdesk, "audit", s, "--json").json()["entries"]
    assert [a["action"] for a in audit] == ["series-new", "series-add", "series-merge", "series-merge"]
    # Taken back: 红旗 counts twice again
    series(tdesk, "unmerge", s, "红旗|上海市")
    assert len(rows(tdesk, s)) == 5


def test_a_meet_of_three_items_gives_the_units_totals(tdesk: Tdesk, tmp_path: Path) -> None:
    swiss, league, cup = tmp_path / "双人.tdesk", tmp_path / "团体.tdesk", tmp_path / "淘汰.tdesk"
    play(tdesk, swiss, [("甲", "北京"), ("乙", "上海"), ("丙", "北京"), ("丁", "天津")], "--rounds", "3")
    play(tdesk, league, [("上海队", "上海"), ("天津队", "天津"), ("北京一队", "北京"), ("北京二队", "北京")],
         "--format", "round-robin", "--entrants", "teams")  # fmt: skip
    play(tdesk, cup, [("子", "天津"), ("丑", "北京"), ("寅", "上海"), ("卯", "北京")], "--format", "knockout")
    meet = tmp_path / "运动会.tdseries"
    series(tdesk, "new", meet, "--name", "老干部智力运动会", "--points", "10,7,5,3", "--per", "unit")
    series(tdesk, "add", meet, swiss, league, cup)
    # By hand (10/7/5/3; the knockout's semi-final losers share 3–4: (5 + 3) / 2 = 4 each):
    #          Swiss pairs        round robin          knockout           total
    # 北京     甲 10 + 丙 5 = 15   3rd 5 + 4th 3 = 8    丑 7 + 卯 4 = 11     34
    # 上海     乙 7                1st 10               寅 4                 21
    # 天津     丁 3                2nd 7                子 10                20
    data = series(tdesk, "standings", meet, "--json").json()
    assert [(r["rank"], r["unit"], r["points"], [e["points"] for e in r["events"]]) for r in data["rows"]] == [
        (1, "北京", 34, [15, 8, 11]), (2, "上海", 21, [7, 10, 4]), (3, "天津", 20, [3, 7, 10])
    ]  # fmt: skip
    assert [e["status"] for e in data["events"]] == ["final"] * 3
    assert "北京" in series(tdesk, "standings", meet).out


def test_members_are_read_never_written_and_a_missing_one_is_named(tdesk: Tdesk, tmp_path: Path) -> None:
    one, two = tmp_path / "一.tdesk", tmp_path / "二.tdesk"
    play(tdesk, one, [("甲", "北京"), ("乙", "上海")], "--rounds", "1")
    assert tdesk("new", two, "--name", "二", "--rounds", "2").code == 0
    for name in ("甲", "乙"):
        assert tdesk("entrant", "add", two, name, "--unit", "北京" if name == "甲" else "上海").code == 0
    s = tmp_path / "s.tdseries"
    series(tdesk, "new", s, "--name", "S", "--points", "10,7")
    prints = (fingerprint(one), fingerprint(two))
    series(tdesk, "add", s, one, two)
    data = series(tdesk, "standings", s, "--json").json()
    assert (fingerprint(one), fingerprint(two)) == prints
    assert [(e["status"], e["changed"]) for e in data["events"]] == [("final", False), ("in-progress", False)]
    # The second event goes on: its places change the series when next read, and it shows as changed.
    assert tdesk("pair", two).code == 0
    assert tdesk("result", two, 1, 1, "10", "K").code == 0
    data = series(tdesk, "standings", s, "--json").json()
    assert data["events"][1]["changed"] is True
    # 10 + 7 each, whoever won: the same scores share the rank
    assert [(r["rank"], r["points"]) for r in data["rows"]] == [(1, 17), (1, 17)]
    series(tdesk, "confirm", s)
    assert series(tdesk, "standings", s, "--json").json()["events"][1]["changed"] is False
    one.unlink()
    data = series(tdesk, "standings", s, "--json").json()
    assert data["events"][0]["status"] == "missing" and str(one) in data["events"][0]["problem"]
    assert "missing" in series(tdesk, "standings", s).out


def refused(tdesk: Tdesk, watched: Path, *args: object) -> str:
    before = fingerprint(watched)
    run = tdesk("series", *args)
    assert (run.code, run.out) == (2, ""), run
    assert run.err.count("\n") == 1 and run.err.strip(), run.err
    assert fingerprint(watched) == before
    return run.err


def test_bad_input_is_one_sentence_and_changes_nothing(tdesk: Tdesk, tmp_path: Path) -> None:
    event = tmp_path / "e.tdesk"
    play(tdesk, event, [("甲", "北京"), ("乙", "上海")], "--rounds", "1")
    s = tmp_path / "s.tdseries"
    for points in ("10,x", "3,5", "-1"):
        refused(tdesk, s, "new", s, "--name", "S", "--points", points)
    refused(tdesk, s, "new", s, "--name", "S", "--points", "10,7", "--best", "2", "--min-events", "3")
    assert not s.exists()
    series(tdesk, "new", s, "--name", "S", "--points", "10,7")
    series(tdesk, "add", s, event)
    assert "already" in refused(tdesk, s, "add", s, event)
    other = tmp_path / "o.tdesk"
    play(tdesk, other, [("甲", "北京"), ("乙", "上海")], "--rounds", "1")
    assert "twice" in refused(tdesk, s, "add", s, other, other)
    copy = tmp_path / "copy.tdesk"
    copy.write_bytes(event.read_bytes())
    assert "same event as event 1" in refused(tdesk, s, "add", s, copy)
    text = tmp_path / "notes.txt"
    text.write_text("hello", encoding="utf-8")
    refused(tdesk, s, "add", s, text)
    assert "series file" in refused(tdesk, s, "add", s, s)  # a series file is no tournament
    assert "tournament file" in refused(tdesk, event, "standings", event)  # nor a tournament a series
    refused(tdesk, s, "merge", s, "甲|北京", "没有|这个")
    refused(tdesk, s, "remove", s, "5")
    run = tdesk("standings", s)
    assert run.code == 2 and run.err.count("\n") == 1


def test_db_names_member_events_not_the_series() -> None:
    from tournament_desk.cli.parser import build_parser, with_db_placeholder

    argv = [
        "series",
        "add",
        "s.tdseries",
        "e.tdesk",
        "--db",
        "postgresql+psycopg://desk@h/a",
        "--db",
        "x://h/b",
    ]
    args = build_parser(complete=False).parse_args(with_db_placeholder(argv))
    assert (args.series, args.events, args.urls) == (
        "s.tdseries",
        ["e.tdesk"],
        ["postgresql+psycopg://desk@h/a", "x://h/b"],
    )


@pytest.mark.parametrize("format_name", creatable())
def test_every_format_s_final_places_give_out_the_points_of_its_places(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, format_name: str
) -> None:
    """Any format played out (the walk of tests/architecture): its places give out exactly the points of places
    1…n of each ranking it has (one, or a Mitchell event's two directions), and the event reads as final."""
    walk = Walk(Tdesk(capsys, None), tmp_path, format_name)
    assert walk.create()
    assert walk.play(checks=False) > 0
    assert walk.failures == [], walk.failures
    tdesk = walk.tdesk
    points = [8, 7, 6, 5, 4, 3, 2, 1, 1]
    s = tmp_path / "s.tdseries"
    series(tdesk, "new", s, "--name", "S", "--points", ",".join(map(str, points)))
    series(tdesk, "add", s, walk.path)
    data = series(tdesk, "standings", s, "--json").json()
    assert data["events"][0]["status"] == "final", data["events"]
    pools: dict[object, int] = {}
    for r in tdesk("standings", walk.path, "--json").json()["rows"]:
        pools[r.get("direction")] = pools.get(r.get("direction"), 0) + 1
    given = sum(r["points"] for r in data["rows"])
    assert given == pytest.approx(sum(sum(points[:n]) for n in pools.values()))
    assert len(data["rows"]) == len(walk.names)
