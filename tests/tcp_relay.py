"""A TCP relay on 127.0.0.1 to a server (PostgreSQL) that can be cut: the
database unreachable, then back, as the outage tests need it."""
from __future__ import annotations

import socket
import threading


class Relay:
    """Relays each connection accepted on ``listener`` (default: a fresh one
    on a free port, :attr:`port`) to ``target`` until :meth:`cut`."""

    def __init__(self, target: tuple[str, int], listener: socket.socket | None = None):
        self.target, self.conns = target, []
        self.listener = listener or socket.create_server(("127.0.0.1", 0))
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
        """No one listens any more, and every relayed connection is closed."""
        self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread
        self.listener.close()
        for s in self.conns:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
