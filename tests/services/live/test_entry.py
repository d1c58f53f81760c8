"""Results from the tables: tokens, both-sides confirmation (each side on its own entry card), disputes,
replays, stale forms, the desk wins; a knockout table's side on stage. Mitchell tables: test_boards_mitchell.py."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_phones import card_code, phone
from tests.services.conftest import Events
from tests.web.events import make_cup
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import levels as rs
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


def enter(desk: Desk, t: live.LiveTableView, levels: tuple[str, str], *, card: str, nonce: str,
          version: int | None = None) -> live.SubmissionOutcome:  # fmt: skip
    """One entry from the phone whose secret is ``card`` (its entry card says the side)."""
    current = live.table_by_token(desk, t.token)
    return live.submit(desk, t.token, card=card, home_level=levels[0], away_level=levels[1], nonce=nonce,
                       version=current.version if version is None else version)  # fmt: skip


def mp(desk: Desk, name: str) -> float:
    return next(r.mp for r in current_standings(desk, 1).rows if r.entrant.name == name)


@pytest.mark.slow
def test_every_table_gets_its_own_token_once(desk: Desk) -> None:
    first = live.round_tokens(desk, 1)
    assert [t.table for t in first] == [1, 2]
    assert len({t.token for t in first}) == 2 and all(len(t.token) >= 12 for t in first)
    assert [t.token for t in live.round_tokens(desk, 1)] == [t.token for t in first]
    assert {t.source for t in first} == {"open"}


@pytest.mark.slow
def test_home_enters_away_confirms_and_the_result_is_recorded(desk: Desk) -> None:
    t = token(desk)
    home, away = phone(desk, t.home), phone(desk, t.away)
    first = enter(desk, t, ("Q", "9"), card=home, nonce="n1")
    assert first.outcome == "pending" and first.table.home_claim == (12, 9) and first.table.away_claim is None
    assert round_view(desk, 1).tables[0].kind == "pending"  # nothing scored before the other side agrees
    done = enter(desk, t, ("Q", "9"), card=away, nonce="n2")
    assert done.outcome == "confirmed" and done.table.source == "confirmed" and done.table.result == (12, 9)
    assert round_view(desk, 1).tables[0].kind == "played"
    assert mp(desk, t.home) == 3.0
    trail = audit_trail(desk, round_no=1, table_no=1)
    assert [a.action for a in trail] == ["live-entry", "live-entry", "result"]
    # each entry names the side, whose card and which phone
    assert trail[0].reason.startswith(f"home · {t.home} · phone ")
    assert trail[1].reason.startswith(f"away · {t.away} · phone ")


@pytest.mark.slow
def test_different_levels_make_a_dispute_the_director_resolves(desk: Desk) -> None:
    t = token(desk, 2)
    home, away = phone(desk, t.home), phone(desk, t.away)
    enter(desk, t, ("Q", "9"), card=home, nonce="n1")
    out = enter(desk, t, ("J", "9"), card=away, nonce="n2")
    assert out.outcome == "disputed" and out.table.home_claim == (12, 9) and out.table.away_claim == (11, 9)
    assert [d.table for d in live.disputes(desk)] == [2]
    assert round_view(desk, 1).tables[1].kind == "pending"
    decided = live.resolve(desk, 1, 2, "J", "9", reason="看了记分表")
    assert decided.source == "desk" and decided.result == (11, 9)
    assert live.disputes(desk) == []
    with pytest.raises(BadInput, match="desk has recorded"):
        enter(desk, t, ("Q", "9"), card=home, nonce="n3")


@pytest.mark.slow
def test_a_side_may_correct_its_entry_until_the_other_answers(desk: Desk) -> None:
    t = token(desk)
    home, away = phone(desk, t.home), phone(desk, t.away)
    enter(desk, t, ("Q", "9"), card=home, nonce="n1")
    enter(desk, t, ("K", "9"), card=home, nonce="n2")
    assert enter(desk, t, ("K", "9"), card=away, nonce="n3").outcome == "confirmed"


@pytest.mark.slow
def test_a_replayed_submission_is_recognised_and_changes_nothing(desk: Desk) -> None:
    t = token(desk)
    home, away = phone(desk, t.home), phone(desk, t.away)
    first = enter(desk, t, ("Q", "9"), card=home, nonce="n1")
    again = live.submit(desk, t.token, card=home, home_level="Q", away_level="9", nonce="n1", version=0)
    assert again.outcome == "replay" and again.table == first.table
    assert [a.action for a in audit_trail(desk, round_no=1, table_no=1)] == ["live-entry"]
    # Even after the other side answered, the old retry is recognised and does not reopen the table.
    enter(desk, t, ("Q", "9"), card=away, nonce="n2")
    late = live.submit(desk, t.token, card=home, home_level="A", away_level="9", nonce="n1", version=0)
    assert late.outcome == "replay" and late.table.source == "confirmed" and late.table.result == (12, 9)


@pytest.mark.slow
def test_a_stale_form_never_overwrites_a_newer_entry(desk: Desk) -> None:
    t = token(desk)
    home = phone(desk, t.home)
    enter(desk, t, ("Q", "9"), card=home, nonce="n1", version=0)
    enter(desk, t, ("K", "9"), card=home, nonce="n2", version=1)
    with pytest.raises(BadInput, match="changed since you opened"):
        enter(desk, t, ("A", "9"), card=home, nonce="n3", version=1)
    assert live.table_by_token(desk, t.token).home_claim == (13, 9)


@pytest.mark.slow
def test_a_card_binds_to_its_first_phone_until_the_director_releases_it(desk: Desk) -> None:
    """A side speaks through its entry card, and a card answers to one phone: a second phone scanning a card
    already held is refused until the director releases it; a phone without a card enters nothing; one phone
    never speaks for both sides, even when it takes the other side's card."""
    t = token(desk)
    home = phone(desk, t.home)
    enter(desk, t, ("Q", "9"), card=home, nonce="n1")
    with pytest.raises(BadInput, match="already used on another phone"):
        live.bind(desk, card_code(desk, t.home), None)  # another phone scans the home card
    with pytest.raises(BadInput, match="holds no entry card"):
        enter(desk, t, ("K", "9"), card="p9-holds-no-card", nonce="n2")
    released = live.release(desk, t.home, reason="手机没电")
    assert released.phone is None and live.phone_card(desk, home) is None
    assert live.table_by_token(desk, t.token).home_claim == (12, 9)  # the entries so far stay
    with pytest.raises(BadInput, match="holds no entry card"):  # the released phone enters nothing more
        enter(desk, t, ("K", "9"), card=home, nonce="n3")
    with pytest.raises(BadInput, match="not held by any phone"):
        live.release(desk, t.home)
    new = phone(desk, t.home)  # the new phone takes the card
    assert new != home and enter(desk, t, ("K", "9"), card=new, nonce="n4").outcome == "pending"
    # The same phone takes the away card: it keeps its secret, so it still may not confirm its own entry.
    assert phone(desk, t.away, new) == new
    held = live.phone_card(desk, new)
    assert held is not None and held.name == t.away
    with pytest.raises(BadInput, match="other side confirms on its own phone"):
        enter(desk, t, ("K", "9"), card=new, nonce="n5")
    view = live.table_by_token(desk, t.token)
    assert view.source == "pending" and view.home_claim == (13, 9) and view.away_claim is None
    # That phone gave the home card up for the away one; it takes the home card back, which frees the away
    # card for the away side's own phone.
    assert live.cards(desk, [t.home])[0].phone is None
    assert phone(desk, t.home, new) == new
    assert enter(desk, t, ("K", "9"), card=phone(desk, t.away), nonce="n6").outcome == "confirmed"
    actions = [a.action for a in audit_trail(desk) if a.action.startswith("card-")]
    assert actions.count("card-release") == 3 and actions.count("card-bind") == 5


