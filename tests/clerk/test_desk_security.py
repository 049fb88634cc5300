"""The security review of the clerk's desk and the clerk API (issue 28):

1. signing out ends the session: a copied cookie opens nothing and writes
   nothing afterwards, from any browser, nor after the address is invited
   again (or revoked and invited); a session ends when idle and in any case
   after its lifetime, and sign-in starts a new one;
2. a Save sent twice stores once (one event, one history line) and is answered
   as the first was;
3. no one can lock a clerk out of signing in, nor fill her inbox, by asking
   for links for her address;
4. headers: no desk page is stored, feeds and API do not vary by cookie, every
   answer has a Permissions-Policy, waitress's own 413 is a problem document;
5. office hours with a UTC offset are refused (no 500, no close before the
   open), and a JSON body nested 5,000 deep is a 400 problem.
"""
from __future__ import annotations

import json
import re
import socket
import threading
from datetime import timedelta

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tests.server_helpers import free_port
from deadlines.cli.server import make_server
from deadlines import commands
from deadlines.core.errors import InputError
from deadlines.store import clerks, tokens
from deadlines.store.db import now as real_now
from deadlines.store.tables import HistoryEntry, OfficeClosure, OfficeHoursEntry, TriggerEvent
from deadlines.words import words
from tests.desk_helpers import csrf_of, invite, signed_in
from tests.reminders_fixtures import sqlite_url  # noqa: F401 (a fixture)

API = "/api/v1/jurisdictions"
EVENT = {"name": "ordinance-adopted", "date": "2027-05-03", "label": "Ordinance 2027-4"}
DESK = "/clerk/model-city"


@pytest.fixture
def app(desk_app):
    return desk_app


def _count(app, model, *where) -> int:
    with Session(app.extensions["records"].db) as s:
        return s.scalar(select(func.count()).select_from(model).where(*where))


def _copy(app, client, agent="Mallory/1.0"):
    """Another browser holding a copy of ``client``'s session cookie."""
    thief = app.test_client()
    thief.set_cookie("session", client.get_cookie("session").value, domain="localhost")
    thief.environ_base["HTTP_USER_AGENT"] = agent
    return thief


def _writes(app, client, token: str) -> int:
    """Try to save an event with ``client`` and the CSRF ``token`` of a page it
    opened while it could; how many events are stored after."""
    client.post(f"{DESK}/event?cycle=2027-11-02", data={**EVENT, "csrf_token": token, "step": "save"})
    return _count(app, TriggerEvent)


# --------------------------------------------------------------------------- 1. sessions


def test_a_cookie_copied_before_sign_out_opens_and_writes_nothing_after_it(app):
    clerk, _ = signed_in(app)
    thief = _copy(app, clerk)
    page = thief.get(DESK)
    assert page.status_code == 200  # the copy works while the clerk is signed in (that is what a cookie is)
    stolen = csrf_of(page.get_data(as_text=True))
    own = csrf_of(clerk.get(DESK).get_data(as_text=True))
    assert clerk.post("/clerk/sign-out", data={"csrf_token": own}).status_code == 200

    assert thief.get(DESK).status_code == 302  # to the sign-in page
    assert _writes(app, thief, stolen) == 0
    assert clerk.get(DESK).status_code == 302
    # inviting the address again (a new jurisdiction, or a revoked account revived) brings no old cookie back
    invite(app, "model-city", "clerk@model-city.test")
    assert thief.get(DESK).status_code == 302 and _writes(app, thief, stolen) == 0


def test_revoking_and_inviting_again_ends_every_earlier_session(app):
    clerk, _ = signed_in(app)
    thief = _copy(app, clerk)
    stolen = csrf_of(thief.get(DESK).get_data(as_text=True))
    with Session(app.extensions["records"].db) as s, s.begin():
        assert clerks.revoke(s, "clerk@model-city.test")
    assert thief.get(DESK).status_code == 302
    invite(app, "model-city", "clerk@model-city.test")  # revived
    for browser in (clerk, thief):
        assert browser.get(DESK).status_code == 302
    assert _writes(app, thief, stolen) == 0
    # the clerk herself signs in again with the new invitation
    again, _ = signed_in(app)
    assert again.get(DESK).status_code == 200


