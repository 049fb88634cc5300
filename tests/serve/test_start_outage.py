"""``deadlines serve`` with its database unreachable at start: one line per
attempt naming the database and saying it tries again, then exit status 1 and
one line, never a traceback; and when the database comes up between attempts,
it serves."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.reminders_fixtures import pg_url  # noqa: F401
from tests.server_helpers import free_port, gunicorn_flags
from tests.tcp_relay import Relay

ROOT = Path(__file__).resolve().parents[2]


def _serve(url: str, retries: int, tmp_path, **popen) -> subprocess.Popen:
    env = {**os.environ, "DEADLINES_DATABASE_URL": url, "DEADLINES_START_RETRIES": str(retries),
           "DEADLINES_INSTANCE": str(tmp_path), "DEADLINES_BOUNDARY_SOURCE": str(tmp_path)}
    return subprocess.Popen([sys.executable, "-m", "deadlines.cli", "serve", "--port", str(free_port()),
                             "--no-scheduler"], cwd=ROOT, env=env, text=True, **popen)


def test_unreachable_database_at_start_is_one_line_per_attempt_then_status_1(tmp_path):
    proc = _serve("postgresql+psycopg://postgres:secret@127.0.0.1:1/none", 1, tmp_path,
                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, (out, err)
    assert "Traceback" not in err and "Traceback" not in out
    lines = err.strip().splitlines()
    assert len(lines) == 2, err
    assert "127.0.0.1:1/none" in lines[0] and "trying again in 1 s" in lines[0] and "attempt 1 of 2" in lines[0]
    assert "127.0.0.1:1/none" in lines[1] and "gave up after 2 attempt(s)" in lines[1]
    assert "secret" not in err  # the password is never shown
    assert "Serving on" not in out


@pytest.mark.postgres
def test_database_coming_up_between_attempts_is_served(pg_url, tmp_path):  # noqa: F811
    from sqlalchemy.engine import make_url

    real = make_url(pg_url)
    port = free_port()  # nothing listens here until the "database comes up"
    proc = _serve(real.set(host="127.0.0.1", port=port).render_as_string(hide_password=False), 3, tmp_path,
                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    listener = None
    try:
        first = proc.stderr.readline()
        assert f"127.0.0.1:{port}" in first and "trying again in 1 s" in first, first
        listener = socket.create_server(("127.0.0.1", port))
        Relay((real.host, real.port or 5432), listener)
        for line in proc.stdout:
            if line.startswith("Serving on"):
                base = line.split()[2]
                break
        else:
            raise AssertionError(f"serve never started: {proc.stderr.read()}")
        with urllib.request.urlopen(f"{base}api/v1/jurisdictions?q=ypsilanti", timeout=10) as resp:
            assert resp.status == 200 and b"ypsilanti-mi" in resp.read()
    finally:
        proc.terminate()
        _, rest = proc.communicate(timeout=30)
        if listener:
            listener.close()
    assert "Traceback" not in first + rest


@pytest.mark.postgres
def test_gunicorn_with_the_database_unreachable_at_start_is_one_line_per_attempt_then_exits(tmp_path):
    """The scaled setup's entry (``deploy/gunicorn.conf.py``): the master waits for
    the database before it binds or boots a worker, and gives up as serve does."""

    env = {**{k: v for k, v in os.environ.items() if not k.startswith("DEADLINES_")},
           "DEADLINES_DATABASE_URL": "postgresql://postgres@127.0.0.1:1/none", "DEADLINES_START_RETRIES": "1",
           "DEADLINES_INSTANCE": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py", "-w", "2",
                           "-b", f"127.0.0.1:{free_port()}", *gunicorn_flags()],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout
    assert "Listening at" not in done.stderr and "Booting worker" not in done.stderr  # no socket, no worker
    named = [line for line in done.stderr.splitlines() if "127.0.0.1:1/none" in line]
    assert len(named) == 2, done.stderr  # one line per attempt
    assert "trying again in 1 s" in named[0] and "attempt 1 of 2" in named[0]
    assert "gave up after 2 attempt(s)" in named[1]
    assert done.stderr.strip().splitlines()[-1] == named[1]  # and nothing after it


def test_the_scheduler_with_the_database_unreachable_at_start_is_one_line_per_attempt_then_status_1(tmp_path):
    env = {**os.environ, "DEADLINES_DATABASE_URL": "postgresql+psycopg://postgres:secret@127.0.0.1:1/none",
           "DEADLINES_START_RETRIES": "1", "DEADLINES_INSTANCE": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-m", "deadlines.cli", "scheduler", "--tick", "1"], cwd=ROOT, env=env,
                          text=True, capture_output=True, timeout=120)
    assert proc.returncode == 1, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr and "secret" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 2 and "attempt 1 of 2" in lines[0] and "gave up after 2 attempt(s)" in lines[1], proc.stderr
