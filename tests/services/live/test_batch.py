"""Many submissions in one transaction (the LAN server's group commit): each in its own savepoint, a refused one
changes nothing and is returned as its error, every accepted one is audited and the hash chain still holds."""

from collections.abc import Iterator

import pytest

from tests.live_phones import Phones, card_code
from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput, TournamentError
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail, verify_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.live import Submission, submit_many
from tournament_desk.services.rounds import pair_next_round, round_view

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.fixture
def desk(events: Events) -> Iterator[Desk]:
    d = events.create(name="批量", rounds=3)
    for i in range(1, 13):
        es.add_entrant(d, f"队{i}")
    es.draw(d, seed=2)
    pair_next_round(d)
    yield d
    d.close()


def entry(t: live.LiveTableView, levels: tuple[str, str], card: str, nonce: str,
          version: int | None = None) -> Submission:  # fmt: skip
    """One entry from the phone whose secret is ``card`` (the entry card it holds says the side)."""
    return Submission(t.token, card, nonce, t.version if version is None else version, *levels)


@pytest.mark.slow
def test_a_batch_stores_the_valid_entries_and_refuses_each_bad_one_alone(desk: Desk) -> None:
    tables = live.round_tokens(desk, 1)  # six tables
    assert len(tables) == 6
    phone = Phones(desk)
    home = [phone.at(t, "home") for t in tables]  # every phone takes its card before the batch
    away = phone.at(tables[0], "away")
    first = live.submit(desk, tables[0].token, card=home[0], home_level="Q", away_level="9", nonce="old",
                        version=0)  # fmt: skip
    # A second phone cannot take table 1's home card (another phone holds it), so it holds no card at all.
    with pytest.raises(BadInput, match="already used on another phone"):
        live.bind(desk, card_code(desk, tables[0].home), None)
    before = len(audit_trail(desk))
    batch = [
        entry(tables[1], ("Q", "9"), home[1], "b1"),
        entry(tables[2], ("Q", "9"), home[2], "old"),  # the nonce of table 1's entry: out of date
        entry(first.table, ("K", "9"), "other-phone", "b2"),  # a second phone for table 1's home: no card
        entry(tables[3], ("10", "8"), home[3], "b3"),
        entry(tables[4], ("Z", "9"), home[4], "b4"),  # no such level
        entry(tables[5], ("5", "9"), home[5], "b5", version=7),  # a stale form
        entry(first.table, ("Q", "9"), away, "b6"),  # table 1's away side confirms
        entry(tables[1], ("Q", "9"), home[1], "b1"),  # the first entry again (a retry): a replay
        entry(first.table, ("Q", "9"), home[2], "b7"),  # another table's card at table 1
    ]
    done = submit_many(desk, batch)
    assert [d.outcome if isinstance(d, live.SubmissionOutcome) else None for d in done] == [
        "pending", None, None, "pending", None, None, "confirmed", "replay", None
    ]  # fmt: skip
    refused = [d for d in done if isinstance(d, TournamentError)]
    assert all(isinstance(r, BadInput) for r in refused)
    assert (
        "out of date" in str(done[1])
        and "holds no entry card" in str(done[2])
        and "changed since" in str(done[5])
        and f"{tables[2].home}'s, who does not play at round 1 table {tables[0].table}" in str(done[8])
    )
    views = {t.table: t for t in live.live_tables(desk, 1)}
    assert [views[t.table].source for t in tables] == [
        "confirmed",
        "pending",
        "open",
        "pending",
        "open",
        "open",
    ]
    assert views[tables[0].table].result == (12, 9) and views[tables[3].table].home_claim == (10, 8)
    assert round_view(desk, 1).tables[tables[0].table - 1].kind == "played"
    trail = audit_trail(desk)[before:]
    # One live-entry per accepted entry (the replay changes nothing) and the confirmed table's result.
    assert [(a.action, a.table) for a in trail] == [
        ("live-entry", tables[1].table), ("live-entry", tables[3].table), ("live-entry", tables[0].table),
        ("result", tables[0].table),
    ]  # fmt: skip
    check = verify_trail(desk)
    assert check.broken_at is None and check.entries == before + 4


@pytest.mark.slow
def test_a_batch_continues_the_chain_of_single_entries_and_back(desk: Desk) -> None:
    tables = live.round_tokens(desk, 1)
    phone = Phones(desk)
    submit_many(desk, [entry(t, ("J", "9"), phone.at(t, "home"), f"n{t.table}") for t in tables[:3]])
    live.submit(desk, tables[3].token, card=phone.at(tables[3], "home"), home_level="J", away_level="9",
                nonce="x", version=0)  # fmt: skip
    refused_only = submit_many(
        desk, [entry(tables[4], ("J", "9"), phone.at(tables[4], "home"), "x")]
    )  # the nonce of table 4's
    assert isinstance(refused_only[0], BadInput)
    now = live.live_tables(desk, 1)
    submit_many(desk, [entry(t, ("J", "9"), phone.at(t, "away"), f"m{t.table}") for t in now[:3]])
    assert verify_trail(desk).broken_at is None
    assert {t.source for t in live.live_tables(desk, 1)[:3]} == {"confirmed"}


@pytest.mark.slow
def test_an_entry_refused_after_its_audit_entry_takes_that_entry_back(
    desk: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A refusal late in a savepoint (here forced) rolls back the entry's audit row: the chain goes on from
    the entry before it, and the commit reports no audit entry that was taken back."""
    from tournament_desk.services.live import batch as live_batch  # the inside, to refuse one late

    record = live_batch.record_submission

    def refuse_one(session, row, nonce, *args):  # type: ignore[no-untyped-def]
        if nonce == "late":
            session.flush()  # its audit entry has reached the database, and been noted as written
            raise BadInput("Refused late.")
        return record(session, row, nonce, *args)

    monkeypatch.setattr(live_batch, "record_submission", refuse_one)
    tables = live.round_tokens(desk, 1)
    phone = Phones(desk)
    home = [phone.at(t, "home") for t in tables[:3]]
    written: list[object] = []
    desk.db.on_commit.append(written.append)
    done = submit_many(desk, [entry(tables[0], ("Q", "9"), home[0], "n1"),
                              entry(tables[1], ("Q", "9"), home[1], "late"),
                              entry(tables[2], ("Q", "9"), home[2], "n3")])  # fmt: skip
    assert isinstance(done[1], BadInput) and [getattr(d, "outcome", None) for d in done] == [
        "pending",
        None,
        "pending",
    ]
    assert [a.table for a in audit_trail(desk) if a.action == "live-entry"] == [
        tables[0].table,
        tables[2].table,
    ]
    assert verify_trail(desk).broken_at is None
    ids = [mark.id for mark in written[-1].audit]  # type: ignore[attr-defined]
    assert len(ids) == 2 and [t.source for t in live.live_tables(desk, 1)[:3]] == [
        "pending",
        "open",
        "pending",
    ]
