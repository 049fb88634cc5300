"""Planning, drafting and delivery of reminders, against a real SMTP server
and a real webhook receiver, with a controllable clock."""
import html
import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.core.registry import Registry
from deadlines.reminders.outbox import claim, next_due
from deadlines.reminders.plan import plan_all, replan
from deadlines.reminders.scheduler import Worker
from deadlines.reminders.webhook import check_target, sign
from deadlines.reminders.email import DeliveryError
from deadlines import commands
from deadlines.store import subscriptions
from deadlines.store.db import get_db
from deadlines.store.tables import DeliveryLog, Reminder
from tests.reminders_fixtures import receiver, settings_for, smtp_server, sqlite_url  # noqa: F401

REG = Registry()
DETROIT = ZoneInfo("America/Detroit")
UTC = timezone.utc


class Clock:
    def __init__(self, at: datetime):
        self.at = at

    def __call__(self):
        return self.at


def subscribe(db, jid, **kw):
    kw.setdefault("confirmed", True)
    with Session(db, expire_on_commit=False) as s, s.begin():
        sub = subscriptions.create(s, REG.get(jid), **kw)
    # planning only counts reminders after the subscription began: pretend it began long ago
    with Session(db) as s, s.begin():
        s.get(type(sub), sub.id).confirmed_at = datetime(2020, 1, 1, tzinfo=UTC)
    return sub


def pending(db, **where):
    with Session(db) as s:
        q = select(Reminder).where(Reminder.state == "pending").order_by(Reminder.fire_at)
        return [r for r in s.scalars(q) if all(getattr(r, k) == v for k, v in where.items())]


@pytest.fixture
def db(sqlite_url):
    return get_db(sqlite_url)


