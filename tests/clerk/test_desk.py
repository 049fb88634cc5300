"""The clerk's desk (issue 17) through the test client: a POST without its
CSRF token is refused, a clerk of one jurisdiction gets 403 on another's
desk, a sign-in link works once, a write is shown before it is saved, a
published notice stops its reminders."""
from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.reminders.plan import replan
from deadlines.reminders.settings import Settings
from deadlines.store import subscriptions
from deadlines.store.tables import NoticePublication, Reminder, TriggerEvent
from tests.desk_helpers import csrf_of, signed_in
from tests.reminders_fixtures import sqlite_url  # noqa: F401
from web import create_app


@pytest.fixture
def app(desk_app):
    return desk_app


def test_a_link_works_once_and_the_session_cookie_is_httponly_and_samesite(app):
    client, secret = signed_in(app)
    cookie = client.get_cookie("session")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"
    assert client.get("/clerk/model-city").status_code == 200
    again = app.test_client()
    assert again.get(f"/clerk/sign-in/{secret}").status_code == 410  # spent
    assert again.get("/clerk/model-city").status_code == 302  # to the sign-in page


def test_a_post_without_its_csrf_token_is_refused_and_nothing_is_stored(app):
    client, _ = signed_in(app)
    page = client.get("/clerk/model-city").get_data(as_text=True)
    forms = set(re.findall(r'action="(/clerk/model-city/[a-z-]+)\?', page))
    assert {"/clerk/model-city/event", "/clerk/model-city/override", "/clerk/model-city/tokens"} <= forms
    body = {"name": "ordinance-adopted", "date": "2027-05-03", "label": "Ordinance 2027-4", "step": "save"}
    for action in sorted(forms) + ["/clerk/sign-out", "/clerk/sign-in"]:
        r = client.post(action, data=body)
        assert r.status_code == 400 and "CSRF" in r.get_data(as_text=True), action
        r = client.post(action, data={**body, "csrf_token": "forged"})
        assert r.status_code == 400, action
    with Session(app.extensions["records"].db) as s:
        assert s.scalar(select(func.count()).select_from(TriggerEvent)) == 0
    ok = client.post("/clerk/model-city/event", data={**body, "csrf_token": csrf_of(page)})
    assert ok.status_code == 302


def test_a_clerk_of_one_jurisdiction_gets_403_on_anothers_desk(app):
    client, _ = signed_in(app, "orem-ut", "recorder@orem.test")  # a roster government
    desk = client.get("/clerk/orem-ut")
    assert desk.status_code == 200
    assert "Times are Mountain Time (America/Denver" in desk.get_data(as_text=True)  # the zone as the public pages name it
    assert client.get("/clerk/model-city").status_code == 403
    token = csrf_of(client.get("/clerk/orem-ut").get_data(as_text=True))
    r = client.post("/clerk/model-city/event", data={"name": "ordinance-adopted", "date": "2027-05-03",
                                                      "csrf_token": token, "step": "save"})
    assert r.status_code == 403


def test_a_write_is_shown_with_what_it_moves_before_it_is_saved(app):
    client, _ = signed_in(app)
    token = csrf_of(client.get("/clerk/model-city").get_data(as_text=True))
    r = client.post("/clerk/model-city/event?cycle=2027-11-02", data={
        "csrf_token": token, "name": "ordinance-adopted", "date": "2027-05-03", "label": "Ordinance 2027-4"})
    html = r.get_data(as_text=True)
    # within 30 days after May 3, 2027: June 2, 2027 (the day of adoption excluded)
    assert "Referendum petition filing deadline (Ordinance 2027-4): new, Wednesday, June 2, 2027." in html
    with Session(app.extensions["records"].db) as s:
        assert s.scalar(select(func.count()).select_from(TriggerEvent)) == 0  # only shown
    bad = client.post("/clerk/model-city/event?cycle=2027-11-02", data={
        "csrf_token": token, "name": "ordinance-adopted", "date": "2027-02-30"})
    assert bad.status_code == 422 and "2027-02-30" in bad.get_data(as_text=True)


def _notice_reminders(app, uid) -> int:
    with Session(app.extensions["records"].db) as s:
        return s.scalar(select(func.count()).select_from(Reminder).where(
            Reminder.deadline_uid == uid, Reminder.kind.in_(("notice-open", "notice-close")), Reminder.state == "pending"))


