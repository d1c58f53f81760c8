"""A team match of pairs through the LAN server's ``/my`` (issue 26): one form per pair game, the other team's
entry to agree with, and each attack refused with one sentence, changing nothing: a card of a team not at the
table, a forged card, a side named in the form, a stale page, a replayed nonce, a game the desk holds."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_phones import hidden_fields, take_card
from tests.web.client import Phone, phone
from tests.web.test_team_games_browser import make_event
from tournament_desk.domain.team_match import PairGame
from tournament_desk.services import live
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import team_games as tg
from tournament_desk.services.results import team_views as tv

pytestmark = pytest.mark.slow


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[Desk]:
    make_event(tmp_path / "team.tdesk")
    with Desk.open(tmp_path / "team.tdesk") as d:
        yield d


def game_form(page: str, game: int, kind: str = "game-entry") -> dict[str, str]:
    """The hidden fields of game ``game``'s form (``game-entry``: enter it; ``game-agree``: agree with it)."""
    block = re.search(rf'<section class="game [a-z]+" id="game-{game}">(.*?)</section>', page, re.S)
    assert block is not None, f"no game {game} on the page"
    form = re.search(rf'<form class="{kind}"[^>]*>(.*?)</form>', block.group(1), re.S)
    assert form is not None, f"no {kind} form for game {game}"
    return hidden_fields(form.group(1))


def captain(desk: Desk, team: str) -> Phone:
    client = phone(desk)
    take_card(client, team)
    return client


def table_one(desk: Desk) -> live.LiveTableView:
    return live.table_by_token(desk, live.round_tokens(desk, 1)[0].token)


def test_a_captain_enters_a_game_and_the_other_captain_agrees(desk: Desk) -> None:
    home, away = captain(desk, "甲队"), captain(desk, "丁队")
    page = home.get("/my").text
    assert page.count('class="game-entry"') == 5 and "甲1/甲2 – 丁1/丁2" in page
    sent = home.post("/my", data={**game_form(page, 1), "home_level": "9", "away_level": "7"})
    assert sent.status_code == 200 and "Waiting for the other team to confirm" in sent.text
    agreed = away.post("/my", data=game_form(away.get("/my").text, 1, "game-agree"))
    assert agreed.status_code == 200 and "Confirmed by both teams" in agreed.text
    assert tv.team_sheet(desk, 1, 1).lines[0].game == PairGame(1, 9, 7)


def test_equal_levels_without_the_declarer_are_refused_with_the_form_kept(desk: Desk) -> None:
    home = captain(desk, "甲队")
    answer = home.post(
        "/my", data={**game_form(home.get("/my").text, 2), "home_level": "11", "away_level": "11"}
    )
    assert answer.status_code == 400 and "say which pair declared" in answer.text
    assert 'value="11" selected' in answer.text and table_one(desk).games[1].home is None


def test_a_card_of_a_team_at_another_table_or_a_forged_card_is_403_and_changes_nothing(desk: Desk) -> None:
    home = captain(desk, "甲队")
    fields = {**game_form(home.get("/my").text, 1), "home_level": "9", "away_level": "7"}
    stranger = captain(desk, "乙队")  # plays at table 2, posts to table 1's token
    answer = stranger.post("/my", data=fields)
    assert answer.status_code == 403 and "does not play at round 1 table 1" in answer.text
    forged = phone(desk)
    forged.cookies.set("tdesk_card", "x" * 32)
    answer = forged.post("/my", data={**fields, "nonce": "other"})
    assert answer.status_code == 403 and "holds no entry card" in answer.text
    assert all(g.state == "open" for g in table_one(desk).games)
    assert not [a for a in audit_trail(desk) if a.action in ("live-entry", "game")]


def test_a_side_named_in_the_form_is_ignored_the_card_decides(desk: Desk) -> None:
    away = captain(desk, "丁队")
    fields = game_form(away.get("/my").text, 1)
    away.post("/my", data={**fields, "home_level": "9", "away_level": "7", "side": "home"})
    line = table_one(desk).games[0]
    assert line.away == PairGame(1, 9, 7) and line.home is None and line.recorded is None


def test_a_stale_page_is_refused_in_one_sentence(desk: Desk) -> None:
    home, away = captain(desk, "甲队"), captain(desk, "丁队")
    old = home.get("/my").text
    away.post("/my", data={**game_form(away.get("/my").text, 1), "home_level": "7", "away_level": "9"})
    answer = home.post("/my", data={**game_form(old, 1), "home_level": "9", "away_level": "7"})
    assert answer.status_code == 400 and "Game 1 changed since you opened the page" in answer.text
    assert table_one(desk).games[0].home is None
    assert "丁队 entered" in answer.text  # the page drawn again shows the other team's entry to answer


def test_a_replayed_nonce_changes_nothing(desk: Desk) -> None:
    home = captain(desk, "甲队")
    fields = {**game_form(home.get("/my").text, 3), "home_level": "15", "away_level": "13"}
    home.post("/my", data=fields)
    version = table_one(desk).version
    again = home.post("/my", data=fields)
    assert again.status_code == 200 and "This entry had already arrived; nothing changed." in again.text
    assert table_one(desk).version == version
    assert sum(a.action == "live-entry" for a in audit_trail(desk)) == 1


def test_a_game_the_desk_holds_is_shown_and_not_overwritten(desk: Desk) -> None:
    home = captain(desk, "甲队")
    old = home.get("/my").text
    tg.record_game(desk, 1, 1, 3, "K", "Q", reason="typed from the scoresheet")
    page = home.get("/my").text
    assert "Recorded at the desk" in page and 'id="game-3">' in page
    assert "game-entry" not in page.split('id="game-3">')[1].split("</section>")[0]
    answer = home.post("/my", data={**game_form(old, 3), "home_level": "5", "away_level": "7"})
    assert answer.status_code == 400 and "changed since you opened the page" in answer.text
    assert tv.team_sheet(desk, 1, 1).lines[2].game == PairGame(3, 13, 12)


def test_levels_sent_to_a_team_match_are_refused(desk: Desk) -> None:
    home = captain(desk, "甲队")
    token = table_one(desk).token
    answer = home.post("/my", data={"token": token, "nonce": "n", "version": "0", "home_level": "9",
                                    "away_level": "7"})  # fmt: skip
    assert answer.status_code == 400 and "team match of pairs" in answer.text
