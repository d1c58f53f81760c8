"""One 12-team, 3-round duplicate event, the same for the ``tdesk`` run and the GUI run.

Every figure the desk types comes from here: the sign-up sheet, the draw, the defenders' points of each
board and room (a fixed function of round, table, board and room, so both runs type the same numbers while
their pairings agree), and the incidents: a penalty, a forfeit, a deduction and a late scoresheet.
"""

from __future__ import annotations

import hashlib

UNITS = {
    "第一中学": ["一中红队", "一中蓝队", "一中绿队"],
    "纺织厂": ["纺织红队", "纺织蓝队", "纺织绿队"],
    "铁路局": ["铁路红队", "铁路蓝队", "铁路绿队"],
    "邮政局": ["邮政红队", "邮政蓝队", "邮政绿队"],
}
TEAMS = [name for names in UNITS.values() for name in names]
UNIT_OF = {name: unit for unit, names in UNITS.items() for name in names}
SEED = 20221122  # the round-1 draw
ROUNDS = 3
BOARDS = 6
# Round 1, table 2, board 3: 20 penalty points to EW in the open room (typed with the board).
PENALTY = (1, 2, 3, "open", "EW", 20)
FORFEIT = (2, 5, "away")  # round 2, table 5: the away team does not turn up (no boards typed)
DEDUCTED = (2, "纺织蓝队")  # round 2: 0.5 MP for leaving the table
LATE = (3, 1, "home")  # round 3, table 1: boards typed, then the home team's sheet was late


def players(team: str) -> list[str]:
    return [f"{team[:2]}{i}号" for i in range(1, 5)]


def signup_csv() -> str:
    lines = ["队名,单位,队员"] + [f"{t},{UNIT_OF[t]},{'、'.join(players(t))}" for t in TEAMS]
    return "\n".join(lines) + "\n"


def points(round_no: int, table: int, board: int, room: str) -> int:
    """The defenders' points of one board in one room: 0…240 in steps of 5, often near 80 (as in play),
    sometimes 0 or 180 and more."""
    digest = hashlib.sha256(f"{round_no}-{table}-{board}-{room}".encode()).digest()
    pick = digest[0] % 10
    if pick == 0:
        return 0
    if pick == 1:
        return 180 + 5 * (digest[1] % 13)
    return 5 * (4 + digest[1] % 28)  # 20…155


def played(round_no: int, table: int) -> bool:
    return (round_no, table) != FORFEIT[:2]
