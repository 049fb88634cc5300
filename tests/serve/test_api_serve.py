"""``deadlines serve`` runs the app in a real server process on 127.0.0.1."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def test_serve_answers_the_api(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "DEADLINES_INSTANCE": str(tmp_path)}
    env.pop("DEADLINES_DATABASE_URL", None)
    deadlines = Path(sys.executable).with_name("deadlines")
    proc = subprocess.Popen([str(deadlines), "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        # Start-up loads every roster; on a shared 2-CPU machine under the whole suite it has taken
        # over 10 s, so the wait is bounded in time (as tests/setups.py's), not in tries.
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/jurisdictions?q=ypsilanti", timeout=2) as resp:
                    assert resp.status == 200 and b"ypsilanti-mi" in resp.read()
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError(f"deadlines serve did not answer (exit status {proc.poll()})")
        assert (tmp_path / "deadlines.sqlite3").exists()  # the embedded database
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=10)
    assert b"Reminder scheduler running in this process" in out
