"""Reads served from caches are never older than what was committed before
they were asked: the records are read once per revision (a write from
another process shows at the next read), and the form page, the embed and
the API, computed once per change, show a clerk write at once."""
from __future__ import annotations

import uuid

from sqlalchemy.orm import Session

from deadlines.core.registry import Registry
from deadlines import commands
from deadlines.recorded import DbRecords
from deadlines.store import tokens
from deadlines.store.db import get_db, make_db, writer
from tests.reminders_fixtures import sqlite_url  # noqa: F401
from web import create_app

REG = Registry()
SLC, CYCLE = "salt-lake-city-ut", "2027-11-02"


def test_records_are_read_once_per_revision_and_a_write_elsewhere_shows_at_the_next_read(sqlite_url):
    db = get_db(sqlite_url)
    slc = REG.get(SLC)
    src = DbRecords(db)  # a revision TTL of 1 s: the records themselves must not wait for it
    first = src.recorded(SLC)
    assert src.recorded(SLC) is first  # the same revision: not read again
    elsewhere = make_db(sqlite_url)  # another process's engine
    with Session(writer(elsewhere)) as s, s.begin():
        commands.record_event(s, slc, "objection-filed", "2027-06-10T10:00")
    after = src.recorded(SLC)
    assert len(first.events) == 0 and len(after.events) == 1
    assert src.recorded(SLC) is after
    elsewhere.dispose()


def test_the_form_page_the_embed_and_the_api_show_a_clerk_write_at_once(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "BASE_URL": "http://deadlines.test", "TODAY": "2027-03-01",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, SLC)
    client = app.test_client()
    pages = [f"/?jurisdiction={SLC}&election={CYCLE}", f"/api/v1/jurisdictions/{SLC}/deadlines?election={CYCLE}",
             f"/embed/{SLC}"]
    before = [client.get(p).data for p in pages]
    assert [client.get(p).data for p in pages] == before  # nothing changed: the same answers
    # Friday, March 5, 2027 is no date of Salt Lake City's 2027 cycle by rule; the order makes it the
    # withdrawal's, four days after "today": the next deadline, in the embed too
    assert not any(b"March 5, 2027" in b or b"2027-03-05" in b for b in before)
    put = client.put(f"/api/v1/jurisdictions/{SLC}/overrides/{CYCLE}/withdrawal",
                     json={"due": "2027-03-05", "authority": "Order 7", "reason": uuid.uuid4().hex},
                     headers={"Authorization": f"Bearer {secret}"})
    assert put.status_code == 200, put.get_json()
    form, api, embed = (client.get(p).data for p in pages)
    assert b"March 5, 2027" in form and b"2027-03-05" in api and b"March 5, 2027" in embed
