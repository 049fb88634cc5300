"""Shared helpers for the clerk's desk and the clerk API tests (imported by
name; the desk's app is the ``desk_app`` fixture in tests/conftest.py): an
invitation's sign-in link, a client signed in through it, a form's CSRF
token, a bearer token for the API, and events stored straight through the
store."""
from __future__ import annotations

import re
from datetime import date, timedelta

from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.store import clerks, tokens

API = "/api/v1/jurisdictions"
CYCLE = date(2026, 11, 3)  # model-city's cycle of the events seed_events stores by default


def invite(app, jid, email, name=""):
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        account = clerks.invite(s, jid, email, name)
        return clerks.link(s, account, clerks.INVITE_VALID)


def csrf_of(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def signed_in(app, jid="model-city", email="clerk@model-city.test"):
    client = app.test_client()
    secret = invite(app, jid, email, "R. Roe")
    page = client.get(f"/clerk/sign-in/{secret}")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    r = client.post(f"/clerk/sign-in/{secret}", data={"csrf_token": csrf_of(page.get_data(as_text=True))})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/clerk/{jid}")
    return client, secret


def bearer(app, jid: str = "model-city", label: str = "") -> dict:
    """A new clerk API token for ``jid``, as the request's Authorization header."""
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, jid, label)
    return {"Authorization": f"Bearer {secret}"}


def seed_events(app, n: int, *, first: date = date(2026, 1, 5), jid: str = "model-city", key: str | None = None) -> None:
    """``n`` events of one cycle stored straight through the store (the first with idempotency ``key``)."""
    jur = app.extensions["registry"].get(jid)
    with Session(app.extensions["records"].db) as s, s.begin():
        for i in range(n):
            day = first + timedelta(days=i % 280)
            commands.record_event(s, jur, "ordinance-adopted", day.isoformat(), key=key if i == 0 else None)
    app.extensions["records"].forget(jid)