@pytest.mark.slow
def test_confirmed_tables_are_locked_for_players_and_the_desk_still_wins(desk: Desk) -> None:
    t = token(desk)
    home, away = phone(desk, t.home), phone(desk, t.away)
    enter(desk, t, ("Q", "9"), card=home, nonce="n1")
    enter(desk, t, ("Q", "9"), card=away, nonce="n2")
    with pytest.raises(BadInput, match="Both sides have confirmed"):
        enter(desk, t, ("A", "9"), card=away, nonce="n3")
    rs.record_result(desk, 1, 1, "9", "9", reason="裁判更正")
    view = live.table_by_token(desk, t.token)
    assert view.source == "desk" and view.result == (9, 9)
    assert mp(desk, t.home) == 1.5


@pytest.mark.slow
def test_the_desk_entering_first_locks_the_table_for_phones(desk: Desk) -> None:
    t = token(desk)
    home, away = phone(desk, t.home), phone(desk, t.away)
    enter(desk, t, ("Q", "9"), card=home, nonce="n1")
    rs.record_result(desk, 1, 1, "10", "9")
    with pytest.raises(BadInput, match="desk has recorded"):
        enter(desk, t, ("Q", "9"), card=away, nonce="n2")
    assert round_view(desk, 1).tables[0].kind == "played"


