"""Public sign-up: CSRF, double opt-in over real SMTP, one-click unsubscribe."""
import re
from datetime import datetime, timezone

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.reminders.scheduler import Worker
from deadlines.store.tables import Reminder, Subscription
from tests.reminders_fixtures import settings_for, smtp_server, sqlite_url  # noqa: F401
from web import create_app

from conftest import TODAY


@pytest.fixture
def app(sqlite_url):
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY})


def _csrf(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def _subs(app):
    with Session(app.extensions["records"].db) as s:
        return list(s.scalars(select(Subscription)))


def test_form_post_needs_the_csrf_token(app):
    client = app.test_client()
    page = client.get("/subscribe?jurisdiction=ypsilanti-mi").get_data(as_text=True)
    assert '<option value="ypsilanti-mi" selected>' in page
    form = {"jurisdiction": "ypsilanti-mi", "email": "voter@example.org", "leads": ["7"]}
    assert client.post("/subscribe", data=form).status_code == 403
    assert client.post("/subscribe", data={**form, "csrf_token": "forged"}).status_code == 403
    other = app.test_client()  # another visitor's token does not fit this session
    other.get("/subscribe")
    assert client.post("/subscribe", data={**form, "csrf_token": _csrf(other.get("/subscribe").get_data(as_text=True))}).status_code == 403
    assert _subs(app) == []
    assert client.post("/subscribe", data={**form, "csrf_token": _csrf(page)}).status_code == 200
    assert len(_subs(app)) == 1


@pytest.mark.parametrize("form", [
    {"jurisdiction": "ypsilanti-mi", "email": "nope"},
    {"jurisdiction": "atlantis", "email": "a@b.org"},
    {"jurisdiction": "ypsilanti-mi", "email": "a@b.org", "leads": ["-3"]},
    {"jurisdiction": "ypsilanti-mi", "email": "a@b.org", "leads": ["soon"]},
])
def test_bad_sign_up_is_422_and_nothing_is_stored(app, form):
    client = app.test_client()
    token = _csrf(client.get("/subscribe").get_data(as_text=True))
    assert client.post("/subscribe", data={**form, "csrf_token": token}).status_code == 422
    assert _subs(app) == []


def test_oversized_form_is_413(app):
    client = app.test_client()
    token = _csrf(client.get("/subscribe").get_data(as_text=True))
    r = client.post("/subscribe", data={"csrf_token": token, "jurisdiction": "ypsilanti-mi", "email": "a@b.org",
                                        "pad": "x" * 40000})
    assert r.status_code == 413 and _subs(app) == []


def test_double_opt_in_then_one_click_unsubscribe(app, smtp_server):
    db = app.extensions["records"].db
    worker = Worker(db, app.extensions["registry"], settings_for(smtp_server), lambda: datetime.now(timezone.utc))
    client = app.test_client()
    token = _csrf(client.get("/subscribe").get_data(as_text=True))
    client.post("/subscribe", data={"csrf_token": token, "jurisdiction": "ypsilanti-mi", "email": "voter@example.org"})
    assert worker.tick() == {"sent": 1}
    [confirm_mail] = smtp_server.messages
    link = re.search(r"https?://[^/\s]+(/subscribe/confirm/\S+)", confirm_mail.get_body(("plain",)).get_content()).group(1)
    with Session(db) as s:
        assert s.scalar(select(func.count()).where(Reminder.kind != "confirm")) == 0  # nothing before confirming
    page = client.get(link).get_data(as_text=True)
    assert client.post(link, data={}).status_code == 403  # confirming is a CSRF-protected POST too
    assert client.post(link, data={"csrf_token": _csrf(page)}).status_code == 200
    assert client.post(link, data={"csrf_token": _csrf(page)}).status_code == 404  # used up
    with Session(db) as s:
        planned = s.scalar(select(func.count()).where(Reminder.state == "pending"))
    assert planned > 0
    [sub] = _subs(app)
    # RFC 8058: the mail client posts without cookies or CSRF token
    r = app.test_client().post(f"/unsubscribe/{sub.unsubscribe_token}", data="List-Unsubscribe=One-Click",
                               content_type="application/x-www-form-urlencoded")
    assert r.status_code == 200
    with Session(db) as s:
        assert s.scalar(select(func.count()).where(Reminder.state == "pending")) == 0
        assert s.get(Subscription, sub.id).unsubscribed_at is not None
    assert app.test_client().post("/unsubscribe/unknown").status_code == 404


def test_reminders_for_one_audience_only(app):
    """Ypsilanti's calendar file: the petition filing and withdrawal deadlines
    are for candidates and the clerk, the notice of the filing deadline
    (``filing-notice``, a notice window) for the clerk and the public only. A
    candidate who asks for candidates' deadlines gets no notice reminders."""
    from datetime import date

    from deadlines.reminders.plan import plan_subscription
    from deadlines.service import upcoming

    client = app.test_client()
    for email, audience in (("candidate@example.org", "candidates"), ("everyone@example.org", "")):
        token = _csrf(client.get("/subscribe?jurisdiction=ypsilanti-mi").get_data(as_text=True))
        form = {"csrf_token": token, "jurisdiction": "ypsilanti-mi", "email": email, "leads": ["7"], "audience": audience}
        assert client.post("/subscribe", data=form).status_code == 200
    token = _csrf(client.get("/subscribe").get_data(as_text=True))
    bad = client.post("/subscribe", data={"csrf_token": token, "jurisdiction": "ypsilanti-mi", "email": "x@example.org",
                                          "audience": "aliens"})
    assert bad.status_code == 422 and "candidates" in bad.get_data(as_text=True)
    by = {sub.target: sub for sub in _subs(app)}
    candidate, everyone = by["candidate@example.org"], by["everyone@example.org"]
    assert (candidate.target, candidate.audience, everyone.target, everyone.audience) == \
        ("candidate@example.org", "candidates", "everyone@example.org", None)
    jur = app.extensions["registry"].get("ypsilanti-mi")
    results = upcoming(jur, today=date(2026, 1, 5), years_ahead=2)
    for sub in (candidate, everyone):
        sub.confirmed_at = datetime(2026, 1, 5, tzinfo=timezone.utc)  # as if confirmed that day (not stored)
    planned = {sub.target: {p.deadline_uid.split("/")[2] for p in plan_subscription(sub, jur, results, settings_for())}
               for sub in (candidate, everyone)}
    assert planned["everyone@example.org"] >= {"petition-filing", "withdrawal", "filing-notice"}
    assert "filing-notice" not in planned["candidate@example.org"]
    assert {"petition-filing", "withdrawal"} <= planned["candidate@example.org"]
