"""The round clock: server-authoritative remaining seconds, start/pause/± minute, the last-deal warning."""

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services import live as lc
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.rounds import pair_next_round

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)

T0 = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


@pytest.fixture
def desk(events: Events) -> Iterator[Desk]:
    d = events.create(name="计时", rounds=3)
    for name in ["甲", "乙"]:
        es.add_entrant(d, name)
    es.draw(d, order=["甲", "乙"])
    pair_next_round(d)
    yield d
    d.close()


def test_no_clock_until_the_director_sets_one(desk: Desk) -> None:
    assert lc.clock(desk).phase == "idle"
    with pytest.raises(BadInput, match="Set the round clock first"):
        lc.start_clock(desk)


def test_the_clock_counts_down_and_calls_the_last_deal_at_minute_50(desk: Desk) -> None:
    ready = lc.set_clock(desk, at=at(0))
    assert (ready.round, ready.phase, ready.remaining, ready.display) == (1, "ready", 3600, "60:00")
    lc.start_clock(desk, at=at(0))
    assert lc.clock(desk, at=at(10)).remaining == 3000 and lc.clock(desk, at=at(10)).phase == "running"
    assert lc.clock(desk, at=at(49.9)).phase == "running"
    assert lc.clock(desk, at=at(50)).phase == "last-deal"
    assert lc.clock(desk, at=at(59.5)).display == "00:30"
    over = lc.clock(desk, at=at(61))
    assert over.phase == "over" and over.remaining == 0 and not over.running


def test_pause_resume_and_minutes_added_or_taken(desk: Desk) -> None:
    lc.set_clock(desk, minutes=30, last_deal_minute=25, at=at(0))
    lc.start_clock(desk, at=at(0))
    paused = lc.pause_clock(desk, at=at(10))
    assert paused.phase == "paused" and paused.remaining == 1200
    assert lc.clock(desk, at=at(100)).remaining == 1200  # a paused clock does not move
    lc.start_clock(desk, at=at(100))
    assert lc.clock(desk, at=at(105)).remaining == 900
    assert lc.adjust_clock(desk, 2, at=at(105)).remaining == 1020
    assert lc.adjust_clock(desk, -60, at=at(105)).remaining == 0
    with pytest.raises(BadInput, match="time is over"):
        lc.start_clock(desk, at=at(106))
    assert [a.action for a in audit_trail(desk) if a.action == "clock"] == ["clock"] * 6


@pytest.mark.slow
def test_bad_clock_settings_are_refused(desk: Desk) -> None:
    with pytest.raises(BadInput, match="1 to 600 minutes"):
        lc.set_clock(desk, minutes=0)
    with pytest.raises(BadInput, match="last deal"):
        lc.set_clock(desk, minutes=60, last_deal_minute=60)
    with pytest.raises(BadInput, match="not been paired"):
        lc.set_clock(desk, round_no=2)
    lc.set_clock(desk)
    with pytest.raises(BadInput, match="1 to 60 minutes"):
        lc.adjust_clock(desk, 0)
    assert lc.clock(desk).phase == "ready"


def test_announcements_show_until_withdrawn(desk: Desk) -> None:
    first = lc.announce(desk, "  第二轮  10:30 开始 ")
    second = lc.announce(desk, "请关闭手机铃声")
    assert first.text == "第二轮 10:30 开始"
    assert [a.id for a in lc.announcements(desk)] == [second.id, first.id]
    lc.withdraw_announcement(desk, first.id)
    assert [a.text for a in lc.announcements(desk)] == ["请关闭手机铃声"]
    with pytest.raises(BadInput, match="no announcement"):
        lc.withdraw_announcement(desk, first.id)
    with pytest.raises(BadInput, match="empty"):
        lc.announce(desk, "   ")
    with pytest.raises(BadInput, match="500"):
        lc.announce(desk, "x" * 501)


def test_a_new_round_published_shows_no_clock_until_its_own_is_set(desk: Desk) -> None:
    """Issue 28: after the next round was paired, phones and the projector still showed the last round's clock."""
    from tournament_desk.services.results import levels as rs

    lc.set_clock(desk, at=at(0))
    lc.start_clock(desk, at=at(0))
    for t in pair_tables(desk, 1):
        rs.record_result(desk, 1, t, "9", "7")
    pair_next_round(desk, publish=False)  # a draft: the hall still plays and sees round 1's clock
    assert lc.clock(desk, at=at(61)).phase == "over" and lc.clock(desk, at=at(61)).round == 1
    from tournament_desk.services.adjust import publish_round

    publish_round(desk, 2)
    shown = lc.clock(desk, at=at(61))
    assert (shown.round, shown.phase, shown.running) == (2, "idle", False)
    assert lc.set_clock(desk, at=at(70)).round == 2 and lc.clock(desk, at=at(70)).phase == "ready"


def pair_tables(desk: Desk, round_no: int) -> list[int]:
    from tournament_desk.services.rounds import round_view

    return [t.table for t in round_view(desk, round_no).tables]
