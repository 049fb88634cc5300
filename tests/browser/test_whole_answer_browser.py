"""Issue "The whole answer for each person", in headless Chromium (Debian's):
a deadline row's "The government published another date?" page sends its
report without JavaScript; the embed's content fits the height its code
advises at 320, 390 and 1280 px wide, and a host page that runs the embed
code's script fits the frame to the content. Screenshots go to test-artifacts/."""
from __future__ import annotations

import re
import threading
from contextlib import contextmanager
from html import unescape

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from werkzeug.serving import make_server

from deadlines.store.tables import DateReport
from tests.browser_helpers import ARTIFACTS, axe, overflow
from web import create_app
from web.form import EMBED_HEIGHT

#: Orem's and Salt Lake City's filing windows are open (June 1-7, 2027) and a long name in Spanish is the tallest.
TODAY = "2027-05-20"
WIDTHS = (320, 390, 1280)
TALLEST = ("ypsilanti-charter-township-washtenaw-mi", "boulder-valley-school-district-no-re2-co", "orem-ut",
           "salt-lake-city-ut", "ypsilanti-mi", "colorado-springs-co")


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "TODAY": TODAY, "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"})


def test_a_report_is_sent_without_javascript(browser, live_server, app):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server + "/?jurisdiction=orem-ut")
    link = page.locator("li#declaration-filing .row-report a")
    assert link.inner_text().startswith("The government published another date?")
    link.click()
    assert "/jurisdictions/orem-ut/report?deadline=declaration-filing&election=2027-11-02" in page.url
    assert "Nothing changes when you send this" in page.locator("#report-nothing-changes").inner_text()
    assert overflow(page) == 0
    report_url = page.url
    page.fill("#due_day", "2027-06-08")
    page.fill("#due_time", "17:00")
    page.fill("#source", "https://orem.gov/notices/candidate-filing")
    page.fill("#quote", "Declarations of candidacy will be accepted through 5:00 p.m. on Tuesday, June 8, 2027.")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "report-form-390.png"), full_page=True)
    with page.expect_navigation() as sent:
        page.click("form.report-form button[type=submit]")
    assert sent.value.status == 202
    assert "Nothing changes on this service until the clerk of City of Orem" in page.locator("#report-message").inner_text()
    page.screenshot(path=str(ARTIFACTS / "report-received-390.png"), full_page=True)
    with Session(app.extensions["records"].db) as s:
        (row,) = s.scalars(select(DateReport)).all()
    assert (row.deadline, row.due, row.state) == ("declaration-filing", "2027-06-08T17:00:00-06:00", "pending")
    context.close()
    checking = browser.new_context(viewport={"width": 320, "height": 700}, bypass_csp=True)  # axe-core: a script
    checked = checking.new_page()
    for url in (report_url, report_url + "&lang=es"):
        checked.goto(url)
        assert overflow(checked) == 0 and axe(checked) == [], url
    checking.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_embed_fits_its_advised_height(browser, live_server, width):
    page = browser.new_page(viewport={"width": width, "height": EMBED_HEIGHT})
    tallest = 0
    for jid in TALLEST:
        for lang in ("en", "es"):
            page.goto(f"{live_server}/embed/{jid}?lang={lang}")
            tallest = max(tallest, page.evaluate("document.documentElement.scrollHeight"))
            assert overflow(page) == 0
    assert tallest <= EMBED_HEIGHT, (width, tallest)
    page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_host_page_running_the_embed_code_fits_the_frame(browser, live_server, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server}/?jurisdiction=ypsilanti-charter-township-washtenaw-mi&lang=es")
    code = unescape(re.search(r"<pre><code>(.*?)</code></pre>", page.content(), re.S).group(1))
    assert f'height="{EMBED_HEIGHT}"' in code
    host = f"<!doctype html><html lang=en><head><meta name=viewport content='width=device-width'><title>Town</title></head>" \
           f"<body style='margin:0'><h1>Town hall</h1>{code}<p id=after>After the frame</p></body></html>"
    with town_hall(host) as town:  # another origin, as a city's site is
        page.goto(town)
        fits(page, width)
    context.close()


def fits(page, width):
    frame = page.frame_locator("iframe[data-deadlines-embed]")
    frame.locator("h1").wait_for()
    page.wait_for_function("document.querySelector('iframe').getBoundingClientRect().height < %d" % EMBED_HEIGHT)
    inner = page.frames[1]
    cut = inner.evaluate("document.documentElement.scrollHeight - document.documentElement.clientHeight")
    content = inner.evaluate("document.body.getBoundingClientRect().height")
    shown = page.evaluate("document.querySelector('iframe').getBoundingClientRect().height")
    assert cut <= 0 and shown - content < 40, (width, cut, content, shown)  # nothing cut, little to spare
    page.screenshot(path=str(ARTIFACTS / f"embed-in-host-{width}.png"), full_page=True)


@contextmanager
def town_hall(html: str):
    """A city's page holding the embed code, served from its own origin (localhost: Chromium lets a
    loopback page frame another loopback page)."""
    def app(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
        return [html.encode()]

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{server.server_port}/"
    finally:
        server.shutdown()
        thread.join()
