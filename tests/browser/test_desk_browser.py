"""The clerk's desk end to end in headless Chromium (Debian's), with and
without JavaScript, at 390 px (issue 17): a clerk invited by the command line
signs in with the link from the email (a real SMTP server, aiosmtpd),
records two ordinances for model-city, a court order moving the second one's
referendum deadline, deletes the first with a reason; then the public page,
the feed and the subscribers' email say so.

Worked dates (City code § 100.03, "within 30 days after" adoption; model-city
names no state, so no roll): adopted Monday May 7, 2029 -> Wednesday June 6,
2029; adopted Thursday June 14, 2029 -> Saturday July 14, 2029, which the
court moves to 5:00 p.m. on Tuesday July 24, 2029. The scheduler's clock is
pinned to March 1, 2029 (``NOW``): "deadline moved" is sent only for dates
still to come, so the test does not depend on the machine's clock.

Also: the desk with the keyboard alone (every form's fields and buttons
reached by Tab in reading order, each with a visible focus; a form sent with
Enter and saved with Space), and axe-core on the desk with JavaScript on and
off, at 390 and 1280 px."""
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
from tests.browser_helpers import ARTIFACTS, axe
from tests.reminders_fixtures import mailing_app, settings_for, smtp_server  # noqa: F401 (fixtures)

AUTHORITY = "Roe v. Model City, No. 29-114 (Cir. Ct. July 1, 2029)"
NOW = datetime(2029, 3, 1, 15, tzinfo=timezone.utc)  # the scheduler's clock in these tests


@pytest.fixture
def app(mailing_app):  # noqa: F811
    """The app ``live_server`` serves: the desk's, mailing through ``smtp_server``."""
    return mailing_app


def _subscribers(app, *addresses):
    reg = app.extensions["registry"]
    with Session(app.extensions["records"].db) as s, s.begin():
        for a in addresses:
            subscriptions.create(s, reg.get("model-city"), channel="email", target=a, confirmed=True)


def _check_and_save(page):
    page.click("#save")
    page.wait_for_selector("p.notice[role=status]")


def _no_sideways_scroll_and_axe_clean(page, name, javascript):
    """No sideways scroll at the page's width; axe-core finds nothing. axe
    needs JavaScript to run: without it, the page as the browser built it
    with JavaScript off (noscript content shown, no script run) is served
    again, under its own address (so its styles load), to a context with
    JavaScript that only axe uses."""
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{name} scrolls sideways by {overflow}px"
    if javascript:
        found = axe(page)
    else:
        html = re.sub(r"<script\b.*?</script>", "", page.content(), flags=re.S)
        html = html.replace("<noscript>", "<div>").replace("</noscript>", "</div>").replace("<body", "<body data-no-js", 1)
        viewer = page.context.browser.new_context(viewport=page.viewport_size, bypass_csp=True)
        try:
            shown = viewer.new_page()
            shown.route(page.url, lambda route: route.fulfill(body=html, content_type="text/html; charset=utf-8"))
            shown.goto(page.url)
            assert shown.locator("body[data-no-js]").count() == 1  # the page built without JavaScript, not a fresh one
            found = axe(shown)
        finally:
            viewer.close()
    assert found == [], f"{name} ({'JavaScript on' if javascript else 'JavaScript off'}): {found}"


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_clerk_keeps_the_record_in_the_browser(browser, app, live_server, smtp_server, monkeypatch, javascript):
    monkeypatch.setenv("DEADLINES_BASE_URL", live_server)
    monkeypatch.setattr("web.clerk.now", lambda: NOW)  # the replan after each write
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
                    lambda: NOW)
    while worker.tick():
        pass
    moved = [m for m in smtp_server.messages if m["Subject"].startswith("Deadline moved")]
    assert sorted(m["To"] for m in moved) == ["ann@voters.test", "bo@voters.test"]  # one each
    for m in moved:
        text = m.get_body(("plain",)).get_content()
        assert "Ordinance 2029-9" in m["Subject"]
        assert "Was: Saturday, July 14, 2029" in text and "Now: Tuesday, July 24, 2029, at 5:00 p.m." in text
        assert AUTHORITY in text


#: What Tab should reach, in the order of the page (a radio group is one stop).
FOCUSABLE = """() => {
  const seen = new Set(), out = [];
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea')) {
    if (el.disabled || !el.getClientRects().length) continue;
    if (el.type === 'radio') { if (seen.has(el.name)) continue; seen.add(el.name); }
    el.dataset.k = out.length;
    out.push((el.id || el.name || el.textContent.trim()).slice(0, 40));
  }
  return out;
}"""
FOCUSED = """() => {
  const el = document.activeElement, css = getComputedStyle(el);
  return [el.dataset.k === undefined ? null : Number(el.dataset.k),
          css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) >= 2];
}"""


