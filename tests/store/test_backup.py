"""``deadlines backup PATH`` while a clerk keeps writing through the API: the
copy holds every write acknowledged before the backup began and passes
``PRAGMA integrity_check``; a fresh app on the copy (the restore of the
README) answers those records; an existing PATH is refused without
``--force``; on PostgreSQL ``pg_dump``'s archive restores with ``pg_restore``."""
from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy.orm import Session

from deadlines.store import tokens
from tests.reminders_fixtures import fresh_pg_database, pg_url  # noqa: F401
from web import create_app

ROOT = Path(__file__).resolve().parents[2]
EVENTS = "/api/v1/jurisdictions/model-city/events"


def _app(url: str):
    app = create_app({"TESTING": True, "TODAY": "2026-03-01", "SECRET_KEY": "t", "BASE_URL": "http://deadlines.test",
                      "DATABASE_URL": url, "RATELIMIT_CLERK_WRITES": "100000 per minute"})
    return app


def _token(app) -> dict:
    with Session(app.extensions["records"].db) as s, s.begin():
        _, secret = tokens.create(s, "model-city")
    return {"Authorization": f"Bearer {secret}"}


class Clerk(threading.Thread):
    """Records one event after another through the clerk API until stopped;
    ``acked`` holds (id, label) of each answered 201, in order."""

    def __init__(self, app, auth: dict):
        super().__init__(daemon=True)
        self.app, self.auth, self.acked, self.stop, self.failed = app, auth, [], threading.Event(), None

    def run(self) -> None:
        client, n = self.app.test_client(), 0
        while not self.stop.is_set() and n < 150:  # under the cap of events per cycle
            label = f"Ordinance 2026-{n}"
            r = client.post(EVENTS, json={"name": "ordinance-adopted", "at": "2026-05-04", "label": label},
                            headers=self.auth)
            if r.status_code != 201:
                self.failed = (r.status_code, r.get_data(as_text=True))
                return
            self.acked.append((r.get_json()["id"], label))
            n += 1

    def wait_for(self, count: int) -> None:
        deadline = time.monotonic() + 60
        while len(self.acked) < count and self.failed is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(self.acked) >= count, self.failed


def _backup(url: str, *args: str, path: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "DEADLINES_DATABASE_URL": url, **({"PATH": path} if path is not None else {})}
    return subprocess.run([sys.executable, "-m", "deadlines.cli", "backup", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def _during_writes(url: str, copy: Path) -> tuple[set, set, str, str]:
    """Back ``url`` up to ``copy`` while a clerk writes; (acknowledged before the
    backup began, all acknowledged, the token's header value, the command's stdout)."""
    app = _app(url)
    auth = _token(app)
    clerk = Clerk(app, auth)
    clerk.start()
    try:
        clerk.wait_for(20)
        before = set(clerk.acked)
        done = _backup(url, str(copy))
        during = len(clerk.acked)
    finally:
        clerk.stop.set()
        clerk.join(60)
    assert clerk.failed is None, clerk.failed
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert during > len(before)  # the clerk kept writing while the backup ran
    return before, set(clerk.acked), auth["Authorization"], done.stdout


def _restored(url: str, authorization: str, before: set) -> None:
    """A fresh app on the restored database answers every event acknowledged
    before the backup: the public deadlines (its cases, by label) and the clerk
    API (with the token, restored too)."""
    client = _app(url).test_client()
    r = client.get("/api/v1/jurisdictions/model-city/deadlines")
    assert r.status_code == 200
    assert {label for _, label in before} <= {c["label"] for c in r.get_json()["cases"]}
    r = client.get(f"{EVENTS}?limit=1000", headers={"Authorization": authorization})
    assert r.status_code == 200 and r.get_json()["next"] is None  # one page holds them all
    assert before <= {(e["id"], e["label"]) for e in r.get_json()["items"]}


def test_backup_while_writing_holds_every_acknowledged_write_and_restores(tmp_path):
    db = tmp_path / "instance" / "deadlines.sqlite3"
    copy = tmp_path / "backup.sqlite3"
    url = f"sqlite:///{db}"
    before, acked, authorization, out = _during_writes(url, copy)
    assert sqlite3.connect(db).execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # as the service runs it

    line = re.fullmatch(rf"{re.escape(str(copy))}: (\d+) bytes, (\d+) trigger events, .*, integrity ok\n", out)
    assert line, out
    assert int(line[1]) == copy.stat().st_size and int(line[2]) >= len(before)
    with sqlite3.connect(f"file:{copy}?mode=ro", uri=True) as c:
        assert c.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert c.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one file, nothing in a -wal
        stored = set(c.execute("SELECT id, label FROM trigger_event").fetchall())
    assert before <= stored <= acked | stored  # every write acknowledged before the backup began
    assert not list(tmp_path.glob(".backup.sqlite3*"))  # no partial file left behind

    # the README's restore: the copy in place of the database file, no -wal/-shm beside it
    restored = tmp_path / "restored" / "deadlines.sqlite3"
    restored.parent.mkdir()
    shutil.copy(copy, restored)
    _restored(f"sqlite:///{restored}", authorization, before)


def test_an_existing_path_is_refused_without_force(tmp_path):
    url = f"sqlite:///{tmp_path / 'deadlines.sqlite3'}"
    _app(url)
    target = tmp_path / "backup.sqlite3"
    target.write_text("keep me")
    refused = _backup(url, str(target))
    assert refused.returncode == 2 and not refused.stdout
    assert refused.stderr == f"error: {target} exists; give --force to replace it\n"
    assert target.read_text() == "keep me"
    forced = _backup(url, "--force", str(target))
    assert forced.returncode == 0 and forced.stdout.endswith("integrity ok\n"), forced.stderr
    assert sqlite3.connect(target).execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_no_database_file_is_one_line(tmp_path):
    missing = tmp_path / "none.sqlite3"
    done = _backup(f"sqlite:///{missing}", str(tmp_path / "b.sqlite3"))
    assert done.returncode == 2 and done.stderr.startswith(f"error: no database at {missing}")
    assert not missing.exists() and not (tmp_path / "b.sqlite3").exists()


def test_postgresql_without_pg_dump_says_the_command_to_run(tmp_path):
    done = _backup("postgresql+psycopg://clerk:secret@db.example:5433/deadlines", str(tmp_path / "b.dump"),
                   path=str(tmp_path))  # a PATH with no pg_dump on it
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert (f"run: pg_dump --format=custom --file={tmp_path / 'b.dump'} postgresql://clerk@db.example:5433/deadlines"
            " with PGPASSWORD set") in done.stderr
    assert "secret" not in done.stderr


@pytest.mark.postgres
def test_pg_dump_while_writing_restores_with_pg_restore(pg_url, tmp_path):  # noqa: F811
    assert shutil.which("pg_dump") and shutil.which("pg_restore")
    dump = tmp_path / "deadlines.dump"
    before, _, authorization, out = _during_writes(pg_url, dump)
    assert re.fullmatch(rf"{re.escape(str(dump))}: \d+ bytes, pg_dump custom format, \d+ archive entries, "
                        r"archive ok\n", out), out
    target = fresh_pg_database()
    restored = next(target)
    try:
        libpq = restored.replace("postgresql+psycopg://", "postgresql://", 1)
        done = subprocess.run(["pg_restore", "--no-owner", "--exit-on-error", f"--dbname={libpq}", str(dump)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        _restored(restored, authorization, before)
    finally:
        next(target, None)
