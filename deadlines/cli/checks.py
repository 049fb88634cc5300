"""The ``deadlines check`` report, shared by ``check`` and by ``serve`` and
``scheduler``, which refuse to start while a calendar file is invalid."""
from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import click

from deadlines.core.holiday_law import stale_lists
from deadlines.core.loader import SHARED_DIR, check_jurisdiction, check_shared
from deadlines.core.registry import Registry


def calendar_files(folder: Path) -> list[Path]:
    """A calendars folder's shared rule sets, then its jurisdiction files."""
    return sorted((folder / SHARED_DIR).glob("*.toml")) + sorted(folder.glob("*.toml"))


def report(files: list[Path], today: date) -> tuple[list[str], list[str]]:
    """Every problem of ``files`` (each line names its file) and every warning
    (a hand-kept list of days ending before the next two cycles), without
    repeats (a shared rule set's problem shows once; each set is validated once)."""
    problems, warnings = [], []
    for f in files:
        if f.parent.name == SHARED_DIR:
            problems.extend(str(p) for p in check_shared(f))
            continue
        jur, found = check_jurisdiction(f)
        problems.extend(str(p) for p in found)
        if jur is not None:
            warnings.extend(stale_lists(jur.holidays, jur.elections["general"], today))
    return list(dict.fromkeys(problems)), list(dict.fromkeys(warnings))


def problems_in(files: list[Path]) -> list[str]:
    """The problems of :func:`report` alone."""
    return report(files, date.today())[0]


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
