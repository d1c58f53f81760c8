"""The Live dialog's queue of disputed tables for a team match of pairs (团体赛, issue 26): the disputed games with
both teams' entries, the hint of what to type for the chosen table, one game decided at a time through
``live.decide_game`` (the table stays queued while another game is disputed), a refused decision changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import get_args

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.live_phones import phone
from tournament_desk.domain.team_match import PairGame
from tournament_desk.gui.live_dialog import LiveDialog
from tournament_desk.gui.live_disputes import (
    DISPUTE_KINDS,
    GAMES,
    LEVELS,
    dispute_kind,
    game_text,
    queue_text,
)
from tournament_desk.gui.session import DeskSession
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import team_views as tv
from tournament_desk.services.rounds import pair_next_round

TEAMS = ["甲队", "乙队", "丙队", "丁队"]  # round 1: 甲队 – 丁队 at table 1


def send(desk: Desk, team: str, games: dict[int, PairGame], nonce: str) -> None:
    t = next(x for x in live.round_tokens(desk, 1) if x.table == 1)
    seen = {line.game: line.seen for line in t.games}
    live.submit_games(desk, t.token, card=phone(desk, team), games=games, nonce=nonce, seen=seen)


@pytest.fixture
def disputed(qapp: object, tmp_path: Path) -> Iterator[DeskSession]:
    """Round 1 of four teams of five pairs; at table 1 甲队 and 丁队 agree on game 1 and differ on games 2 (who
    declared at J : J) and 3 (甲队 says its pair did not show, 丁队 that it lost 10 : 9)."""
    desk = create_tournament(tmp_path / "team.tdesk", name="团体赛", format="round-robin", scoring="team-match",
                             pairs=5)  # fmt: skip
    for team in TEAMS:
        es.add_entrant(desk, team, players=",".join(f"{team[0]}{i}" for i in range(1, 11)))
    es.draw(desk, order=TEAMS)
    pair_next_round(desk)
    send(
        desk,
        "甲队",
        {1: PairGame(1, 9, 7), 2: PairGame(2, 11, 11, "away"), 3: PairGame(3, absent="home")},
        "h",
    )
    send(desk, "丁队", {1: PairGame(1, 9, 7), 2: PairGame(2, 11, 11, "home"), 3: PairGame(3, 10, 9)}, "a")
    session = DeskSession(desk)
    yield session
    session.close()


@pytest.mark.slow
def test_the_director_decides_a_team_match_game_by_game(
    qtbot: QtBot, disputed: DeskSession, shown_errors: list[str]
) -> None:
    desk = disputed.desk
    dialog = LiveDialog(None, disputed)
    qtbot.addWidget(dialog)
    dialog.show()  # shown: Enter in a dialog also presses its default button
    assert dialog.disputes.count() == 1
    assert dialog.disputes.item(0).text() == (
        "1/1  甲队 – 丁队:  game 2: J : J, 丁队 declaring  ≠  J : J, 甲队 declaring; "
        "game 3: the pair of 甲队 absent  ≠  10 : 9"
    )
    assert "Choose a table" in dialog.levels_edit.placeholderText()
    dialog.disputes.setCurrentRow(0)
    assert "2: J J 客" in dialog.levels_edit.placeholderText()  # the chosen table is decided game by game

    # Levels typed as for a table of levels are refused in one sentence; nothing is written.
    dialog.levels_edit.setText("J:9")
    dialog.decide()
    assert shown_errors == ["Type the game and its result, e.g. 2: 9 7, 2: J J away or 4: absent home."]
    assert tv.team_sheet(desk, 1, 1).missing == (2, 3, 4, 5) and dialog.levels_edit.text() == "J:9"

    # Game 2: the director takes 甲队's entry (丁队 declared); game 3 is still disputed, so the table stays
    # queued and chosen, with only game 3 left.
    dialog.levels_edit.setText("2：J J 客")
    qtbot.keyClick(dialog.levels_edit, Qt.Key.Key_Return)  # Enter decides, as the button does
    assert len(shown_errors) == 1 and dialog.levels_edit.text() == ""
    assert tv.team_sheet(desk, 1, 1).lines[1].game == PairGame(2, 11, 11, "away")
    assert dialog.disputes.count() == 1 and dialog.disputes.currentRow() == 0
    assert dialog.disputes.item(0).text().endswith(":  game 3: the pair of 甲队 absent  ≠  10 : 9")
    assert "2: J J 客" in dialog.levels_edit.placeholderText()
    assert dialog.process is None  # Enter did not press another button of the dialog (Start the server)

    dialog.levels_edit.setText("3: 10 9")  # 丁队's entry
    dialog.decide()
    assert dialog.disputes.count() == 0 and not shown_errors[1:]
    assert "Choose a table" in dialog.levels_edit.placeholderText()
    sheet = tv.team_sheet(desk, 1, 1)
    assert [line.game for line in sheet.lines[:3]] == [PairGame(1, 9, 7), PairGame(2, 11, 11, "away"),
                                                       PairGame(3, 10, 9)]  # fmt: skip
    assert sheet.missing == (4, 5)
    reasons = [a.reason for a in audit_trail(desk) if a.action == "game"][-2:]
    assert reasons == ["home's entry taken", "away's entry taken"]
    assert live.marker(desk) == dialog.marker  # the dialog noticed the change and told the pages
    dialog.done(0)


def test_each_kind_of_table_is_decided_by_its_own_service(qapp: object) -> None:
    assert set(DISPUTE_KINDS) == set(get_args(live.Entry))  # a new kind of entry needs its way of deciding
    assert DISPUTE_KINDS["team-games"].action is live.decide_game
    assert DISPUTE_KINDS["boards"].action is live.decide_board is DISPUTE_KINDS["room-boards"].action
    assert DISPUTE_KINDS["levels-on-stage"] is LEVELS
    table = live.LiveTableView(1, 2, "tok", "甲队", "丁队", "disputed", 3, (12, 9), (11, 9), True, True, None)
    assert dispute_kind(table) is LEVELS and queue_text(table) == "1/2  甲队 – 丁队:  Q : 9  ≠  J : 9"
    game = live.LiveGame(4, "甲7/甲8", "丁7/丁8", PairGame(4, absent="both"), None, None)
    assert dispute_kind(replace(table, entry="team-games", games=(game,))) is GAMES
    assert game_text(table, PairGame(4, absent="both")) == "both pairs absent"
    assert game_text(table, None) == "not entered"
    assert game_text(table, PairGame(5, 15, 14)) == "过A : A"
