"""Issue 10's delivery guarantees, with a real SMTP server, real webhook
receivers and a controllable clock: webhook targets checked strictly and
connected to as checked, one bad target never stalls the others, two
schedulers never send one reminder twice, late reminders collapse to one
honest message, settings changes replan, writes wake the scheduler."""
from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
from collections import Counter
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from deadlines.core.registry import Registry
from deadlines.reminders import webhook
from deadlines.reminders.email import DeliveryError
from deadlines.reminders.plan import queue_confirmation, replan
from deadlines.reminders.scheduler import Worker, start_scheduler
from deadlines.store import subscriptions
from deadlines.store.db import get_db
from deadlines.store.tables import DeliveryLog, Reminder, Subscription
from tests.reminders_fixtures import Receiver, pg_url, receiver, settings_for, smtp_server, sqlite_url  # noqa: F401

REG = Registry()
UTC = timezone.utc
DETROIT = ZoneInfo("America/Detroit")
PETITION = "ypsilanti-mi/2026-11-03/petition-filing"  # due Tuesday 2026-04-21, 4:00 p.m. (15th Tuesday before Aug 4)


class Clock:
    def __init__(self, at: datetime):
        self.at = at

    def __call__(self):
        return self.at


def _subscribe(db, jid="ypsilanti-mi", **kw):
    kw.setdefault("confirmed", True)
    with Session(db, expire_on_commit=False) as s, s.begin():
        sub = subscriptions.create(s, REG.get(jid), **kw)
    with Session(db) as s, s.begin():  # planning counts reminders after the subscription began: long ago
        s.get(Subscription, sub.id).confirmed_at = datetime(2020, 1, 1, tzinfo=UTC)
    return sub


# --------------------------------------------------------------------------- webhook targets

@pytest.mark.parametrize("url", [
    "http://127.0.0.1:38126@93.184.216.34/",  # user info: urllib would have connected to 127.0.0.1:38126
    "http://user@93.184.216.34/",
    "http://[::127.0.0.1]/", "http://[64:ff9b::7f00:1]/", "http://[2002:7f00:1::]/", "http://[::ffff:0:7f00:1]/",
    "http://[::ffff:127.0.0.1]/", "http://192.0.0.8/", "http://[fec0::1]/", "http://[2001::1]/",
    "http://10.1.2.3/", "http://100.64.0.1/", "http://169.254.169.254/latest", "http://0.0.0.0/", "http://[::]/",
    "http://224.0.0.1/", "ftp://93.184.216.34/", "http://93.184.216.34[/", "http://93.184.216.34/a b",
])
def test_refused_webhook_targets(url):
    with pytest.raises(DeliveryError) as exc:
        webhook.check_target(url, settings_for(webhook_allow_nets=()))
    assert exc.value.permanent


def test_public_targets_pass():
    target = webhook.check_target("https://[2606:4700:4700::1111]:8443/hook?x=1", settings_for(webhook_allow_nets=()))
    assert (target.address, target.port, target.path) == ("2606:4700:4700::1111", 8443, "/hook?x=1")


def test_connects_to_the_address_it_checked(receiver, monkeypatch):
    """DNS rebinding: the name answers a permitted address when checked and
    another one afterwards; the post still goes to the checked one."""
    answers = iter(["127.0.0.1", "10.9.9.9"])
    real = socket.getaddrinfo

    def lookup(host, port, *args, **kw):
        if host == "hooks.rebind.test":
            return real(next(answers), port, *args, **kw)
        return real(host, port, *args, **kw)
    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    port = receiver.server_address[1]
    webhook.post(settings_for(), f"http://hooks.rebind.test:{port}/hook", "s", "key-1", b"{}")
    [req] = receiver.requests
    assert req["headers"]["Host"] == f"hooks.rebind.test:{port}"


