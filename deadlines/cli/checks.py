"""The ``deadlines check`` report, shared by ``check`` and by ``serve`` and
``scheduler``, which refuse to start while a calendar file is invalid."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from deadlines.core.loader import SHARED_DIR, check_jurisdiction, check_shared
from deadlines.core.registry import Registry


def calendar_files(folder: Path) -> list[Path]:
    """A calendars folder's shared rule sets, then its jurisdiction files."""
    return sorted((folder / SHARED_DIR).glob("*.toml")) + sorted(folder.glob("*.toml"))


def problems_in(files: list[Path]) -> list[str]:
    """Every problem of ``files`` (each line names its file), without repeats
    (a shared rule set's problem shows once; each set is validated once)."""
    found = []
    for f in files:
        problems = check_shared(f) if f.parent.name == SHARED_DIR else check_jurisdiction(f)[1]
        found.extend(str(p) for p in problems)
    return list(dict.fromkeys(found))


def refuse_invalid_calendars(command: str) -> None:
    """Exit 1 with the check report when any calendar file is invalid."""
    reg = Registry()
    files = calendar_files(reg.root)
    problems = problems_in(files)
    if problems:
        for line in problems:
            click.echo(line, err=True)
        bad = sorted({line.split(":", 1)[0] for line in problems})
        click.echo(f"error: {command} not started: {len(problems)} problem(s) in {', '.join(bad)} "
                   "(run `deadlines check`)", err=True)
        sys.exit(1)
