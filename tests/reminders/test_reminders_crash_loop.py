"""Issue 28, item 15: the reminders crash loop. A real SMTP server (aiosmtpd)
on 127.0.0.1, a few hundred email reminders due, and the sender
(``deadlines scheduler``) killed with SIGKILL at random points while it sends
and restarted each time. Every reminder that is to be sent is received at
least once; the copies the kills cause are at most what was in flight (the
sender's concurrency, per kill); and every message the SMTP server received
has a delivery-log row saying it was delivered (never only "superseded",
"missed" or nothing).

Half of the reminders are an earlier lead whose later lead falls due while
the loop runs, so a message cut off in flight is often taken up again after
its successor is due: it must then be sent again (and logged), not logged as
superseded."""
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from deadlines.core.registry import Registry
from deadlines.reminders.plan import plan_all
from deadlines import commands
from deadlines.store import subscriptions
from deadlines.store.db import get_db
from deadlines.store.tables import DeliveryLog, Reminder, Subscription
from tests.reminders_fixtures import settings_for, smtp_server, sqlite_url  # noqa: F401

REG = Registry()
ROOT = Path(__file__).resolve().parents[2]
CONCURRENCY = 4  # messages the sender has in flight at most: the most one kill can repeat
SUBS = 150  # two leads each: 300 reminders
KILLS = 6
DELIVERED = ("sent", "late")
# ``deadlines scheduler`` without its check of every calendar file first (seconds per start, the same for every run)
SENDER = """
import logging
from deadlines.reminders.scheduler import run_forever
from deadlines.reminders.settings import Settings
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
logging.getLogger("apscheduler").setLevel(logging.WARNING)
run_forever(Settings.from_env(tick=0.2))
"""


def _plan(url: str) -> dict[str, str]:
    """``SUBS`` email subscribers with leads 30 and 20 days before a deadline:
    the 30-day reminders are due now, the 20-day ones fall due one by one over
    the next 30 seconds. Returns key -> lead."""
    db = get_db(url)
    jur = REG.get("model-city")
    with Session(db) as s, s.begin():
        commands.record_event(s, jur, "ordinance-adopted", (date.today() - timedelta(days=1)).isoformat())
        for i in range(SUBS):
            subscriptions.create(s, jur, channel="email", target=f"voter{i}@crash.test", leads=[30, 20], confirmed=True)
        s.execute(update(Subscription).values(confirmed_at=datetime(2020, 1, 1, tzinfo=timezone.utc)))
    now = datetime.now(timezone.utc)
    plan_all(db, REG, now=now, settings=settings_for())
    rng = random.Random(1)
    with Session(db) as s, s.begin():
        rows = s.scalars(select(Reminder)).all()
        assert sorted(Counter(r.lead for r in rows).items()) == [("P20D", SUBS), ("P30D", SUBS)]
        for r in rows:
            r.fire_at = now - timedelta(hours=1) if r.lead == "P30D" else now + timedelta(seconds=rng.uniform(2, 30))
        return {r.key: r.lead for r in rows}


def _spawn(url: str, smtp_port: int) -> subprocess.Popen:
    env = {**os.environ, "DEADLINES_DATABASE_URL": url, "DEADLINES_SMTP_HOST": "127.0.0.1",
           "DEADLINES_SMTP_PORT": str(smtp_port), "DEADLINES_MAIL_FROM": "clerk@deadlines.test",
           "DEADLINES_SCHEDULER_LEASE": "1", "DEADLINES_REMINDER_GRACE": str(6 * 86400),
           "DEADLINES_RETRY_BASE": "0.2", "DEADLINES_DELIVERY_CONCURRENCY": str(CONCURRENCY)}
    logs = os.environ.get("CRASH_LOG_DIR")  # keep each run's log there, to see what a failing run did
    out = open(Path(logs) / f"sender-{time.time_ns()}.log", "wb") if logs else subprocess.DEVNULL
    return subprocess.Popen([sys.executable, "-c", SENDER], cwd=ROOT, env=env, stdout=out, stderr=out)


