"""The series services (rules.md §13): members read and never written (an older file read through a migrated copy
in memory), each event's final places from its own standings (shared places, placings, a Mitchell direction's
places), a member that cannot be read named rather than a crash, all-or-none adds, merges of unit spellings
confirmed by the director, and the audit trail in the series file."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import pytest
from sqlalchemy import Engine, make_url

from tests.postgres import Cluster
from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.services import entrants as es
from tournament_desk.services import logins, series_members
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.series import (
    FINAL,
    IN_PROGRESS,
    UNREADABLE,
    SeriesDesk,
    add_events,
    create_series,
    series_audit,
    series_info,
)
from tournament_desk.services.series_members import MemberPlace, final_places, read_member
from tournament_desk.services.series_standings import confirm_merge, merge_candidates, series_standings
from tournament_desk.storage.engine import make_engine
from tournament_desk.storage.revisions import alembic_config, head_revision
from tournament_desk.userdata import backup_folder

pytestmark = pytest.mark.slow


def play_out(desk: Desk, order: Sequence[str]) -> None:
    """Pair and play every round: the entrant earlier in ``order`` wins each match."""
    while True:
        try:
            view = pair_next_round(desk)
        except BadInput:
            return
        for t in view.tables:
            home_wins = order.index(t.home) < order.index(t.away)
            record_result(desk, view.round, t.table, *(("K", "10") if home_wins else ("10", "K")))


def swiss(events: Events, name: str, entrants: Sequence[tuple[str, str]], rounds: int = 3) -> Path:
    with events.create(name=name, rounds=rounds) as desk:
        for entrant, unit in entrants:
            es.add_entrant(desk, entrant, unit=unit)
        order = [e for e, _ in entrants]
        es.draw(desk, order=order)
        play_out(desk, order)
        assert desk.db.path is not None
        return desk.db.path


def row(rank: int, name: str, *, placing: str | None = None, direction: str | None = None) -> StandingRow:
    entrant = StandingEntrant(rank, name, "U")
    return StandingRow(rank, entrant, 0, 0, 0, 0, 0, None, placing=placing, direction=direction)


def test_final_places_come_from_ranks_placings_and_directions() -> None:
    shared = final_places([row(1, "a"), row(1, "b"), row(3, "c")])
    assert [(p.first, p.last) for p in shared] == [(1, 2), (1, 2), (3, 3)]
    knockout = final_places(
        [row(1, "a", placing="1"), row(3, "c", placing="3–4"), row(3, "d", placing="3–4")]
    )
    assert [(p.first, p.last) for p in knockout] == [(1, 1), (3, 4), (3, 4)]
    mitchell = final_places([row(1, "n1", direction="NS"), row(2, "n2", direction="NS"),
                             row(1, "e1", direction="EW"), row(1, "e2", direction="EW")])  # fmt: skip
    assert mitchell == (
        MemberPlace("n1", "U", 1, 1, "NS"), MemberPlace("n2", "U", 2, 2, "NS"),
        MemberPlace("e1", "U", 1, 2, "EW"), MemberPlace("e2", "U", 1, 2, "EW"),
    )  # fmt: skip


def test_a_member_is_read_without_a_byte_written(events: Events) -> None:
    path = swiss(events, "一", [("甲", "北京"), ("乙", "上海"), ("丙", "天津"), ("丁", "重庆")])
    before = path.read_bytes()
    read = read_member(str(path), is_url=False)
    assert path.read_bytes() == before
    assert (read.name, read.final, read.after_round) == ("一", True, 3)
    assert [(p.name, p.first) for p in read.places] == [("甲", 1), ("乙", 2), ("丙", 3), ("丁", 4)]


def test_an_older_file_is_read_through_a_migrated_copy_and_left_as_it_was(events: Events) -> None:
    from alembic import command
    from sqlalchemy import create_engine

    path = swiss(events, "旧", [("甲", "北京"), ("乙", "上海")], rounds=1)
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        cfg = alembic_config()
        cfg.attributes["connection"] = connection
        command.downgrade(cfg, "-1")
    engine.dispose()
    before = path.read_bytes()
    old = sqlite3.connect(path).execute("SELECT version_num FROM alembic_version").fetchone()[0]
    assert old != head_revision()
    read = read_member(str(path), is_url=False)
    assert [(p.name, p.first) for p in read.places] == [("甲", 1), ("乙", 2)]
    assert path.read_bytes() == before
    assert not backup_folder(path).exists() or not list(backup_folder(path).glob("*before-upgrade*"))


def test_an_event_not_over_counts_as_in_progress_and_one_unreadable_is_named(
    events: Events, tmp_path: Path
) -> None:
    done = swiss(events, "完", [("甲", "北京"), ("乙", "上海")], rounds=1)
    with events.create(name="未完", rounds=2) as desk:
        for name in ("甲", "乙"):
            es.add_entrant(desk, name, unit="北京" if name == "甲" else "上海")
        pair_next_round(desk)
        record_result(desk, 1, 1, "K", "10")
        going = desk.db.path
    assert going is not None
    made = create_series(tmp_path / "s.tdseries", name="系列", points="10,7")
    add_events(made, [done, going])
    with sqlite3.connect(done) as conn:  # code slipped into a member: refused as it is read, and named
        conn.execute("CREATE TRIGGER t AFTER INSERT ON audit BEGIN SELECT 1; END")
    table = series_standings(made)
    assert [e.status for e in table.events] == [UNREADABLE, IN_PROGRESS]
    assert "trigger" in str(table.events[0].problem)
    assert [(r.name, r.points) for r in table.rows] in (
        [("甲", 10.0), ("乙", 7.0)],
        [("乙", 10.0), ("甲", 7.0)],
    )
    assert not table.complete
    made.close()


def test_adding_is_all_or_none(events: Events, tmp_path: Path) -> None:
    good = swiss(events, "一", [("甲", "北京"), ("乙", "上海")], rounds=1)
    made = create_series(tmp_path / "s.tdseries", name="系列", points="10,7", station="台1")
    with pytest.raises(BadInput):
        add_events(made, [good, tmp_path / "none.tdesk"])
    assert series_info(made).members == ()
    added = add_events(made, [good], reason="第一站")
    assert [(m.number, m.name) for m in added] == [(1, "一")]
    trail = series_audit(made)
    assert [(a.action, a.station) for a in trail] == [("series-new", "台1"), ("series-add", "台1")]
    assert trail[1].new == [{"event": str(good), "name": "一"}] and trail[1].reason == "第一站"
    made.close()


def test_a_meet_merges_unit_spellings_only_when_confirmed(events: Events, tmp_path: Path) -> None:
    one = swiss(events, "一", [("甲", "北京桥牌协会"), ("乙", "上海")], rounds=1)
    two = swiss(events, "二", [("丙", "北京市桥牌协会"), ("丁", "上海")], rounds=1)
    made = create_series(tmp_path / "m.tdseries", name="运动会", points="10,7", per="unit")
    add_events(made, [one, two])
    assert [(r.rank, r.unit, r.points) for r in series_standings(made).rows] == [
        (1, "上海", 14.0), (2, "北京桥牌协会", 10.0), (2, "北京市桥牌协会", 10.0)
    ]  # fmt: skip
    listed = merge_candidates(made)
    assert [(c.keep, c.other, c.keep_events, c.other_events) for c in listed] == [
        ("北京桥牌协会", "北京市桥牌协会", (1,), (2,))
    ]
    with pytest.raises(BadInput):
        confirm_merge(made, "北京桥牌协会", ["广州"])
    assert confirm_merge(made, "1", []) == ("北京市桥牌协会",)
    assert [(r.rank, r.unit, r.points) for r in series_standings(made).rows] == [
        (1, "北京桥牌协会", 20.0), (2, "上海", 14.0)
    ]  # fmt: skip
    with pytest.raises(BadInput):
        confirm_merge(made, "北京桥牌协会", ["北京市桥牌协会"])  # already one
    merged = series_audit(made)[-1]
    assert merged.action == "series-merge" and json.dumps(merged.new, ensure_ascii=False).count("北京") == 2
    assert series_standings(made).events[0].status == FINAL
    made.close()


@pytest.mark.parametrize("best", [0, -1])
def test_a_rule_that_cannot_hold_makes_no_file(tmp_path: Path, best: int) -> None:
    with pytest.raises(BadInput):
        create_series(tmp_path / "s.tdseries", name="系列", points="10,7", best=best)
    assert not (tmp_path / "s.tdseries").exists()


def server_series(tmp_path: Path, postgres: Cluster) -> tuple[str, SeriesDesk]:
    """A two-entrant event played out on the server, and a series (per unit) that names it by its address."""
    url = postgres.fresh_url()
    with create_tournament(None, url=url, name="服务器赛", rounds=1) as desk:
        for name in ("甲", "乙"):
            es.add_entrant(desk, name, unit="北京")
        es.draw(desk, order=["甲", "乙"])
        play_out(desk, ["甲", "乙"])
    made = create_series(tmp_path / "s.tdseries", name="系列", points="10,7", per="unit")
    add_events(made, urls=[url])
    return url, made


def test_a_member_on_a_server_is_read_in_a_read_only_transaction(tmp_path: Path, postgres: Cluster) -> None:
    url, made = server_series(tmp_path, postgres)
    table = series_standings(made)
    assert [(e.name, e.status) for e in table.events] == [("服务器赛", FINAL)]
    assert [(r.unit, r.points) for r in table.rows] == [("北京", 17.0)]
    assert [(m.source, m.is_url) for m in series_info(made).members] == [(url, True)]  # no password in it
    made.close()


def test_a_server_member_is_read_with_the_password_the_window_remembered(
    tmp_path: Path, postgres: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The series file keeps no password: reading a member on a server completes its address as any --db is
    completed, from libpq's password file or else the keyring (here a keyring that remembers one)."""
    _, made = server_series(tmp_path, postgres)
    monkeypatch.setattr(logins, "in_password_file", lambda found: False)
    monkeypatch.setattr(logins, "from_keyring", lambda found: "s3cret")
    seen: list[str] = []

    def spy(address: str, busy_seconds: float) -> Engine:
        seen.append(make_url(address).password or "")
        return make_engine(address, busy_seconds)

    monkeypatch.setattr(series_members, "make_engine", spy)
    assert [(e.name, e.status) for e in series_standings(made).events] == [("服务器赛", FINAL)]
    assert seen and set(seen) == {"s3cret"}
    assert "s3cret" not in (tmp_path / "s.tdseries").read_bytes().decode("latin-1")  # never written down
    made.close()
