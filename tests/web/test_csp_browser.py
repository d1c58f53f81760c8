"""The security headers in a real browser (Debian's chromium driven by Playwright, issue 28): under the
server's Content-Security-Policy every page's own script and style still run — the clock's, the reload on a
change, the answer to an entry naming what it came to in the address bar — and the browser reports no
violation on any page."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.web.serving import serve
from tests.web.test_browser import ARGS, CHROMIUM, PHONE, cards_of, pick, take_card
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.system,
    pytest.mark.skipif(
        shutil.which(CHROMIUM) is None and os.environ.get("TDESK_FULL_SUITE") != "1",
        reason="Debian's chromium is not installed here; `python3 dev.py test` installs it",
    ),
]

# Every violation the page reports, from before its first script (an init script is not under the policy).
WATCH = (
    "window.__violations=[];document.addEventListener('securitypolicyviolation',"
    "function(e){window.__violations.push(e.violatedDirective+' '+(e.sample||e.blockedURI));});"
)


def test_the_pages_scripts_and_styles_run_under_the_policy(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    path = tmp_path / "t.tdesk"
    with create_tournament(path, name="安全头", rounds=3) as desk:
        for name in ("甲队", "乙队", "丙队", "丁队"):
            es.add_entrant(desk, name)
        es.draw(desk, order=["甲队", "乙队", "丙队", "丁队"])
        pair_next_round(desk)
        live.set_clock(desk)
        live.start_clock(desk)
        table = live.round_tokens(desk, 1)[0]
    codes = cards_of(path)
    with serve(path) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_context(viewport=PHONE, locale="zh-CN", is_mobile=True).new_page()
            page.set_default_timeout(15000)
            page.add_init_script(WATCH)
            console: list[str] = []
            page.on("console", lambda m: console.append(m.text))
            url = server.url
            for address in ("", "pairings", "standings", "projector", "crosstable", f"t/{table.token}"):
                response = page.goto(url + address)
                assert response is not None and "content-security-policy" in response.headers
                assert page.evaluate("window.__violations") == [], address
            # the page's style applied (a blocked <style> would leave the body's default margin of 8px)
            page.goto(url + "pairings")
            assert page.evaluate("getComputedStyle(document.body).maxWidth") == "760px"
            take_card(page, url, codes[table.home])
            pick(page, "home_level", 9)
            pick(page, "away_level", 7)
            page.click("button.send")
            page.wait_for_url("**/my?said=pending")  # the answer's inline script rewrote the address
            assert page.evaluate("window.__violations") == []
            assert not [line for line in console if "Content Security Policy" in line], console
        finally:
            browser.close()
