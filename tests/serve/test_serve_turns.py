"""How ``deadlines serve`` takes its turns: a clerk's write is queued ahead of
the reads waiting before it (under 200 readers a write waited for every one
of them), and only a write that carries credentials (a read, or an anonymous
post, keeps its place); the connections pending are accepted in one turn of
the loop, not one per turn (350 connecting at once: the last waited 18 s)."""
from __future__ import annotations

import socket
from types import SimpleNamespace

from tests.server_helpers import free_port
from deadlines.cli.server import make_server


def _server(**limits):
    return make_server(lambda environ, start: [], host="127.0.0.1", port=free_port(), threads=1,
                       **{"connection_limit": 100, **limits}, request_timeout=15, idle_timeout=30,
                       max_body=16 * 1024, trust_proxies=False)


def _channel(name: str, command: str, **headers: str):
    return SimpleNamespace(name=name, requests=[SimpleNamespace(command=command, headers=headers)])


def test_a_clerk_write_is_queued_before_the_waiting_reads():
    server = _server()
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


def _connected(server, count: int) -> list[socket.socket]:
    return [socket.create_connection(server.socket.getsockname()[:2], timeout=5) for _ in range(count)]


def test_the_pending_connections_are_accepted_in_one_turn():
    server = _server()
    clients = _connected(server, 40)
    try:
        before = len(server._map)
        server.handle_accept()  # what one turn of the loop does when the listening socket is ready
        assert len(server._map) - before == 40
        server.handle_accept()  # none pending: nothing, no error
        assert len(server._map) - before == 40
    finally:
        for c in clients:
            c.close()
        server.close()


def test_no_more_are_accepted_in_a_turn_than_may_be_served_at_once():
    server = _server(connection_limit=10)
    clients = _connected(server, 30)
    try:
        server.handle_accept()
        assert len(server._map) == 10  # the rest wait in the listen backlog
    finally:
        for c in clients:
            c.close()
        server.close()
