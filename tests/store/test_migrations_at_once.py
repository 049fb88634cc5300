"""Several processes starting on one fresh database at once (gunicorn's
workers, a scheduler, the command line): one migrates, the others wait for it
and find the tables at head; none fails with "database is locked" or a
half-made schema. SQLite and PostgreSQL."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tests.reminders_fixtures import pg_url  # noqa: F401  (a throwaway PostgreSQL database)

ROOT = Path(__file__).resolve().parents[2]
START = """
import sys
from deadlines.store.db import get_db
with get_db(sys.argv[1]).connect() as conn:
    print(conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar())
"""
HOW_MANY = 4


def _heads() -> set[str]:
    out = subprocess.run([sys.executable, "-m", "alembic", "heads"], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    return {line.split()[0] for line in out.stdout.splitlines() if line.strip()}


def _start_together(url: str) -> list[subprocess.CompletedProcess]:
    procs = [subprocess.Popen([sys.executable, "-c", START, url], cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(HOW_MANY)]
    return [subprocess.CompletedProcess(p.args, p.wait(timeout=300), *p.communicate()) for p in procs]


def _check(url: str, done: list[subprocess.CompletedProcess]) -> None:
    assert [p.returncode for p in done] == [0] * HOW_MANY, [p.stderr[-800:] for p in done if p.returncode]
    assert {p.stdout.strip() for p in done} == _heads()
    db = create_engine(url)
    with db.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
    db.dispose()


def test_workers_starting_at_once_on_a_fresh_sqlite_file(tmp_path):
    url = f"sqlite:///{tmp_path / 'instance' / 'deadlines.sqlite3'}"
    _check(url, _start_together(url))


@pytest.mark.postgres
def test_workers_starting_at_once_on_a_fresh_postgresql_database(pg_url):  # noqa: F811
    _check(pg_url, _start_together(pg_url))
