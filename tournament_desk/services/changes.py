"""What a user action changed, as the faces refresh from it (Anki's operations; issue 18).

Services do not say what they changed by hand: every change writes an audit entry (``desk.audit``) with its
action and where (round, table, entrant), and the database notes the entries each committed transaction wrote
(``storage.notify.Written``). ``Changes`` is that, read for the faces: the kinds of data that moved (entrants,
rounds, results, rules, audit) and the precise keys — (round, table) pairs, whole rounds, entrant ids. Another
station's audit entries give the same value (``from_entries``), so a window refreshes from its own and the
others' changes the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tournament_desk.storage.notify import ListenLost, Written

__all__ = ["AUDIT", "ENTRANTS", "EVERYTHING", "RESULTS", "ROUNDS", "RULES", "Changes", "ListenLost"]

ENTRANTS = "entrants"
ROUNDS = "rounds"  # pairings: tables, byes, locks, publishing
RESULTS = "results"  # levels, forfeits, rulings, deductions, boards
RULES = "rules"
AUDIT = "audit"
EVERYTHING = frozenset({ENTRANTS, ROUNDS, RESULTS, RULES, AUDIT})
NOTHING: frozenset[str] = frozenset()

# What an audit action changed (an action not named here: everything, to be safe).
ACTION_KINDS: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        ("result", "forfeit", "late", "ruling", "ruling-award", "decision-removed", "restore", "clear", "board",
         "game", "games", "lineup",
         "deduct", "deduct-remove", "lot", "declarers", "live-entry", "live-release",
         # a table decided by a withdrawal (its ResultState)
         "played", "pending", "bye", "rest", "annulled"),
        frozenset({RESULTS}),
    ),
    "boards": frozenset({ROUNDS, RESULTS}),  # a round's board set: what its tables play, and their scores
    **dict.fromkeys(("pair", "repair", "swap", "lock", "unlock", "publish", "knockout-draw"), frozenset({ROUNDS})),
    **dict.fromkeys(("entrant-add", "entrant-edit", "entrant-import", "draw", "player-ident", "player-merge",
                     "player-apart"),
                    frozenset({ENTRANTS})),
    # A withdrawal or its undoing decides the entrant's later tables too.
    **dict.fromkeys(("withdraw", "reinstate", "bye-void"), frozenset({ENTRANTS, ROUNDS, RESULTS})),
    "rules": frozenset({RULES}),
    **dict.fromkeys(("clock", "announce", "announce-withdraw", "live-freeze"), NOTHING),  # the live screens' own
}  # fmt: skip

# What a write that left no audit entry changed, by the table it touched (the undo journal and the live
# tables' tokens are no page's data).
TABLE_KINDS: dict[str, frozenset[str]] = {
    "entrant": frozenset({ENTRANTS}),
    "player": frozenset({ENTRANTS}),
    "entrant_player": frozenset({ENTRANTS}),
    "player_apart": frozenset({ENTRANTS}),
    "round": frozenset({ROUNDS}),
    "stage": frozenset({ROUNDS}),
    "match": frozenset({ROUNDS, RESULTS}),
    "board": frozenset({RESULTS}),
    "board_result": frozenset({RESULTS}),
    "pair_board": frozenset({RESULTS}),
    "pair_game": frozenset({RESULTS}),
    "team_lineup": frozenset({RESULTS}),
    "deduction": frozenset({RESULTS}),
    "tournament": frozenset({RULES}),
    "audit": frozenset({AUDIT}),
    "meta": NOTHING,
    "undo_step": NOTHING,
    "live_table": NOTHING,
    "live_submission": NOTHING,
    "live_clock": NOTHING,
    "live_announcement": NOTHING,
}


@dataclass(frozen=True)
class Changes:
    """What changed: ``kinds`` of data, and where — ``tables`` ((round, table) pairs), ``rounds`` (changed as a
    whole, or for some entrant rather than a table: a pairing, a deduction), ``entrants`` (ids).

    ``remote``: made at another station (the window marks what changed). A change with a kind but no key
    (the rules, the draw) means "reload what shows that kind".
    """

    kinds: frozenset[str] = frozenset()
    tables: frozenset[tuple[int, int]] = frozenset()
    rounds: frozenset[int] = frozenset()
    entrants: frozenset[int] = frozenset()
    remote: bool = False

    @classmethod
    def of(cls, kinds: Iterable[str]) -> Changes:
        """Kinds only, no keys (a change made outside this process, e.g. a pairing in a child process)."""
        return cls(frozenset(kinds))

    @classmethod
    def from_entries(
        cls, entries: Iterable[tuple[str, int | None, int | None, int | None]], *, remote: bool = False
    ) -> Changes:
        """From audit entries: (action, round, table, entrant id) each."""
        kinds: set[str] = set()
        tables: set[tuple[int, int]] = set()
        rounds: set[int] = set()
        entrants: set[int] = set()
        for action, round_no, table_no, entrant_id in entries:
            kinds |= ACTION_KINDS.get(action, EVERYTHING) | {AUDIT}
            if round_no is not None and table_no is not None:
                tables.add((round_no, table_no))
            elif round_no is not None:
                rounds.add(round_no)
            if entrant_id is not None:
                entrants.add(entrant_id)
        return cls(frozenset(kinds), frozenset(tables), frozenset(rounds), frozenset(entrants), remote)

    @classmethod
    def from_written(cls, written: Written) -> Changes:
        """What one committed transaction changed: from its audit entries, else from the tables it wrote."""
        if written.audit:
            return cls.from_entries((a.action, a.round_no, a.table_no, a.entrant_id) for a in written.audit)
        kinds: frozenset[str] = frozenset()
        for table in written.tables:
            kinds |= TABLE_KINDS.get(table, EVERYTHING)
        return cls(kinds)

    def __or__(self, other: Changes) -> Changes:
        return Changes(
            self.kinds | other.kinds,
            self.tables | other.tables,
            self.rounds | other.rounds,
            self.entrants | other.entrants,
            self.remote or other.remote,
        )

    def __bool__(self) -> bool:
        return bool(self.kinds)

    def __contains__(self, kind: object) -> bool:
        return kind in self.kinds

    def __le__(self, kinds: Iterable[str]) -> bool:
        """Nothing but these kinds changed (``changes <= {RESULTS, AUDIT}``)."""
        return self.kinds <= frozenset(kinds)

    def __ge__(self, kinds: Iterable[str]) -> bool:
        """All these kinds changed (``changes >= {ENTRANTS}``)."""
        return self.kinds >= frozenset(kinds)

    def __and__(self, kinds: Iterable[str]) -> frozenset[str]:
        """The kinds among ``kinds`` that changed (``changes & page.watches``)."""
        return self.kinds & frozenset(kinds)

    def tables_in(self, round_no: int) -> frozenset[int]:
        """The tables of one round that changed."""
        return frozenset(t for r, t in self.tables if r == round_no)

    @property
    def only_results(self) -> bool:
        """Only results changed (no pairing, entrant or rule): a grid of tables can update just its rows."""
        return self.kinds <= {RESULTS, AUDIT}
