"""Board results from the tables' phones: a Mitchell table's boards (NS enters, EW confirms) and a duplicate
team table's boards in both rooms (home enters, away confirms), and the director deciding one board.

A board claim is the whole set, two characters a board (a room of a board in duplicate; ``encode_boards``).
Boards both sides entered alike are recorded at once (Mitchell through ``pair_board_write``'s checks and writer,
duplicate through ``boards.write_board``, so the table settles when its last board is in); a board they
differ on makes the table disputed and waits for the director (``resolve_board``).
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.orm import Session

from tournament_desk.domain.duplicate import Room
from tournament_desk.domain.errors import BadInput, msg
from tournament_desk.services.desk import Desk, now, rules_of
from tournament_desk.services.live.claims import (
    BoardClaim,
    BoardLine,
    LiveTableView,
    SubmissionOutcome,
    boards_text,
    decode_boards,
    encode_boards,
    parse_board_entry,
)
from tournament_desk.services.live.credentials import side_of
from tournament_desk.services.live.tables import (
    RoundKind,
    apply_claim,
    board_lines,
    board_source,
    by_token,
    check_turn,
    record_submission,
    recorded_boards,
    replayed,
    round_kind,
    start,
    table_row,
    view_of,
)
from tournament_desk.services.results.board_write import write_board
from tournament_desk.services.results.pair_board_write import check_board, mitchell_of, write_pair_board
from tournament_desk.services.results.table import find_table
from tournament_desk.storage import models as m

# A board of the form as a caller names it: 3 (Mitchell), (3, "open") or "3o" / "3c" (duplicate rooms).
BoardKey = int | str | tuple[int, str]
Boards = (
    Mapping[int, BoardClaim]
    | Mapping[str, BoardClaim]
    | Mapping[tuple[int, str], BoardClaim]
    | Mapping[BoardKey, BoardClaim]
)


def _key(key: BoardKey) -> str:
    if isinstance(key, tuple):
        return f"{key[0]}{str(key[1])[:1].lower()}"
    return str(key).strip().lower()


def _line_name(board: int, room: str | None) -> object:
    return msg("{board} ({room} room)", board=board, room=msg(room)) if room else board


def _claims_in_order(kind: RoundKind, row: m.LiveTable, boards: Boards) -> list[BoardClaim]:
    """The entered boards in the table's form order; refused when one is missing or not the table's."""
    plan = kind.plan(row.table_no)
    given = {_key(k): v for k, v in boards.items()}
    keys = [f"{b}{room[0]}" if room else str(b) for b, _, room in plan]
    strange = sorted(set(given) - set(keys))
    if strange:
        numbers = sorted({b for b, _, _ in plan})
        if kind.entry == "room-boards":
            raise BadInput(
                "Round {round} is played with boards {boards}; there is no board {board}.",
                round=row.round_no, boards=", ".join(map(str, numbers)), board=strange[0].rstrip("oc"),
            )  # fmt: skip
        raise BadInput(
            "Table {table} plays boards {first}–{last} in round {round}, not board {board}.",
            table=row.table_no, first=numbers[0], last=numbers[-1], round=row.round_no, board=strange[0],
        )  # fmt: skip
    for key, (board, _, room) in zip(keys, plan, strict=True):
        if key not in given:
            raise BadInput("Enter the defenders' points of every board: board {board} is missing.",
                           board=_line_name(board, room))  # fmt: skip
    return [given[k] for k in keys]


def _record_agreed(session: Session, desk: Desk, kind: RoundKind, match: m.Match,
                   agreed: list[tuple[BoardLine, BoardClaim]]) -> None:  # fmt: skip
    """Record the boards both sides entered alike that the desk does not hold yet."""
    reason = "confirmed by both sides at the table"
    if kind.entry == "boards":
        fmt = mitchell_of(session, match.round_no)
        for line, claim in agreed:
            check_board(session, match.round_no, match.table_no, line.board)
            write_pair_board(session, desk, fmt, match, line.board, claim.points, claim.penalty_ns, claim.penalty_ew,
                         correct=False, reason=reason)  # fmt: skip
        return
    rules = rules_of(session)
    for board in sorted({line.board for line, _ in agreed}):
        rooms = [(line.room, claim) for line, claim in agreed if line.board == board and line.room]
        points: dict[Room, int | None] = {room: claim.points for room, claim in rooms}
        penalties = {room: (claim.penalty_ns, claim.penalty_ew) for room, claim in rooms}
        write_board(session, desk, rules, match, board, points, penalties, reason)


def submit_boards(
    desk: Desk,
    token: str,
    *,
    card: str,
    boards: Boards,
    nonce: str,
    version: int,
) -> SubmissionOutcome:
    """One side's entry of a board table's results for the round: every board the table plays (a duplicate
    table: both rooms of every board), the defenders' points and any penalty. Home is NS in a Mitchell
    movement; in duplicate the home team is NS in the open room. Boards both sides entered alike are
    recorded at once; a board they differ on makes the table disputed (the director decides that board)."""
    nonce = nonce.strip()[:64]
    with desk.db.transaction(write=True) as session:
        row, match = by_token(session, token)
        start(nonce)
        acting = side_of(session, card, match)
        side, device = acting.side, acting.phone
        kind = round_kind(session, row.round_no)
        if kind.entry not in ("boards", "room-boards"):
            raise BadInput("This table enters the levels both sides reached, not board results.")
        claims = _claims_in_order(kind, row, boards)
        claim = encode_boards(claims)
        if replayed(session, row, nonce):
            return SubmissionOutcome(view_of(session, row, match, kind=kind), "replay", side)
        lines = board_lines(session, kind, row, match)
        check_turn(row, board_source(row, match, lines), side, device, version)
        other = decode_boards(row.away_claim if side == "home" else row.home_claim)
        status = "pending"
        if other is not None:
            for line, mine in zip(lines, claims, strict=True):
                if line.recorded is not None and mine != line.recorded:
                    raise BadInput(
                        "Board {board} is recorded already (both sides agreed); ask the director to change it.",
                        board=_line_name(line.board, line.room),
                    )
            status = "confirmed" if other == claims else "disputed"
        labels = kind.labels(row.table_no)
        old_home, old_away = (boards_text(decode_boards(c), labels) for c in (row.home_claim, row.away_claim))
        mine_text = boards_text(claims, labels)
        shown = {"old_home": old_home, "old_away": old_away,
                 "home": mine_text if side == "home" else old_home,
                 "away": mine_text if side == "away" else old_away}  # fmt: skip
        outcome = apply_claim(session, desk, row, side, device, claim, status, shown, said=acting.said)
        if other is not None:
            agreed = [
                (line, mine)
                for line, mine, theirs in zip(lines, claims, other, strict=True)
                if mine == theirs and line.recorded is None
            ]
            _record_agreed(session, desk, kind, match, agreed)
        record_submission(session, row, nonce, side, device, claim, outcome)
        return SubmissionOutcome(view_of(session, row, match, kind=kind), outcome, side)


def _taken(line: BoardLine | None, decided: BoardClaim) -> str:
    """Which side's claim the director took for a board, for the audit trail."""
    if line is not None and line.home == decided and line.away == decided:
        return "as both sides entered"
    if line is not None and line.home == decided:
        return "home's entry taken"
    if line is not None and line.away == decided:
        return "away's entry taken"
    return "decided by the director"


