"""The start of a printing process (``web/printing.py``), kept apart from the
web package so that the process imports only what laying out a calendar needs.

A printing process ends with the web process that started it: ``spawn``'s
children outlive a parent ended by a signal (``kill``, a supervisor's SIGTERM,
gunicorn replacing a worker), and each kept about 100 MB; so it watches its
parent's id once a second and exits when it changes.
"""
from __future__ import annotations

import os
import threading
import time

from deadlines.publish.calendar import pdf_of


def start(parent: int) -> None:
    """In the printing process: watch ``parent``, then pay WeasyPrint's import
    and first fonts by laying out one line."""
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()
    pdf_of("<p>.</p>")


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(0)
