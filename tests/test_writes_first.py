"""``deadlines serve`` queues a clerk's write ahead of the reads waiting
before it (under 200 readers a write waited for every one of them), and only
a write that carries credentials: a read, or an anonymous post, keeps its place."""
from __future__ import annotations

from types import SimpleNamespace

from bench.fronts import free_port
from deadlines.cli.server import make_server


def _channel(name: str, command: str, **headers: str):
    return SimpleNamespace(name=name, requests=[SimpleNamespace(command=command, headers=headers)])


def test_a_clerk_write_is_queued_before_the_waiting_reads():
    server = make_server(lambda environ, start: [], host="127.0.0.1", port=free_port(), threads=1,
                         connection_limit=10, request_timeout=15, idle_timeout=30, max_body=16 * 1024,
                         trust_proxies=False)
    try:
        server.task_dispatcher.set_thread_count(0)  # nothing takes tasks: the queue's order shows
        for channel in (_channel("read 1", "GET"), _channel("read 2", "GET", AUTHORIZATION="Bearer x"),
                        _channel("anonymous post", "POST"), _channel("clerk write", "PUT", AUTHORIZATION="Bearer x"),
                        _channel("read 3", "HEAD")):
            server.add_task(channel)
        assert [c.name for c in server.task_dispatcher.queue] == [
            "clerk write", "read 1", "read 2", "anonymous post", "read 3"]
    finally:
        server.close()
