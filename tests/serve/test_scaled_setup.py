"""The documented scaled setup, end to end: ``gunicorn -w 3 'web:create_app()'``
and two ``deadlines scheduler`` processes, all subprocesses on 127.0.0.1 against
one fresh PostgreSQL database (migrated by whichever starts first).

A clerk token comes from the CLI; webhook subscriptions and the trigger event
go through gunicorn's write API. Reminders fire at the local reminder hour and
only after a subscription was confirmed, and no clock can be pinned in another
process, so (as in test_crash.py) the subscriptions are backdated to "confirmed
two weeks ago" and the leads chosen so that each reminder fell due in the last
days: they are due at once and sent late, within DEADLINES_REMINDER_GRACE.

Checked: of the three reminders each subscriber missed for the deadline, one
(the latest, with the true time left) reaches the receiver, exactly once (one
Idempotency-Key, a valid signature) although two schedulers run; only the scheduler processes
claim and log deliveries; several gunicorn workers serve the same feed, with the
referendum deadline and one ETag; with the schedulers stopped, a change that
makes "deadline moved" messages due at once is planned by the web workers but
not sent by them, and a restarted scheduler sends it exactly once.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import requests
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from deadlines.store.db import get_db
from deadlines.store.tables import DeliveryLog, Reminder, Subscription
from tests.reminders_fixtures import pg_url, receiver  # noqa: F401
from tests.server_helpers import free_port, gunicorn_flags

ROOT = Path(__file__).resolve().parents[2]
JID, EVENT, DEADLINE = "model-city", "ordinance-adopted", "referendum-petition-filing"
SUBS, WORKERS = 8, 3  # 24 reminders, 8 of them sent: more than one claim (a claim takes as many as free slots)
ZONE = ZoneInfo("America/Chicago")  # model-city's timezone


def _env(url: str, tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEADLINES_")}
    return {**env, "DEADLINES_DATABASE_URL": url, "DEADLINES_WEBHOOK_ALLOW_NETS": "127.0.0.0/8",
            "DEADLINES_SECRET_KEY": "scaled-setup-test", "DEADLINES_INSTANCE": str(tmp_path / "instance"),
            "DEADLINES_BASE_URL": "http://deadlines.test", "DEADLINES_SCHEDULER_TICK": "0.5",
            "DEADLINES_REMINDER_GRACE": str(30 * 86400), "DEADLINES_RETRY_BASE": "0.2"}


class Procs:
    """The subprocesses, their logs, and a teardown that always runs."""

    def __init__(self, env: dict[str, str], logs: Path):
        self.env, self.logs, self.all, self.files = env, logs, [], []
        logs.mkdir(parents=True, exist_ok=True)

    def start(self, name: str, argv: list[str]) -> subprocess.Popen:
        out = open(self.logs / f"{name}.log", "ab")
        self.files.append(out)
        proc = subprocess.Popen(argv, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        proc.name = name
        self.all.append(proc)
        return proc

    def scheduler(self, name: str) -> subprocess.Popen:
        return self.start(name, [sys.executable, "-m", "deadlines.cli", "scheduler"])

    @staticmethod
    def stop(proc: subprocess.Popen) -> None:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def stop_all(self) -> None:
        for proc in reversed(self.all):
            self.stop(proc)
        for f in self.files:
            f.close()

    def tails(self) -> str:
        return "\n".join(f"--- {p.name} (exit {p.poll()}):\n" + (self.logs / f"{p.name}.log").read_text(errors="replace")[-3000:]
                         for p in self.all)


def _wait(what: str, check, timeout: float, procs: Procs, step: float = 0.2):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(step)
    pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}\n{procs.tails()}")


def _cli(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "deadlines.cli", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _pid(worker_name: str) -> int:
    """``Worker.name`` is ``host:pid:id``."""
    return int(worker_name.split(":")[1])


@pytest.mark.postgres
def test_gunicorn_workers_and_two_schedulers_on_postgres(pg_url, receiver, tmp_path):  # noqa: F811
    env = _env(pg_url, tmp_path)
    procs = Procs(env, tmp_path / "logs")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    try:
        # All three start at once on an empty database: the migration must not race.
        gunicorn = procs.start("gunicorn", [
            sys.executable, "-m", "gunicorn", "-w", str(WORKERS), "-b", f"127.0.0.1:{port}",
            "--access-logfile", str(tmp_path / "logs" / "access.log"),
            "--access-logformat", '%(p)s "%(r)s" %(s)s', *gunicorn_flags(), "web:create_app()"])
        schedulers = [procs.scheduler("scheduler-1"), procs.scheduler("scheduler-2")]

        def up():
            try:
                return requests.get(f"{base}/api/v1/jurisdictions", timeout=5).status_code == 200
            except requests.RequestException:  # not listening yet, or the workers still booting
                return False
        _wait("gunicorn to answer", up, 30, procs)

        secret = _cli(env, "token", "create", JID, "--label", "scaled-setup test").strip()
        assert re.fullmatch(r"\S{20,}", secret), secret
        auth = {"Authorization": f"Bearer {secret}"}
        api = f"{base}/api/v1/jurisdictions/{JID}"

        # When the deadline falls for an ordinance adopted yesterday, and leads
        # that put the reminders 1, 2 and 3 days ago at the reminder hour.
        today = datetime.now(ZONE).date()
        adopted = today - timedelta(days=1)
        resp = requests.get(f"{api}/deadlines", params={EVENT: adopted.isoformat()}, timeout=10)
        assert resp.status_code == 200, resp.text
        [dl] = [d for d in resp.json()["deadlines"] if d["id"] == DEADLINE]
        assert dl["due"] == (adopted + timedelta(days=30)).isoformat()
        first = (date.fromisoformat(dl["safe_due"]) - today).days + 1
        leads = [first, first + 1, first + 2]

        hooks = {}
        for _ in range(SUBS):
            resp = requests.post(f"{api}/subscriptions", headers=auth, timeout=10,
                                 json={"channel": "webhook", "target": receiver.url, "leads": leads})
            assert resp.status_code == 201, resp.text
            body = resp.json()
            assert body["confirmed"] and body["secret"]
            hooks[body["id"]] = body["secret"]
        db = get_db(pg_url)
        with Session(db) as s, s.begin():  # "confirmed two weeks ago" (see the module docstring)
            s.execute(update(Subscription).where(Subscription.id.in_(list(hooks)))
                      .values(confirmed_at=datetime.now(timezone.utc) - timedelta(days=14)))

        resp = requests.post(f"{api}/events", headers=auth, json={"name": EVENT, "at": adopted.isoformat()}, timeout=10)
        assert resp.status_code == 201, resp.text
        event_id = resp.json()["id"]

        receiver.delay = 0.1  # the first claimer is still sending when the other ticks

        def settled():
            with Session(db) as s:
                states = Counter(s.scalars(select(Reminder.state).where(Reminder.jurisdiction_id == JID)))
            return states if states and not states.keys() & {"pending", "sending"} else None
        _wait("every reminder sent or superseded", settled, 60, procs)
        assert all(p.poll() is None for p in [gunicorn, *schedulers]), procs.tails()

        with Session(db) as s:
            rows = s.scalars(select(Reminder).where(Reminder.jurisdiction_id == JID)).all()
            log = s.scalars(select(DeliveryLog)).all()
        assert len(rows) == SUBS * len(leads)
        assert Counter(r.state for r in rows) == {"sent": SUBS, "superseded": 2 * SUBS}, [(r.lead, r.state) for r in rows]
        sent_rows = [r for r in rows if r.state == "sent"]
        assert {r.lead for r in sent_rows} == {f"P{first}D"} and all(r.late for r in sent_rows)
        got = Counter(receiver.keys())
        assert got == Counter({r.key: 1 for r in sent_rows}), "one message per subscriber, delivered once, by one scheduler"
        for req in receiver.requests:
            h, raw = req["headers"], req["body"]
            sub_id = next(r.subscription_id for r in rows if r.key == h["Idempotency-Key"])
            want = "sha256=" + hmac.new(hooks[sub_id].encode(), h["X-Deadlines-Timestamp"].encode() + b"." + raw,
                                        hashlib.sha256).hexdigest()
            assert hmac.compare_digest(h["X-Deadlines-Signature"], want)
            assert req["json"]["type"] == "deadline" and req["json"]["late"] is True
            assert req["json"]["days_left"] == (date.fromisoformat(dl["safe_due"]) - today).days  # the true time left
            assert req["json"]["deadline"]["uid"].endswith(f"/{DEADLINE}")

        # Only the scheduler processes claimed and delivered; gunicorn workers only planned.
        scheduler_pids = {p.pid for p in schedulers}
        assert {_pid(r.claimed_by) for r in rows} <= scheduler_pids
        assert log and {_pid(e.worker) for e in log} <= scheduler_pids
        assert Counter(e.outcome for e in log) == {"late": SUBS, "superseded": 2 * SUBS}
        receiver.delay = 0.0

        # The feed, from several workers at once: the referendum deadline, one ETag.
        feed = f"{base}/calendars/{JID}.ics"
        with ThreadPoolExecutor(6) as pool:
            answers = list(pool.map(lambda _: requests.get(feed, timeout=20), range(30)))
        assert {a.status_code for a in answers} == {200}, [a.text[:300] for a in answers if a.status_code != 200]
        etags = {a.headers["ETag"] for a in answers}
        assert len(etags) == 1, etags
        assert len({a.content for a in answers}) == 1
        text = answers[0].text.replace("\r\n ", "")
        # the event sits on the safe date: day 30 itself, or the business day before it where day 30 is a weekend or
        # holiday (an ordinance adopted December 2, 2026: day 30 is New Year's Day 2027, the event December 31)
        assert "BEGIN:VCALENDAR" in text and _has_event(text, DEADLINE, date.fromisoformat(dl["safe_due"][:10]))
        etag = etags.pop()
        with ThreadPoolExecutor(6) as pool:
            again = list(pool.map(lambda _: requests.get(feed, headers={"If-None-Match": etag}, timeout=20), range(12)))
        assert {a.status_code for a in again} == {304}
        assert {a.headers["ETag"] for a in again} == {etag}
        access = (tmp_path / "logs" / "access.log").read_text()
        served_by = set(re.findall(rf"<(\d+)> \"GET /calendars/{JID}\.ics HTTP", access))
        assert len(served_by) >= 2, f"the feed requests went to one worker only: {access[-2000:]}"
        assert not served_by & {str(p) for p in scheduler_pids}

        # Schedulers stopped: a changed event makes "deadline moved" messages due
        # now; the web workers plan them but never send them.
        for p in schedulers:
            Procs.stop(p)
        seen = len(receiver.requests)
        resp = requests.put(f"{api}/events/{event_id}", headers=auth, timeout=10,
                            json={"name": EVENT, "at": (adopted - timedelta(days=1)).isoformat()})
        assert resp.status_code == 200, resp.text
        with Session(db) as s:
            moved = s.scalars(select(Reminder).where(Reminder.kind == "moved")).all()
        assert len(moved) == SUBS and {r.state for r in moved} == {"pending"}
        assert all(r.fire_at <= datetime.now(timezone.utc) for r in moved)
        assert len(receiver.requests) == seen, "a gunicorn worker delivered a reminder"
        with Session(db) as s:
            assert s.scalar(select(Reminder.id).where(Reminder.state.not_in(("sent", "superseded")),
                                                      Reminder.claimed_by.is_not(None))) is None

        # One scheduler again: everything due goes out, each key once overall.
        restarted = procs.scheduler("scheduler-3")

        def settled():
            with Session(db) as s:
                return s.scalar(select(Reminder.id).where(Reminder.state.in_(("pending", "sending")),
                                                          Reminder.fire_at <= datetime.now(timezone.utc))) is None
        _wait("the restarted scheduler to send what is due", settled, 30, procs)
        with Session(db) as s:
            rows = s.scalars(select(Reminder)).all()
        sent = [r for r in rows if r.state == "sent"]
        assert {r.state for r in rows} <= {"sent", "superseded", "pending", "cancelled"}
        assert Counter(receiver.keys()) == Counter({r.key: 1 for r in sent})
        assert {r.key for r in moved} <= {r.key for r in sent}
        assert {_pid(r.claimed_by) for r in sent} <= scheduler_pids | {restarted.pid}
        types = Counter(req["json"]["type"] for req in receiver.requests[seen:])
        assert types["moved"] == SUBS
    finally:
        procs.stop_all()


def _has_event(ics: str, deadline: str, due: date) -> bool:
    """The feed has a VEVENT for ``deadline`` on ``due``."""
    for block in ics.split("BEGIN:VEVENT")[1:]:
        uid = re.search(r"^UID:(.*)$", block, re.M)
        if uid and uid.group(1).strip().startswith(f"{JID}/") and f"/{deadline}@" in uid.group(1) \
                and due.strftime("%Y%m%d") in re.search(r"^DTSTART[^:]*:(.*)$", block, re.M).group(1):
            return True
    return False
