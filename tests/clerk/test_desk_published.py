"""“Mark as published” on the clerk's desk (issue 27 item 6): a day after today
(in the jurisdiction's zone), before the notice window opens or after it
closes is refused beside the field and nothing is stored; a publication can
be undone (recorded in the history like every desk write, its reminders back);
the public row of the notice then says "published <day> in <where>", in
English and in Spanish.

Ypsilanti 2028 (as in tests/clerk/test_desk.py): the primary is Tuesday August 8;
petitions are due on the 15th Tuesday preceding it, April 25; the notice of
the filing deadline is published from Tuesday April 4 until 7 days before the
filing deadline, Tuesday April 18, 2028. Today is pinned to Monday April 10,
2028 (Eastern Time) unless a test says otherwise."""
from __future__ import annotations

import html
import re
from datetime import datetime, timezone

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.reminders.plan import replan
from deadlines.reminders.settings import Settings
from deadlines.store import history, subscriptions
from deadlines.store.tables import HistoryEntry, NoticePublication, Reminder
from tests.desk_helpers import csrf_of, signed_in
from tests.reminders_fixtures import sqlite_url  # noqa: F401
from web import create_app

J = "ypsilanti-mi"
CYCLE = "2028-11-07"
UID = f"{J}/{CYCLE}/filing-notice"
TITLE = "Publish notice of the petition filing deadline"
DESK = f"/clerk/{J}?cycle={CYCLE}"
PUBLIC = f"/?jurisdiction={J}&election={CYCLE}"
WHERE = "The Ypsilanti Courier"


def _app(url, today="2028-04-10"):
    return create_app({"DATABASE_URL": url, "SECRET_KEY": "test", "TESTING": True, "TODAY": today})


@pytest.fixture
def app(sqlite_url):
    return _app(sqlite_url)


def _publications(app) -> list[tuple]:
    with Session(app.extensions["records"].db) as s:
        return [(p.deadline_uid, p.published_on.isoformat(), p.where, p.by)
                for p in s.scalars(select(NoticePublication))]


def _history(app) -> list[HistoryEntry]:
    with Session(app.extensions["records"].db, expire_on_commit=False) as s:
        return history.listing(s, J)


def _mark(client, day, where=WHERE, step="save"):
    page = client.get(DESK).get_data(as_text=True)
    return client.post(f"/clerk/{J}/notice?cycle={CYCLE}", data={
        "csrf_token": csrf_of(page), "submission": "desk-test", "uid": UID, "published_on": day, "where": where,
        **({"step": step} if step else {})})


def _undo(client, reason="Marked by mistake: the notice runs next week", step="save"):
    page = client.get(DESK).get_data(as_text=True)
    return client.post(f"/clerk/{J}/notice-delete?cycle={CYCLE}", data={
        "csrf_token": csrf_of(page), "submission": "desk-test-undo", "uid": UID, "reason": reason,
        **({"step": step} if step else {})})


def _article(page: str) -> str:
    """The desk's block of the notice (its form and what it says)."""
    start = page.index(f"<h3>{TITLE}</h3>")
    return page[start:page.index("</article>", start)]


def _public_status(client, lang=None) -> str:
    page = client.get(PUBLIC + (f"&lang={lang}" if lang else "")).get_data(as_text=True)
    row = page[page.index('id="filing-notice"'):]
    row = row[:row.index("</li>")]
    return html.unescape(re.search(r'<span class="row-status">([^<]*)</span>', row).group(1))