def resolve_board(
    desk: Desk,
    round_no: int,
    table_no: int,
    board_no: int,
    points: int,
    *,
    penalty: tuple[str, int] | None = None,
    room: Room | None = None,
    reason: str | None = None,
) -> LiveTableView:
    """The director decides one board (duplicate: one ``room`` of a board) of a board table, disputed or
    not; the table is then the desk's. The audit trail says whose entry was taken, unless ``reason`` is
    given. Entering the board on the desk's board pages does the same."""
    side, amount = penalty if penalty is not None else ("NS", 0)
    decided = BoardClaim(points, *((amount, 0) if side == "NS" else (0, amount)))
    with desk.db.transaction(write=True) as session:
        kind = round_kind(session, round_no)
        if kind.entry not in ("boards", "room-boards"):
            raise BadInput("This table enters the levels both sides reached, not board results.")
        if kind.entry == "room-boards" and room not in ("open", "closed"):
            raise BadInput("Say which room's result this is: open or closed.")
        match = find_table(session, round_no, table_no)
        row = table_row(session, round_no, table_no)
        before = view_of(session, row, match, kind=kind)
        line = next((b for b in before.boards if b.board == board_no and b.room == (room if kind.entry == "room-boards" else None)), None)  # fmt: skip
        why = reason or _taken(line, decided)
        if kind.entry == "boards":
            fmt, match = check_board(session, round_no, table_no, board_no)
            stored = recorded_boards(session, kind, match)
            write_pair_board(session, desk, fmt, match, board_no, points, decided.penalty_ns, decided.penalty_ew,
                         correct=(board_no, None) in stored, reason=why)  # fmt: skip
        else:
            assert room is not None
            write_board(session, desk, rules_of(session), match, board_no, {room: points},
                        {room: (decided.penalty_ns, decided.penalty_ew)}, why)  # fmt: skip
        row.version += 1
        row.updated_at = now()
        return view_of(session, row, match, kind=kind)


def decide_board(desk: Desk, round_no: int, table_no: int, text: str) -> LiveTableView:
    """The director's typed decision of one board, as the Live dialog takes it: ``3:65`` (Mitchell board 3),
    ``4c:65`` / ``4闭:65`` (duplicate board 4, closed room; ``o`` / ``开`` the open room), optionally a
    penalty after the points: ``4c:65 EW10``."""
    key, _, rest = text.replace("：", ":").strip().partition(":")
    key = key.strip().lower().replace("开", "o").replace("闭", "c")
    room: Room | None = {"o": "open", "c": "closed"}.get(key[-1:]) if key else None  # type: ignore[assignment]
    number = key[:-1] if room else key
    parts = rest.replace("+", " ").split()
    if not number.isdigit() or not parts:
        raise BadInput(
            "Type the board and its defenders' points, e.g. 3:65 (duplicate: 3c:65 for the closed room)."
        )
    claim = parse_board_entry(parts[0], "".join(c for c in "".join(parts[1:]) if not c.isdigit()) or None,
                              "".join(c for c in "".join(parts[1:]) if c.isdigit()) or None)  # fmt: skip
    return resolve_board(
        desk, round_no, table_no, int(number), claim.points, penalty=claim.penalty, room=room
    )
