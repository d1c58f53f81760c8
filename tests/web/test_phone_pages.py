"""The phones' pages in a real browser (Debian's chromium through Playwright) as a hall meets them (issue 28): a
page scrolled down stays where it is when a desk's result changes it (read again in place); when the server goes
away a notice says so and goes once it is back; the table number is the card's biggest line."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.serving import serve
from tests.web.test_browser import ARGS, CHROMIUM, PHONE
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which(CHROMIUM) is None and os.environ.get("TDESK_FULL_SUITE") != "1",
        reason="Debian's chromium is not installed here; `python3 dev.py test` installs it",
    ),
]

TEAMS = [f"第{n:02d}队" for n in range(1, 61)]


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "hall.tdesk"
    with create_tournament(path, name="六十队升级赛", rounds=3) as desk:
        for name in TEAMS:
            es.add_entrant(desk, name, players="甲、乙")
        es.draw(desk, order=TEAMS)
        pair_next_round(desk)
    yield path


def test_a_page_scrolled_down_keeps_its_place_when_a_result_changes_it(hall: Path) -> None:
    """Issue 28: a standings page scrolled to 1500 px went back to 0 after one desk result."""
    from playwright.sync_api import sync_playwright

    with serve(hall) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_context(viewport={"width": 390, "height": 500}, locale="zh-CN").new_page()
            page.set_default_timeout(15000)
            page.goto(server.url + "pairings")
            page.evaluate("window.scrollTo(0, 900)")
            scrolled = page.evaluate("window.scrollY")
            assert scrolled > 400  # well down the page (as far as it goes at this size)
            page.evaluate("document.body.appendChild(document.createElement('i')).id = 'stayed'")
            with Desk.open(hall) as desk:
                record_result(desk, 1, 30, "K", "9")
            for _ in range(150):  # read again … (wait_for_function evaluates a string: the CSP refuses it)
                if not page.evaluate("!!document.getElementById('stayed')"):
                    break
                page.wait_for_timeout(100)
            assert not page.evaluate("!!document.getElementById('stayed')")
            assert page.evaluate("window.scrollY") == scrolled  # … where the reader was
            assert page.get_by_text("K : 9").count() >= 1
        finally:
            browser.close()


def test_a_phone_says_when_the_server_is_gone_and_when_it_is_back(hall: Path) -> None:
    """Issue 28: with the server gone the browser's own error page showed; now the page stays and says so."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_context(viewport=PHONE, locale="zh-CN", is_mobile=True).new_page()
            page.set_default_timeout(15000)
            with serve(hall) as server:
                page.goto(server.url + "me/" + TEAMS[0])
                seat = page.locator("p.seat")
                assert seat.inner_text() == "第 1 桌"
                size = page.evaluate(
                    "parseFloat(getComputedStyle(document.querySelector('p.seat')).fontSize)"
                )
                assert size > 2 * page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
                assert page.locator("#offline").count() == 0
            page.locator("#offline").wait_for()  # the server stopped: the notice, the page still there
            assert "正在重试" in page.locator("#offline").inner_text() and seat.count() == 1
        finally:
            browser.close()
