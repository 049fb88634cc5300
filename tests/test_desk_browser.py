"""The clerk's desk end to end in headless Chromium (Debian's), with and
without JavaScript, at 390 px (issue 17): a clerk invited by the command line
signs in with the link from the email (a real SMTP server, aiosmtpd),
records two ordinances for model-city, a court order moving the second one's
referendum deadline, deletes the first with a reason; then the public page,
the feed and the subscribers' email say so.

Worked dates (City code § 100.03, "within 30 days after" adoption; model-city
names no state, so no roll): adopted Monday May 7, 2029 -> Wednesday June 6,
2029; adopted Thursday June 14, 2029 -> Saturday July 14, 2029, which the
court moves to 5:00 p.m. on Tuesday July 24, 2029 (a cycle within the
reminders' four years ahead of the machine's clock, whose dates are still to
come until mid-2029: "deadline moved" is sent only for those)."""
from __future__ import annotations

import re
from datetime import datetime, timezone

import icalendar
import pytest
from click.testing import CliRunner
from sqlalchemy.orm import Session

from deadlines.cli import main
from deadlines.reminders.scheduler import Worker
from deadlines.store import subscriptions
from tests.reminders_fixtures import settings_for, smtp_server  # noqa: F401
from tests.test_browser import ARTIFACTS, AXE, browser  # noqa: F401
from web import create_app

from conftest import TODAY

AUTHORITY = "Roe v. Model City, No. 29-114 (Cir. Ct. July 1, 2029)"


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'desk.sqlite3'}"


@pytest.fixture
def app(db_url, smtp_server, monkeypatch):
    monkeypatch.setenv("DEADLINES_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("DEADLINES_SMTP_PORT", str(smtp_server.port))
    monkeypatch.setenv("DEADLINES_DATABASE_URL", db_url)
    return create_app({"DATABASE_URL": db_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY})


def _subscribers(app, *addresses):
    reg = app.extensions["registry"]
    with Session(app.extensions["records"].db) as s, s.begin():
        for a in addresses:
            subscriptions.create(s, reg.get("model-city"), channel="email", target=a, confirmed=True)


def _check_and_save(page):
    page.click("#save")
    page.wait_for_selector("p.notice[role=status]")


def _no_sideways_scroll_and_axe_clean(page, name, javascript):
    """At 390 px; axe-core needs JavaScript, so it runs in the run that has it."""
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{name} scrolls sideways by {overflow}px"
    if not javascript:
        return
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("axe.run().then(r => r.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target).join(' ')))")
    assert found == [], f"{name}: {found}"


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_clerk_keeps_the_record_in_the_browser(browser, app, live_server, smtp_server, monkeypatch, javascript):
    monkeypatch.setenv("DEADLINES_BASE_URL", live_server)
    _subscribers(app, "ann@voters.test", "bo@voters.test")
    out = CliRunner().invoke(main, ["clerk", "invite", "model-city", "clerk@model-city.test", "--name", "R. Roe"])
    assert out.exit_code == 0, out.output
    [invitation] = smtp_server.messages
    assert invitation["To"] == "clerk@model-city.test"
    link = re.search(r"(http://127\.0\.0\.1:\d+/clerk/sign-in/\S+)", invitation.get_body(("plain",)).get_content()).group(1)

    context = browser.new_context(java_script_enabled=javascript, viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    page.goto(link)
    page.click("#sign-in")
    assert page.url.endswith("/clerk/model-city")
    page.goto(live_server + "/clerk/model-city?cycle=2029-11-06")
    for day, label in (("2029-05-07", "Ordinance 2029-4"), ("2029-06-14", "Ordinance 2029-9")):
        page.select_option("#event-name", "ordinance-adopted")
        page.fill("#event-date", day)
        page.fill("#event-label", label)
        page.click("text=Check the event")
        assert "new," in page.inner_text("#preview-moves")  # shown before it is saved
        _check_and_save(page)
    option = page.locator("#override-deadline option", has_text="Ordinance 2029-9")
    page.select_option("#override-deadline", option.get_attribute("value"))
    page.fill("#override-date", "2029-07-24")
    page.fill("#override-time", "17:00")
    page.fill("#override-authority", AUTHORITY)
    page.fill("#override-reason", "the clerk's office was closed by a flood")
    page.click("text=Check the order")
    assert ("Referendum petition filing deadline (Ordinance 2029-9): Saturday, July 14, 2029 → "
            "5:00 p.m., Tuesday, July 24, 2029 (CDT) (overridden)") in page.inner_text("#preview-moves")
    _check_and_save(page)
    first = page.locator("ul.desk-list li", has_text="Ordinance 2029-4")
    first.locator("input[name=reason]").fill("repealed by the council")
    first.locator("button", has_text="Delete").click()
    assert "cancelled (was Wednesday, June 6, 2029)" in page.inner_text("#preview-moves")
    _check_and_save(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"desk-{'js' if javascript else 'no-js'}.png"), full_page=True)
    history = page.inner_text(".clerk-history")
    assert "R. Roe (desk): replaced the date of “Referendum petition filing deadline” (case “Ordinance 2029-9”)" in history
    _no_sideways_scroll_and_axe_clean(page, "desk", javascript)

    page.goto(live_server + "/?jurisdiction=model-city&election=2029-11-06")
    live_rows = page.locator("ol.deadlines > li[id$=referendum-petition-filing]")  # one list of rows (issue 18)
    assert live_rows.count() == 1
    row = live_rows.first
    assert "Ordinance 2029-9" in row.locator(".row-title").inner_text()
    due = row.locator(".row-when").inner_text() + "\n" + row.locator(".row-changed").inner_text()
    assert "5:00 p.m., Tuesday, July 24, 2029 (CDT)" in due
    assert f"Changed by {AUTHORITY}: was Saturday, July 14, 2029" in due
    gone = page.inner_text("ul.cancelled")
    assert "Ordinance 2029-4" in gone and "Cancelled by the clerk on" in gone and "repealed by the council" in gone
    assert page.locator("ul.cancelled a.add").count() == 0
    assert "Ordinance 2029-9" in page.inner_text("#next-deadline") or "Ordinance 2029-4" not in page.inner_text("#next-deadline")
    _no_sideways_scroll_and_axe_clean(page, "public page", javascript)

    feed = icalendar.Calendar.from_ical(context.request.get(live_server + "/calendars/model-city/2029-11-06.ics").body())
    events = {str(e["uid"]): e for e in feed.walk("VEVENT") if "referendum" in str(e["uid"])}
    assert len(events) == 2
    one, two = (events[u] for u in sorted(events, key=lambda u: int(u.split("/")[1].removeprefix("case-"))))
    assert str(one["status"]) == "CANCELLED" and "Ordinance 2029-4" in str(one["summary"])
    assert str(two.get("status", "CONFIRMED")) != "CANCELLED" and "Ordinance 2029-9" in str(two["summary"])
    context.close()

    smtp_server.messages.clear()
    worker = Worker(app.extensions["records"].db, app.extensions["registry"], settings_for(smtp_server),
                    lambda: datetime.now(timezone.utc))
    while worker.tick():
        pass
    moved = [m for m in smtp_server.messages if m["Subject"].startswith("Deadline moved")]
    assert sorted(m["To"] for m in moved) == ["ann@voters.test", "bo@voters.test"]  # one each
    for m in moved:
        text = m.get_body(("plain",)).get_content()
        assert "Ordinance 2029-9" in m["Subject"]
        assert "Was: Saturday, July 14, 2029" in text and "Now: Tuesday, July 24, 2029, at 5:00 p.m." in text
        assert AUTHORITY in text
