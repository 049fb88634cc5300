"""The desk's Save clicked twice at the same instant (issue 28 item 4): two
copies of one Save form, sent by two threads at once to a real server on
127.0.0.1 (waitress, as ``deadlines serve`` runs it, with four threads) in
one signed-in session, store one event, one history line, and both are
answered as the first was (302 to the desk). The sequential double click is
tests/clerk/test_desk_security.py's; this one is the race: both requests are
in the server together, on SQLite and on PostgreSQL."""
from __future__ import annotations

import http.client
import re
import threading
from urllib.parse import urlencode

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.cli.server import make_server
from deadlines.store.tables import HistoryEntry, OfficeClosure, TriggerEvent
from tests.desk_helpers import signed_in
from tests.reminders_fixtures import pg_url, sqlite_url  # noqa: F401 (fixtures)
from tests.server_helpers import free_port
from web import create_app

from conftest import TODAY

DESK = "/clerk/model-city"
CYCLE = "2027-11-02"
ROUNDS = 5  # races per case: each a new form, so each must store exactly one


def _count(app, model, *where) -> int:
    with Session(app.extensions["records"].db) as s:
        return s.scalar(select(func.count()).select_from(model).where(*where))


def _save_form(client, action: str, data: dict) -> dict:
    """The Save form of ``action``'s preview (its CSRF token and one-time ``submission`` key), as the browser has it."""
    page = client.get(f"{DESK}?cycle={CYCLE}").get_data(as_text=True)
    form = re.search(r'action="/clerk/model-city/' + action + r'\?[^"]*">(.*?)</form>', page, re.S).group(1)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    shown = client.post(f"{DESK}/{action}?cycle={CYCLE}", data={**fields, **data})
    assert shown.status_code == 200, shown.get_data(as_text=True)
    save = re.search(r'<section class="preview".*?<form[^>]*>(.*?)</form>', shown.get_data(as_text=True), re.S).group(1)
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', save))


def _cookie(client) -> str:
    """The session cookie as the browser holds it after the preview (the form's CSRF token is in it)."""
    return client.get_cookie("session").value


def _double_click(port: int, cookie: str, action: str, form: dict) -> list[int]:
    """``form`` posted twice at the same instant by two threads, each on its own connection."""
    body = urlencode(form)
    start, codes = threading.Barrier(2), []

    def send():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        start.wait()
        conn.request("POST", f"{DESK}/{action}?cycle={CYCLE}", body=body, headers={
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"session={cookie}"})
        codes.append(conn.getresponse().status)
        conn.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return codes


@pytest.fixture(params=["sqlite", "postgres"])
def served(request):
    """The desk's app on a real server on 127.0.0.1, and a client signed in to model-city's desk."""
    url = request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY})
    client, _ = signed_in(app)
    port = free_port()
    server = make_server(app, host="127.0.0.1", port=port, threads=4, connection_limit=20, request_timeout=30,
                         idle_timeout=30, max_body=16 * 1024, trust_proxies=False)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield app, client, port
    finally:
        server.close()
        thread.join(5)
        app.extensions["records"].db.dispose()


def test_an_event_saved_twice_at_once_is_stored_once(served):
    app, client, port = served
    for n in range(ROUNDS):
        form = _save_form(client, "event", {"name": "ordinance-adopted", "date": f"2027-05-0{n + 1}", "label": ""})
        assert form["submission"].startswith("desk-")
        assert _double_click(port, _cookie(client), "event", form) == [302, 302]
        assert _count(app, TriggerEvent) == n + 1
        assert _count(app, HistoryEntry, HistoryEntry.action == "event.record") == n + 1


def test_a_closure_saved_twice_at_once_is_stored_once(served):
    app, client, port = served
    for n in range(ROUNDS):
        form = _save_form(client, "closure", {"day": f"2027-06-0{n + 1}", "reason": "Courthouse closed for repairs"})
        assert _double_click(port, _cookie(client), "closure", form) == [302, 302]
        assert _count(app, OfficeClosure) == n + 1
        assert _count(app, HistoryEntry, HistoryEntry.action == "closure.record") == n + 1
