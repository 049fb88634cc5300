"""A clerk's recorded hours reach every public surface, walked in headless
Chromium (Debian's) as the Town of Hanksville's clerk would: she asks for
access from the town's page, an operator approves it with `deadlines clerk
approve`, she signs in by the emailed link (a real SMTP server, aiosmtpd) and
records the office's filing-day hours, 8:00 a.m. to 12:00 p.m.; the page, the
printed calendar, the embed, the feed and the API then end the June 2027
declaration of candidacy at noon, resting on her record; a closure recorded
on the last day moves the safe date to the office's last open day before it.

Worked dates (municipal general election Tuesday, November 2, 2027): the
declaration is filed "during office hours and not later than the close of
normal office hours, between June 1 and June 7" (Utah Code 20A-9-203(3)(a)(i));
June 7, 2027 is a Monday: noon, MDT (UTC-6). Closed that Monday, the last open
day before it is Friday, June 4, 2027, at noon."""
from __future__ import annotations

import json
import re
import subprocess

import icalendar
import pytest
from click.testing import CliRunner

from deadlines.cli import main
from tests.browser_helpers import ARTIFACTS, save
from tests.reminders_fixtures import mailing_app, smtp_server  # noqa: F401 (fixtures)

JID, CYCLE = "hanksville-ut", "2027-11-02"


@pytest.fixture
def app(mailing_app):  # noqa: F811
    """The app ``live_server`` serves: the desk's, mailing through ``smtp_server``."""
    return mailing_app


def _declaration(request, base) -> dict:
    data = json.loads(request.get(f"{base}/api/v1/jurisdictions/{JID}/deadlines?election={CYCLE}").body())
    return next(d for d in data["deadlines"] if d["id"] == "declaration-filing")


def _pdf_text(request, base) -> str:
    pdf = request.get(f"{base}/calendars/{JID}/{CYCLE}.pdf").body()
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


def test_the_clerk_of_hanksville_records_hours_and_a_closure_that_every_surface_follows(
        browser, app, live_server, smtp_server, monkeypatch):  # noqa: F811
    monkeypatch.setenv("DEADLINES_BASE_URL", live_server)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    request = context.request
    before = _declaration(request, live_server)  # research: the town office keeps Tuesday-Thursday, 10-2
    assert (before["due"], before["safe_due"]) == ("2027-06-07T14:00:00-06:00", "2027-06-03T14:00:00-06:00")
    assert before["basis"]["status"] == "recorded" and before["basis"]["facts"][0]["by"] == "research"

    # she asks for access from the town's own page
    page.goto(f"{live_server}/?jurisdiction={JID}&election={CYCLE}")
    page.click("text=Are you the clerk? Ask for access")
    page.fill("#name", "Lisa Ekker")
    page.fill("#email", "clerk@hanksville.test")
    page.fill("#role", "Town Clerk")
    page.click("button[type=submit]")
    assert "an operator reviews the request" in page.inner_text("main")
    assert smtp_server.messages == []  # not on the town's own domain: it waits

    listed = CliRunner().invoke(main, ["clerk", "requests", "--json"])
    assert listed.exit_code == 0, listed.output
    [asked] = [r for r in json.loads(listed.output) if r["email"] == "clerk@hanksville.test"]
    approved = CliRunner().invoke(main, ["clerk", "approve", str(asked["id"])])
    assert approved.exit_code == 0, approved.output
    [mail] = smtp_server.messages
    link = re.search(r"(http://127\.0\.0\.1:\d+/clerk/sign-in/\S+)", mail.get_body(("plain",)).get_content()).group(1)

    page.goto(link)
    page.click("#sign-in")
    page.goto(f"{live_server}/clerk/{JID}?cycle={CYCLE}")
    page.fill("#office-open", "08:00")
    page.fill("#office-close", "12:00")
    page.fill("#office-authority", "Town Council: filing-period office hours, 2027")
    page.click("text=Check the hours")
    save(page)

    d = _declaration(request, live_server)
    assert (d["due"], d["safe_due"]) == ("2027-06-07T12:00:00-06:00", "2027-06-07T12:00:00-06:00")
    assert d["basis"]["status"] == "recorded" and d["basis"]["facts"][0]["by"] == "clerk"
    page.goto(f"{live_server}/?jurisdiction={JID}&election={CYCLE}")
    row = page.locator("li#declaration-filing")
    assert "12:00 noon, Monday, June 7, 2027" in row.locator(".row-when").inner_text()
    assert "recorded by the clerk" in row.locator(".row-basis").inner_text()
    assert "12:00" in _pdf_text(request, live_server)
    embed = request.get(f"{live_server}/embed/{JID}").text()
    assert "12:00 noon" in embed
    feed = icalendar.Calendar.from_ical(request.get(f"{live_server}/calendars/{JID}/{CYCLE}.ics").body())
    [event] = [e for e in feed.walk("VEVENT") if str(e["uid"]) == f"{JID}/{CYCLE}/declaration-filing@deadlines"]
    assert event.decoded("dtstart").isoformat() == "2027-06-07T12:00:00-06:00"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "hanksville-recorded-390.png"), full_page=True)

    # a closure on the last day: the safe date is the office's last open day before it
    page.goto(f"{live_server}/clerk/{JID}?cycle={CYCLE}")
    page.fill("#closure-day", "2027-06-07")
    page.fill("#closure-reason", "Town office closed: water main repair")
    page.click("text=Check the closure")
    assert "Friday, June 4, 2027" in page.inner_text("#preview-moves")
    save(page)
    d = _declaration(request, live_server)
    assert d["safe_due"] == "2027-06-04T12:00:00-06:00"
    page.goto(f"{live_server}/?jurisdiction={JID}&election={CYCLE}")
    assert "12:00 noon, Friday, June 4, 2027" in page.locator("li#declaration-filing .row-when").inner_text()
    assert "June 4" in _pdf_text(request, live_server)
    feed = icalendar.Calendar.from_ical(request.get(f"{live_server}/calendars/{JID}/{CYCLE}.ics").body())
    [event] = [e for e in feed.walk("VEVENT") if str(e["uid"]) == f"{JID}/{CYCLE}/declaration-filing@deadlines"]
    assert event.decoded("dtstart").isoformat() == "2027-06-04T12:00:00-06:00"
    context.close()
