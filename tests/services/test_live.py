"""Results from the tables: tokens, both-sides confirmation, disputes, replays, stale forms, the desk wins."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services import results as rs
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[Desk]:
    d = create_tournament(tmp_path / "t.tdesk", name="现场", rounds=3)
    for name in ["甲", "乙", "丙", "丁"]:
        es.add_entrant(d, name)
    es.draw(d, order=["甲", "乙", "丙", "丁"])
    pair_next_round(d)
    yield d
    d.close()


def token(desk: Desk, table: int = 1) -> live.LiveTableView:
    return next(t for t in live.round_tokens(desk, 1) if t.table == table)


def enter(desk: Desk, t: live.LiveTableView, side: str, levels: tuple[str, str], *, device: str, nonce: str,
          version: int | None = None) -> live.SubmissionOutcome:  # fmt: skip
    current = live.table_by_token(desk, t.token)
    return live.submit(desk, t.token, side=side, device=device, home_level=levels[0], away_level=levels[1],
                       nonce=nonce, version=current.version if version is None else version)  # fmt: skip


def mp(desk: Desk, name: str) -> float:
    return next(r.mp for r in current_standings(desk, 1).rows if r.entrant.name == name)


def test_every_table_gets_its_own_token_once(desk: Desk) -> None:
    first = live.round_tokens(desk, 1)
    assert [t.table for t in first] == [1, 2]
    assert len({t.token for t in first}) == 2 and all(len(t.token) >= 12 for t in first)
    assert [t.token for t in live.round_tokens(desk, 1)] == [t.token for t in first]
    assert {t.source for t in first} == {"open"}


def test_home_enters_away_confirms_and_the_result_is_recorded(desk: Desk) -> None:
    t = token(desk)
    assert enter(desk, t, "home", ("Q", "9"), device="p1", nonce="n1").outcome == "pending"
    assert round_view(desk, 1).tables[0].kind == "pending"  # nothing scored before the other side agrees
    done = enter(desk, t, "away", ("Q", "9"), device="p2", nonce="n2")
    assert done.outcome == "confirmed" and done.table.source == "confirmed" and done.table.result == (12, 9)
    assert round_view(desk, 1).tables[0].kind == "played"
    assert mp(desk, t.home) == 3.0
    actions = [a.action for a in audit_trail(desk, round_no=1, table_no=1)]
    assert actions == ["live-entry", "live-entry", "result"]


def test_different_levels_make_a_dispute_the_director_resolves(desk: Desk) -> None:
    t = token(desk, 2)
    enter(desk, t, "home", ("Q", "9"), device="p1", nonce="n1")
    out = enter(desk, t, "away", ("J", "9"), device="p2", nonce="n2")
    assert out.outcome == "disputed" and out.table.home_claim == (12, 9) and out.table.away_claim == (11, 9)
    assert [d.table for d in live.disputes(desk)] == [2]
    assert round_view(desk, 1).tables[1].kind == "pending"
    decided = live.resolve(desk, 1, 2, "J", "9", reason="看了记分表")
    assert decided.source == "desk" and decided.result == (11, 9)
    assert live.disputes(desk) == []
    with pytest.raises(BadInput, match="desk has recorded"):
        enter(desk, t, "home", ("Q", "9"), device="p1", nonce="n3")


def test_a_side_may_correct_its_entry_until_the_other_answers(desk: Desk) -> None:
    t = token(desk)
    enter(desk, t, "home", ("Q", "9"), device="p1", nonce="n1")
    enter(desk, t, "home", ("K", "9"), device="p1", nonce="n2")
    assert enter(desk, t, "away", ("K", "9"), device="p2", nonce="n3").outcome == "confirmed"


def test_a_replayed_submission_is_recognised_and_changes_nothing(desk: Desk) -> None:
    t = token(desk)
    first = enter(desk, t, "home", ("Q", "9"), device="p1", nonce="n1")
    again = live.submit(desk, t.token, side="home", device="p1", home_level="Q", away_level="9", nonce="n1",
                        version=0)  # fmt: skip
    assert again.outcome == "replay" and again.table == first.table
    assert [a.action for a in audit_trail(desk, round_no=1, table_no=1)] == ["live-entry"]
    # Even after the other side answered, the old retry is recognised and does not reopen the table.
    enter(desk, t, "away", ("Q", "9"), device="p2", nonce="n2")
    late = live.submit(desk, t.token, side="home", device="p1", home_level="A", away_level="9", nonce="n1",
                       version=0)  # fmt: skip
    assert late.outcome == "replay" and late.table.source == "confirmed" and late.table.result == (12, 9)


def test_a_stale_form_never_overwrites_a_newer_entry(desk: Desk) -> None:
    t = token(desk)
    enter(desk, t, "home", ("Q", "9"), device="p1", nonce="n1", version=0)
    enter(desk, t, "home", ("K", "9"), device="p1", nonce="n2", version=1)
    with pytest.raises(BadInput, match="changed since you opened"):
        enter(desk, t, "home", ("A", "9"), device="p1", nonce="n3", version=1)
    assert live.table_by_token(desk, t.token).home_claim == (13, 9)


def test_a_side_binds_to_its_first_phone_until_the_director_releases_it(desk: Desk) -> None:
    t = token(desk)
    enter(desk, t, "home", ("Q", "9"), device="p1", nonce="n1")
    with pytest.raises(BadInput, match="another phone"):
        enter(desk, t, "home", ("Q", "9"), device="p9", nonce="n2")
    with pytest.raises(BadInput, match="other side confirms on its own phone"):
        enter(desk, t, "away", ("Q", "9"), device="p1", nonce="n3")
    released = live.release_devices(desk, 1, 1, reason="手机没电")
    assert not released.home_bound and released.home_claim == (12, 9)
    assert enter(desk, t, "home", ("Q", "9"), device="p9", nonce="n4").outcome == "pending"


def test_confirmed_tables_are_locked_for_players_and_the_desk_still_wins(desk: Desk) -> None:
    t = token(desk)
    enter(desk, t, "home", ("Q", "9"), device="p1", nonce="n1")
    enter(desk, t, "away", ("Q", "9"), device="p2", nonce="n2")
    with pytest.raises(BadInput, match="Both sides have confirmed"):
        enter(desk, t, "away", ("A", "9"), device="p2", nonce="n3")
    rs.record_result(desk, 1, 1, "9", "9", reason="裁判更正")
    view = live.table_by_token(desk, t.token)
    assert view.source == "desk" and view.result == (9, 9)
    assert mp(desk, t.home) == 1.5


def test_the_desk_entering_first_locks_the_table_for_phones(desk: Desk) -> None:
    t = token(desk)
    enter(desk, t, "home", ("Q", "9"), device="p1", nonce="n1")
    rs.record_result(desk, 1, 1, "10", "9")
    with pytest.raises(BadInput, match="desk has recorded"):
        enter(desk, t, "away", ("Q", "9"), device="p2", nonce="n2")
    assert round_view(desk, 1).tables[0].kind == "played"


def test_unknown_tokens_bad_levels_and_closed_rounds_are_refused(desk: Desk) -> None:
    t = token(desk)
    with pytest.raises(BadInput, match="not known"):
        live.table_by_token(desk, "nope")
    with pytest.raises(BadInput, match="not a level"):
        enter(desk, t, "home", ("Z", "9"), device="p1", nonce="n1")
    with pytest.raises(BadInput, match="not a level"):
        enter(desk, t, "home", ("16", "9"), device="p1", nonce="n1")
    with pytest.raises(BadInput, match="home or away"):
        enter(desk, t, "north", ("9", "9"), device="p1", nonce="n1")
    assert live.table_by_token(desk, t.token).version == 0  # nothing changed
    for table in (1, 2):
        rs.record_result(desk, 1, table, "9", "9")
    pair_next_round(desk)
    with pytest.raises(BadInput, match="Round 1 is closed"):
        live.table_by_token(desk, t.token)


def test_an_unpublished_round_has_no_tokens(desk: Desk) -> None:
    for table in (1, 2):
        rs.record_result(desk, 1, table, "9", "9")
    pair_next_round(desk, publish=False)
    with pytest.raises(BadInput, match="not published"):
        live.round_tokens(desk, 2)
