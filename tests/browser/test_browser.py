"""The form end to end in headless Chromium (Debian's, never a downloaded one),
with and without JavaScript; screenshots go to test-artifacts/."""
from __future__ import annotations

import icalendar
import pytest

from tests.browser_helpers import ARTIFACTS, axe, overflow


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
    row = page.locator("li#petition-filing")
    assert row.locator(".row-when").inner_text() == "By 4:00 p.m., Tuesday, April 21, 2026 (EDT)"
    assert row.locator(".row-left").inner_text() == "416 days left"
    assert page.locator("li#filing-notice").count() == 0  # clerk and public only
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
    row = page.locator("li#petition-filing")
    assert "4:00 p.m., Tuesday, April 19, 2022 (EDT)" in row.locator(".row-when").inner_text()
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
    row = page.locator("li#petition-filing")
    assert "4:00 p.m., Tuesday, April 19, 2022 (EDT)" in row.locator(".row-when").inner_text()
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
    "not-found": "/no-such-page",
    "api-reference": "/api/v1/docs",
}


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
        assert overflow(page) <= 0, f"{name} scrolls sideways by {overflow(page)}px at {width}px"
        if width != 320 and javascript:
            page.screenshot(path=str(ARTIFACTS / f"{name}-{width}.png"), full_page=True)
        if not javascript:  # axe needs script: run it in a page whose own scripts never ran
            context.close()
            context = browser.new_context(viewport={"width": width, "height": 900}, bypass_csp=True)
            page = context.new_page()
            page.route("**/*.js", lambda route: route.abort())
            page.goto(live_server + PAGES[name])
        found = axe(page)
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
    # the text did grow: twice the 16 px default (the embed's own .95rem: 30.4 px)
    assert page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)") >= 30
    assert overflow(page) <= 0, f"{name} at 200 % text is {overflow(page)}px wider than the phone"
    if name in ("results-slc", "deadlines"):
        page.screenshot(path=str(ARTIFACTS / f"{name}-390-text-200.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_timeline_reads_at_any_width(browser, live_server, width):
    """Colorado 2027 without JavaScript: every label is whole page text (it
    wraps, never cut), with years since the drawing spans 2026-2027; the
    circulation window is a bar wider than its diamond; the 2029 retention is
    folded into "later"; the Today and election lines cross no text; and the
    labels grow with the reader's text size."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(live_server + "/?jurisdiction=colorado-local&election=2027-11-02")
    figure = page.locator("figure.timeline")
    labels = [t.replace("\xa0", " ") for t in figure.locator(".tl-label").all_inner_texts()]  # days kept whole
    assert "Nomination petitions may be circulated and signed: Jan 1, 2027 to Aug 27, 2027" in labels
    assert "Nomination petitions preserved until: Aug 27, 2029 (later, off the drawing)" in labels
    assert "Later: Nomination petitions preserved until, Aug 27, 2029" in figure.locator(".tl-legend").inner_text().replace("\xa0", " ")
    for label in figure.locator(".tl-label").all():
        box = label.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width  # wrapped within the page, never cut
        assert label.evaluate("e => e.scrollWidth <= e.clientWidth")
    bar = figure.locator(".tl-window rect.tl-bar").first.bounding_box()
    assert bar["width"] > 16  # January to August: a bar, not a dot
    strip = figure.locator(".tl-window .tl-strip").first.bounding_box()
    lines = figure.locator(".tl-window .tl-line").all()
    boxes = [ln.bounding_box() for ln in lines]  # a 2-px stroke reaches 1 px past its ends
    assert boxes and all(strip["y"] - 1.5 <= b["y"] and b["y"] + b["height"] <= strip["y"] + strip["height"] + 1.5
                         for b in boxes)  # inside the marks' strip only, never across the labels
    size = label.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    figure.screenshot(path=str(ARTIFACTS / f"timeline-{width}.png"))
    cdp = context.new_cdp_session(page)
    cdp.send("Page.enable")
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.reload()
    grown = page.locator("figure.timeline .tl-label").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert grown >= 2 * size - 0.5
    context.close()


def test_colorado_2027_banner_names_the_filing_deadline(browser, live_server):
    """The circulation window and the filing deadline both end Friday August 27,
    2027 (67 days before November 2): the filing, due 5:00 p.m., comes first
    (the window's all-day end is later that day, and a filing deadline ranks
    before a window closing)."""
    page = browser.new_page(java_script_enabled=False)
    page.goto(live_server + "/?jurisdiction=colorado-local&election=2027-11-02")
    banner = page.locator("#next-deadline")
    assert banner.locator(".next-title").inner_text() == "Last day to file a nomination petition"
    assert banner.locator(".next-when").inner_text() == "By 5:00 p.m., Friday, August 27, 2027 (MDT)"
    ids = page.locator("ol.deadlines > li").evaluate_all("els => els.map(e => e.id)")
    assert ids[:2] == ["petition-filing", "petition-circulation"]
    window = page.locator("li#petition-circulation .row-when").inner_text()
    assert window == "Opens Friday, January 1, 2027; closes Friday, August 27, 2027"
    page.close()


def test_salt_lake_city_2027_withdrawal_leads_with_the_safe_date(browser, live_server):
    """Up to 23 days before Tuesday November 2, 2027 is Sunday October 10; Utah
    68-3-7 rolls it past Columbus Day (Monday the 11th) to Tuesday October 12;
    the prior business day, the safe date, is Friday October 8, 5:00 p.m."""
    page = browser.new_page(java_script_enabled=False)
    page.goto(live_server + "/?jurisdiction=salt-lake-city-ut&election=2027-11-02")
    row = page.locator("li#withdrawal")
    first = row.locator(".row-when").inner_text()
    assert first.startswith("By 5:00 p.m., Friday, October 8, 2027 (MDT)")
    assert first.endswith("the law may allow 5:00 p.m., Tuesday, October 12, 2027 (MDT)")
    row.locator("summary").click()
    text = row.inner_text()
    assert "The law can be read two ways" in text and "The law reads two ways" not in text  # said once, counted
    assert "UTC" not in page.inner_text("main")  # zone names, not offsets
    assert "encode it here" not in page.inner_text("main")  # notes for the rule files' keepers stay there
    page.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_deadlines_across_colorado_and_its_feed(browser, live_server, javascript):
    """January 2027 among the special districts of La Plata County, Colorado:
    self-nomination forms may be filed "no earlier than January 1" (C.R.S.
    1-13.5-303(1)); January 1, 2027 is a Friday and New Year's Day, so the
    district's office first opens Monday, January 4, named with its government;
    "Subscribe to these" gives the combined feed of the same filter, where the
    same event's title starts with that name. (The whole state, 3,908
    governments, is over the 500 a feed lists one by one: its subscription is
    one event per shared deadline, and the page says so.)"""
    context = browser.new_context(java_script_enabled=javascript, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server + "/")
    page.click("#across-link")  # linked from the landing page
    assert page.url.endswith("/deadlines")
    page.select_option("#f-state", "CO")
    page.fill("#f-from", "2027-01-01")
    page.fill("#f-to", "2027-01-31")
    page.click("form.filters button[type=submit]")
    assert "one event per deadline they share" in page.inner_text("#listing")
    assert "state=CO" in page.get_attribute("#subscribe-https", "href")
    page.fill("#f-county", "La Plata")
    page.select_option("#f-kind", "special-district")
    page.click("form.filters button[type=submit]")
    assert "state=CO" in page.url and "from=2027-01-01" in page.url and "kind=special-district" in page.url
    shared = page.locator("ol.across > li.group").all_inner_texts()  # grouped by deadline: La Plata's districts share them
    assert any("Self-nomination and acceptance forms may be filed" in t and "special districts in La Plata County" in t
               for t in shared), shared[:3]
    page.click("#view-rows")  # one row per government
    assert "view=rows" in page.url
    rows = page.locator("ol.across > li")
    texts = rows.all_inner_texts()
    town = "Durango Fire Protection District"
    opening = [t for t in texts if "Self-nomination and acceptance forms may be filed" in t and town in t]
    assert len(opening) == 1 and opening[0].startswith("Opens 8:00 a.m., Monday, January 4, 2027"), opening
    listed = rows.evaluate_all("els => els.map(e => [e.querySelector('.town').textContent, e.dataset.uid, e.dataset.edge])")
    feed = context.request.get(page.get_attribute("#subscribe-https", "href"), timeout=120_000)
    assert feed.ok and feed.headers["content-type"] == "text/calendar; charset=utf-8"
    events = {str(e["uid"]): e for e in icalendar.Calendar.from_ical(feed.body()).walk("VEVENT")}
    for name, uid, edge in listed:  # the same events: a closing is the deadline's, an opening its window's
        event = events[uid + ("/window" if edge == "opening" else "") + "@deadlines"]
        assert str(event["summary"]).startswith(name + ": "), (name, uid, edge)
    window = events["durango-fire-protection-district-co/2027-05-04/petition-filing/window@deadlines"]
    assert str(window["summary"]) == f"{town}: Open: Self-nomination and acceptance forms may be filed (special district director)"
    assert window.decoded("dtstart").isoformat() == "2027-01-04"
    csv = context.request.get(live_server + page.get_attribute("#listing-csv", "href")).text()
    assert "opening,2027-01-04" in csv and town in csv
    context.close()


def test_the_answer_comes_first_on_a_phone_and_by_keyboard(browser, live_server):
    """At 390 x 844 the banner of the next deadline is on the first screen (the
    "already happened?" fields folded); the first Tab stop is a skip link that
    takes the keyboard to the results."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server + "/?jurisdiction=salt-lake-city-ut&election=2027-11-02")
    assert not page.locator("details.happened").evaluate("e => e.open")
    assert page.locator("#next-deadline").bounding_box()["y"] < 844
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the results"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#results') !== null")
    context.close()