@pytest.fixture
def april_2028(sqlite_url):
    """Inside Ypsilanti's 2028 filing-notice window (it opens April 4): a publication can be marked only once it
    has happened and inside the window (a clerk marking one ahead of time is refused: tests/clerk/test_desk_published.py)."""
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": "2028-04-10"})


def test_marking_a_notice_published_stops_its_reminders(april_2028):
    app = april_2028
    with Session(app.extensions["records"].db) as s, s.begin():
        subscriptions.create(s, app.extensions["registry"].get("ypsilanti-mi"), channel="email",
                             target="clerk-reminders@ypsilanti.test", confirmed=True)
    plan = lambda: replan(app.extensions["records"].db, app.extensions["registry"], "ypsilanti-mi",  # noqa: E731
                          now=datetime(2027, 6, 1, tzinfo=timezone.utc), settings=Settings())
    plan()
    uid = "ypsilanti-mi/2028-11-07/filing-notice"
    assert _notice_reminders(app, uid) == 2  # at the opening, and days before the close
    client, _ = signed_in(app, "ypsilanti-mi", "clerk@ypsilanti.test")
    page = client.get("/clerk/ypsilanti-mi?cycle=2028-11-07").get_data(as_text=True)
    assert "NOTICE OF THE LAST DAY FOR FILING" in page  # the drafted text, ready to copy
    r = client.post("/clerk/ypsilanti-mi/notice?cycle=2028-11-07", data={
        "csrf_token": csrf_of(page), "uid": uid, "published_on": "2028-04-05", "where": "The Ypsilanti Courier",
        "step": "save"})
    assert r.status_code == 302
    with Session(app.extensions["records"].db) as s:
        assert s.scalar(select(NoticePublication.where).where(NoticePublication.deadline_uid == uid)) == "The Ypsilanti Courier"
    page = client.get("/clerk/ypsilanti-mi?cycle=2028-11-07").get_data(as_text=True)
    assert "Published Wednesday, April 5, 2028 in The Ypsilanti Courier" in page
    plan()  # as of the same day: the notice's reminders are gone
    assert _notice_reminders(app, uid) == 0


def test_the_desk_lists_each_subscribers_reminders_deadline_channel_and_when(app):
    # Ypsilanti 2028: the primary is Tuesday August 8 (the Tuesday after the first Monday); petitions are due
    # on the 15th Tuesday preceding it, April 25, 4:00 p.m.; a subscriber reminded 7 days before hears on
    # Tuesday April 18 at 9:00 a.m. (the reminder hour); the withdrawal by the third day after, Friday April 28,
    # is reminded Friday April 21; the notice window closes 7 days before the filing deadline (April 18),
    # reminded 3 days before it (Saturday April 15), and opens April 4.
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        subscriptions.create(s, app.extensions["registry"].get("ypsilanti-mi"), channel="email",
                             target="clerk-reminders@ypsilanti.test", confirmed=True, leads=["7"])
    replan(app.extensions["records"].db, app.extensions["registry"], "ypsilanti-mi",
           now=datetime(2028, 3, 1, tzinfo=timezone.utc), settings=Settings())
    client, _ = signed_in(app, "ypsilanti-mi", "clerk@ypsilanti.test")
    page = client.get("/clerk/ypsilanti-mi?cycle=2028-11-07").get_data(as_text=True)
    listed = re.search(r'id="subscribers">(.*?)</ul>\s*</li>', page, re.S).group(1)
    items = re.findall(r"<li>([^<]+)</li>", listed)
    assert items[:4] == [
        "Publish notice of the petition filing deadline (the notice window opens): by email at 9:00 a.m., "
        "Tuesday, April 4, 2028 (EDT)",
        "Publish notice of the petition filing deadline (3 days before the notice window closes): by email at "
        "9:00 a.m., Saturday, April 15, 2028 (EDT)",
        "Nominating petitions due (7 days before): by email at 9:00 a.m., Tuesday, April 18, 2028 (EDT)",
        "Last day to withdraw after filing (written notice to the city clerk) (7 days before): by email at 9:00 a.m., "
        "Friday, April 21, 2028 (EDT)",
    ]
    with Session(app.extensions["records"].db) as s:
        pending = s.scalar(select(func.count()).select_from(Reminder).where(Reminder.state == "pending"))
    assert f"confirmed; {pending} reminders to send:" in listed
    assert len(items) == 11 and items[-1] == f"and {pending - 10} more"  # the next ten, the rest counted