def test_a_raising_target_and_a_slow_one_do_not_hold_up_a_healthy_one(sqlite_url, monkeypatch):
    """Three webhook subscribers due at the same instant: one target makes the
    sender raise an unexpected error, one answers after 3 s, one is healthy.
    The healthy one is delivered while the slow one is still waiting; the
    raising one is logged as a retry; the tick finishes."""
    db = get_db(sqlite_url)
    healthy, slow = Receiver(), Receiver()
    release = threading.Event()
    slow.delay = 0
    for server in (healthy, slow):
        threading.Thread(target=server.serve_forever, daemon=True).start()
    real_post = webhook.post

    def post(settings, url, *args):
        if "raise.test" in url:
            raise RuntimeError("something nobody expected")
        if url == slow.url:
            assert release.wait(10), "the healthy delivery never happened while this one was slow"
        return real_post(settings, url, *args)
    monkeypatch.setattr(webhook, "post", post)
    try:
        subs = {name: _subscribe(db, "model-city", channel="webhook", target=url, secret="s", leads=[1])
                for name, url in (("raise", "http://raise.test/hook"), ("slow", slow.url), ("healthy", healthy.url))}
        from deadlines import commands
        with Session(db) as s, s.begin():
            commands.record_event(s, REG.get("model-city"), "ordinance-adopted", "2026-05-04")
        clock = Clock(datetime(2026, 5, 5, tzinfo=UTC))
        worker = Worker(db, REG, settings_for(concurrency=4), clock)
        worker.tick()
        clock.at = datetime(2026, 6, 2, 14, 0, 5, tzinfo=UTC)  # 9:00:05 in Chicago, the day before the deadline

        def release_when_healthy_arrives():
            while not healthy.requests:
                threading.Event().wait(0.01)
            release.set()
        threading.Thread(target=release_when_healthy_arrives, daemon=True).start()
        counts = worker.tick()
        assert counts == {"sent": 2, "retry": 1}
        assert len(healthy.requests) == 1 and len(slow.requests) == 1
        with Session(db) as s:
            raised = s.scalar(select(Reminder).where(Reminder.subscription_id == subs["raise"].id))
        assert raised.state == "pending" and raised.not_before > clock.at and "RuntimeError" in raised.error
    finally:
        release.set()
        for server in (healthy, slow):
            server.shutdown()
            server.server_close()


# --------------------------------------------------------------------------- late reminders

def test_after_downtime_one_message_per_deadline_with_the_true_days_left(sqlite_url, smtp_server):
    """Leads 30, 14, 7 and 3 days before 2026-04-21 (9:00 on March 22, April 7,
    April 14 and April 18): the scheduler was down from before the first until
    2026-04-16 10:00 EDT. One email for the three missed, "in 5 days"; the
    3-day one still waits for April 18."""
    db = get_db(sqlite_url)
    settings = settings_for(smtp_server, grace=timedelta(days=60))
    _subscribe(db, channel="email", target="c@ypsi.test", leads=[30, 14, 7, 3], deadline_ids=["petition-filing"])
    replan(db, REG, "ypsilanti-mi", now=datetime(2026, 1, 5, tzinfo=UTC), settings=settings)
    clock = Clock(datetime(2026, 4, 16, 10, tzinfo=DETROIT).astimezone(UTC))
    assert Worker(db, REG, settings, clock).tick() == {"late": 1, "superseded": 2}
    [msg] = smtp_server.messages
    assert msg["Subject"].strip() == "Reminder: Nominating petitions due in 5 days (City of Ypsilanti, Michigan)"
    assert "Sent late" in msg.get_body(("plain",)).get_content()
    with Session(db) as s:
        rows = {r.lead: r.state for r in s.scalars(select(Reminder).where(Reminder.deadline_uid == PETITION))}
    assert rows == {"P30D": "superseded", "P14D": "superseded", "P7D": "sent", "P3D": "pending"}


