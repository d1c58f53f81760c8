"""The phones on the LAN: the services the LAN server, the window and ``tdesk`` use for results entered at the
tables, the entry cards, the clock and the players' public pages.

This module is the package's public face: the window (``gui``), the server (``web``), the command line
(``cli``) and the other services import from ``tournament_desk.services.live`` only, never from the modules
inside it (an import-linter contract in pyproject.toml keeps it so). Inside:

- ``entry``: the rules of entry from the phones (levels), the tables' tokens and the director's decisions;
- ``claims``: what the phones claim, as values, and the views of a table (no database);
- ``tables``: a table's live row, where its result stands and the checks every submission passes;
- ``boards``: board tables' entries (Mitchell, duplicate) and the director deciding one board;
- ``games``, ``team_games``: a team match of pairs, each pair game entered by one team's card and confirmed
  by the other's;
- ``batch``: many submissions in one write transaction (the server's group commit);
- ``credentials``: the entry cards (录分卡), who may enter and confirm for which side;
- ``round_clock``: the round clock and the announcements;
- ``public``: what the players' pages, the projector and the static pages show;
- ``settings``: the live server's settings kept in the event (frozen public standings);
- ``ports``: the port the event's printed codes name (the server comes back on it).
"""

from __future__ import annotations

from tournament_desk.services.live.batch import MOST_IN_ONE_WRITE, Submission, submit_many
from tournament_desk.services.live.boards import BoardKey, Boards, decide_board, resolve_board, submit_boards
from tournament_desk.services.live.claims import (
    CLAIM_LENGTH,
    DIGITS,
    MAX_BOARDS,
    MAX_PHONE_PENALTY,
    MAX_PHONE_POINTS,
    BoardClaim,
    BoardLine,
    Entry,
    GameState,
    LiveGame,
    LiveTableView,
    NoCard,
    NotAtTable,
    OnStageNeeded,
    Side,
    Source,
    StaleForm,
    SubmissionOutcome,
    UnknownCode,
    claim_text,
    decode_boards,
    encode_boards,
    format_claim,
    game_words,
    parse_board_entry,
    split_on_stage,
)
from tournament_desk.services.live.credentials import (
    CardView,
    bind,
    card_by_code,
    cards,
    phone_card,
    reissue,
    release,
    set_phone_lock,
)
from tournament_desk.services.live.entry import (
    MyTable,
    claim_outcome,
    disputes,
    entry_urls,
    live_table,
    live_tables,
    my_table,
    resolve,
    round_tokens,
    server_address,
    submit,
    table_by_token,
)
from tournament_desk.services.live.ports import note_printed_port, port_of, printed_port
from tournament_desk.services.live.public import (
    Marker,
    PlayedRound,
    PlayerCard,
    ProjectorView,
    PublicStandings,
    changed_tables,
    crosstable_view,
    current_round,
    event_name,
    find_entrants,
    has_crosstable,
    live_station,
    marker,
    player_card,
    player_cards,
    projector_view,
    public_standings,
)
from tournament_desk.services.live.round_clock import (
    Announcement,
    ClockView,
    adjust_clock,
    announce,
    announcements,
    clock,
    pause_clock,
    set_clock,
    start_clock,
    withdraw_announcement,
)
from tournament_desk.services.live.settings import MAX_FREEZE, freeze_rounds, set_freeze_rounds
from tournament_desk.services.live.team_games import decide_game, resolve_game, submit_games

__all__ = [
    "CLAIM_LENGTH",
    "DIGITS",
    "MAX_BOARDS",
    "MAX_FREEZE",
    "MAX_PHONE_PENALTY",
    "MAX_PHONE_POINTS",
    "MOST_IN_ONE_WRITE",
    "Announcement",
    "BoardClaim",
    "BoardKey",
    "BoardLine",
    "Boards",
    "CardView",
    "ClockView",
    "Entry",
    "GameState",
    "LiveGame",
    "LiveTableView",
    "Marker",
    "MyTable",
    "NoCard",
    "NotAtTable",
    "OnStageNeeded",
    "PlayedRound",
    "PlayerCard",
    "ProjectorView",
    "PublicStandings",
    "Side",
    "Source",
    "StaleForm",
    "Submission",
    "SubmissionOutcome",
    "UnknownCode",
    "adjust_clock",
    "announce",
    "announcements",
    "bind",
    "card_by_code",
    "cards",
    "changed_tables",
    "claim_outcome",
    "claim_text",
    "clock",
    "crosstable_view",
    "current_round",
    "decide_board",
    "decide_game",
    "decode_boards",
    "disputes",
    "encode_boards",
    "entry_urls",
    "event_name",
    "find_entrants",
    "format_claim",
    "freeze_rounds",
    "game_words",
    "has_crosstable",
    "live_station",
    "live_table",
    "live_tables",
    "marker",
    "my_table",
    "note_printed_port",
    "parse_board_entry",
    "pause_clock",
    "phone_card",
    "player_card",
    "player_cards",
    "port_of",
    "printed_port",
    "projector_view",
    "public_standings",
    "reissue",
    "release",
    "resolve",
    "resolve_board",
    "resolve_game",
    "round_tokens",
    "server_address",
    "set_clock",
    "set_freeze_rounds",
    "set_phone_lock",
    "split_on_stage",
    "start_clock",
    "submit",
    "submit_boards",
    "submit_games",
    "submit_many",
    "table_by_token",
    "withdraw_announcement",
]
