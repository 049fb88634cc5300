"""The fronts of both documented setups hold under slow and many clients and
refuse oversized bodies before reading them (issue 19, item 2): ``deadlines
serve`` (waitress with a connection limit and a request deadline) and the
scaled setup (gunicorn sync workers behind the shipped nginx config)."""
from __future__ import annotations

import socket
import time

import pytest
import requests

from tests import setups as fronts
from tests.reminders_fixtures import pg_url  # noqa: F401
from tests.server_helpers import free_port

FEED = "/calendars/ypsilanti-mi.ics"


def _answers_while_slow(url: str, slow: fronts.SlowClients) -> None:
    for path in (FEED, "/", "/api/v1/jurisdictions/salt-lake-city-ut/deadlines?election=2025-11-04"):
        resp = requests.get(url + path, timeout=10)
        assert resp.status_code == 200, (path, resp.status_code)
    assert slow.opened >= slow.count  # they were all held open meanwhile


def _refuses_a_huge_body_unread(url: str) -> None:
    """A 200 MB POST is answered 413 from its Content-Length, with no byte of the body sent."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(b"POST /subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                  b"Content-Length: 200000000\r\n\r\n")
        assert s.recv(64).startswith(b"HTTP/1.1 413")


def test_serve_holds_150_slow_connections_drops_them_in_time_and_refuses_big_bodies(tmp_path):
    env = fronts.environment(tmp_path, DEADLINES_RATELIMIT_ENABLED="false")
    # every socket here is from 127.0.0.1: no per-client cap (tests/serve/test_slow_clients.py has that)
    with fronts.one_process(tmp_path, env, "--no-scheduler", "--request-timeout", "3", "--per-client-limit", "0") as url:
        with fronts.SlowClients(url, 150, every=1.0) as slow:  # more than waitress's default limit of 100
            _answers_while_slow(url, slow)
            time.sleep(6)  # past the request deadline: a header line a second does not keep a request alive
            assert slow.dropped >= 150
            _answers_while_slow(url, slow)
        _refuses_a_huge_body_unread(url)


@pytest.mark.postgres
def test_scaled_setup_behind_nginx_holds_slow_connections_and_refuses_big_bodies(tmp_path, pg_url):
    env = fronts.environment(tmp_path, DEADLINES_DATABASE_URL=pg_url, DEADLINES_BASE_URL="http://deadlines.test",
                             DEADLINES_RATELIMIT_ENABLED="false")
    with fronts.scaled(tmp_path, env, workers=2) as url:
        with fronts.SlowClients(url, 50, every=1.0) as slow:  # 25 per worker: each would hold a sync worker
            _answers_while_slow(url, slow)
            time.sleep(3)
            _answers_while_slow(url, slow)
        _refuses_a_huge_body_unread(url)
        # nginx forwards the client's address: the app, trusting one hop, sees it (not nginx's)
        resp = requests.get(url + "/calendars/ypsilanti-mi.ics", headers={"X-Forwarded-Host": "evil.example"}, timeout=10)
        assert resp.status_code == 200 and b"evil.example" not in resp.content


def test_the_test_nginx_runs_with_the_shipped_main_settings_and_nginx_accepts_the_shipped_file(tmp_path):
    """What an operator puts in /etc/nginx/nginx.conf is deploy/nginx.conf: the
    scaled tests' nginx runs with its worker_connections and open-file limit
    (tests.setups.nginx_config), and nginx reads it as Debian installs it."""
    import subprocess

    main = fronts.shipped_main()
    assert main["worker_connections"] >= 16384 and main["worker_rlimit_nofile"] >= 2 * main["worker_connections"]
    conf = fronts.nginx_config(tmp_path, free_port(), free_port()).read_text()
    assert f"worker_connections {main['worker_connections']};" in conf
    assert f"worker_rlimit_nofile {main['worker_rlimit_nofile']};" in conf
    checked = subprocess.run([fronts.nginx(), "-t", "-c", str(fronts.NGINX_MAIN)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert "worker_connections" not in fronts.NGINX_SITE.read_text().split("upstream", 1)[1]  # the site file cannot set it


def test_a_combined_feed_of_500_ids_goes_through_nginx_and_gunicorn(tmp_path):
    """The README promises combined feeds of up to 500 ids: their URL (about
    10 KB) passes nginx's request line (large_client_header_buffers) and
    gunicorn's (limit_request_line 0), and the feed holds every government."""
    from deadlines.core.registry import Registry

    ids = sorted(Registry().places().by_id)[:500]
    path = "/calendars/combined.ics?j=" + ",".join(ids)
    assert len(ids) == 500 and len(path) > 8190  # past gunicorn's own most (8190) and its default (4094)
    env = fronts.environment(tmp_path, DEADLINES_RATELIMIT_ENABLED="false", DEADLINES_BASE_URL="http://deadlines.test")
    with fronts.scaled(tmp_path, env, workers=2) as url:
        resp = requests.get(url + path, timeout=120)
        assert resp.status_code == 200, (resp.status_code, resp.text[:300])
        feed = resp.text
    unfolded = feed.replace("\r\n ", "")
    assert feed.startswith("BEGIN:VCALENDAR") and "(500 governments)" in unfolded  # the feed's name counts those served
    assert "Left out" not in unfolded and unfolded.count("BEGIN:VEVENT") >= 500
