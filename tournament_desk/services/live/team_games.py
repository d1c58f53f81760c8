"""Pair games of a team match from the captains' phones (rules.md §5.8, issue 26).

A team's entry card (its captain's phone) speaks for that team at its team match of the round. Either team
enters any game as soon as it is over (the two levels, the declarer 庄家 on equal levels, or the pair that did
not show); the other team's card confirms it by entering the same game, or disputes it by entering its own.
A game both teams entered alike is written at once through ``results.team_games`` (audited with the card that
confirmed it), so the match settles when its last game is in; a game they differ on waits for the director,
who types it at the desk (the desk's team-match page or ``tdesk result --game``), as for boards.

The habits of the other tables' phones hold (``tables``): one claim per side on the table's live row (three
characters a game, ``claims.encode_games``), the nonce making a replay a no-op, every accepted submission kept
in ``live_submission`` and audited. Staleness is per game: a form says how each game it sends looked
(``LiveGame.seen``), so two captains entering different games at once do not refuse each other, while an
answer to a game that changed since the page was drawn is refused. A game the desk holds is shown and never
overwritten from a phone.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.team_match import PairGame
from tournament_desk.services.desk import Desk, now, rules_of
from tournament_desk.services.live.claims import (
    LiveGame,
    LiveTableView,
    StaleForm,
    SubmissionOutcome,
    decode_games,
    encode_games,
    games_text,
    taken_from,
)
from tournament_desk.services.live.credentials import side_of
from tournament_desk.services.live.games import claims_status, game_lines, games_source
from tournament_desk.services.live.tables import (
    apply_claim,
    by_token,
    check_turn,
    record_submission,
    replayed,
    round_kind,
    start,
    table_row,
    view_of,
)
from tournament_desk.services.results.table import find_table
from tournament_desk.services.results.team_games import checked_game, game_text, typed_game, write_game
from tournament_desk.storage import models as m


def _checked(games: Mapping[int, PairGame], pairs: int) -> dict[int, PairGame]:
    if not games:
        raise BadInput("Enter at least one game before sending.")
    out: dict[int, PairGame] = {}
    for number, game in sorted(games.items()):
        if not 1 <= number <= pairs or game.game != number:
            raise BadInput("A team match has games 1 to {pairs}, not game {game}.", pairs=pairs, game=number)
        out[number] = checked_game(game, pairs)
    return out


def _check_lines(session: Session, match: m.Match, lines: tuple[LiveGame, ...], wanted: dict[int, PairGame],
                 seen: Mapping[int, str]) -> None:  # fmt: skip
    for number, game in wanted.items():
        line = lines[number - 1]
        if seen.get(number) != line.seen:
            raise StaleForm(
                "Game {game} changed since you opened the page; reload it and check.", game=number
            )
        if line.recorded is not None and line.recorded != game:
            raise BadInput(
                "Game {game} is recorded at the desk already ({result}); ask the director to change it.",
                game=number,
                result=game_text(session, match, line.recorded),
            )


def _after(line: LiveGame, side: str, own: PairGame | None, other: PairGame | None) -> LiveGame:
    """The game's line once this entry is in: a game both teams now agree on is recorded as they entered it."""
    home, away = (own, other) if side == "home" else (other, own)
    agreed = home is not None and home == away
    recorded = line.recorded if line.recorded is not None or not agreed else home
    return LiveGame(line.game, line.home_pair, line.away_pair, home, away, recorded)