def test_a_session_ends_when_idle_and_after_its_lifetime(app, monkeypatch):
    clerk, _ = signed_in(app)
    shift = {"by": timedelta(0)}
    monkeypatch.setattr(clerks, "now", lambda: real_now() + shift["by"])
    for hours in range(6, 7 * 24, 6):  # at work every six hours: never idle for eight
        shift["by"] = timedelta(hours=hours)
        assert clerk.get(DESK).status_code == 200, hours
    shift["by"] = timedelta(days=7, minutes=1)  # seven days after sign-in, however busy
    assert clerk.get(DESK).status_code == 302

    shift["by"] = timedelta(0)
    idle, _ = signed_in(app, "orem-ut", "recorder@orem.test")
    shift["by"] = timedelta(hours=7, minutes=50)
    assert idle.get("/clerk/orem-ut").status_code == 200
    shift["by"] = timedelta(hours=7, minutes=50) + timedelta(hours=8, minutes=1)  # eight hours without a desk page
    assert idle.get("/clerk/orem-ut").status_code == 302


def test_the_session_cookie_lasts_the_lifetime_at_most_and_sign_in_starts_a_new_session(app):
    assert app.permanent_session_lifetime == timedelta(days=7)
    client = app.test_client()
    secret = invite(app, "model-city", "clerk@model-city.test")
    page = client.get(f"/clerk/sign-in/{secret}")
    before = csrf_of(page.get_data(as_text=True))
    signed = client.post(f"/clerk/sign-in/{secret}", data={"csrf_token": before})
    assert signed.status_code == 302
    cookie = next(c for c in signed.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert re.search(r"Max-Age=604800\b|Expires=", cookie), cookie  # permanent, for seven days
    # the token of the page before sign-in does not carry over into the new session
    refused = client.post(f"{DESK}/event?cycle=2027-11-02", data={**EVENT, "csrf_token": before, "step": "save"})
    assert refused.status_code == 400 and _count(app, TriggerEvent) == 0


# --------------------------------------------------------------------------- 2. a Save sent twice


def _preview_then_save(client, action: str, data: dict) -> dict:
    """The Save form of ``action``'s preview, as the browser would send it."""
    page = client.get(f"{DESK}?cycle=2027-11-02").get_data(as_text=True)
    form = re.search(r'action="/clerk/model-city/' + action + r'\?[^"]*">(.*?)</form>', page, re.S).group(1)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    shown = client.post(f"{DESK}/{action}?cycle=2027-11-02", data={**fields, **data})
    assert shown.status_code == 200, shown.get_data(as_text=True)
    html = shown.get_data(as_text=True)
    save = re.search(r'<section class="preview".*?<form[^>]*>(.*?)</form>', html, re.S).group(1)
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', save))


def test_a_save_sent_twice_records_one_event_and_answers_alike(app):
    client, _ = signed_in(app)
    unlabelled = {**EVENT, "label": ""}  # (a labelled case refuses a second event of its own)
    save = _preview_then_save(client, "event", unlabelled)
    answers = [client.post(f"{DESK}/event?cycle=2027-11-02", data=save) for _ in range(2)]
    assert [a.status_code for a in answers] == [302, 302]
    assert answers[0].headers["Location"] == answers[1].headers["Location"]
    assert _count(app, TriggerEvent) == 1
    assert _count(app, HistoryEntry, HistoryEntry.action == "event.record") == 1
    assert save["submission"].startswith("desk-")  # the form's one-time key, carried to its Save
    page = client.get(answers[1].headers["Location"]).get_data(as_text=True)
    assert page.count("Recorded “Ordinance adopted by the Council” of 2027-05-03.") == 2  # each answer as the first
    # the same form sent again with another date is refused, in words, and stores nothing
    changed = client.post(f"{DESK}/event?cycle=2027-11-02", data={**save, "date": "2027-05-04"})
    assert changed.status_code == 422 and "this form was saved already" in changed.get_data(as_text=True)
    assert _count(app, TriggerEvent) == 1
    # a new form (a new key) records a new event
    again = _preview_then_save(client, "event", {**EVENT, "label": "Ordinance 2027-5"})
    assert client.post(f"{DESK}/event?cycle=2027-11-02", data=again).status_code == 302
    assert _count(app, TriggerEvent) == 2


def test_the_other_desk_saves_sent_twice_store_once_too(app):
    client, _ = signed_in(app)
    for action, data, model in (
            ("closure", {"day": "2027-06-01", "reason": "Courthouse closed for repairs"}, OfficeClosure),
            ("office-hours", {"open": "08:00", "close": "16:30", "authority": "Posted hours"}, OfficeHoursEntry)):
        save = _preview_then_save(client, action, data)
        answers = [client.post(f"{DESK}/{action}?cycle=2027-11-02", data=save) for _ in range(2)]
        assert [a.status_code for a in answers] == [302, 302], action
        assert _count(app, model) == 1
    assert _count(app, HistoryEntry) == 2  # one line each
    with Session(app.extensions["records"].db) as s:
        closure = s.scalar(select(OfficeClosure))
    page = client.get(f"{DESK}?cycle=2027-11-02").get_data(as_text=True)
    form = re.search(r'action="/clerk/model-city/closure-delete\?[^"]*"[^>]*>(.*?)</form>', page, re.S).group(1)
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form))
    shown = client.post(f"{DESK}/closure-delete?cycle=2027-11-02", data={**fields, "reason": "entered in error"})
    save = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"',
                           re.search(r'<section class="preview".*?</form>', shown.get_data(as_text=True), re.S).group(0)))
    answers = [client.post(f"{DESK}/closure-delete?cycle=2027-11-02", data=save) for _ in range(2)]
    assert [a.status_code for a in answers] == [302, 302] and fields["closure"] == str(closure.id)
    assert _count(app, OfficeClosure) == 0 and _count(app, HistoryEntry, HistoryEntry.action == "closure.delete") == 1


