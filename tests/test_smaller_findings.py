"""Issue 19, item 9 (the finding "Smaller"): each small way to a traceback, a
500 or a wrong word, held by its own test."""
from __future__ import annotations

import socket
import threading
import time

import pytest
from click.testing import CliRunner
from sqlalchemy.engine import make_url

from deadlines.cli import main
from tests.reminders_fixtures import pg_url  # noqa: F401
from web import create_app

from conftest import BASE_URL, TODAY


# --------------------------------------------------------------------------- command line: one line, never a traceback

@pytest.mark.parametrize("token_id", ["99999999999999999999", "9223372036854775808", "0", "-1"])
def test_revoking_a_token_id_out_of_range_is_one_line(tmp_path, monkeypatch, token_id):
    monkeypatch.setenv("DEADLINES_DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    result = CliRunner().invoke(main, ["token", "revoke", "--", token_id])
    assert result.exit_code == 1 and f"no live token {token_id}" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_pdf_into_a_missing_folder_is_one_line(tmp_path):
    target = tmp_path / "missing" / "calendar.pdf"
    result = CliRunner().invoke(main, ["calendar", "ypsilanti-mi", "--pdf", str(target)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert f"no folder {target.parent}" in result.output and "Traceback" not in result.output


# --------------------------------------------------------------------------- the database away

class _Forwarder:
    """A TCP forwarder on 127.0.0.1 to PostgreSQL that can be cut (the database unreachable)."""

    def __init__(self, port: int):
        self.target, self.conns = ("127.0.0.1", port), []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            self.conns += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a, b):
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for s in (a, b):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def cut(self):
        self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread; then no one listens
        self.listener.close()
        for s in self.conns:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


@pytest.mark.postgres
def test_an_unreachable_database_is_503_with_retry_after_even_for_cached_feeds(pg_url):
    url = make_url(pg_url)
    forwarder = _Forwarder(url.port or 5432)
    app = create_app({"TESTING": True, "TODAY": TODAY, "SECRET_KEY": "t", "BASE_URL": BASE_URL,
                      "DATABASE_URL": url.set(host="127.0.0.1", port=forwarder.port).render_as_string(False)})
    client = app.test_client()
    paths = ["/calendars/ypsilanti-mi.ics", "/api/v1/jurisdictions/ypsilanti-mi/deadlines", "/?jurisdiction=ypsilanti-mi"]
    for path in paths:
        assert client.get(path).status_code == 200, path
    assert client.get(paths[0]).status_code == 200  # now from the cache
    forwarder.cut()
    time.sleep(1.2)  # past the records revision's memory: the cache must ask the database again
    for path in paths:
        resp = client.get(path)
        assert resp.status_code == 503 and resp.headers["Retry-After"] == "30", (path, resp.status_code)
        assert resp.is_json and "database is unavailable" in resp.get_json()["detail"]