def test_a_new_reminder_hour_retimes_planned_reminders(sqlite_url):
    db = get_db(sqlite_url)
    _subscribe(db, channel="email", target="c@ypsi.test", leads=[7], deadline_ids=["petition-filing"])
    now = datetime(2026, 1, 5, tzinfo=UTC)
    replan(db, REG, "ypsilanti-mi", now=now, settings=settings_for())

    def fire_at():
        with Session(db) as s:
            return s.scalar(select(Reminder.fire_at).where(Reminder.deadline_uid == PETITION)).astimezone(DETROIT)
    assert fire_at() == datetime(2026, 4, 14, 9, tzinfo=DETROIT)
    replan(db, REG, "ypsilanti-mi", now=now, settings=settings_for(reminder_hour=7))
    assert fire_at() == datetime(2026, 4, 14, 7, tzinfo=DETROIT)


# --------------------------------------------------------------------------- waking the scheduler

def test_a_confirmation_wakes_the_scheduler(sqlite_url, smtp_server, monkeypatch):
    """Tick every 600 s: the confirmation email still arrives, because the
    sign-up wakes the scheduler."""
    from tests.desk_helpers import csrf_of as _csrf
    from web import create_app

    for k, v in {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(smtp_server.port), "SCHEDULER_TICK": "600"}.items():
        monkeypatch.setenv(f"DEADLINES_{k}", v)
    app = create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "t", "TESTING": True, "TODAY": "2025-03-01",
                      "BASE_URL": "https://deadlines.example"})
    arrived = threading.Event()
    smtp_server.on_message = arrived.set
    scheduler = start_scheduler(app)
    try:
        assert not arrived.wait(1.0)  # the first tick found nothing; the next is 600 s away
        client = app.test_client()
        token = _csrf(client.get("/subscribe").get_data(as_text=True))
        resp = client.post("/subscribe", data={"csrf_token": token, "jurisdiction": "model-city", "email": "v@x.test"})
        assert resp.status_code == 200
        assert arrived.wait(20), "the confirmation waited for the next tick"
    finally:
        scheduler.shutdown()
    [msg] = smtp_server.messages
    assert "https://deadlines.example/subscribe/confirm/" in msg.get_body(("plain",)).get_content()


# --------------------------------------------------------------------------- exactly one sender