# --------------------------------------------------------------------------- 3. asking for sign-in links


@pytest.fixture
def mailed(monkeypatch):
    sent = []
    monkeypatch.setattr("web.desk_sign_in.send_link", lambda settings, to, name, url, places, why="": sent.append((to, url)))
    return sent


def _ask(browser, email: str, addr: str = "192.0.2.1"):
    token = csrf_of(browser.get("/clerk/").get_data(as_text=True))
    return browser.post("/clerk/sign-in", data={"csrf_token": token, "email": email}, environ_base={"REMOTE_ADDR": addr})


def test_no_one_can_lock_a_clerk_out_nor_fill_her_inbox(app, mailed):
    clerk, _ = signed_in(app)  # she signed in from this browser before
    own = csrf_of(clerk.get(DESK).get_data(as_text=True))
    clerk.post("/clerk/sign-out", data={"csrf_token": own})
    burst = [_ask(app.test_client(), email, f"198.51.100.{i}") for i, email in enumerate(
        ["clerk@model-city.test", "Clerk@Model-City.test", "clerk+x@model-city.test", "CLERK@MODEL-CITY.TEST"] * 3)]
    assert {r.status_code for r in burst} == {200}  # never "wait an hour"
    assert len(mailed) == 1  # a burst mails her once in the window
    # from a new browser she is answered alike, and the link mailed in the window still works
    assert _ask(app.test_client(), "clerk@model-city.test", "203.0.113.5").status_code == 200
    assert len(mailed) == 1
    # from her own browser she gets a new link at once
    mine = _ask(clerk, "Clerk@model-city.test", "203.0.113.9")
    assert mine.status_code == 200 and len(mailed) == 2 and mailed[-1][0] == "clerk@model-city.test"
    link = "/clerk/" + mailed[-1][1].split("/clerk/", 1)[1]
    confirm = clerk.get(link)
    assert confirm.status_code == 200
    assert clerk.post(link, data={"csrf_token": csrf_of(confirm.get_data(as_text=True))}).status_code == 302


def test_asking_from_one_client_is_still_limited(app, mailed):
    app.config["RATELIMIT_SIGN_IN"] = "3 per minute"
    codes = [_ask(app.test_client(), f"c{i}@example.org", "198.51.100.9").status_code for i in range(5)]
    assert codes == [200, 200, 200, 429, 429]


# --------------------------------------------------------------------------- 4. headers


