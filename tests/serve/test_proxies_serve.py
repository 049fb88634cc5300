"""Issue 19, item 7 under ``deadlines serve`` (waitress): trusted proxies work
(each forwarded client has its own sign-up budget, https makes the cookie
Secure and the answer HSTS), untrusted forwarding headers are ignored, and the
service refuses to start on a non-loopback address without DEADLINES_BASE_URL."""
from __future__ import annotations

import re

import requests
from click.testing import CliRunner

from tests import setups as fronts
from deadlines.cli import main


def _sign_up(url: str, forwarded_for: str, proto: str = "http") -> requests.Response:
    headers = {"X-Forwarded-For": forwarded_for, "X-Forwarded-Proto": proto}
    with requests.Session() as s:
        form = s.get(url + "/subscribe", headers=headers, timeout=10)
        token = re.search(r'name="csrf_token" value="([^"]+)"', form.text).group(1)
        resp = s.post(url + "/subscribe", headers=headers, timeout=10,
                      data={"csrf_token": token, "jurisdiction": "model-city", "email": f"{forwarded_for}@example.org"})
        resp.form_cookie = form.headers.get("Set-Cookie", "")
        resp.form_headers = form.headers
        return resp


def test_trusted_proxy_headers_reach_the_app_under_serve(tmp_path):
    env = fronts.environment(tmp_path, DEADLINES_TRUSTED_PROXIES="1", DEADLINES_RATELIMIT_SIGNUP="1 per minute")
    with fronts.one_process(tmp_path, env, "--no-scheduler") as url:
        assert _sign_up(url, "192.0.2.1").status_code == 200
        assert _sign_up(url, "192.0.2.2").status_code == 200  # another visitor behind the same proxy
        assert _sign_up(url, "192.0.2.1").status_code == 429  # the first one again
        https = _sign_up(url, "192.0.2.3", proto="https")
        assert "Secure" in https.form_cookie and https.form_headers["Strict-Transport-Security"].startswith("max-age=")


def test_untrusted_forwarding_headers_are_ignored_under_serve(tmp_path):
    env = fronts.environment(tmp_path, DEADLINES_RATELIMIT_SIGNUP="1 per minute")
    with fronts.one_process(tmp_path, env, "--no-scheduler") as url:
        assert _sign_up(url, "192.0.2.1").status_code == 200
        assert _sign_up(url, "192.0.2.2").status_code == 429  # one visitor (127.0.0.1), whatever it claims
        https = _sign_up(url, "192.0.2.3", proto="https")
        assert "Secure" not in https.form_cookie and "Strict-Transport-Security" not in https.form_headers


def test_serve_on_a_public_address_needs_a_base_url(monkeypatch):
    monkeypatch.delenv("DEADLINES_BASE_URL", raising=False)
    # 192.0.2.1 (TEST-NET) is no address of this machine: nothing is ever bound
    result = CliRunner().invoke(main, ["serve", "--host", "192.0.2.1", "--no-scheduler"])
    assert result.exit_code == 2 and "needs DEADLINES_BASE_URL" in result.output
