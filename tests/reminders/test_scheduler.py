"""The APScheduler loop in-process (as ``deadlines serve`` runs it), and the
``deadlines reminders`` / ``deadlines token`` commands."""
import threading
from datetime import datetime, timedelta, timezone

from click.testing import CliRunner
from sqlalchemy.orm import Session

from deadlines.cli import main
from deadlines.core.registry import Registry
from deadlines.reminders.plan import queue_confirmation
from deadlines.reminders.scheduler import start_scheduler
from deadlines.store import subscriptions
from deadlines.store.db import get_db
from tests.reminders_fixtures import settings_for, smtp_server, sqlite_url  # noqa: F401

REG = Registry()


def test_start_scheduler_fires_on_time_between_ticks(sqlite_url, smtp_server, monkeypatch):
    for k, v in {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(smtp_server.port), "SCHEDULER_TICK": "30"}.items():
        monkeypatch.setenv(f"DEADLINES_{k}", v)
    db = get_db(sqlite_url)
    due = datetime.now(timezone.utc) + timedelta(seconds=1.5)
    with Session(db, expire_on_commit=False) as s, s.begin():
        sub = subscriptions.create(s, REG.get("ypsilanti-mi"), channel="email", target="a@b.test")
        queue_confirmation(s, sub, REG.get("ypsilanti-mi"), settings_for(), due)
    came = threading.Event()
    smtp_server.on_message = came.set
    scheduler = start_scheduler({"DATABASE_URL": sqlite_url})
    try:
        assert came.wait(25), "the one-off wake job should fire before the 30 s tick"
        arrived = datetime.now(timezone.utc)
    finally:
        scheduler.shutdown()
    assert len(smtp_server.messages) == 1
    assert due <= arrived


def test_token_and_reminders_commands(sqlite_url, monkeypatch):
    monkeypatch.setenv("DEADLINES_DATABASE_URL", sqlite_url)
    runner = CliRunner()
    created = runner.invoke(main, ["token", "create", "model-city", "--label", "city clerk"])
    assert created.exit_code == 0, created.output
    secret = created.stdout.strip().splitlines()[-1]
    assert secret.startswith("dlc_")
    listed = runner.invoke(main, ["token", "list"]).output
    assert "model-city\tlive" in listed and secret not in listed
    assert runner.invoke(main, ["token", "create", "atlantis"]).exit_code != 0
    assert runner.invoke(main, ["token", "revoke", "1"]).exit_code == 0
    assert "revoked" in runner.invoke(main, ["token", "list", "model-city"]).output
    assert runner.invoke(main, ["token", "revoke", "1"]).exit_code != 0

    db = get_db(sqlite_url)
    with Session(db, expire_on_commit=False) as s, s.begin():
        sub = subscriptions.create(s, REG.get("model-city"), channel="email", target="someone@example.org")
        queue_confirmation(s, sub, REG.get("model-city"), settings_for(), datetime(2030, 1, 1, tzinfo=timezone.utc))
    out = runner.invoke(main, ["reminders"]).output
    assert "2030-01-01 00:00Z  confirm" in out and "so***@example.org" in out
    assert runner.invoke(main, ["reminders", "--log"]).output == ""


def test_worker_name_fits_its_columns_with_a_long_host_name():
    from deadlines.reminders.scheduler import WORKER_NAME_MAX, worker_name
    from deadlines.store.tables import DeliveryLog, Reminder

    name = worker_name("ip-172-31-100-200.ap-southeast-2.compute.internal", 4194304, 0x7F5A2C1D3E90)
    assert len(name) <= WORKER_NAME_MAX
    assert name.endswith(":4194304:7f5a2c1d3e90") and name.startswith("ip-172-31-100-200")
    assert Reminder.__table__.c.claimed_by.type.length == DeliveryLog.__table__.c.worker.type.length == WORKER_NAME_MAX
