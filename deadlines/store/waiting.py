"""Waiting for the database at start (issue 28, item 14): ``deadlines serve``
(:mod:`deadlines.cli.serve`) and the scaled setup's gunicorn master
(``deploy/gunicorn.conf.py``) both start through :func:`until_reachable`.

A database unreachable at start (any SQLAlchemy ``OperationalError``) is one
line naming it (password hidden) and saying when it is tried again, up to
``retries`` more times with a doubling wait (1 s, 2 s, 4 s ..., at most
:data:`MAX_WAIT`), then one line and exit status 1: never a traceback. A URL
whose driver is not installed (``postgresql://`` asks for psycopg2; this
service ships psycopg 3, ``postgresql+psycopg://``) is one line and exit
status 1 at once: waiting would not install it."""
from __future__ import annotations

import os
import sys
import time
from typing import Callable, TypeVar

T = TypeVar("T")

#: Tries again after an unreachable database at start, unless ``DEADLINES_START_RETRIES`` says otherwise.
RETRIES = 5
#: The longest wait between two tries (seconds).
MAX_WAIT = 30


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def start_retries(environ=os.environ) -> int:
    """``DEADLINES_START_RETRIES`` (a whole number from 0 to 100), else :data:`RETRIES`."""
    raw = environ.get("DEADLINES_START_RETRIES", "").strip()
    if not raw:
        return RETRIES
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if not 0 <= value <= 100:
        _stderr(f"error: DEADLINES_START_RETRIES: a whole number from 0 to 100, got {raw!r}")
        raise SystemExit(2)
    return value


def shown(url: str) -> str:
    """``url`` as it may be shown: its password hidden."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def missing_driver(url: str) -> str | None:
    """The name of the Python module ``url``'s driver needs where it is not installed, else None."""
    from sqlalchemy.engine import make_url

    try:
        make_url(url).get_dialect().import_dbapi()
    except ImportError as exc:
        return exc.name or str(exc)
    except Exception:  # an unknown dialect and the like: create_engine says so in its own words
        return None
    return None


def reachable(url: str) -> None:
    """Connect to ``url`` once (an ``OperationalError`` if it cannot be), leaving no connection open; an
    SQLite file's folder is made first, as the app makes it (a fresh instance folder is no outage)."""
    from deadlines.store.db import make_db

    db = make_db(url)
    try:
        with db.connect():
            pass
    finally:
        db.dispose()


def until_reachable(attempt: Callable[[], T], retries: int, *, url: str | None = None,
                    say: Callable[[str], None] = _stderr, sleep: Callable[[float], object] = time.sleep) -> T:
    """``attempt()``, tried again ``retries`` times while the database ``url``
    (default: the configured one) is unreachable; one line per failure through
    ``say`` (each begins ``error: ``), and after the last ``SystemExit(1)``."""
    from sqlalchemy.exc import OperationalError

    from deadlines.config import database_url

    url = url or database_url()
    where = shown(url)
    driver = missing_driver(url)
    if driver is not None:
        say(f"error: the database {where} needs the Python module {driver}, which is not installed "
            f"(for PostgreSQL write the URL as postgresql+psycopg://...)")
        raise SystemExit(1)
    for n in range(retries + 1):
        try:
            return attempt()
        except OperationalError as exc:
            why = (str(exc.orig or exc).strip().splitlines() or ["unreachable"])[0]
            if n == retries:
                say(f"error: the database {where} is unreachable ({why}); gave up after {n + 1} attempt(s)")
                raise SystemExit(1) from None
            wait = min(MAX_WAIT, 2 ** n)
            say(f"error: cannot reach the database {where} ({why}); trying again in {wait} s "
                f"(attempt {n + 1} of {retries + 1})")
            sleep(wait)
    raise ValueError(f"retries: 0 or more, not {retries}")
