"""What the players' phones entered, through ``tdesk`` (rules.md §12, issue 23 item 6): ``tdesk disputes`` lists the
tables whose two sides entered different results, with both entries; ``tdesk round`` gives each table's
``source`` (desk | entered | confirmed | disputed, or null) and, while a table waits, what each side entered.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tests.cli.test_groups_knockout_event import final_drawn

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def phones_enter(tdesk: Tdesk, path: Path, round_no: int, table: int, **sides: object) -> None:
    """Each side of a table enters from its own phone, which holds its entrant's entry card: ``home=`` and
    ``away=`` the levels (``("Q", "9")``; a knockout's equal levels with the side on stage, ``("9", "9",
    "home")``) or the boards (``{board: defenders' points}``). The only place these tests touch the live API."""
    from tournament_desk.services import live

    with tdesk.open(path) as desk:
        for side, entry in sides.items():
            t = next(x for x in live.round_tokens(desk, round_no) if x.table == table)
            (card,) = live.cards(desk, [t.home if side == "home" else t.away])
            secret, _ = live.bind(desk, card.code, None)
            nonce = f"{round_no}-{table}-{side}"
            if isinstance(entry, dict):
                boards = {b: live.BoardClaim(p) for b, p in entry.items()}
                live.submit_boards(desk, t.token, card=secret, boards=boards, nonce=nonce, version=t.version)
            else:
                assert isinstance(entry, tuple)
                live.submit(desk, t.token, card=secret, home_level=entry[0], away_level=entry[1], nonce=nonce,
                            version=t.version, on_stage=entry[2] if len(entry) > 2 else None)  # fmt: skip


NAMES = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"]


def swiss(tdesk: Tdesk, path: Path) -> None:
    """Ten pairs, round 1 paired by draw: 甲–乙, 丙–丁, 戊–己, 庚–辛, 壬–癸 at tables 1–5."""
    assert tdesk("new", path, "--name", "现场", "--rounds", 3).code == 0
    for name in NAMES:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", ",".join(NAMES)).code == 0
    tables = tdesk("pair", path, "--json").json()["tables"]
    assert [(t["home"], t["away"]) for t in tables] == [tuple(NAMES[i : i + 2]) for i in range(0, 10, 2)]


@pytest.mark.slow
def test_the_queue_and_the_round_say_what_each_side_entered(
    tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "live.tdesk"
    swiss(tdesk, path)
    assert tdesk("disputes", path).out == (
        "No table is disputed: the two sides' entries agree wherever both have entered.\n"
    )
    phones_enter(tdesk, path, 1, 1, home=("Q", "9"), away=("J", "9"))  # the two sides differ
    phones_enter(tdesk, path, 1, 2, home=("10", "8"))  # one side entered, the other has not answered
    phones_enter(tdesk, path, 1, 3, home=("A", "2"), away=("A", "2"))  # both agree: recorded
    assert tdesk("result", path, 1, 4, "K", "K").code == 0  # the desk's

    queue = tdesk("disputes", path, "--json")
    assert queue.code == 0, queue.err
    assert queue.json() == [
        {"round": 1, "table": 1, "home": "甲", "away": "乙", "entry": "levels", "home_entry": "Q : 9",
         "away_entry": "J : 9"}
    ]  # fmt: skip
    text = tdesk("disputes", path).out.splitlines()
    assert text[0] == "Disputed tables: the two sides entered different results; the director decides."
    assert text[1].split() == ["Round", "Table", "Home", "/", "NS", "Away", "/", "EW", "Home", "entered", "Away",
                               "entered"]  # fmt: skip
    assert " ".join(text[2].split()) == "1 1 甲 乙 Q : 9 J : 9"
    assert tdesk("disputes", path, "--round", 2).out == "No table of round 2 is disputed.\n"

    tables = tdesk("round", path, 1, "--json").json()["tables"]
    assert [t["source"] for t in tables] == ["disputed", "entered", "confirmed", "desk", None]
    assert (tables[0]["home_entry"], tables[0]["away_entry"]) == ("Q : 9", "J : 9")
    assert (tables[1]["home_entry"], tables[1]["away_entry"]) == ("10 : 8", None)
    assert "home_entry" not in tables[2] and tables[2]["home_level"] == "A"  # recorded: the levels say it
    assert [t["state"] for t in tables] == ["pending", "pending", "played", "played", "pending"]
    rows = tdesk("round", path, 1).out.splitlines()
    assert rows[1].split()[-1] == "Source"
    assert " ".join(rows[2].split()[3:]) == "disputed 甲 entered Q : 9; 乙 entered J : 9"
    assert " ".join(rows[3].split()[3:]) == "entered 丙 entered 10 : 8"
    assert rows[4].split()[-1] == "confirmed" and rows[5].split()[-1] == "desk"
    assert rows[6].split() == ["5", "壬", "癸"]

    monkeypatch.setenv("TDESK_LANG", "zh")
    text = tdesk("disputes", path).out.splitlines()
    assert text[0] == "有争议的桌：双方填报的成绩不一致，由裁判长裁定。"
    assert "主队填报" in text[1] and "客队填报" in text[1]
    rows = tdesk("round", path, 1).out.splitlines()
    assert "来源" in rows[1]
    assert "有争议" in rows[2] and "甲填报 Q : 9" in rows[2] and "乙填报 J : 9" in rows[2]
    assert "一方已填" in rows[3] and "双方确认" in rows[4] and "记分台" in rows[5]
    monkeypatch.setenv("TDESK_LANG", "en")

    # The director decides: the desk's result is a first entry there (nothing was recorded), and wins.
    decided = tdesk("result", path, 1, 1, "J", "9", "--station", "主裁")
    assert decided.code == 0, decided.err
    assert tdesk("disputes", path, "--json").json() == []
    assert tdesk("round", path, 1, "--json").json()["tables"][0]["source"] == "desk"


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_a_knockout_dispute_names_the_side_each_entered_on_stage(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "stage.tdesk"
    final_drawn(tdesk, path)
    assert tdesk("pair", path).code == 0
    phones_enter(tdesk, path, 4, 1, home=("J", "J", "home"), away=("J", "J", "away"))
    assert tdesk("disputes", path, "--json").json() == [
        {"round": 4, "table": 1, "home": "乙", "away": "甲", "entry": "levels-on-stage", "home_entry": "J : J",
         "home_on_stage": "home", "away_entry": "J : J", "away_on_stage": "away"}
    ]  # fmt: skip
    row = tdesk("disputes", path).out.splitlines()[2]
    assert "J : J, 乙 on stage" in row and "J : J, 甲 on stage" in row


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_a_mitchell_dispute_shows_the_boards_the_sides_differ_on(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "mitchell.tdesk"
    assert tdesk("new", path, "--name", "牌套", "--format", "mitchell", "--boards-per-round", 2).code == 0
    pairs = [f"P{i}" for i in range(1, 7)]
    for name in pairs:
        assert tdesk("entrant", "add", path, name).code == 0
    assert tdesk("draw", path, "--order", ",".join(pairs)).code == 0
    assert tdesk("pair", path).code == 0
    phones_enter(tdesk, path, 1, 1, home={1: 60, 2: 40}, away={1: 65, 2: 40})  # board 2 agreed: recorded
    assert tdesk("disputes", path, "--json").json() == [
        {"round": 1, "table": 1, "home": "P1", "away": "P2", "entry": "boards",
         "board_entries": [{"board": 1, "home": "60", "away": "65", "recorded": None}]}
    ]  # fmt: skip
    assert " ".join(tdesk("disputes", path).out.splitlines()[2].split()) == "1 1 P1 P2 1: 60 1: 65"
    table = tdesk("round", path, 1, "--json").json()["tables"][0]
    assert table["source"] == "disputed"
    assert table["board_entries"] == [
        {"board": 1, "home": "60", "away": "65", "recorded": None},
        {"board": 2, "home": "40", "away": "40", "recorded": "40"},
    ]
    # The desk decides board 1; the board it had from both sides is the same result again: nothing changes.
    assert tdesk("result", path, 1, 1, "--board", 2, "--points", 40).code == 0
    decided = tdesk("result", path, 1, 1, "--board", 1, "--points", 65, "--reason", "看了记分表")
    assert decided.code == 0, decided.err
    assert tdesk("disputes", path, "--json").json() == []


def captains_enter(
    tdesk: Tdesk, path: Path, table: int, side: str, games: dict[int, tuple[object, ...]]
) -> None:
    """A team's captain enters pair games of round 1 from the phone holding the team's entry card: each game as
    ``(HOME, AWAY)`` levels, ``(HOME, AWAY, declarer)`` on equal levels, or ``("absent", side)``."""
    from tournament_desk.domain.levels import parse_level
    from tournament_desk.domain.team_match import PairGame
    from tournament_desk.services import live

    def game(n: int, entry: tuple[object, ...]) -> PairGame:
        if entry[0] == "absent":
            return PairGame(n, absent=entry[1])  # type: ignore[arg-type]
        declarer = entry[2] if len(entry) > 2 else None
        return PairGame(n, parse_level(str(entry[0])), parse_level(str(entry[1])), declarer)  # type: ignore[arg-type]

    with tdesk.open(path) as desk:
        t = next(x for x in live.round_tokens(desk, 1) if x.table == table)
        (card,) = live.cards(desk, [t.home if side == "home" else t.away])
        secret, _ = live.bind(desk, card.code, None)
        live.submit_games(desk, t.token, card=secret, games={n: game(n, e) for n, e in games.items()},
                          nonce=f"{table}-{side}", seen={g.game: g.seen for g in t.games})  # fmt: skip


@pytest.mark.slow
@pytest.mark.verifies_audit_chain
def test_a_team_match_dispute_shows_each_game_both_teams_entered(
    tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "team.tdesk"
    made = tdesk(
        "new", path, "--name", "团体赛", "--format", "round-robin", "--scoring", "team-match", "--pairs", 3
    )
    assert made.code == 0, made.err
    for team in ["甲队", "乙队", "丙队", "丁队"]:
        assert (
            tdesk(
                "entrant", "add", path, team, "--players", ",".join(f"{team[0]}{i}" for i in range(1, 7))
            ).code
            == 0
        )
    assert tdesk("draw", path, "--order", "甲队,乙队,丙队,丁队").code == 0
    assert tdesk("pair", path).code == 0  # table 1: 甲队 – 丁队, table 2: 乙队 – 丙队
    # 甲队 and 丁队 agree on game 1 and differ on game 2 (who declared at J : J) and game 3 (a pair absent or
    # a game played); at table 2 only 乙队 has entered, one game.
    captains_enter(tdesk, path, 1, "home", {1: ("9", "7"), 2: ("J", "J", "away"), 3: ("absent", "home")})
    captains_enter(tdesk, path, 1, "away", {1: ("9", "7"), 2: ("J", "J", "home"), 3: ("10", "9")})
    captains_enter(tdesk, path, 2, "home", {1: ("A", "过A")})

    queue = tdesk("disputes", path, "--json")
    assert queue.code == 0, queue.err
    (table,) = queue.json()
    assert (table["table"], table["entry"]) == (1, "team-games")
    assert (table["home_entry"], table["away_entry"]) == (
        "game 2: J:J away declaring; game 3: home absent",
        "game 2: J:J home declaring; game 3: 10:9",
    )
    assert [(g["game"], g["state"], g["home_pair"], g["away_pair"]) for g in table["game_entries"]] == [
        (2, "disputed", "甲3/甲4", "丁3/丁4"), (3, "disputed", "甲5/甲6", "丁5/丁6")
    ]  # fmt: skip
    assert (
        table["game_entries"][1]["home"]["absent"] == "home"
        and table["game_entries"][1]["away"]["home_level"] == "10"
    )
    row = " ".join(tdesk("disputes", path).out.splitlines()[2].split())
    assert row == ("1 1 甲队 丁队 game 2: J : J, 丁队 declaring; game 3: the pair of 甲队 absent "
                   "game 2: J : J, 甲队 declaring; game 3: 10 : 9")  # fmt: skip

    tables = tdesk("round", path, 1, "--json").json()["tables"]
    assert [t["source"] for t in tables] == ["disputed", "entered"]
    assert [g["state"] for g in tables[0]["game_entries"]] == ["confirmed", "disputed", "disputed"]
    assert tables[0]["pair_games"][0]["entered"] and not tables[0]["pair_games"][1]["entered"]
    assert tables[1]["home_entry"] == "game 1: A:过A" and tables[1]["away_entry"] is None
    rows = tdesk("round", path, 1).out.splitlines()
    assert " ".join(rows[2].split()[3:]) == (  # game 1, agreed, is recorded: the match stands 1 : 0 so far
        "1 : 0 games so far disputed 甲队 entered game 2: J : J, 丁队 declaring; game 3: the pair of 甲队 absent; "
        "丁队 entered game 2: J : J, 甲队 declaring; game 3: 10 : 9"
    )
    assert " ".join(rows[3].split()[3:]) == "entered 乙队 entered game 1: A : 过A"

    monkeypatch.setenv("TDESK_LANG", "zh")
    row = tdesk("disputes", path).out.splitlines()[2]
    assert "第 2 局：J : J，丁队 坐庄；第 3 局：甲队 的对子缺席" in row and "第 3 局：10 : 9" in row
    monkeypatch.setenv("TDESK_LANG", "en")

    # The director decides game 2 at the desk: only game 3 is left in the queue; then game 3, and none.
    assert tdesk("result", path, 1, 1, "--game", 2, "J", "J", "--declarer", "away").code == 0
    (table,) = tdesk("disputes", path, "--json").json()
    assert [g["game"] for g in table["game_entries"]] == [3]
    assert tdesk("result", path, 1, 1, "--game", 3, "10", "9").code == 0
    assert tdesk("disputes", path, "--json").json() == []
    assert tdesk("round", path, 1, "--json").json()["tables"][0]["source"] == "desk"


@pytest.mark.slow  # a team event typed game by game through tdesk
def test_a_team_match_being_typed_shows_its_games_so_far(tdesk: Tdesk, tmp_path: Path) -> None:
    """``tdesk round`` of a team match (rules.md §5.8): while its pair games are typed the Result column says the
    games each team has won so far; once all are in, the games won; a match not begun stays blank."""
    from tests.cli.test_team_match import new_event

    path = tmp_path / "team.tdesk"
    new_event(tdesk, path)
    assert tdesk("pair", path).code == 0  # table 1: 甲队 – 丁队, table 2: 乙队 – 丙队
    assert tdesk("result", path, 1, 1, "--game", 1, "9", "7").code == 0

    def result_of(table: int) -> str:
        shown = tdesk("round", path, 1).out.splitlines()
        line = next(x for x in shown if x.split()[:1] == [str(table)])
        return " ".join(line.split()[3:])

    assert result_of(1) == "1 : 0 games so far" and result_of(2) == ""
    assert tdesk("result", path, 1, 1, "--game", 2, "5", "8").code == 0
    assert result_of(1) == "1 : 1 games so far"
    for n, (home, away) in enumerate([("K", "Q"), ("A", "K"), ("6", "5")], start=3):
        assert tdesk("result", path, 1, 1, "--game", n, home, away).code == 0
    assert result_of(1).startswith("4 : 1 games")
    assert "so far" not in result_of(1)
