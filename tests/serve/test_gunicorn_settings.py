"""The shipped deploy/gunicorn.conf.py, as gunicorn itself reads it: threaded
workers that take no more connections than they have threads (the rest wait
in the listening socket's queue for whichever worker frees a thread first;
bench/load.py --setup scaled --spread measures what that changes), and half a
worker's threads at most for expensive work."""
from __future__ import annotations

import os

from gunicorn.app.base import Application

from tests.setups import ROOT


class _Shipped(Application):
    def init(self, parser, opts, args):
        return None

    def load_config(self):
        self.load_config_from_file(str(ROOT / "deploy" / "gunicorn.conf.py"))

    def load(self):
        raise AssertionError("not loaded here")


def test_a_worker_takes_as_many_connections_as_it_has_threads(monkeypatch):
    monkeypatch.setenv("DEADLINES_COSTLY_PER_PROCESS", "")  # undone at the end: what the file sets leaves with it
    monkeypatch.delenv("DEADLINES_COSTLY_PER_PROCESS")
    cfg = _Shipped().cfg
    assert cfg.worker_class_str == "gthread" and cfg.threads >= 2
    assert cfg.worker_connections == cfg.threads
    assert int(os.environ["DEADLINES_COSTLY_PER_PROCESS"]) == cfg.threads // 2
