"""A team match of pairs on two real phones (Debian's chromium driven by Playwright, issue 26): each captain's
phone holds its team's entry card; the home captain enters three games, the away captain confirms them and
enters the other two, the home captain confirms those; the desk has the five games and the standings follow.
Screenshots of the phone page (390 px wide) go to docs/screenshots when TDESK_SCREENSHOTS=1."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.web.serving import serve
from tests.web.test_browser import ARGS, CHROMIUM, PHONE, SHOTS, cards_of, shows, take_card
from tests.web.test_browser import pytestmark as browser_marks
from tournament_desk.domain.team_match import PairGame
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import team_sheets as tsh
from tournament_desk.services.results import team_views as tv
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.standings import current_standings

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [*browser_marks, pytest.mark.system, pytest.mark.slow]

TEAMS = ["甲队", "乙队", "丙队", "丁队"]  # round 1: 甲队 – 丁队 at table 1, 乙队 – 丙队 at table 2


def make_event(path: Path) -> None:
    with create_tournament(path, name="2026 团体升级赛", format="round-robin", scoring="team-match",
                           pairs=5) as desk:  # fmt: skip
        for team in TEAMS:
            es.add_entrant(desk, team, players=",".join(f"{team[0]}{i}" for i in range(1, 11)))
        es.draw(desk, order=TEAMS)
        pair_next_round(desk)


def enter_game(page: Page, game: int, home: str = "", away: str = "", *, declarer: str = "",
               absent: str = "") -> None:  # fmt: skip
    """Fill game ``game``'s form on a captain's phone and send it."""
    block = f"#game-{game}"
    if absent:
        page.select_option(f"{block} select[name=absent]", absent)
    else:
        page.select_option(f"{block} select[name=home_level]", home)
        page.select_option(f"{block} select[name=away_level]", away)
    if declarer:
        page.check(f"{block} input[name=declarer][value={declarer}]")
    page.click(f"{block} button.send")
    page.wait_for_selector(f"{block}.entered")


def agree(page: Page, game: int) -> None:
    page.click(f"#game-{game} button.yes")
    page.wait_for_selector(f"#game-{game}.confirmed")


def test_two_captains_enter_and_confirm_a_five_game_match_and_the_standings_follow(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    path = tmp_path / "team.tdesk"
    make_event(path)
    codes = cards_of(path)
    shots = SHOTS if os.environ.get("TDESK_SCREENSHOTS") == "1" else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    with serve(path) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            home, away = (browser.new_context(viewport=PHONE, locale="zh-CN", is_mobile=True).new_page()
                          for _ in range(2))  # fmt: skip
            for page in (home, away):
                page.set_default_timeout(15000)
            take_card(home, server.url, codes["甲队"])
            assert shows(home, "第 1 桌", "（我方）", "第 1 局", "甲1/甲2 – 丁1/丁2", "第 5 局")
            assert home.locator("#game-1 fieldset.declarer").is_hidden()  # 庄家 only on equal levels
            enter_game(home, 1, "9", "7")
            enter_game(home, 2, "11", "11", declarer="away")  # J : J, 丁队 declaring
            enter_game(home, 3, "15", "13")  # 过A
            assert shows(home, "J : J （丁队 坐庄）", "等待对方队伍用自己的手机确认")
            home.screenshot(path=str(shots / "phone-team-match.png"), full_page=True)
            take_card(away, server.url, codes["丁队"])
            assert shows(away, "甲队填写", "同意第 1 局")
            away.screenshot(path=str(shots / "phone-team-match-confirm.png"), full_page=True)
            for game in (1, 2, 3):
                agree(away, game)
            enter_game(away, 4, absent="home")  # 甲队's fourth pair did not show
            enter_game(away, 5, "12", "12", declarer="home")
            home.goto(f"{server.url}my")
            assert shows(home, "甲队 的对子缺席", "同意第 4 局")
            agree(home, 4)
            agree(home, 5)
            assert shows(home, "甲队 3 : 2 丁队（对局比分）", "双方已确认")
            home.screenshot(path=str(shots / "phone-team-match-done.png"), full_page=True)
        finally:
            browser.close()
    with Desk.open(path) as desk:
        sheet = tv.team_sheet(desk, 1, 1)
        assert [line.game for line in sheet.lines] == [
            PairGame(1, 9, 7), PairGame(2, 11, 11, "away"), PairGame(3, 15, 13), PairGame(4, absent="home"),
            PairGame(5, 12, 12, "home"),
        ]  # fmt: skip
        assert (sheet.home_won, sheet.away_won, sheet.kind.value) == (3, 2, "played")
        assert live.table_by_token(desk, live.round_tokens(desk, 1)[0].token).source == "confirmed"
        tsh.record_games(desk, 1, 2, [PairGame(n, 9, 5) for n in range(1, 6)])  # the other match, at the desk
        rows = {r.entrant.name: r for r in current_standings(desk, 1).rows}
        assert (rows["甲队"].mp, rows["甲队"].games_won, rows["甲队"].games_lost) == (3.0, 3, 2)
        assert (rows["丁队"].mp, rows["丁队"].games_won, rows["丁队"].games_lost) == (1.0, 2, 3)
