"""The scaled setup's writes have a lane of their own (deploy/nginx-deadlines.conf):
nginx passes every request but GET and HEAD to the writes' gunicorn and the
reads to the readers' workers, so a clerk's write never waits in a queue
behind readers; where no writes' gunicorn runs, the readers' workers take
the writes (nginx's ``backup``)."""
from __future__ import annotations

import subprocess
import sys

import requests

from tests import setups as fronts

JID = "ypsilanti-mi"
OVERRIDE = f"/api/v1/jurisdictions/{JID}/overrides/2026-11-03/petition-filing"
DEADLINES = f"/api/v1/jurisdictions/{JID}/deadlines?election=2026-11-03"


def _token(env: dict[str, str]) -> dict[str, str]:
    done = subprocess.run([sys.executable, "-m", "deadlines.cli", "token", "create", JID], cwd=fronts.ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return {"Authorization": f"Bearer {done.stdout.strip()}"}


def _moves_the_deadline(url: str, auth: dict[str, str], due: str) -> None:
    moved = requests.put(url + OVERRIDE, headers=auth, timeout=30,
                         json={"due": due, "authority": "Council resolution 2026-41", "reason": "office move"})
    assert moved.status_code == 200, moved.text
    [petition] = [d for d in requests.get(url + DEADLINES, timeout=30).json()["deadlines"] if d["id"] == "petition-filing"]
    assert petition["due"].startswith(due[:10]), petition


def _requests(log) -> list[str]:
    return [line.split('"')[1] for line in log.read_text().splitlines() if '"' in line]


def test_writes_go_to_their_own_worker_and_reads_to_the_readers(tmp_path):
    env = fronts.environment(tmp_path, DEADLINES_RATELIMIT_ENABLED="false", DEADLINES_BASE_URL="http://deadlines.test")
    with fronts.scaled(tmp_path, env, workers=1, writes=True, access_logs=True) as url:
        _moves_the_deadline(url, _token(env), "2026-04-24T16:00")
        anonymous = requests.post(url + f"/api/v1/jurisdictions/{JID}/events", json={}, timeout=30)
        assert anonymous.status_code == 401  # any write, answered or refused, takes the lane
    writes, reads = _requests(tmp_path / "logs" / "access-writes.log"), _requests(tmp_path / "logs" / "access-web.log")
    writes = [r for r in writes if not r.startswith(f"GET {fronts.READY_PATH} ")]  # the setup's own probe, not nginx's
    assert [r.split()[0] for r in writes] == ["PUT", "POST"], writes
    assert any(r.startswith(f"GET {DEADLINES}") for r in reads) and not any(r.startswith(("PUT", "POST")) for r in reads)


def test_without_a_writes_worker_the_readers_workers_take_the_writes(tmp_path):
    env = fronts.environment(tmp_path, DEADLINES_RATELIMIT_ENABLED="false", DEADLINES_BASE_URL="http://deadlines.test")
    with fronts.scaled(tmp_path, env, workers=1, access_logs=True) as url:
        auth = _token(env)
        _moves_the_deadline(url, auth, "2026-04-24T16:00")
        _moves_the_deadline(url, auth, "2026-04-23T16:00")  # again, past nginx's note that the lane is down
    assert [r.split()[0] for r in _requests(tmp_path / "logs" / "access-web.log")].count("PUT") == 2