def test_sigkill_loop_repeats_only_what_was_in_flight_and_logs_every_delivery(sqlite_url, smtp_server):
    leads = _plan(sqlite_url)
    db = get_db(sqlite_url)
    smtp_server.delay = 0.12  # a message takes a while: kills land mid-send
    seed = os.environ.get("CRASH_SEED", str(time.time_ns()))
    rng = random.Random(seed)
    started = time.monotonic()
    arrived, killed = [], []  # when each message arrived (in order), when each kill struck
    smtp_server.on_message = lambda: arrived.append(time.monotonic())
    proc = _spawn(sqlite_url, smtp_server.port)
    kills = 0
    try:
        while kills < KILLS and time.monotonic() - started < 35:
            seen = len(smtp_server.messages)
            while len(smtp_server.messages) == seen and time.monotonic() - started < 35:
                time.sleep(0.02)  # this run of the sender is sending
            time.sleep(rng.uniform(0, 1.5))
            proc.send_signal(signal.SIGKILL)
            killed.append(time.monotonic())
            proc.wait()
            kills += 1
            proc = _spawn(sqlite_url, smtp_server.port)

        def settled():
            with Session(db) as s:
                return not s.scalar(select(Reminder.id).where(Reminder.state.not_in(("sent", "superseded"))).limit(1))
        while time.monotonic() - started < 55 and not settled():
            time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait(timeout=10)

    keys = [str(m["X-Deadlines-Key"]).strip() for m in smtp_server.messages]
    got = Counter(keys)
    with Session(db) as s:
        state = dict(s.execute(select(Reminder.key, Reminder.state)).all())
        logged = {}
        for key, outcome in s.execute(select(Reminder.key, DeliveryLog.outcome)
                                      .join(DeliveryLog, DeliveryLog.reminder_id == Reminder.id)
                                      .order_by(DeliveryLog.id)):
            logged.setdefault(key, []).append(outcome)
    repeats = sum(n - 1 for n in got.values())
    # each copy is owed to the first kill that struck while the copy before it was in flight (the server
    # may finish receiving that one just after the kill) and before the copy came: a message taken up
    # again after one kill and cut off again by the next owes its second copy to the second kill
    per_kill, unexplained = Counter(), []
    for key in (k for k, n in got.items() if n > 1):
        times = [at for k, at in zip(keys, arrived) if k == key]
        for before, copy in zip(times, times[1:]):
            cause = [i for i, at in enumerate(killed) if before - 0.5 <= at < copy]
            if cause:
                per_kill[cause[0]] += 1
            else:
                unexplained.append(key[:12])
    print(f"seed {seed}: {kills} kills, {len(leads)} reminders, {len(got)} received, {repeats} received twice "
          f"(bound {kills} x {CONCURRENCY} in flight; at most {max(per_kill.values(), default=0)} after one kill), "
          f"{dict(Counter(state.values()))}, {time.monotonic() - started:.1f} s")

    assert kills >= 5, f"only {kills} kills while sending"
    assert set(state.values()) <= {"sent", "superseded"}, Counter(state.values())
    # every message that was to be sent arrived: all the 20-day ones, and every 30-day one not superseded
    planned = {k for k, st in state.items() if st == "sent"}
    assert {k for k, lead in leads.items() if lead == "P20D"} <= planned
    assert planned <= set(got), f"{len(planned - set(got))} planned messages never arrived"
    assert set(got) <= set(leads)
    # the copies are only what was in flight when a kill struck
    assert repeats <= kills * CONCURRENCY, f"{repeats} repeated for {kills} kills of {CONCURRENCY} in flight"
    assert not unexplained, f"sent twice with no kill while the first was in flight: {unexplained}"
    assert max(per_kill.values(), default=0) <= CONCURRENCY, f"copies per kill: {per_kill}"
    # every message received is in the log as delivered, once, and never as superseded, missed or cancelled
    unlogged = {k[:12]: logged.get(k) for k in got if sum(o in DELIVERED for o in logged.get(k, ())) != 1}
    assert not unlogged, f"received but not logged delivered exactly once: {unlogged}"
    rewritten = {k[:12]: logged[k] for k in got if {"superseded", "missed", "cancelled"} & set(logged[k])}
    assert not rewritten, f"received, yet logged as not sent: {rewritten}"
    assert all(state[k] == "sent" for k in got)


# --------------------------------------------------------------------------- the causes, one by one, in process

def _two_leads(url: str, smtp, now: datetime):
    """One email subscriber, leads 30 and 20 days: the 30-day reminder due an
    hour ago, the 20-day one due a minute from now."""
    db = get_db(url)
    jur = REG.get("model-city")
    with Session(db) as s, s.begin():
        commands.record_event(s, jur, "ordinance-adopted", (now.date() - timedelta(days=1)).isoformat())
        subscriptions.create(s, jur, channel="email", target="v@crash.test", leads=[30, 20], confirmed=True)
        s.execute(update(Subscription).values(confirmed_at=datetime(2020, 1, 1, tzinfo=timezone.utc)))
    settings = settings_for(smtp, lease=timedelta(seconds=5), grace=timedelta(days=6))
    plan_all(db, REG, now=now, settings=settings)
    with Session(db, expire_on_commit=False) as s, s.begin():
        rows = {r.lead: r for r in s.scalars(select(Reminder))}
        rows["P30D"].fire_at, rows["P20D"].fire_at = now - timedelta(hours=1), now + timedelta(minutes=1)
    return db, settings, rows["P30D"], rows["P20D"]


