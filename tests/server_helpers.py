"""What the tests that start a server process share: a free port on
127.0.0.1, and the gunicorn flags a test run needs."""
from __future__ import annotations

import socket


def free_port() -> int:
    """A port on 127.0.0.1 free at the moment of asking."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def gunicorn_flags() -> list[str]:
    """Newer gunicorns open a control socket in ~/.gunicorn, shared by concurrent runs: not here."""
    from gunicorn.config import KNOWN_SETTINGS

    return ["--no-control-socket"] if any("--no-control-socket" in (s.cli or ()) for s in KNOWN_SETTINGS) else []
