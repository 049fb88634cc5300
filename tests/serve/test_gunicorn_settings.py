"""The shipped deploy/gunicorn.conf.py, as gunicorn itself reads it: threaded
workers that take no more connections than they have threads (the rest wait
in the listening socket's queue for whichever worker frees a thread first;
bench/load.py --setup scaled --spread measures what that changes), and half a
worker's threads at most for expensive work."""
from __future__ import annotations

import os

import pytest
from gunicorn.app.base import Application

from tests.setups import ROOT


class _Shipped(Application):
    def init(self, parser, opts, args):
        return None

    def load_config(self):
        self.load_config_from_file(str(ROOT / "deploy" / "gunicorn.conf.py"))

    def load(self):
        raise AssertionError("not loaded here")


@pytest.fixture
def cfg(monkeypatch):
    """The settings gunicorn reads from the shipped file (which sets
    DEADLINES_COSTLY_PER_PROCESS in the environment, undone after the test)."""
    monkeypatch.setenv("DEADLINES_COSTLY_PER_PROCESS", "")
    monkeypatch.delenv("DEADLINES_COSTLY_PER_PROCESS")
    return _Shipped().cfg


def test_a_worker_takes_as_many_connections_as_it_has_threads(cfg):
    assert cfg.worker_class_str == "gthread" and cfg.threads >= 2
    assert cfg.worker_connections == cfg.threads
    assert int(os.environ["DEADLINES_COSTLY_PER_PROCESS"]) == cfg.threads // 2


def test_no_connection_is_kept_for_a_next_request_on_either_side(cfg):
    """gunicorn keeps none (it has no connection to spare) and nginx opens one a request."""
    assert cfg.keepalive == 0
    site = (ROOT / "deploy" / "nginx-deadlines.conf").read_text()
    directives = [line.split("#")[0].strip() for line in site.splitlines()]
    assert not any(d.startswith("keepalive ") for d in directives)
    assert "proxy_set_header Connection close;" in directives