@pytest.mark.slow
def test_unknown_tokens_bad_levels_cards_of_other_tables_and_closed_rounds_are_refused(desk: Desk) -> None:
    t, elsewhere = token(desk), token(desk, 2)
    home = phone(desk, t.home)
    with pytest.raises(BadInput, match="not known"):
        live.table_by_token(desk, "nope")
    with pytest.raises(BadInput, match="not known"):
        live.submit(desk, "nope", card=home, home_level="9", away_level="9", nonce="n1", version=0)
    with pytest.raises(BadInput, match="not a level"):
        enter(desk, t, ("Z", "9"), card=home, nonce="n1")
    with pytest.raises(BadInput, match="not a level"):
        enter(desk, t, ("16", "9"), card=home, nonce="n1")
    # The side is the card's: a card of an entrant at another table, or none, speaks for no side here.
    with pytest.raises(BadInput, match=f"{elsewhere.home}'s, who does not play at round 1 table 1"):
        enter(desk, t, ("9", "9"), card=phone(desk, elsewhere.home), nonce="n1")
    with pytest.raises(BadInput, match="holds no entry card"):
        enter(desk, t, ("9", "9"), card="", nonce="n1")
    with pytest.raises(BadInput, match="out of date"):
        enter(desk, t, ("9", "9"), card=home, nonce="")
    assert live.table_by_token(desk, t.token).version == 0  # nothing changed
    for table in (1, 2):
        rs.record_result(desk, 1, table, "9", "9")
    pair_next_round(desk)
    with pytest.raises(BadInput, match="Round 1 is closed"):
        live.table_by_token(desk, t.token)
    with pytest.raises(BadInput, match="Round 1 is closed"):
        live.submit(desk, t.token, card=home, home_level="9", away_level="9", nonce="n2", version=0)


def test_an_unpublished_round_has_no_tokens(desk: Desk) -> None:
    for table in (1, 2):
        rs.record_result(desk, 1, table, "9", "9")
    pair_next_round(desk, publish=False)
    with pytest.raises(BadInput, match="not published"):
        live.round_tokens(desk, 2)


# --- knockout tables: equal levels need the side on stage (rules.md §7.4) ------------------------------------


@pytest.fixture(scope="module")
def cup_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """8 teams in two groups, the groups played, the knockout drawn and its first round (2 tables) paired."""
    path = tmp_path_factory.mktemp("cup") / "cup.tdesk"
    make_cup(path)
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


def ko_enter(desk: Desk, t: live.LiveTableView, levels: tuple[str, str], stage: str | None, *, card: str,
             nonce: str) -> live.SubmissionOutcome:  # fmt: skip
    current = live.table_by_token(desk, t.token)
    return live.submit(desk, t.token, card=card, home_level=levels[0], away_level=levels[1], nonce=nonce,
                       version=current.version, on_stage=stage)  # fmt: skip


def winner(desk: Desk, t: live.LiveTableView) -> str | None:
    return next(x.winner for x in round_view(desk, t.round).tables if x.table == t.table)


@pytest.mark.slow
def test_knockout_equal_levels_ask_for_the_side_on_stage_and_both_must_agree(cup: Desk) -> None:
    t = ko_table(cup)
    assert t.entry == "levels-on-stage"
    home, away = phone(cup, t.home), phone(cup, t.away)
    with pytest.raises(live.OnStageNeeded, match="on stage"):
        ko_enter(cup, t, ("9", "9"), None, card=home, nonce="n0")
    assert live.table_by_token(cup, t.token).version == 0  # nothing stored
    first = ko_enter(cup, t, ("9", "9"), "away", card=home, nonce="n1")
    assert (
        first.outcome == "pending"
        and first.table.home_claim == (9, 9)
        and first.table.home_on_stage == "away"
    )
    done = ko_enter(cup, t, ("9", "9"), "away", card=away, nonce="n2")
    assert done.outcome == "confirmed" and done.table.source == "confirmed"
    assert done.table.result == (9, 9) and done.table.on_stage == "away"
    assert winner(cup, t) == "away"  # the side on stage wins equal levels
    entries = [a for a in audit_trail(cup, round_no=t.round, table_no=t.table) if a.action == "live-entry"]
    assert entries[-1].new["home"] == "9:9:away"


@pytest.mark.slow
def test_knockout_sides_differing_on_stage_are_disputed_and_the_desk_decides(cup: Desk) -> None:
    t = ko_table(cup, 2)
    home, away = phone(cup, t.home), phone(cup, t.away)
    ko_enter(cup, t, ("10", "10"), "home", card=home, nonce="n1")
    out = ko_enter(cup, t, ("10", "10"), "away", card=away, nonce="n2")
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


@pytest.mark.slow
def test_knockout_unequal_levels_need_no_side_on_stage(cup: Desk) -> None:
    t = ko_table(cup)
    home, away = phone(cup, t.home), phone(cup, t.away)
    with pytest.raises(BadInput, match="levels both sides reached"):
        live.submit_boards(cup, t.token, card=home, boards={1: live.BoardClaim(5)}, nonce="n0", version=0)
    ko_enter(cup, t, ("Q", "9"), "away", card=home, nonce="n1")  # a stale choice is dropped
    out = ko_enter(cup, t, ("Q", "9"), None, card=away, nonce="n2")
    assert out.outcome == "confirmed" and out.table.home_on_stage is None and winner(cup, t) == "home"
