"""Settings read from the environment (one place, so every entry point agrees).

- ``DEADLINES_DATABASE_URL``: SQLAlchemy URL; default a SQLite file
  ``instance/deadlines.sqlite3`` under the working directory (created on first start).
  PostgreSQL: ``postgresql+psycopg://user@host:5432/db``.
- ``DEADLINES_CALENDARS``: the calendars folder (default: the repository's ``calendars/``).
"""
from __future__ import annotations

import os
from pathlib import Path


def instance_dir() -> Path:
    return Path(os.environ.get("DEADLINES_INSTANCE", "instance")).resolve()


def database_url() -> str:
    url = os.environ.get("DEADLINES_DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{instance_dir() / 'deadlines.sqlite3'}"