def test_a_message_cut_off_in_flight_is_sent_again_not_superseded(sqlite_url, smtp_server):
    """A sender claims the 30-day reminder, hands it to the SMTP server and
    dies before recording it. When the row is taken up again the 20-day one is
    due too: the 30-day one is sent again (same Message-ID) and logged, not
    logged "superseded" after the subscriber got it."""
    from deadlines.reminders import outbox

    now = datetime.now(timezone.utc)
    db, settings, first, second = _two_leads(sqlite_url, smtp_server, now)
    assert outbox.claim(db, "dead:1:1", now, settings) == [first.id]  # ... sent, then the process died
    later = now + timedelta(minutes=2)
    assert sorted(outbox.claim(db, "alive:2:2", later, settings)) == sorted([first.id, second.id])
    assert outbox.deliver(db, first.id, "alive:2:2", later, settings) == "late"
    assert outbox.deliver(db, second.id, "alive:2:2", later, settings) == "sent"
    with Session(db) as s:
        log = {e.reminder_id: (e.outcome, e.detail) for e in s.scalars(select(DeliveryLog))}
    assert log[first.id][0] == "late" and "cut-off" in log[first.id][1]
    assert [str(m["X-Deadlines-Key"]).strip() for m in smtp_server.messages] == [first.key, second.key]


def test_a_reminder_never_cut_off_is_still_superseded(sqlite_url, smtp_server):
    from deadlines.reminders import outbox

    now = datetime.now(timezone.utc)
    db, settings, first, second = _two_leads(sqlite_url, smtp_server, now)
    later = now + timedelta(minutes=2)
    assert sorted(outbox.claim(db, "w:1:1", later, settings)) == sorted([first.id, second.id])
    assert outbox.deliver(db, first.id, "w:1:1", later, settings) == "superseded"
    assert outbox.deliver(db, second.id, "w:1:1", later, settings) == "sent"
    assert [str(m["X-Deadlines-Key"]).strip() for m in smtp_server.messages] == [second.key]


def test_an_accepted_message_is_recorded_through_a_locked_database(sqlite_url, smtp_server, monkeypatch):
    """The SMTP server accepted the message, then recording it fails (the
    database is locked): the record is retried, so the row is not left
    ``sending`` to be sent again when its lease runs out."""
    from sqlalchemy.exc import OperationalError

    from deadlines.reminders import outbox

    now = datetime.now(timezone.utc)
    db, settings, first, _ = _two_leads(sqlite_url, smtp_server, now)
    finish, failures = outbox._finish, [OperationalError("UPDATE reminder", {}, Exception("database is locked"))] * 2

    def locked(*args, **kw):
        if failures:
            raise failures.pop()
        return finish(*args, **kw)
    monkeypatch.setattr(outbox, "_finish", locked)
    [rid] = outbox.claim(db, "w:1:1", now, settings)
    assert outbox.deliver(db, rid, "w:1:1", now, settings) == "late"
    with Session(db) as s:
        assert s.get(Reminder, rid).state == "sent"
        assert [e.outcome for e in s.scalars(select(DeliveryLog))] == ["late"]
    assert len(smtp_server.messages) == 1


def test_a_quit_that_fails_after_the_server_accepted_is_no_failure(sqlite_url, smtp_server, monkeypatch):
    """The server said 250 to the message, then QUIT times out: delivered
    (logged so), not retried (a second copy)."""
    import smtplib
    import socket

    from deadlines.reminders import outbox

    docmd = smtplib.SMTP.docmd

    def quit_times_out(self, cmd, args=""):
        if cmd.lower() == "quit":
            raise socket.timeout("timed out")
        return docmd(self, cmd, args)
    monkeypatch.setattr(smtplib.SMTP, "docmd", quit_times_out)
    now = datetime.now(timezone.utc)
    db, settings, first, _ = _two_leads(sqlite_url, smtp_server, now)
    [rid] = outbox.claim(db, "w:1:1", now, settings)
    assert outbox.deliver(db, rid, "w:1:1", now, settings) == "late"
    assert len(smtp_server.messages) == 1
    with Session(db) as s:
        assert s.get(Reminder, rid).state == "sent"
