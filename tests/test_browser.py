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
    page.click("form.lookup button[type=submit]")  # a new jurisdiction: its own fields and next election
    assert page.input_value("input[name=election]") == "2026-11-03"
    page.fill("input[name=election]", "2026-11-03")
    page.select_option("select[name=audience]", "candidates")
    page.click("form.lookup button[type=submit]")
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
    page.click("form.lookup button[type=submit]")
    assert page.input_value("input[name=election]") == "2022-11-08"
    row = page.locator("tr#petition-filing")
    assert "4:00 p.m., Tuesday, April 19, 2022 (EDT)" in row.locator("td").nth(0).inner_text()
    context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_find_a_place_by_name(browser, live_server, javascript):
    """Type "Ypsilanti" in the place search and choose the City of Ypsilanti,
    not the charter township; 2022-11-08: the 15th Tuesday preceding the
    August 2, 2022 primary is April 19, 2022 (MCL 168.163(1)), 4:00 p.m."""
    context = browser.new_context(java_script_enabled=javascript, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server + "/")
    if javascript:
        page.locator("#q").press_sequentially("Ypsilanti", delay=20)  # matches appear as you type
        choices = page.locator("#live-matches a")
        choices.first.wait_for()
    else:
        page.fill("#q", "Ypsilanti")
        page.click("form.place-search button[type=submit]")
        choices = page.locator(".matches-section a")
    names = choices.all_inner_texts()
    assert "Ypsilanti Charter Township" in names
    city = choices.filter(has_text="City of Ypsilanti")
    assert city.count() == 1 and city.get_attribute("href") == "/?jurisdiction=ypsilanti-mi"
    city.click()
    assert page.locator("select[name=jurisdiction]").input_value() == "ypsilanti-mi"
    page.fill("input[name=election]", "2022-11-08")
    page.click("form.lookup button[type=submit]")
    row = page.locator("tr#petition-filing")
    assert "4:00 p.m., Tuesday, April 19, 2022 (EDT)" in row.locator("td").nth(0).inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"find-a-place-{'js' if javascript else 'no-js'}.png"), full_page=True)
    context.close()


def test_bad_date_is_shown_beside_the_field(browser, live_server):
    page = browser.new_page(java_script_enabled=False)
    page.goto(live_server + "/?jurisdiction=model-city&for=model-city&ordinance-adopted=2025-02-30")
    assert "as month, day and year, for example November 3, 2026" in page.inner_text("#ordinance-adopted-error")
    assert "You entered “2025-02-30”" in page.inner_text("#ordinance-adopted-error")
    assert page.get_attribute("#ordinance-adopted", "aria-describedby") == "ordinance-adopted-error"
    page.close()


AXE = Path(__file__).resolve().parent / "js" / "node_modules" / "axe-core" / "axe.min.js"
PAGES = {
    "landing": "/",
    "results": "/?jurisdiction=ypsilanti-mi&election=2028-11-07",
    "results-slc": "/?jurisdiction=salt-lake-city-ut&election=2027-11-02",
    "results-past": "/?jurisdiction=salt-lake-city-ut&election=2023-11-07",
    "results-model-city": "/?jurisdiction=model-city&ordinance-adopted=2025-04-14",
    "how-computed": "/jurisdictions/salt-lake-city-ut",
    "embed": "/embed/ypsilanti-mi",
    "deadlines": "/deadlines?state=CO&from=2027-01-01&to=2027-01-31",
    "deadlines-default": "/deadlines",
    "subscribe": "/subscribe",
}


def _overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def _axe(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate("axe.run().then(r => r.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target).join(' ')))")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("name", PAGES)
def test_pages_reflow_and_pass_axe(browser, live_server, name, javascript):
    """No sideways scrolling from 320 px up (WCAG 1.4.10), axe-core finds nothing
    with JavaScript on and off (axe itself is injected by the test, which runs
    it either way), and screenshots at 1280 and 390 px for people to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    for width in (1280, 390, 320):
        context = browser.new_context(viewport={"width": width, "height": 900}, bypass_csp=True,
                                      java_script_enabled=javascript)
        page = context.new_page()
        page.goto(live_server + PAGES[name])
        assert _overflow(page) <= 0, f"{name} scrolls sideways by {_overflow(page)}px at {width}px"
        if width != 320 and javascript:
            page.screenshot(path=str(ARTIFACTS / f"{name}-{width}.png"), full_page=True)
        if not javascript:  # axe needs script: run it in a page whose own scripts never ran
            context.close()
            context = browser.new_context(viewport={"width": width, "height": 900}, bypass_csp=True)
            page = context.new_page()
            page.route("**/*.js", lambda route: route.abort())
            page.goto(live_server + PAGES[name])
        found = _axe(page)
        assert found == [], f"{name} at {width}px ({'js' if javascript else 'no js'}): {found}"
        context.close()


@pytest.mark.parametrize("name", PAGES)
def test_no_page_is_wider_than_a_phone_at_200_percent_text(browser, live_server, name):
    """At 390 px with the browser's text size doubled (the setting a reader
    changes: 32 px instead of 16), no page scrolls sideways (WCAG 1.4.4, 1.4.10)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Page.enable")
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.goto(live_server + PAGES[name])
    assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 32  # the text did grow
    assert _overflow(page) <= 0, f"{name} at 200 % text is {_overflow(page)}px wider than the phone"
    if name in ("results-slc", "deadlines"):
        page.screenshot(path=str(ARTIFACTS / f"{name}-390-text-200.png"), full_page=True)
    context.close()


def test_results_timeline_is_drawn_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server + PAGES["results"])
    narrow, wide = page.locator(".timeline-narrow svg"), page.locator(".timeline-wide svg")
    assert narrow.is_visible() and not wide.is_visible()  # the phone's own drawing, not a shrunken one
    assert narrow.get_attribute("role") == "img"
    assert "Nominating petitions due" in narrow.locator("desc").text_content()
    box = narrow.bounding_box()
    assert box["width"] <= 390
    context.close()


def test_print_fits_as_few_pages_as_the_pdf(browser, live_server):
    """Printing the results page (print CSS) takes no more pages than the PDF calendar."""
    import subprocess

    page = browser.new_page()
    page.goto(live_server + PAGES["results-slc"])
    printed = page.pdf(format="Letter")
    pdf = page.request.get(live_server + "/calendars/salt-lake-city-ut/2025-11-04.pdf").body()
    pages = [int(subprocess.run(["pdfinfo", "-"], input=b, capture_output=True, check=True).stdout.decode()
                 .split("Pages:")[1].split()[0]) for b in (printed, pdf)]
    assert pages[0] <= pages[1], pages
    (ARTIFACTS / "results-slc-print.pdf").write_bytes(printed)
    page.close()