@pytest.mark.parametrize("day, said", [
    ("2028-04-12", "published_on: Wednesday, April 12, 2028 is after today (Monday, April 10, 2028, Eastern Time)"),
    ("2028-08-30", "published_on: Wednesday, August 30, 2028 is after today (Monday, April 10, 2028, Eastern Time)"),
    ("2028-04-03", "published_on: Monday, April 3, 2028 is before the notice window opens, on Tuesday, April 4, 2028"),
    ("2027-12-01", "is before the notice window opens, on Tuesday, April 4, 2028"),
])
def test_a_day_in_the_future_or_before_the_window_is_refused_beside_the_field(app, day, said):
    client, _ = signed_in(app, J, "clerk@ypsilanti.test")
    for step in (None, "save"):  # at the check and at the Save alike
        r = _mark(client, day, step=step)
        page = r.get_data(as_text=True)
        assert r.status_code == 422
        block = _article(page)
        assert said in html.unescape(block)  # in the notice's own block, beside the field
        field = re.search(r'<input type="date"[^>]*name="published_on"[^>]*>', block).group(0)
        assert 'aria-invalid="true"' in field and 'aria-describedby="notice-error"' in field
        assert f'value="{day}"' in field  # what was typed, kept to correct
        assert 'id="notice-error"' in block and "Check before saving" not in page
    assert _publications(app) == [] and _history(app) == []


def test_a_day_after_the_window_closed_is_refused(sqlite_url):
    app = _app(sqlite_url, today="2028-05-01")
    client, _ = signed_in(app, J, "clerk@ypsilanti.test")
    r = _mark(client, "2028-04-19")
    assert r.status_code == 422
    assert ("published_on: Wednesday, April 19, 2028 is after the notice window closes, on Tuesday, April 18, 2028"
            in html.unescape(_article(r.get_data(as_text=True))))
    assert _publications(app) == [] and _history(app) == []
    assert _mark(client, "2028-04-18").status_code == 302  # its last day is inside
    assert _publications(app) == [(UID, "2028-04-18", WHERE, "R. Roe (desk)")]


def test_a_day_in_the_window_up_to_today_is_stored_and_the_public_row_says_so(app):
    client, _ = signed_in(app, J, "clerk@ypsilanti.test")
    public = app.test_client()
    assert _public_status(public) == "coming"
    check = _mark(client, "2028-04-10", step=None)  # today, the first step: shown, not stored
    assert check.status_code == 200 and "Check before saving" in check.get_data(as_text=True)
    assert _publications(app) == []
    r = _mark(client, "2028-04-05")
    assert r.status_code == 302
    assert _publications(app) == [(UID, "2028-04-05", WHERE, "R. Roe (desk)")]
    assert [(e.action, e.target) for e in _history(app)] == [("notice.publish", f"notice:{CYCLE}/filing-notice")]
    desk = client.get(DESK).get_data(as_text=True)
    assert f"Marked “{TITLE}” published on Wednesday, April 5, 2028 in {WHERE}; its reminders stop." in desk
    assert f"Published Wednesday, April 5, 2028 in {WHERE} (marked by R. Roe (desk))." in _article(desk)
    assert _public_status(public) == f"published Wednesday, April 5, 2028 in {WHERE}"
    assert _public_status(public, "es") == f"publicado el miércoles, 5 de abril de 2028 en {WHERE}"
    # the API and the CLI say it too: the notice window's basis names the clerk's mark
    api = public.get(f"/api/v1/jurisdictions/{J}/deadlines?election={CYCLE}").json
    (row,) = [d for d in api["deadlines"] if d["id"] == "filing-notice"]
    assert row["basis"]["status"] == "recorded"
    assert {"fact": "notice_published:filing-notice", "value": "2028-04-05", "quote": WHERE, "by": "clerk"}.items() \
        <= next(f for f in row["basis"]["facts"] if f["fact"].startswith("notice_published")).items()
    assert f"The notice was published on Wednesday, April 5, 2028 in {WHERE}" in row["basis"]["said"]
    # another day for a notice marked already: undo first
    again = _mark(client, "2028-04-06")
    assert again.status_code == 422 and "undo that first" in again.get_data(as_text=True)
    assert _publications(app) == [(UID, "2028-04-05", WHERE, "R. Roe (desk)")]


def _notice_reminders(app) -> int:
    with Session(app.extensions["records"].db) as s:
        return s.scalar(select(func.count()).select_from(Reminder).where(
            Reminder.deadline_uid == UID, Reminder.kind.in_(("notice-open", "notice-close")), Reminder.state == "pending"))