#: Each desk's forms of its own: events and their deletion, a notice to mark published, a choice of the law.
MORE = {"model-city": ("event-name", "event-date", "event-time", "event-label", "reason-event-1", "reason-override-1",
                       "reason-closure-1", "office-hours-delete-reason"),
        "ypsilanti-mi": ("draft-1-en", "published-on-1", "where-1"),  # the draft in the desk's language
        "salt-lake-city-ut": ("taken", "decision-authority-ranked-choice")}


def _tab_through(page, name):
    """Tab from the top reaches every field and button once, in reading order, each with a visible focus."""
    stops = page.evaluate(FOCUSABLE)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    reached = []
    for _ in range(4 * len(stops)):  # a date or time field takes a stop per part (month, day, year)
        page.keyboard.press("Tab")
        k, visible = page.evaluate(FOCUSED)
        assert visible, f"{name}: no visible focus on {stops[k] if k is not None else 'an element'}"
        if not reached or reached[-1] != k:
            reached.append(k)
        if len(reached) == len(stops):
            break
    assert reached == list(range(len(stops))), f"{name}: tab order {reached} for {stops}"
    return stops


def _tab_to(page, selector):
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement === document.querySelector(s)", selector):
            return
    raise AssertionError(f"Tab never reaches {selector}")


def test_the_desk_with_the_keyboard_alone_and_axe_at_1280_and_390(browser, app, live_server, monkeypatch):
    from deadlines import commands
    from deadlines.store import clerks
    monkeypatch.setattr("web.clerk.now", lambda: NOW)
    reg = app.extensions["registry"]
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        for jid in ("model-city", "ypsilanti-mi", "salt-lake-city-ut"):
            account = clerks.invite(s, jid, "clerk@desk.test", "R. Roe")
        secret = clerks.link(s, account)
        model_city = reg.get("model-city")
        commands.record_event(s, model_city, "ordinance-adopted", "2029-05-07", "Ordinance 2029-4")
        commands.put_override(s, model_city, "2029-11-06", "referendum-petition-filing",
                             {"due": "2029-06-08", "authority": AUTHORITY, "reason": "a flood"})
        commands.record_closure(s, model_city, "2029-06-01", "Flood")
        commands.set_office_hours(s, model_city, {"open": "08:00", "close": "16:30", "authority": "Posted hours"})
    _subscribers(app, "ann@voters.test")
    desks = {"model-city": "/clerk/model-city?cycle=2029-11-06", "ypsilanti-mi": "/clerk/ypsilanti-mi?cycle=2028-11-07",
             "salt-lake-city-ut": "/clerk/salt-lake-city-ut?cycle=2025-11-04"}
    for width in (1280, 390):
        context = browser.new_context(viewport={"width": width, "height": 900}, bypass_csp=True)
        page = context.new_page()
        page.goto(f"{live_server}/clerk/sign-in/{secret}" if width == 1280 else live_server + "/clerk/")
        if width == 1280:  # signed in with the keyboard: Tab to the button, Enter
            _tab_to(page, "#sign-in")
            with page.expect_navigation():
                page.keyboard.press("Enter")
        else:
            context.add_cookies(cookies)
        cookies = context.cookies()
        for jid, path in desks.items():
            page.goto(live_server + path)
            stops = _tab_through(page, f"{jid} at {width}px")
            for field in ("cycle", "override-deadline", "override-authority", "closure-day", "closure-reason",
                          "office-open", "office-close", "office-authority", "token-label", *MORE[jid]):
                assert field in stops, (jid, field)
            _no_sideways_scroll_and_axe_clean(page, f"{jid} desk at {width}px", True)
            page.screenshot(path=str(ARTIFACTS / f"desk-{jid}-{width}.png"), full_page=True)
        context.close()

    # a closure recorded with the keyboard: typed, sent with Enter, saved with Space
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    context.add_cookies(cookies)
    page = context.new_page()
    page.goto(live_server + desks["model-city"])
    page.fill("#closure-day", "2029-06-04")  # a date field is typed per the browser's locale; its value set here
    _tab_to(page, "#closure-reason")  # Tab on from the day (through its parts)
    page.keyboard.type("Courthouse closed for repairs")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "Check before saving" in page.inner_text("#preview-heading")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    _tab_to(page, "#save")
    with page.expect_navigation():
        page.keyboard.press("Space")
    assert "closed on Monday, June 4, 2029" in page.inner_text("p.notice[role=status]")
    # and deleted again: Tab to its reason, type, Tab to its button, Enter; Space on Save
    page.evaluate("document.activeElement && document.activeElement.blur()")
    item = page.locator("#closures li", has_text="Courthouse closed for repairs")
    _tab_to(page, f"#{item.locator('input[name=reason]').get_attribute('id')}")
    page.keyboard.type("entered by mistake")
    page.keyboard.press("Tab")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    _tab_to(page, "#save")
    with page.expect_navigation():
        page.keyboard.press("Space")
    assert "Deleted the closure." in page.inner_text("p.notice[role=status]")
    assert "Courthouse closed for repairs" not in page.inner_text("#closures")
    _no_sideways_scroll_and_axe_clean(page, "model-city desk, JavaScript off", False)
    context.close()
