"""Results from the tables: tokens, both-sides confirmation, disputes, replays, stale forms, the desk wins."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services import results as rs
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.fixture
def desk(events: Events) -> Iterator[Desk]:
    d = events.create(name="现场", rounds=3)
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


# --- knockout tables: equal levels need the side on stage (SPEC §7.4) ------------------------------------


@pytest.fixture(scope="module")
def cup_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """8 teams in two groups, the groups played, the knockout drawn and its first round (2 tables) paired."""
    import random

    from tournament_desk.services import groups

    path = tmp_path_factory.mktemp("cup") / "cup.tdesk"
    with create_tournament(path, name="淘汰杯", format="groups-knockout") as d:
        for i in range(1, 9):
            es.add_entrant(d, f"队{i}")
        es.draw(d, seed=1)
        rng = random.Random(1)
        while True:
            view = pair_next_round(d)
            for t in view.tables:
                rs.record_result(d, view.round, t.table, rng.randint(2, 14), rng.randint(2, 14))
            stage = groups.group_stage(d)
            if all(g.complete for g in stage.groups):
                break
        for g in stage.groups:
            if g.lot_needed:
                groups.record_lot(d, g.name, g.lot_needed)
        groups.draw_knockout(d, seed=3)
        pair_next_round(d)
    return path


@pytest.fixture
def cup(cup_file: Path, events: Events) -> Iterator[Desk]:
    with events.copy_of(cup_file) as d:
        yield d


def ko_table(desk: Desk, table: int = 1) -> live.LiveTableView:
    with desk.db.transaction() as session:
        from tournament_desk.services.desk import paired_rounds

        last = paired_rounds(session)
    return next(t for t in live.round_tokens(desk, last) if t.table == table)


def ko_enter(desk: Desk, t: live.LiveTableView, side: str, levels: tuple[str, str], stage: str | None, *,
             device: str, nonce: str) -> live.SubmissionOutcome:  # fmt: skip
    current = live.table_by_token(desk, t.token)
    return live.submit(desk, t.token, side=side, device=device, home_level=levels[0], away_level=levels[1],
                       nonce=nonce, version=current.version, on_stage=stage)  # fmt: skip


def winner(desk: Desk, t: live.LiveTableView) -> str | None:
    return next(x.winner for x in round_view(desk, t.round).tables if x.table == t.table)


def test_knockout_equal_levels_ask_for_the_side_on_stage_and_both_must_agree(cup: Desk) -> None:
    t = ko_table(cup)
    assert t.entry == "levels-on-stage"
    with pytest.raises(live.OnStageNeeded, match="on stage"):
        ko_enter(cup, t, "home", ("9", "9"), None, device="p1", nonce="n0")
    assert live.table_by_token(cup, t.token).version == 0  # nothing stored
    first = ko_enter(cup, t, "home", ("9", "9"), "away", device="p1", nonce="n1")
    assert (
        first.outcome == "pending"
        and first.table.home_claim == (9, 9)
        and first.table.home_on_stage == "away"
    )
    done = ko_enter(cup, t, "away", ("9", "9"), "away", device="p2", nonce="n2")
    assert done.outcome == "confirmed" and done.table.source == "confirmed"
    assert done.table.result == (9, 9) and done.table.on_stage == "away"
    assert winner(cup, t) == "away"  # the side on stage wins equal levels
    entries = [a for a in audit_trail(cup, round_no=t.round, table_no=t.table) if a.action == "live-entry"]
    assert entries[-1].new["home"] == "9:9:away"


def test_knockout_sides_differing_on_stage_are_disputed_and_the_desk_decides(cup: Desk) -> None:
    t = ko_table(cup, 2)
    ko_enter(cup, t, "home", ("10", "10"), "home", device="p1", nonce="n1")
    out = ko_enter(cup, t, "away", ("10", "10"), "away", device="p2", nonce="n2")
    assert out.outcome == "disputed" and out.table.home_claim == out.table.away_claim == (10, 10)
    assert (out.table.home_on_stage, out.table.away_on_stage) == ("home", "away")
    assert [d.table for d in live.disputes(cup)] == [2]
    assert live.claim_text(out.table, "away") == "10 : 10 · away on stage"
    with pytest.raises(BadInput, match="on stage"):
        live.resolve(cup, t.round, 2, "10", "10")  # equal levels need the side on stage here too
    decided = live.resolve(cup, t.round, 2, "10", "10:主", reason="看了记分表")  # the desk's "10:10:主"
    assert decided.source == "desk" and decided.on_stage == "home" and winner(cup, t) == "home"
    assert live.disputes(cup) == []
    again = live.resolve(cup, t.round, 2, "10", "10", on_stage="away")
    assert again.on_stage == "away" and winner(cup, t) == "away"


def test_knockout_unequal_levels_need_no_side_on_stage(cup: Desk) -> None:
    t = ko_table(cup)
    with pytest.raises(BadInput, match="levels both sides reached"):
        live.submit_boards(cup, t.token, side="home", device="p1", boards={1: live.BoardClaim(5)}, nonce="n0",
                           version=0)  # fmt: skip
    ko_enter(cup, t, "home", ("Q", "9"), "away", device="p1", nonce="n1")  # a stale choice is dropped
    out = ko_enter(cup, t, "away", ("Q", "9"), None, device="p2", nonce="n2")
    assert out.outcome == "confirmed" and out.table.home_on_stage is None and winner(cup, t) == "home"


# --- Mitchell tables: the boards of the round, NS enters, EW confirms (SPEC §7.5) ----------------------


@pytest.fixture
def pairs(events: Events) -> Iterator[Desk]:
    """A Mitchell event of 3 tables, 2 boards a round; round 1 paired."""
    with events.create(name="牌套", format="mitchell", boards_per_round=2) as d:
        for i in range(6):
            es.add_entrant(d, f"对{i}")
        es.draw(d, seed=7)
        pair_next_round(d)
        yield d


def boards_enter(desk: Desk, t: live.LiveTableView, side: str, boards: dict[int, live.BoardClaim], *,
                 device: str, nonce: str) -> live.SubmissionOutcome:  # fmt: skip
    current = live.table_by_token(desk, t.token)
    return live.submit_boards(desk, t.token, side=side, device=device, boards=boards, nonce=nonce,
                              version=current.version)  # fmt: skip


def test_mitchell_ns_enters_the_boards_and_ew_confirms(pairs: Desk) -> None:
    from tournament_desk.services.pair_boards import table_boards

    t = next(x for x in live.round_tokens(pairs, 1) if x.table == 2)
    assert t.entry == "boards" and [b.board for b in t.boards] == [b.board for b in table_boards(pairs, 1, 2)]
    first, second = (b.board for b in t.boards)
    claims = {first: live.BoardClaim(85), second: live.BoardClaim(40, 0, 10)}
    assert boards_enter(pairs, t, "home", claims, device="p1", nonce="n1").outcome == "pending"
    assert all(b.points is None for b in table_boards(pairs, 1, 2))  # nothing recorded yet
    done = boards_enter(pairs, t, "away", claims, device="p2", nonce="n2")
    assert done.outcome == "confirmed" and done.table.source == "confirmed"
    stored = {b.board: (b.points, b.penalty_ns, b.penalty_ew) for b in table_boards(pairs, 1, 2)}
    assert stored == {first: (85, 0, 0), second: (40, 0, 10)}
    assert round_view(pairs, 1).tables[1].kind == "played"
    actions = [a.action for a in audit_trail(pairs, round_no=1, table_no=2)]
    assert actions == ["live-entry", "live-entry", "board", "board"]
    with pytest.raises(BadInput, match="Both sides have confirmed"):
        boards_enter(pairs, t, "away", claims, device="p2", nonce="n3")


def test_mitchell_a_board_the_sides_differ_on_is_disputed_until_the_desk_decides(pairs: Desk) -> None:
    from tournament_desk.services.pair_boards import record_pair_board, table_boards

    t = next(x for x in live.round_tokens(pairs, 1) if x.table == 1)
    first, second = (b.board for b in t.boards)
    boards_enter(pairs, t, "home", {first: live.BoardClaim(85), second: live.BoardClaim(40)}, device="p1",
                 nonce="n1")  # fmt: skip
    out = boards_enter(pairs, t, "away", {first: live.BoardClaim(90), second: live.BoardClaim(40)}, device="p2",
                       nonce="n2")  # fmt: skip
    assert out.outcome == "disputed" and [b.disputed for b in out.table.boards] == [True, False]
    stored = {b.board: b.points for b in table_boards(pairs, 1, 1)}
    assert stored == {first: None, second: 40}  # the board they agree on is in
    assert [d.table for d in live.disputes(pairs)] == [1]
    with pytest.raises(BadInput, match="recorded already"):  # an agreed board stays as agreed
        boards_enter(pairs, t, "home", {first: live.BoardClaim(90), second: live.BoardClaim(45)}, device="p1",
                     nonce="n3")  # fmt: skip
    # The sides may still settle it themselves: NS takes EW's figure → confirmed.
    settled = boards_enter(pairs, t, "home", {first: live.BoardClaim(90), second: live.BoardClaim(40)},
                           device="p1", nonce="n4")  # fmt: skip
    assert (
        settled.outcome == "confirmed" and {b.board: b.points for b in table_boards(pairs, 1, 1)}[first] == 90
    )
    # Another table: the director decides the disputed board.
    t3 = next(x for x in live.round_tokens(pairs, 1) if x.table == 3)
    a, b = (line.board for line in t3.boards)
    boards_enter(pairs, t3, "home", {a: live.BoardClaim(0), b: live.BoardClaim(120)}, device="p3", nonce="m1")
    boards_enter(pairs, t3, "away", {a: live.BoardClaim(5), b: live.BoardClaim(120)}, device="p4", nonce="m2")
    decided = live.resolve_board(pairs, 1, 3, a, 5, reason="看了记分条")
    assert decided.source == "desk" and live.disputes(pairs) == []
    assert round_view(pairs, 1).tables[2].kind == "played"
    with pytest.raises(BadInput, match="desk has recorded"):
        boards_enter(
            pairs, t3, "away", {a: live.BoardClaim(5), b: live.BoardClaim(120)}, device="p4", nonce="m3"
        )
    # The desk's own board page wins the same way.
    record_pair_board(pairs, 1, 3, b, 125, correct=True, reason="更正")
    assert live.table_by_token(pairs, t3.token).source == "desk"


def test_mitchell_entries_are_checked_and_encoded_in_two_characters_a_board(pairs: Desk) -> None:
    t = next(x for x in live.round_tokens(pairs, 1) if x.table == 1)
    first, second = (b.board for b in t.boards)
    with pytest.raises(BadInput, match=r"board \d+ is missing"):
        boards_enter(pairs, t, "home", {first: live.BoardClaim(85)}, device="p1", nonce="n1")
    with pytest.raises(BadInput, match="not board 99"):
        boards_enter(pairs, t, "home", {first: live.BoardClaim(85), second: live.BoardClaim(5),
                                        99: live.BoardClaim(5)}, device="p1", nonce="n1")  # fmt: skip
    with pytest.raises(BadInput, match="steps of 5"):
        live.parse_board_entry("83", None, None)
    with pytest.raises(BadInput, match="scored board by board"):
        live.submit(pairs, t.token, side="home", device="p1", home_level="9", away_level="9", nonce="n1",
                    version=0)  # fmt: skip
    assert live.table_by_token(pairs, t.token).version == 0
    assert live.parse_board_entry("85", "EW", "10") == live.BoardClaim(85, 0, 10)
    assert live.parse_board_entry("85", "南北", "80") == live.BoardClaim(85, 80, 0)
    assert live.parse_board_entry("85", "", "") == live.BoardClaim(85)
    claims = [
        live.BoardClaim(p, ns, ew) for p, ns, ew in [(0, 0, 0), (200, 0, 155), (315, 155, 0), (5, 0, 5)]
    ]
    claims *= live.MAX_BOARDS // len(claims)  # 80 board results: a duplicate round of 36 boards fits
    text = live.encode_boards(claims)
    assert len(text) == live.CLAIM_LENGTH == 160 and live.decode_boards(text) == claims
    with pytest.raises(BadInput, match="at most 80 boards"):
        live.encode_boards([*claims, live.BoardClaim(0)])
    with pytest.raises(BadInput, match="at most 155"):
        live.encode_boards([live.BoardClaim(0, 160, 0)])