def test_subscribe_page_preselects_nothing_and_leads_back(browser, live_server):
    page = browser.new_page(java_script_enabled=False)
    page.goto(live_server + "/subscribe")
    assert page.locator("select[name=jurisdiction]").input_value() == ""
    assert page.locator("link[rel=stylesheet]").count() == 1
    page.click("text=Back to the deadlines")
    assert page.url == live_server + "/"
    page.close()


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


def test_the_timeline_image_reads_like_the_page(browser, live_server):
    """Colorado 2027's ``.svg`` (the PDF's picture too), measured in Chromium
    with the real font: every line of words lies inside the drawing (wrapped,
    never cut), with years since it spans 2026-2027; the January-August
    circulation window is a bar, not a dot; the 2029 retention is folded into
    "Later"; no election or Today line crosses any text; and the drawing
    doubles with the reader's text size."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    url = live_server + "/calendars/colorado-local/2027-11-02.svg"
    page.goto(url)
    width = page.evaluate("document.documentElement.viewBox.baseVal.width")
    texts = page.evaluate("[...document.querySelectorAll('text')].map(t => {const b = t.getBBox();"
                          " return [t.textContent, b.x, b.y, b.width, b.height]})")
    for words, x, _, w, _ in texts:
        assert x >= 0 and x + w <= width, f"{words!r} is cut ({x}..{x + w} of {width})"
    labels = " ".join(t[0] for t in texts).replace("\xa0", " ")
    assert "Nomination petitions may be circulated and signed: Jan 1, 2027 to Aug 27, 2027" in labels
    assert "Later: Nomination petitions preserved until, Aug 27, 2029" in labels
    assert page.locator("polygon.tl-folded").count() == 1
    bar = page.evaluate("document.querySelector('rect.tl-bar').getBBox().width")
    assert bar > 16 * width / 800
    lines = page.evaluate("[...document.querySelectorAll('line.tl-line')].map(l => {const b = l.getBBox();"
                          " return [b.x - 1, b.y, b.width + 2, b.height]})")
    assert lines
    for lx, ly, lw, lh in lines:
        for words, tx, ty, tw, th in texts:
            crosses = lx < tx + tw and tx < lx + lw and ly < ty + th and ty < ly + lh
            assert not crosses, f"a line at x={lx} crosses {words!r}"
    size = page.evaluate("document.documentElement.getBoundingClientRect().width")
    page.set_viewport_size({"width": 1280, "height": int(page.evaluate(
        "document.documentElement.getBoundingClientRect().height")) + 1})  # full_page hangs on a bare SVG
    page.screenshot(path=str(ARTIFACTS / "timeline-svg.png"))
    cdp = context.new_cdp_session(page)
    cdp.send("Page.enable")
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.reload()
    assert page.evaluate("document.documentElement.getBoundingClientRect().width") >= 2 * size - 1
    context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_few_tab_stops_to_the_first_result(browser, live_server, javascript):
    """From the top of Salt Lake City's 2027 results, Tab without the skip link
    reaches the first row of the list by the 15th press: the skip link (1), the
    link to the page in Spanish (1), the place search and its button (2), the jurisdiction (1), the election date
    (Chromium's month, day and year and its picker: 4), the folded "already
    happened?" (1), the audience and the submit button (2), the banner's link
    to the next deadline (1), the subscribe action beside the answer (1), then the row. (The issue found 18; the print,
    PDF, CSV, SVG and embed links now follow the list.)"""
    page = browser.new_page(java_script_enabled=javascript)
    page.goto(live_server + "/?jurisdiction=salt-lake-city-ut&election=2027-11-02")
    for presses in range(1, 40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('ol.deadlines > li') !== null"):
            break
    assert presses <= 15, f"{presses} tab stops before the first result"
    page.close()