@pytest.mark.postgres
def test_two_schedulers_slow_smtp_short_lease_each_reminder_once(pg_url, smtp_server):
    """40 reminders due at once, an SMTP server that takes 0.6 s a message, a
    5 s lease, two schedulers sending one message at a time each: a batch far
    outlasts its lease, yet every reminder is delivered exactly once, and the
    log names the scheduler that sent it."""
    db = get_db(pg_url)
    smtp_server.delay = 0.6
    settings = settings_for(smtp_server, lease=timedelta(seconds=5), concurrency=1)
    due = datetime.now(UTC) - timedelta(seconds=1)
    with Session(db, expire_on_commit=False) as s, s.begin():
        for i in range(40):
            sub = subscriptions.create(s, REG.get("model-city"), channel="email", target=f"v{i}@x.test")
            queue_confirmation(s, sub, REG.get("model-city"), settings, due)
    workers = [Worker(db, REG, settings) for _ in range(2)]
    threads = [threading.Thread(target=w.tick) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    with Session(db) as s:
        rows = s.scalars(select(Reminder)).all()
        log = s.scalars(select(DeliveryLog).where(DeliveryLog.outcome == "sent")).all()
    keys = Counter(m["X-Deadlines-Key"] for m in smtp_server.messages)
    assert len(keys) == 40 and set(keys.values()) == {1}, keys.most_common(3)
    assert {r.state for r in rows} == {"sent"}
    assert Counter(e.reminder_id for e in log) == Counter({r.id: 1 for r in rows})
    assert {e.worker for e in log} <= {w.name for w in workers}


def test_a_sender_whose_lease_ran_out_leaves_the_row_to_the_new_owner(sqlite_url, smtp_server):
    """Scheduler A claims a batch, then stalls past the lease; B takes the rows
    over. When A comes back to them it sends nothing (ownership is checked
    before each send); B sends each once."""
    from deadlines.reminders.outbox import claim, deliver

    db = get_db(sqlite_url)
    settings = settings_for(smtp_server, lease=timedelta(seconds=5))
    t0 = datetime(2026, 1, 5, 12, tzinfo=UTC)
    with Session(db, expire_on_commit=False) as s, s.begin():
        for i in range(3):
            sub = subscriptions.create(s, REG.get("model-city"), channel="email", target=f"v{i}@x.test")
            queue_confirmation(s, sub, REG.get("model-city"), settings, t0)
    a, b = Worker(db, REG, settings), Worker(db, REG, settings)
    batch = claim(db, a.name, t0, settings)
    assert len(batch) == 3
    assert deliver(db, batch[0], a.name, t0 + timedelta(seconds=1), settings) == "sent"
    later = t0 + timedelta(seconds=7)  # A's lease on the other two ran out
    assert claim(db, a.name, later, settings, busy=batch[1:]) == []  # A never re-takes a row it is still sending
    assert sorted(claim(db, b.name, later, settings)) == sorted(batch[1:])
    assert [deliver(db, rid, a.name, later, settings) for rid in batch[1:]] == ["lost", "lost"]
    assert [deliver(db, rid, b.name, later, settings) for rid in batch[1:]] == ["sent", "sent"]
    assert Counter(m["X-Deadlines-Key"] for m in smtp_server.messages).most_common(1)[0][1] == 1
    assert len(smtp_server.messages) == 3
    with Session(db) as s:
        senders = {e.reminder_id: e.worker for e in s.scalars(select(DeliveryLog))}
    assert senders == {batch[0]: a.name, batch[1]: b.name, batch[2]: b.name}


def test_a_send_that_outlasts_its_lease_is_recorded_once(sqlite_url, smtp_server, monkeypatch):
    """A's send stalls past its lease; meanwhile B takes the row, sends it and
    records it sent. When A's send returns, A's finish finds the claim gone:
    'overtaken' is logged, never a second 'sent', and the row stays sent."""
    from deadlines.reminders import outbox

    db = get_db(sqlite_url)
    settings = settings_for(smtp_server, lease=timedelta(seconds=1))
    t0 = datetime(2026, 1, 5, 12, tzinfo=UTC)
    with Session(db, expire_on_commit=False) as s, s.begin():
        sub = subscriptions.create(s, REG.get("model-city"), channel="email", target="v@x.test")
        queue_confirmation(s, sub, REG.get("model-city"), settings, t0)
    a, b = Worker(db, REG, settings), Worker(db, REG, settings)
    [rid] = outbox.claim(db, a.name, t0, settings)
    send, stalled = outbox._send, []

    def a_stalls(*args):
        send(*args)
        if not stalled:  # while A's send hangs, its lease (not renewed: no thread ran) lapses and B takes over
            stalled.append(1)
            later = t0 + timedelta(seconds=3)
            assert outbox.claim(db, b.name, later, settings) == [rid]
            assert outbox.deliver(db, rid, b.name, later, settings) == "sent"
    monkeypatch.setattr(outbox, "_send", a_stalls)
    monkeypatch.setattr(outbox, "_KeepLease", lambda *args: contextlib.nullcontext())
    assert outbox.deliver(db, rid, a.name, t0, settings) == "overtaken"
    with Session(db) as s:
        log = [(e.worker, e.outcome) for e in s.scalars(select(DeliveryLog).order_by(DeliveryLog.id))]
        assert s.get(Reminder, rid).state == "sent"
    assert log == [(b.name, "sent"), (a.name, "overtaken")]
    assert outbox.claim(db, a.name, t0 + timedelta(seconds=10), settings) == []
