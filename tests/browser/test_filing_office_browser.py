"""The clerk of Perry, Utah records a short Friday and the filing office at
the desk in headless Chromium (Debian's), and the public page says both
(issue 25): invited by `deadlines clerk invite`, signed in by the emailed
link (a real SMTP server), the hours 7:00 a.m. to 6:00 p.m. with Friday 9:00
a.m. to 12:00 noon, the City Recorder at 3005 S 1200 W.

Worked dates (election of Tuesday, November 2, 2027): the write-in
declaration is due "before 5 p.m. no later than 65 days before" (Utah Code
20A-9-601(1)(a)): Sunday, August 29, carried to Monday, August 30 by 68-3-7;
its prior-business-day reading, Friday, August 27, ends when the office
closes that Friday: at noon by her record (research had 1:00 p.m.)."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from deadlines.cli import main
from tests.browser_helpers import save
from tests.reminders_fixtures import mailing_app, smtp_server  # noqa: F401 (fixtures)

JID, CYCLE = "perry-ut", "2027-11-02"


@pytest.fixture
def app(mailing_app):  # noqa: F811
    """The app ``live_server`` serves: the desk's, mailing through ``smtp_server``."""
    return mailing_app


def test_the_clerk_of_perry_records_a_short_friday_and_the_filing_office(
        browser, app, live_server, smtp_server, monkeypatch):  # noqa: F811
    monkeypatch.setenv("DEADLINES_BASE_URL", live_server)
    invited = CliRunner().invoke(main, ["clerk", "invite", JID, "recorder@perry.test", "--name", "City Recorder"])
    assert invited.exit_code == 0, invited.output
    [mail] = smtp_server.messages
    link = re.search(r"(http://127\.0\.0\.1:\d+/clerk/sign-in/\S+)", mail.get_body(("plain",)).get_content()).group(1)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(link)
    page.click("#sign-in")
    page.goto(f"{live_server}/clerk/{JID}?cycle={CYCLE}")
    page.fill("#office-open", "07:00")
    page.fill("#office-close", "18:00")
    page.select_option("#office-other-day", "friday")
    page.fill("#office-other-open", "09:00")
    page.fill("#office-other-close", "12:00")
    page.fill("#office-authority", "City Recorder's posted hours, 2027")
    page.click("text=Check the hours")
    save(page)
    page.fill("#filing-office", "City Recorder")
    page.fill("#filing-address", "3005 S 1200 W, Perry, Utah")
    page.fill("#filing-phone", "435-723-6461")
    page.fill("#filing-where", "the front counter")
    page.fill("#filing-authority", "City notice of the 2027 filing period")
    page.click("text=Check the filing office")
    save(page)

    data = json.loads(context.request.get(f"{live_server}/api/v1/jurisdictions/{JID}/deadlines?election={CYCLE}").body())
    write_in = next(d for d in data["deadlines"] if d["id"] == "write-in-declaration")
    assert write_in["safe_due"] == "2027-08-27T12:00:00-06:00"
    assert write_in["basis"]["facts"][0]["source"] == "recorded by the clerk"
    page.goto(f"{live_server}/?jurisdiction={JID}&election={CYCLE}")
    text = page.inner_text("main")
    assert "File with: City Recorder; 3005 S 1200 W, Perry, Utah; 435-723-6461; the front counter" in text
    assert "The law says 5:00 p.m.; the office closes at 12:00 noon on Fridays" in text