def test_no_desk_page_is_stored_not_even_the_new_token(app):
    client, _ = signed_in(app)
    for path in ("/clerk/", DESK):
        assert client.get(path).headers["Cache-Control"] == "no-store", path
    token = csrf_of(client.get(DESK).get_data(as_text=True))
    shown = client.post(f"{DESK}/tokens", data={"csrf_token": token, "label": "script"})
    assert "dlc_" in shown.get_data(as_text=True) and shown.headers["Cache-Control"] == "no-store"
    assert app.test_client().get("/clerk/").headers["Cache-Control"] == "no-store"


def test_feeds_and_api_do_not_vary_by_cookie_and_every_answer_has_a_permissions_policy(app):
    clerk, _ = signed_in(app)
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "model-city")
    for browser in (app.test_client(), clerk):
        for path in ("/calendars/model-city.ics", "/calendars/model-city.ics", f"{API}", f"{API}/model-city/deadlines",
                     "/api/v1/openapi.json", "/calendars/combined.ics?state=UT", "/api/v1/nothing",
                     f"{API}/model-city/events"):
            resp = browser.get(path, headers={"Authorization": f"Bearer {secret}"})
            assert "cookie" not in resp.headers.get("Vary", "").lower(), (path, resp.headers.get("Vary"))
            assert "Set-Cookie" not in resp.headers, path
            assert "geolocation=(self)" in resp.headers["Permissions-Policy"] and "camera=()" in resp.headers[
                "Permissions-Policy"], path
    for path in ("/", "/clerk/", DESK, "/nothing", "/embed/model-city"):
        assert "geolocation=(self)" in clerk.get(path).headers["Permissions-Policy"], path


def test_waitress_answers_a_body_too_large_with_a_problem():
    port = free_port()
    server = make_server(lambda environ, start: [], host="127.0.0.1", port=port, threads=1, connection_limit=10,
                         request_timeout=15, idle_timeout=30, max_body=16 * 1024, trust_proxies=False)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            conn.sendall(b"POST /api/v1/jurisdictions/model-city/events HTTP/1.1\r\nHost: x\r\n"
                         b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
            answer = b""
            while chunk := conn.recv(65536):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 413"), head
        assert b"Content-Type: application/problem+json" in head and b"Permissions-Policy: geolocation=(self)" in head
        problem = json.loads(body)
        assert problem["status"] == 413 and problem["detail"] == "request body over 16384 bytes"
    finally:
        server.close()
        thread.join(5)


# --------------------------------------------------------------------------- 5. clerk input


def test_office_hours_with_a_utc_offset_are_refused_in_words(app):
    client, _ = signed_in(app)
    token = csrf_of(client.get(DESK).get_data(as_text=True))
    for open_, close in (("08:00+05:00", "16:00"), ("17:00+00:00", "08:00-10:00"), ("08:00", "16:30Z")):
        for step in ("", "save"):
            r = client.post(f"{DESK}/office-hours", data={"csrf_token": token, "open": open_, "close": close,
                                                          "authority": "Posted hours", "step": step})
            assert r.status_code == 422, (open_, close, step)
            assert "carries a UTC offset" in r.get_data(as_text=True) and "America/" in r.get_data(as_text=True)
    assert _count(app, OfficeHoursEntry) == 0
    jur = app.extensions["registry"].get("model-city")
    with Session(app.extensions["records"].db) as s, pytest.raises(InputError) as exc:
        commands.set_office_hours(s, jur, {"open": "17:00+00:00", "close": "08:00-10:00", "authority": "x"})
    assert exc.value.code == "time.with_offset" and exc.value.field == "open"
    assert words("es").error(exc.value).startswith("open: '17:00+00:00' lleva un desfase respecto de UTC")


def test_a_json_body_nested_5000_deep_is_a_400_problem(app):
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "model-city")
    client = app.test_client()
    for body in ('{"name": ' + "[" * 5000 + "]" * 5000 + "}", "[" * 5000 + "]" * 5000,
                 '{"name": "ordinance-adopted", "at": ' + '{"a":' * 2500 + "1" + "}" * 2500 + "}"):
        r = client.post(f"{API}/model-city/events", data=body, content_type="application/json",
                        headers={"Authorization": f"Bearer {secret}"})
        assert r.status_code == 400 and r.headers["Content-Type"] == "application/problem+json"
        assert r.get_json()["detail"] == "body: nested too deeply"
    assert _count(app, TriggerEvent) == 0
