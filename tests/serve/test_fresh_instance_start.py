"""gunicorn with the shipped deploy/gunicorn.conf.py starts on SQLite whose
folder does not exist yet (a fresh machine): the master's wait for the
database makes the folder as the app does, instead of taking the missing
folder for an outage and exiting after its retries."""
from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.server_helpers import free_port, gunicorn_flags

ROOT = Path(__file__).resolve().parents[2]


def test_gunicorn_starts_on_a_sqlite_folder_not_made_yet(tmp_path):
    database = tmp_path / "not" / "made" / "yet" / "deadlines.sqlite3"
    port = free_port()
    env = {**os.environ, "DEADLINES_DATABASE_URL": f"sqlite:///{database}", "DEADLINES_START_RETRIES": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py", "-w", "1",
                             "-b", f"127.0.0.1:{port}", *gunicorn_flags()], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline, status = time.monotonic() + 60, None
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/jurisdictions/orem-ut", timeout=10) as resp:
                    status = resp.status
                break
            except OSError:
                time.sleep(0.3)
        assert proc.poll() is None, proc.communicate()[0][-2000:]
        assert status == 200
        assert database.exists()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
