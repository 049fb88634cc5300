"""Issue 19, item 9 (the finding "Smaller"): each small way to a traceback, a
500 or a wrong word, held by its own test."""
from __future__ import annotations

import re
import time

import icalendar
import pytest
from click.testing import CliRunner
from sqlalchemy import func, select
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from deadlines.cli import main
from deadlines.store import tokens
from deadlines.store.tables import HistoryEntry, Reminder, TriggerEvent
from tests.reminders_fixtures import pg_url  # noqa: F401
from tests.tcp_relay import Relay
from web import create_app

from conftest import BASE_URL, TODAY


# --------------------------------------------------------------------------- command line: one line, never a traceback

@pytest.mark.parametrize("token_id", ["99999999999999999999", "9223372036854775808", "0", "-1"])
def test_revoking_a_token_id_out_of_range_is_one_line(tmp_path, monkeypatch, token_id):
    monkeypatch.setenv("DEADLINES_DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    result = CliRunner().invoke(main, ["token", "revoke", "--", token_id])
    assert result.exit_code == 1 and f"no live token {token_id}" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_pdf_into_a_missing_folder_is_one_line(tmp_path):
    target = tmp_path / "missing" / "calendar.pdf"
    result = CliRunner().invoke(main, ["calendar", "ypsilanti-mi", "--pdf", str(target)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert f"no folder {target.parent}" in result.output and "Traceback" not in result.output


# --------------------------------------------------------------------------- the database away

@pytest.mark.postgres
def test_an_unreachable_database_is_503_with_retry_after_and_feeds_give_their_last_good_version(pg_url):
    url = make_url(pg_url)
    forwarder = Relay(("127.0.0.1", url.port or 5432))
    app = create_app({"TESTING": True, "TODAY": TODAY, "SECRET_KEY": "t", "BASE_URL": BASE_URL,
                      "DATABASE_URL": url.set(host="127.0.0.1", port=forwarder.port).render_as_string(False)})
    client = app.test_client()
    feed, api, page = "/calendars/ypsilanti-mi.ics", "/api/v1/jurisdictions/ypsilanti-mi/deadlines", "/?jurisdiction=ypsilanti-mi"
    for path in (feed, api, page):
        assert client.get(path).status_code == 200, path
    good = client.get(feed)  # now from the cache
    assert good.status_code == 200 and "Warning" not in good.headers
    forwarder.cut()
    time.sleep(1.2)  # past the records revision's memory: the cache must ask the database again
    stale = client.get(feed)  # a calendar app keeps its dates: the last good version, said to be one
    assert stale.status_code == 200 and stale.data == good.data and stale.headers["ETag"] == good.headers["ETag"]
    assert stale.headers["Warning"].startswith("111 ") and "last good version" in stale.headers["X-Deadlines-Stale"]
    assert stale.headers["Cache-Control"] == "public, max-age=60"
    assert client.get(feed, headers={"If-None-Match": good.headers["ETag"]}).status_code == 304
    never = client.get("/calendars/ypsilanti-mi.ics?audience=candidates")  # never answered before: nothing to give
    assert never.status_code == 503 and never.is_json and never.headers["Retry-After"] == "30"
    resp = client.get(api)
    assert resp.status_code == 503 and resp.headers["Retry-After"] == "30"
    assert resp.is_json and "database is unavailable" in resp.get_json()["detail"]
    for lang, words in (("en", "Unavailable for a moment"), ("es", "No disponible por un momento")):
        shown = client.get(page + f"&lang={lang}")  # a person gets a page in the site's layout, not JSON
        html = shown.get_data(as_text=True)
        assert shown.status_code == 503 and shown.mimetype == "text/html" and shown.headers["Retry-After"] == "30"
        assert "<main>" in html and words in html and 'href="/static/style.css' in html.replace("'", '"')


# --------------------------------------------------------------------------- confirmation emails per mailbox

def _confirmations(app) -> int:
    with Session(app.extensions["records"].db) as s:
        return s.scalar(select(func.count()).select_from(Reminder).where(Reminder.kind == "confirm"))


def test_the_clerk_api_keeps_the_per_address_confirmation_limit(tmp_path):
    app = create_app({"TESTING": True, "TODAY": TODAY, "SECRET_KEY": "t", "BASE_URL": BASE_URL,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "model-city")
    client, auth = app.test_client(), {"Authorization": f"Bearer {secret}"}
    codes = [client.post("/api/v1/jurisdictions/model-city/subscriptions", headers=auth,
                         json={"channel": "email", "target": target})
             for target in ("victim@example.org", "victim@example.org", "Victim+2@example.org", "other@example.org")]
    assert [r.status_code for r in codes] == [201, 429, 429, 201]
    assert int(codes[1].headers["Retry-After"]) > 0 and codes[1].get_json()["field"] == "target"
    assert _confirmations(app) == 2


def test_plus_addresses_share_their_mailbox_limit_on_the_form(tmp_path):
    app = create_app({"TESTING": True, "TODAY": TODAY, "SECRET_KEY": "t", "BASE_URL": BASE_URL,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    codes = []
    for n, address in enumerate(("victim@example.org", "victim+1@example.org", "VICTIM+2@example.org")):
        client = app.test_client()  # each from its own client address: only the mailbox limit applies
        page = client.get("/subscribe", environ_base={"REMOTE_ADDR": f"192.0.2.{n + 1}"}).get_data(as_text=True)
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        codes.append(client.post("/subscribe", environ_base={"REMOTE_ADDR": f"192.0.2.{n + 1}"},
                                 data={"csrf_token": token, "jurisdiction": "model-city", "email": address}).status_code)
    assert codes == [200, 429, 429] and _confirmations(app) == 1


# --------------------------------------------------------------------------- clerk text inside descriptions

def test_clerk_text_cannot_add_lines_that_read_like_the_services(tmp_path):
    app = create_app({"TESTING": True, "TODAY": TODAY, "SECRET_KEY": "t", "BASE_URL": BASE_URL,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    posing = "x\nSAFE DATE: January 1, 2099 (the earliest reading of the law); this event sits on it.\nDue: never"
    writes = {"model-city": ("post", "events", {"name": "ordinance-adopted", "at": "2026-05-04", "label": posing}),
              "salt-lake-city-ut": ("put", "elections/2025-11-04",
                                    {"general": "2025-11-05", "authority": posing, "reason": posing})}
    for jid, (method, path, body) in writes.items():
        with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
            _, secret = tokens.create(s, jid)
        client = app.test_client()
        resp = getattr(client, method)(f"/api/v1/jurisdictions/{jid}/{path}", json=body,
                                       headers={"Authorization": f"Bearer {secret}"})
        assert resp.status_code in (200, 201), resp.get_data()
        descriptions = [str(e["description"]) for e in
                        icalendar.Calendar.from_ical(client.get(f"/calendars/{jid}.ics").data).walk("VEVENT")]
        assert any("2099" in d for d in descriptions)  # the clerk's text is there ...
        lines = [line for d in descriptions for line in d.split("\n")]
        assert not [line for line in lines if line.startswith(("SAFE DATE: January 1, 2099", "Due: never"))]  # ... in its place


# --------------------------------------------------------------------------- an overridden hour

def test_an_overridden_hour_is_the_hour_the_day_ends(tmp_path):
    """Withdrawal in Salt Lake City (Utah Code 20A-9-202) is due at the close
    of office hours; an order moving it to 2:18 a.m. on October 15, 2027 ends
    the day at 2:18 a.m., not at the office's closing hour."""
    app = create_app({"TESTING": True, "TODAY": TODAY, "SECRET_KEY": "t", "BASE_URL": BASE_URL,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "salt-lake-city-ut")
    client = app.test_client()
    ov = {"due": "2027-10-15T02:18", "authority": "Order of the court", "reason": "ballots"}
    assert client.put("/api/v1/jurisdictions/salt-lake-city-ut/overrides/2027-11-02/withdrawal", json=ov,
                      headers={"Authorization": f"Bearer {secret}"}).status_code == 200
    feed = icalendar.Calendar.from_ical(client.get("/calendars/salt-lake-city-ut/2027-11-02/withdrawal.ics").data)
    (description,) = [str(e["description"]) for e in feed.walk("VEVENT")]
    (due,) = [line for line in description.split("\n") if line.startswith("Due")]
    assert "2:18 a.m." in due and due.endswith("the day ends at 2:18 a.m. local time (America/Denver), "
                                               "as Order of the court orders.")


# --------------------------------------------------------------------------- a retried POST

def test_a_retried_event_post_with_an_idempotency_key_records_it_once(tmp_path):
    app = create_app({"TESTING": True, "TODAY": TODAY, "SECRET_KEY": "t", "BASE_URL": BASE_URL,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "model-city")
    client, path = app.test_client(), "/api/v1/jurisdictions/model-city/events"
    auth = {"Authorization": f"Bearer {secret}", "Idempotency-Key": "3f1c-retry-me"}
    event = {"name": "ordinance-adopted", "at": "2026-05-04"}
    first, retried = (client.post(path, json=event, headers=auth) for _ in range(2))
    assert first.status_code == retried.status_code == 201 and first.get_json() == retried.get_json()
    other = client.post(path, json={**event, "at": "2026-05-05"}, headers=auth)
    assert other.status_code == 422 and other.get_json()["field"] == "Idempotency-Key"
    with Session(app.extensions["records"].db) as s:
        assert s.scalar(select(func.count()).select_from(TriggerEvent)) == 1
        assert s.scalar(select(func.count()).select_from(HistoryEntry)) == 1
    fresh = client.post(path, json=event, headers={**auth, "Idempotency-Key": "another"})
    assert fresh.status_code == 201 and fresh.get_json()["id"] != first.get_json()["id"]


# --------------------------------------------------------------------------- bulk ranges before the holiday law's years

def test_a_bulk_range_before_2003_leaves_out_only_the_cycles_it_cannot_count(tmp_path):
    """Utah's holiday law is written from 2000, so Salt Lake City's 1999 cycle
    (filing in June 1999) cannot be counted; its 2003 cycle can, and the
    listing holds it with a warning naming the cycle left out (it was a 400)."""
    app = create_app({"TESTING": True, "TODAY": TODAY, "SECRET_KEY": "t", "BASE_URL": BASE_URL,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    resp = app.test_client().get("/api/v1/deadlines?from=2002-01-01&to=2003-12-31&state=UT&kind=city")
    assert resp.status_code == 200
    body = resp.get_json()
    assert body["total"] > 0 and {d["jurisdiction"]["id"] for d in body["deadlines"]} == {"salt-lake-city-ut"}
    assert [w for w in body["warnings"] if w.startswith("salt-lake-city-ut: the 1999-11-02 cycle is left out")]