def submit_games(
    desk: Desk,
    token: str,
    *,
    card: str,
    games: Mapping[int, PairGame],
    nonce: str,
    seen: Mapping[int, str],
) -> SubmissionOutcome:
    """One team's entry of some games of its team match (``games``: by game number), from the phone holding
    its entry card (``card``); ``seen``: each sent game's ``LiveGame.seen`` as the page showed it. Games both
    teams entered alike are recorded at once; the outcome is ``disputed`` when a game sent differs from the
    other team's entry, ``confirmed`` when every game sent is now recorded, else ``pending``."""
    nonce = nonce.strip()[:64]
    with desk.db.transaction(write=True) as session:
        row, match = by_token(session, token)
        start(nonce)
        acting = side_of(session, card, match)
        side, device = acting.side, acting.phone
        kind = round_kind(session, row.round_no)
        if kind.entry != "team-games":
            raise BadInput("This table is not a team match of pairs; reload the page.")
        pairs = rules_of(session).team_pairs
        wanted = _checked(games, pairs)
        if replayed(session, row, nonce):
            return SubmissionOutcome(view_of(session, row, match, kind=kind), "replay", side)
        lines = game_lines(session, row, match)
        check_turn(row, games_source(match, lines), side, device, row.version)  # staleness: per game, below
        _check_lines(session, match, lines, wanted, seen)
        mine = decode_games(row.home_claim if side == "home" else row.away_claim, pairs)
        theirs = [line.away if side == "home" else line.home for line in lines]
        old_mine = list(mine)
        for number, game in wanted.items():
            mine[number - 1] = game
        after = tuple(
            _after(line, side, own, other) for line, own, other in zip(lines, mine, theirs, strict=True)
        )
        shown = {
            "old_home": games_text(old_mine if side == "home" else theirs),
            "old_away": games_text(theirs if side == "home" else old_mine),
            "home": games_text(mine if side == "home" else theirs),
            "away": games_text(theirs if side == "home" else mine),
        }
        status = claims_status(after)
        apply_claim(session, desk, row, side, device, encode_games(mine), status, shown, said=acting.said)
        reason = f"confirmed by both sides at the table ({acting.said})"
        for before, line in zip(lines, after, strict=True):
            if line.agreed and before.recorded is None and line.home is not None:
                write_game(session, desk, match, line.home, line.game, pairs, reason, correct=False)
        outcome = "pending"
        if any(after[n - 1].disputed for n in wanted):
            outcome = "disputed"
        elif all(after[n - 1].agreed for n in wanted):
            outcome = "confirmed"
        record_submission(session, row, nonce, side, device, encode_games(mine), outcome)
        return SubmissionOutcome(view_of(session, row, match, kind=kind), outcome, side)  # type: ignore[arg-type]


def resolve_game(
    desk: Desk,
    round_no: int,
    table_no: int,
    game: int,
    home_level: str | int | None = None,
    away_level: str | int | None = None,
    *,
    declarer: str | None = None,
    absent: str | None = None,
    reason: str | None = None,
) -> LiveTableView:
    """The director decides one game of a team match (disputed or not), as ``record_game`` types it; the
    audit trail says whose entry was taken, unless ``reason`` is given, and the captains' phones read the
    match again."""
    typed = typed_game(game, home_level, away_level, declarer=declarer, absent=absent)
    with desk.db.transaction(write=True) as session:
        kind = round_kind(session, round_no)
        if kind.entry != "team-games":
            raise BadInput("This table is not a team match of pairs; reload the page.")
        pairs = rules_of(session).team_pairs
        match = find_table(session, round_no, table_no)
        row = table_row(session, round_no, table_no)
        decided = checked_game(typed, pairs)
        line = game_lines(session, row, match)[game - 1]
        why = reason or taken_from(line.home, line.away, decided)
        write_game(session, desk, match, decided, game, pairs, why)
        row.version += 1
        row.updated_at = now()
        return view_of(session, row, match, kind=kind)


_SIDES = {"home": "home", "h": "home", "主": "home", "主队": "home", "away": "away", "a": "away", "客": "away",
          "客队": "away", "both": "both", "双方": "both"}  # fmt: skip
_ABSENT = ("absent", "缺席", "x")


def decide_game(desk: Desk, round_no: int, table_no: int, text: str) -> LiveTableView:
    """The director's typed decision of one game, as the Live dialog takes it: ``2: 9 7``, ``2: J J away``
    (the declarer on equal levels; 主 / 客 also), ``4: absent home`` (``缺席 主``: that pair did not show)."""
    number, _, rest = text.replace("：", ":").strip().partition(":")
    parts = rest.replace(":", " ").split()
    if not number.strip().isdigit() or not parts:
        raise BadInput("Type the game and its result, e.g. 2: 9 7, 2: J J away or 4: absent home.")
    game = int(number)
    if parts[0].lower() in _ABSENT:
        side = _SIDES.get(parts[1].lower(), parts[1]) if len(parts) > 1 else ""
        return resolve_game(desk, round_no, table_no, game, absent=side)
    if len(parts) < 2:
        raise BadInput("Type the game and its result, e.g. 2: 9 7, 2: J J away or 4: absent home.")
    declarer = _SIDES.get(parts[2].lower(), parts[2]) if len(parts) > 2 else None
    return resolve_game(desk, round_no, table_no, game, parts[0], parts[1], declarer=declarer)
