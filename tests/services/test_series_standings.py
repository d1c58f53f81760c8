"""series_standings with players as people (issue 30): two entrants of different member events whose players are
the same persons of the registry of players are offered as one competitor first ("same players"), however their
names and units are spelt, and count as one only once the director confirms."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.series_events import play_out
from tournament_desk.domain.series_names import SAME_PLAYERS, SPELLING
from tournament_desk.services import entrants as es
from tournament_desk.services import players as ps
from tournament_desk.services import players_registry as registry
from tournament_desk.services.desk import now
from tournament_desk.services.event import create_tournament
from tournament_desk.services.series import add_events, create_series
from tournament_desk.services.series_standings import (
    confirm_merge,
    merge_candidates,
    merge_candidates_why,
    series_standings,
)

pytestmark = pytest.mark.slow  # each plays out events


@pytest.fixture(autouse=True)
def own_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "userdata"
    monkeypatch.setenv("TDESK_DATA_DIR", str(folder))
    return folder


def event(path: Path, name: str, entrants: Sequence[tuple[str, str, str]], *, remember: bool = False) -> Path:
    """A Swiss event of (name, unit, players), played out in the listed order; the likely matches with the
    registry confirmed as the director would."""
    with create_tournament(path, name=name, rounds=2) as desk:
        for entrant, unit, players in entrants:
            es.add_entrant(desk, entrant, unit=unit, players=players)
        found = ps.proposals(desk)
        if found:
            ps.merge_players(desk, [(p.player.id, p.known.id) for p in found])
        if remember:
            ps.remember_players(desk)
        order = [e for e, _, _ in entrants]
        es.draw(desk, order=order)
        play_out(desk, order)
    return path


def test_the_same_players_under_other_spellings_are_offered_first(tmp_path: Path) -> None:
    one = event(tmp_path / "一.tdesk", "月赛一", [("东风", "北京桥牌协会", "张三,李四"), ("红旗", "上海", "王五,赵六"),
                                                  ("白杨", "天津", "钱七,孙八"), ("青松", "重庆", "周九,吴十")],
                remember=True)  # fmt: skip
    # 东风 comes back as 东风队 of 北京桥协: its players are the registry's 张三 and 李四 (merged as proposed)
    two = event(tmp_path / "二.tdesk", "月赛二", [("东风队", "北京桥协", "张三,李四"), ("红旗", "上海", "王五,郑十一"),
                                                  ("白杨", "天津市", "钱七,孙八"), ("青松", "重庆", "周九,吴十")])  # fmt: skip
    series = create_series(tmp_path / "s.tdseries", name="月赛", points="10,7,5,3")
    add_events(series, [one, two])
    why = [(c.keep, c.other, w) for c, w in merge_candidates_why(series)]
    assert why[0] == ("东风|北京桥牌协会", "东风队|北京桥协", SAME_PLAYERS)
    assert (
        "白杨|天津",
        "白杨|天津市",
        SAME_PLAYERS,
    ) in why  # both grounds: offered once, as the same players
    assert ("红旗|上海", "红旗|上海", SAME_PLAYERS) not in why  # one player differs: not the same pair
    assert [w for _, _, w in why].count(SPELLING) == 0
    assert [c.keep for c in merge_candidates(series)] == [k for k, _, _ in why]
    before = {r.name: r.points for r in series_standings(series).rows}
    assert before["东风"] == 10.0 and before["东风队"] == 10.0  # two competitors until confirmed
    confirm_merge(series, "1", [])
    after = {r.name: r.points for r in series_standings(series).rows}
    assert after["东风"] == 20.0 and "东风队" not in after
    assert all(c.other != "东风队|北京桥协" for c in merge_candidates(series))


def test_a_registry_merge_links_events_linked_to_either_record(tmp_path: Path) -> None:
    one = event(
        tmp_path / "一.tdesk", "月赛一", [("甲", "复旦", "张三"), ("乙", "上海", "王五")], remember=True
    )
    known = {k.name: k for k in registry.known_players()}
    # the second event's 张三 is a stranger to the registry until remembered: a record of his own
    two = event(
        tmp_path / "二.tdesk", "月赛二", [("甲队", "清华", "张三"), ("乙", "上海", "王五")], remember=True
    )
    twice = [k for k in registry.known_players() if k.name == "张三"]
    assert len(twice) == 2
    series = create_series(tmp_path / "s.tdseries", name="月赛", points="10,7")
    add_events(series, [one, two])
    assert all(w != SAME_PLAYERS or c.keep.startswith("乙") for c, w in merge_candidates_why(series))
    other = next(k for k in twice if k.uid != known["张三"].uid)
    registry.merge_known(known["张三"].id, other.id, at=now(), station="前台")
    assert next((c.keep, c.other) for c, w in merge_candidates_why(series) if w == SAME_PLAYERS) == (
        "甲|复旦",
        "甲队|清华",
    )
