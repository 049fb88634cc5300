"""Fixtures for the store, reminders, scheduler and crash tests (import the
ones you use explicitly): throwaway databases, a real SMTP server (aiosmtpd),
the app mailing through it (``mailing_app``) and a real HTTP receiver for
webhooks, all on 127.0.0.1."""
from __future__ import annotations

import json
import os
import threading
import uuid
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from deadlines.reminders.settings import Settings
from tests.server_helpers import free_port
from web import create_app

PG = os.environ.get("DEADLINES_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def write_transactions(db) -> dict:
    """Watches ``db`` (a SQLAlchemy engine): ``begun`` counts the write
    transactions begun (``BEGIN IMMEDIATE``, the store's ``deadlines_write``
    connections), ``open`` says how many are open now."""
    from sqlalchemy import event

    seen = {"begun": 0, "open": 0}

    @event.listens_for(db, "begin")
    def _begin(conn):
        if conn.get_execution_options().get("deadlines_write"):
            seen["begun"] += 1
            seen["open"] += 1
            conn.info["write"] = True

    def _end(conn):
        if conn.info.pop("write", False):
            seen["open"] -= 1

    event.listen(db, "commit", _end)
    event.listen(db, "rollback", _end)
    return seen


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'instance' / 'deadlines.sqlite3'}"


@pytest.fixture
def pg_url():
    """A fresh PostgreSQL database, dropped afterwards. Fails (never skips)
    when the server is unreachable: CI runs these tests."""
    yield from fresh_pg_database()


def fresh_pg_database():
    """The generator behind :func:`pg_url` (module-scoped fixtures use it too)."""
    import psycopg

    name = f"deadlines_test_{uuid.uuid4().hex[:10]}"
    try:
        admin = psycopg.connect(PG, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as exc:
        pytest.fail(f"PostgreSQL is unreachable at {PG} (set DEADLINES_TEST_PG): {exc}")
    admin.execute(f'CREATE DATABASE "{name}"')
    base = PG.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1)
    try:
        yield f"{base}/{name}"
    finally:
        from deadlines.store import db

        for url in [u for u in db._dbs if u.endswith(f"/{name}")]:
            db._dbs.pop(url).dispose()
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


class Mailbox:
    """Keeps every message; ``delay`` seconds per message (a slow server);
    ``on_message`` is called after each one arrives (tests wait on it)."""

    def __init__(self):
        self.messages = []
        self.envelopes = []
        self.lock = threading.Lock()
        self.delay = 0.0
        self.on_message = lambda: None

    async def handle_DATA(self, server, session, envelope):
        import asyncio

        if self.delay:
            await asyncio.sleep(self.delay)
        with self.lock:
            self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
            self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        self.on_message()
        return "250 OK"


@pytest.fixture
def smtp_server():
    from aiosmtpd.controller import Controller

    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    box.port = controller.port
    yield box
    controller.stop()


@pytest.fixture
def mailing_app(sqlite_url, smtp_server, desk_today, monkeypatch):
    """The clerk's desk's app (a SECRET_KEY, "today" pinned to ``desk_today`` of tests/conftest.py)
    sending its mail to the real SMTP server ``smtp_server``, its database at ``sqlite_url``; the
    server and the database are named in the environment too, where the command line reads them
    (``deadlines clerk invite``, ``clerk approve``). A browser test serves it as its ``app``."""
    monkeypatch.setenv("DEADLINES_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("DEADLINES_SMTP_PORT", str(smtp_server.port))
    monkeypatch.setenv("DEADLINES_DATABASE_URL", sqlite_url)
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": desk_today})


class Receiver(ThreadingHTTPServer):
    """Records webhook posts; answers with ``self.statuses`` in turn, then 200."""

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.requests: list[dict] = []
        self.statuses: list[int] = []
        self.delay = 0.0
        self.lock = threading.Lock()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server_address[1]}/hook"

    def keys(self):
        return [r["headers"]["Idempotency-Key"] for r in self.requests]


class _Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        import time

        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        time.sleep(self.server.delay)
        with self.server.lock:
            status = self.server.statuses.pop(0) if self.server.statuses else 200
            self.server.requests.append({"headers": dict(self.headers), "body": body, "json": json.loads(body), "status": status})
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def receiver():
    server = Receiver()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def settings_for(smtp=None, **overrides) -> Settings:
    """Settings for tests: loopback allowed for webhooks, fast retries."""
    import ipaddress

    base = {"smtp_host": "127.0.0.1", "smtp_port": smtp.port if smtp else 1, "mail_from": "clerk@deadlines.test",
            "base_url": "http://deadlines.test", "webhook_allow_nets": (ipaddress.ip_network("127.0.0.0/8"),),
            "retry_base": 0.05, "timeout": 5.0}
    return Settings(**{**base, **overrides})