def test_a_publication_can_be_undone_recorded_in_the_history_and_its_reminders_come_back(app):
    with Session(app.extensions["records"].db) as s, s.begin():
        subscriptions.create(s, app.extensions["registry"].get(J), channel="email",
                             target="clerk-reminders@ypsilanti.test", confirmed=True)
    plan = lambda: replan(app.extensions["records"].db, app.extensions["registry"], J,  # noqa: E731
                          now=datetime(2027, 6, 1, tzinfo=timezone.utc), settings=Settings())
    plan()
    assert _notice_reminders(app) == 2
    client, _ = signed_in(app, J, "clerk@ypsilanti.test")
    public = app.test_client()
    assert _mark(client, "2028-04-05").status_code == 302
    plan()
    assert _notice_reminders(app) == 0
    assert _public_status(public).startswith("published ")
    desk = client.get(DESK).get_data(as_text=True)
    undo = _article(desk)
    assert f'action="/clerk/{J}/notice-delete?cycle={CYCLE}"' in undo and "Undo: not published" in undo
    assert 'name="reason" required' in undo
    # without a reason: refused beside the button, nothing removed
    bare = _undo(client, reason=" ")
    assert bare.status_code == 422 and 'id="notice-delete-error"' in _article(bare.get_data(as_text=True))
    assert len(_publications(app)) == 1
    # the check, then the Save
    check = _undo(client, step=None)
    assert check.status_code == 200 and f"“{TITLE}” is no longer marked published" in check.get_data(as_text=True)
    assert len(_publications(app)) == 1
    r = _undo(client)
    assert r.status_code == 302 and _publications(app) == []
    assert _undo(client).status_code == 302  # sent twice: answered as the first, stored once
    entries = _history(app)
    assert [(e.action, e.target, e.by, e.reason) for e in entries] == [
        ("notice.delete", f"notice:{CYCLE}/filing-notice", "R. Roe (desk)", "Marked by mistake: the notice runs next week"),
        ("notice.publish", f"notice:{CYCLE}/filing-notice", "R. Roe (desk)", "")]
    desk = client.get(DESK).get_data(as_text=True)
    assert f"“{TITLE}” is no longer marked published; its reminders start again." in desk
    assert f"removed the mark that “{TITLE}” was published. Reason: Marked by mistake" in desk  # the desk's history
    assert "Mark as published" in _article(desk)  # the form again
    assert _public_status(public) == "coming"
    plan()
    assert _notice_reminders(app) == 2
    # nothing to undo now (another reason: not the same form sent again)
    nothing = _undo(client, reason="again")
    assert nothing.status_code == 422 and "not marked published" in nothing.get_data(as_text=True)
    assert len(_history(app)) == 2
    # marked again after the undo
    assert _mark(client, "2028-04-07", where="ypsilanticity.gov").status_code == 302
    assert _public_status(public) == "published Friday, April 7, 2028 in ypsilanticity.gov"


def test_undo_is_csrf_checked_and_only_for_the_clerks_own_jurisdiction(app):
    client, _ = signed_in(app, J, "clerk@ypsilanti.test")
    assert _mark(client, "2028-04-05").status_code == 302
    r = client.post(f"/clerk/{J}/notice-delete?cycle={CYCLE}", data={"uid": UID, "reason": "x", "step": "save"})
    assert r.status_code == 400 and "CSRF" in r.get_data(as_text=True)
    other, _ = signed_in(app, "orem-ut", "recorder@orem.test")
    token = csrf_of(other.get("/clerk/orem-ut").get_data(as_text=True))
    r = other.post(f"/clerk/{J}/notice-delete?cycle={CYCLE}", data={"csrf_token": token, "uid": UID, "reason": "x",
                                                                    "step": "save"})
    assert r.status_code == 403
    r = other.post("/clerk/orem-ut/notice-delete", data={"csrf_token": token, "uid": UID, "reason": "x",
                                                          "step": "save"})
    assert r.status_code == 422  # not a notice of Orem's: nothing of Ypsilanti's removed
    assert len(_publications(app)) == 1
