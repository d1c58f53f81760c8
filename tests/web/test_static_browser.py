"""The static export opened from disk in a real browser (Debian's chromium through Playwright): the standings
page shows its Chinese names and its links work without a server. Screenshot to docs/screenshots when
TDESK_SCREENSHOTS=1 (else to the test's temporary folder)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.web.events import public_event
from tests.web.test_browser import ARGS, CHROMIUM, SHOTS, pytestmark  # noqa: F401 (the same skip marks)
from tournament_desk.services.output.site import export_site


@pytest.mark.slow
def test_static_standings_page_in_a_browser(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    desk = public_event(tmp_path / "rr.tdesk", "round-robin", played=2)
    site = export_site(desk, tmp_path / "site")
    desk.close()
    shots = SHOTS if os.environ.get("TDESK_SCREENSHOTS") == "1" else tmp_path
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 760, "height": 640})
            page.goto((site / "standings.html").as_uri())
            assert page.locator("h1").inner_text() == "第 2 轮后名次"
            assert page.locator("td", has_text="甲队").count() == 1
            page.screenshot(path=str(shots / "static-standings.png"), full_page=True)
            page.click("text=交叉表")
            assert page.url.endswith("/site/crosstable.html") and "第 2 轮后交叉表" in page.content()
            page.click("text=English")
            assert (
                page.url.endswith("/site/en/crosstable.html")
                and "Cross-table after round 2" in page.content()
            )
        finally:
            browser.close()
