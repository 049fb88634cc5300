"""``deadlines backup PATH``: a consistent copy of the service's database,
taken while the server runs and writes (README, "Operations: backup and restore").

The database is the one every command uses (``DEADLINES_DATABASE_URL``,
:func:`deadlines.config.database_url`); it is only read, never migrated.

- SQLite: SQLite's online backup API copies the database as of one instant
  (one read transaction in WAL mode: writers are not held, and every write
  committed before it began is in the copy, including those still only in the
  ``-wal``). The copy is a single file (rollback journal, no ``-wal``), checked
  with ``PRAGMA integrity_check``; the line printed names it, its size, its
  rows of the main tables and "integrity ok".
- PostgreSQL: ``pg_dump --format=custom`` into PATH, its archive read back
  with ``pg_restore --list``; without ``pg_dump`` on PATH, one line giving the
  exact command to run.

PATH is written whole or not at all (a temporary file beside it, renamed onto
it at the end). An existing PATH is refused (exit status 2) unless ``--force``;
a copy that fails (pg_dump's error, a failed integrity check) is exit status 1.
"""
from __future__ import annotations

import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import click
from sqlalchemy.engine import URL, make_url

from deadlines.cli.oneline import OneLine, fail
from deadlines.config import database_url

#: The tables counted in the line printed: (table, what its rows are).
COUNTED = (("trigger_event", "trigger events"), ("override", "overrides"), ("election_date", "election dates"),
           ("clerk_history", "history entries"), ("subscription", "subscriptions"))


def _broken(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def _sqlite(source: Path, tmp: Path) -> str:
    """Copy ``source`` into ``tmp`` with the backup API; the copy's description."""
    if not source.is_file():
        fail(f"no database at {source} (DEADLINES_DATABASE_URL; run in the folder of `deadlines serve`)")
    src = sqlite3.connect(f"file:{quote(str(source))}?mode=ro", uri=True)  # never creates or changes the source
    dst = sqlite3.connect(tmp)
    try:
        src.backup(dst)  # every page in one step: one snapshot, however much is written meanwhile
        dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file (the server sets WAL again)
        problems = [row[0] for row in dst.execute("PRAGMA integrity_check")]
        tables = {row[0] for row in dst.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        counts = [f"{dst.execute(f'SELECT count(*) FROM {t}').fetchone()[0]} {what}"
                  for t, what in COUNTED if t in tables]
    finally:
        src.close()
        dst.close()
    if problems != ["ok"]:
        _broken(f"the copy of {source} failed its integrity check: {'; '.join(problems[:3])}")
    return f"{', '.join(counts)}, integrity ok"


def _pg_command(url, path: Path) -> tuple[list[str], dict]:
    """The pg_dump command (the password, if any, in PGPASSWORD, not on the command line) and its environment."""
    libpq = URL.create("postgresql", username=url.username, host=url.host, port=url.port, database=url.database,
                       query=url.query).render_as_string(hide_password=False)
    env = {**os.environ, **({"PGPASSWORD": str(url.password)} if url.password else {})}
    return ["pg_dump", "--format=custom", f"--file={path}", libpq], env


def _postgres(url, path: Path, tmp: Path) -> str:
    """Dump the database into ``tmp`` with pg_dump; the archive's description."""
    command, env = _pg_command(url, tmp)
    if shutil.which("pg_dump") is None:
        shown, _ = _pg_command(url, path)
        fail(f"pg_dump is not on PATH (Debian: apt-get install postgresql-client); run: "
             f"{shlex.join(shown)}{' with PGPASSWORD set' if url.password else ''}")
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode:
        _broken(f"pg_dump failed: {' '.join(done.stderr.split()) or f'exit status {done.returncode}'}")
    listed = subprocess.run(["pg_restore", "--list", str(tmp)], capture_output=True, text=True) \
        if shutil.which("pg_restore") else None
    if listed is not None and listed.returncode:
        _broken(f"pg_restore cannot read the archive: {' '.join(listed.stderr.split())}")
    entries = "" if listed is None else \
        f", {sum(1 for line in listed.stdout.splitlines() if line and not line.startswith(';'))} archive entries"
    return f"pg_dump custom format{entries}, archive ok"


@click.command(cls=OneLine)
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Replace PATH if it exists.")
def backup(path: Path, force: bool) -> None:
    """Copy the service's database to PATH while it runs: SQLite's backup API
    (then an integrity check), or pg_dump's custom format on PostgreSQL.
    Restore: README, "Operations: backup and restore"."""
    if path.exists() and not force:
        fail(f"{path} exists; give --force to replace it")
    if not path.parent.is_dir():
        fail(f"no folder {path.parent} to write {path.name} into")
    url = make_url(database_url())
    tmp = path.with_name(f".{path.name}.partial-{os.getpid()}")
    try:
        if url.get_backend_name() == "sqlite":
            if not url.database or url.database == ":memory:":
                fail(f"the database {url} is not a file")
            said = _sqlite(Path(url.database).resolve(), tmp)
        elif url.get_backend_name() == "postgresql":
            said = _postgres(url, path, tmp)
        else:
            fail(f"cannot back up a {url.get_backend_name()} database (SQLite or PostgreSQL only)")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    click.echo(f"{path}: {path.stat().st_size} bytes, {said}")