def test_ypsilanti_notice_reminders_carry_the_drafted_notice(db, smtp_server):
    settings = settings_for(smtp_server)
    subscribe(db, "ypsilanti-mi", channel="email", target="clerk@ypsi.test", notice_lead=2,
              deadline_ids=["filing-notice"])
    replan(db, REG, "ypsilanti-mi", now=datetime(2026, 1, 5, tzinfo=UTC), settings=settings)
    rows = [r for r in pending(db) if r.deadline_uid == "ypsilanti-mi/2026-11-03/filing-notice"]
    assert [(r.kind, r.fire_at.astimezone(DETROIT)) for r in rows] == [
        ("notice-open", datetime(2026, 3, 31, 9, 0, tzinfo=DETROIT)),
        ("notice-close", datetime(2026, 4, 12, 9, 0, tzinfo=DETROIT)),
    ]
    clock = Clock(datetime(2026, 3, 31, 13, 0, 30, tzinfo=UTC))  # 9:00:30 EDT
    assert Worker(db, REG, settings, clock).tick() == {"sent": 1}
    [msg] = smtp_server.messages
    body = msg.get_body(("plain",)).get_content()
    assert "Notice is hereby given that the last day for filing nominating petitions for the election of " \
           "Tuesday, November 3, 2026 is Tuesday, April 21, 2026, at 4:00 p.m. local time (America/Detroit)." in body
    assert "Mayor: 125-200 registered electors of the City" in body
    assert msg["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert msg["List-Unsubscribe"].strip().startswith("<http://deadlines.test/unsubscribe/")
    assert msg["Subject"].strip().startswith("Publish now: Publish notice of the petition filing deadline")
    # multipart: an HTML part with the same words (tags and breaks aside) and a working unsubscribe link
    assert msg.get_content_type() == "multipart/alternative"
    page = msg.get_body(("html",)).get_content()
    unsubscribe = msg["List-Unsubscribe"].strip()[1:-1]
    assert f'<a href="{unsubscribe}">' in page
    words = html.unescape(re.sub(r"<title>.*?</title>|<[^>]+>", " ", page))
    assert words.split() == body.split()


def test_deadline_reminders_at_each_lead_at_nine_local(db):
    settings = settings_for()
    subscribe(db, "ypsilanti-mi", channel="email", target="c@x.test", leads=[14, 7, 1],
              deadline_ids=["petition-filing"])
    replan(db, REG, "ypsilanti-mi", now=datetime(2026, 1, 5, tzinfo=UTC), settings=settings)
    rows = pending(db, deadline_uid="ypsilanti-mi/2026-11-03/petition-filing")
    assert [(r.lead, r.fire_at.astimezone(DETROIT)) for r in rows] == [
        ("P14D", datetime(2026, 4, 7, 9, tzinfo=DETROIT)),
        ("P7D", datetime(2026, 4, 14, 9, tzinfo=DETROIT)),
        ("P1D", datetime(2026, 4, 20, 9, tzinfo=DETROIT)),
    ]
    assert {r.due for r in rows} == {"2026-04-21T16:00:00-04:00"}
    # planning again changes nothing
    assert replan(db, REG, "ypsilanti-mi", now=datetime(2026, 1, 5, tzinfo=UTC), settings=settings) == 0
    with Session(db) as s:
        s.get(__import__("deadlines.store.tables", fromlist=["JurisdictionState"]).JurisdictionState, "ypsilanti-mi").planned = None
        s.commit()
    assert replan(db, REG, "ypsilanti-mi", now=datetime(2026, 1, 5, tzinfo=UTC), settings=settings) == 0
    assert len(pending(db, deadline_uid="ypsilanti-mi/2026-11-03/petition-filing")) == 3


def test_webhook_is_signed_and_retried_with_backoff(db, receiver):
    settings = settings_for(retry_base=60.0)
    subscribe(db, "model-city", channel="webhook", target=receiver.url, secret="s3cret", leads=[1])
    with Session(db) as s, s.begin():
        commands.record_event(s, REG.get("model-city"), "ordinance-adopted", "2026-05-04")
    clock = Clock(datetime(2026, 5, 5, tzinfo=UTC))
    Worker(db, REG, settings, clock).tick()
    [row] = pending(db)
    assert row.fire_at == datetime(2026, 6, 2, 9, tzinfo=ZoneInfo("America/Chicago"))
    receiver.statuses = [503, 500]
    clock.at = row.fire_at + timedelta(seconds=5)
    worker = Worker(db, REG, settings, clock)
    assert worker.tick() == {"retry": 1}
    assert next_due(db) == clock.at + timedelta(seconds=60)  # the scheduler wakes for the retry, not before
    assert worker.tick() == {}  # backing off
    clock.at += timedelta(seconds=60)
    assert worker.tick() == {"retry": 1}
    clock.at += timedelta(seconds=60)
    assert worker.tick() == {}  # the wait doubled
    clock.at += timedelta(seconds=60)
    assert worker.tick() == {"sent": 1}
    assert len(receiver.requests) == 3
    last = receiver.requests[-1]
    h = last["headers"]
    assert h["X-Deadlines-Signature"] == sign("s3cret", h["X-Deadlines-Timestamp"], last["body"])
    assert h["Idempotency-Key"] == row.key == last["json"]["idempotency_key"]
    assert last["json"]["deadline"]["uid"] == "model-city/case-1/referendum-petition-filing"  # the first event's case
    assert worker.tick() == {}  # nothing sent twice
    with Session(db) as s:
        assert [e.outcome for e in s.scalars(select(DeliveryLog).order_by(DeliveryLog.id))] == ["retry", "retry", "sent"]


def test_permanent_webhook_error_is_not_retried(db, receiver):
    subscribe(db, "model-city", channel="webhook", target=receiver.url, secret="k", leads=[1])
    with Session(db) as s, s.begin():
        commands.record_event(s, REG.get("model-city"), "ordinance-adopted", "2026-05-04")
    clock = Clock(datetime(2026, 5, 5, tzinfo=UTC))
    worker = Worker(db, REG, settings_for(retry_base=0.0), clock)
    worker.tick()
    clock.at = datetime(2026, 6, 2, 15, tzinfo=UTC)
    receiver.statuses = [410]
    assert worker.tick() == {"failed": 1}
    assert worker.tick() == {}


def test_private_targets_are_refused_unless_allowed():
    strict = settings_for(webhook_allow_nets=())
    for url in ("http://127.0.0.1:9/x", "http://10.1.2.3/x", "http://169.254.169.254/latest", "http://[::1]/x",
                "ftp://example.org/x"):
        with pytest.raises(DeliveryError) as err:
            check_target(url, strict)
        assert err.value.permanent
    check_target("http://127.0.0.1:9/x", settings_for())  # allowed by the test settings


def test_missed_while_down_sent_late_within_grace_older_logged_missed(db, smtp_server):
    settings = settings_for(smtp_server, grace=timedelta(hours=6))
    subscribe(db, "ypsilanti-mi", channel="email", target="c@x.test", leads=[14, 7],
              deadline_ids=["petition-filing"])
    replan(db, REG, "ypsilanti-mi", now=datetime(2026, 1, 5, tzinfo=UTC), settings=settings)
    # down from before the 14-day reminder until 2 hours after the 7-day one
    clock = Clock(datetime(2026, 4, 14, 15, tzinfo=UTC))
    assert Worker(db, REG, settings, clock).tick() == {"missed": 1, "late": 1}
    [msg] = smtp_server.messages
    assert "Sent late" in msg.get_body(("plain",)).get_content() and "in 7 days" in msg["Subject"]
    with Session(db) as s:
        states = dict(s.execute(select(Reminder.lead, Reminder.state).where(Reminder.kind == "deadline",
                                                                            Reminder.deadline_uid.like("%2026-11-03%"))).all())
        late = s.scalar(select(Reminder.late).where(Reminder.lead == "P7D", Reminder.deadline_uid.like("%2026-11-03%")))
    assert states == {"P14D": "missed", "P7D": "sent"} and late is True


def test_override_moves_the_reminders_and_tells_the_subscriber(db, smtp_server):
    settings = settings_for(smtp_server)
    subscribe(db, "ypsilanti-mi", channel="email", target="c@x.test", leads=[7], deadline_ids=["petition-filing"])
    clock = Clock(datetime(2026, 1, 5, tzinfo=UTC))
    worker = Worker(db, REG, settings, clock)
    worker.tick()
    old = pending(db, deadline_uid="ypsilanti-mi/2026-11-03/petition-filing")
    with Session(db) as s, s.begin():
        commands.put_override(s, REG.get("ypsilanti-mi"), "2026-11-03", "petition-filing",
                             {"due": "2026-05-08T17:00", "authority": "U.S. District Court order", "reason": "pandemic"})
    assert worker.tick() == {"sent": 1}
    [msg] = smtp_server.messages
    text = msg.get_body(("plain",)).get_content()
    assert msg["Subject"].strip().startswith("Deadline moved: Nominating petitions due")
    assert "Was: Tuesday, April 21, 2026, at 4:00 p.m." in text and "Now: Friday, May 8, 2026, at 5:00 p.m." in text
    assert "U.S. District Court order" in text
    new = pending(db, deadline_uid="ypsilanti-mi/2026-11-03/petition-filing")
    assert [r.fire_at.astimezone(DETROIT) for r in new] == [datetime(2026, 5, 1, 9, tzinfo=DETROIT)]
    with Session(db) as s:
        assert s.get(Reminder, old[0].id).state == "cancelled"
    # removing the override moves it back, and says so once
    with Session(db) as s, s.begin():
        commands.delete_override(s, REG.get("ypsilanti-mi"), "2026-11-03", "petition-filing")
    assert worker.tick() == {"sent": 1} and worker.tick() == {}
    assert pending(db, deadline_uid="ypsilanti-mi/2026-11-03/petition-filing")[0].id == old[0].id


def test_rule_file_change_replans(db, tmp_path):
    import shutil

    cal = tmp_path / "calendars"
    shutil.copytree(REG.root, cal)
    reg = Registry(cal)
    settings = settings_for()
    subscribe(db, "model-city", channel="email", target="c@x.test", leads=[1])
    with Session(db) as s, s.begin():
        commands.record_event(s, reg.get("model-city"), "ordinance-adopted", "2026-05-04")
    now = datetime(2026, 5, 5, tzinfo=UTC)
    plan_all(db, reg, now=now, settings=settings)
    [before] = pending(db)
    path = cal / "model-city.toml"
    path.write_text(path.read_text().replace("days_after = 30", "days_after = 20"))
    assert plan_all(db, reg, now=now, settings=settings) == 2  # the new reminder + "deadline moved"
    kinds = sorted(r.kind for r in pending(db))
    assert kinds == ["deadline", "moved"]
    assert before.id not in {r.id for r in pending(db)}


def test_two_workers_on_one_database_send_each_once(db, receiver):
    settings = settings_for()
    subscribe(db, "model-city", channel="webhook", target=receiver.url, secret="k", leads=[20, 10, 5, 3, 2, 1, 0])
    with Session(db) as s, s.begin():
        commands.record_event(s, REG.get("model-city"), "ordinance-adopted", "2026-05-04")
    now = datetime(2026, 7, 1, tzinfo=UTC)
    a, b = Worker(db, REG, settings, lambda: now), Worker(db, REG, settings, lambda: now)
    plan_all(db, REG, now=datetime(2026, 5, 5, tzinfo=UTC), settings=settings)
    assert len(claim(db, a.name, now, settings, limit=3)) == 3
    assert len(claim(db, b.name, now, settings, limit=100)) == 4
    assert claim(db, a.name, now, settings) == []
    with Session(db) as s:
        assert s.scalar(select(func.count()).where(Reminder.state == "sending")) == 7


def test_unconfirmed_subscriptions_get_nothing_but_the_confirmation(db, smtp_server):
    from deadlines.reminders.plan import queue_confirmation

    settings = settings_for(smtp_server)
    with Session(db, expire_on_commit=False) as s, s.begin():
        sub = subscriptions.create(s, REG.get("ypsilanti-mi"), channel="email", target="new@x.test")
        queue_confirmation(s, sub, REG.get("ypsilanti-mi"), settings, datetime(2026, 1, 5, tzinfo=UTC))
    worker = Worker(db, REG, settings, Clock(datetime(2026, 1, 5, tzinfo=UTC)))
    assert worker.tick() == {"sent": 1}
    [msg] = smtp_server.messages
    assert f"/subscribe/confirm/{sub.confirm_token}" in msg.get_body(("plain",)).get_content()
    assert pending(db) == []
    with Session(db) as s, s.begin():
        subscriptions.confirm(s, sub.confirm_token)
    worker.tick()
    assert len(pending(db)) > 0
