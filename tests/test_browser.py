"""The form end to end in headless Chromium (Debian's, never a downloaded one),
with and without JavaScript; screenshots go to test-artifacts/."""
from __future__ import annotations

from pathlib import Path

import icalendar
import pytest
from playwright.sync_api import sync_playwright

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        yield b
        b.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_lookup_end_to_end(browser, live_server, javascript):
    context = browser.new_context(java_script_enabled=javascript, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server + "/")
    page.select_option("select[name=jurisdiction]", "ypsilanti-mi")
    page.click("button[type=submit]")  # a new jurisdiction: its own fields and next election
    assert page.input_value("input[name=election]") == "2026-11-03"
    page.fill("input[name=election]", "2026-11-03")
    page.select_option("select[name=audience]", "candidates")
    page.click("button[type=submit]")
    assert "election=2026-11-03" in page.url
    row = page.locator("tr#petition-filing")
    assert "4:00 p.m., Tuesday, April 21, 2026 (EDT)" in row.locator("td").nth(0).inner_text()
    assert row.locator("td").nth(1).inner_text() == "416 days"
    assert page.locator("tr#filing-notice").count() == 0  # clerk and public only
    row.locator("summary").click()
    assert row.locator("blockquote").is_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lookup-{'js' if javascript else 'no-js'}.png"), full_page=True)
    assert page.get_attribute("#subscribe-webcal", "href").startswith("webcal://127.0.0.1:")
    feed = context.request.get(page.get_attribute("#subscribe-https", "href"))
    assert feed.headers["content-type"] == "text/calendar; charset=utf-8"
    uids = {str(e["uid"]) for e in icalendar.Calendar.from_ical(feed.body()).walk("VEVENT")}
    assert "ypsilanti-mi/2026-11-03/petition-filing@deadlines" in uids
    assert not any("filing-notice" in u for u in uids)
    context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_typed_date_survives_picking_the_jurisdiction(browser, live_server, javascript):
    """Pick Ypsilanti, type 2022-11-08, submit: the 15th Tuesday preceding the
    August 2, 2022 primary is April 19, 2022 (MCL 168.163(1)), 4:00 p.m."""
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    page.goto(live_server + "/")
    page.select_option("select[name=jurisdiction]", "ypsilanti-mi")
    page.fill("input[name=election]", "2022-11-08")
    page.click("button[type=submit]")
    assert page.input_value("input[name=election]") == "2022-11-08"
    row = page.locator("tr#petition-filing")
    assert "4:00 p.m., Tuesday, April 19, 2022 (EDT)" in row.locator("td").nth(0).inner_text()
    context.close()


def test_bad_date_is_shown_beside_the_field(browser, live_server):
    page = browser.new_page(java_script_enabled=False)
    page.goto(live_server + "/?jurisdiction=model-city&for=model-city&ordinance-adopted=2025-02-30")
    assert "expected a date" in page.inner_text("#ordinance-adopted-error")
    assert page.get_attribute("#ordinance-adopted", "aria-describedby") == "ordinance-adopted-error"
    page.close()
