"""The ``deadlines check`` report, shared by ``check`` and by ``serve`` and
``scheduler``, which report the files with a problem and serve the others
(each such jurisdiction says on its own page that its file has a problem)."""
from __future__ import annotations

from datetime import date
from pathlib import Path

import click

from deadlines.core import roster as rosters
from deadlines.core.holiday_law import stale_lists
from deadlines.core.loader import SHARED_DIR, check_jurisdiction, check_shared
from deadlines.core.registry import Registry, check_row


def calendar_files(folder: Path) -> list[Path]:
    """A calendars folder's shared rule sets, its roster files, then its jurisdiction files."""
    roster = sorted((folder / rosters.ROSTER_DIR).glob("[a-z][a-z].csv"))
    return sorted((folder / SHARED_DIR).glob("*.toml")) + roster + sorted(folder.glob("*.toml"))


def report(files: list[Path], today: date) -> tuple[list[str], list[str]]:
    """Every problem of ``files`` (each line names its file) and every warning
    (a hand-kept list of days ending before the next two cycles), without
    repeats (a shared rule set's problem shows once; each set is validated once).
    A roster file is checked row by row, and each kind of government it
    lists once per time zone (the rows of a kind share one model); a
    government's own file is read over its roster row."""
    problems, warnings = [], []
    folders = {f.parent.parent if f.suffix == ".csv" else f.parent for f in files if f.parent.name != SHARED_DIR}
    found_rosters = {folder: rosters.read(folder) for folder in folders}
    for f in files:
        if f.parent.name == SHARED_DIR:
            problems.extend(str(p) for p in check_shared(f))
            continue
        if f.suffix == ".csv":
            problems.extend(_roster_problems(f, found_rosters[f.parent.parent]))
            continue
        roster = found_rosters[f.parent]
        entry = roster.entries.get(f.stem)
        jur, found = check_jurisdiction(f, entry.document(roster.kind_of(entry)) if entry else None)
        problems.extend(str(p) for p in found)
        if jur is not None:
            warnings.extend(stale_lists(jur.holidays, jur.elections["general"], today))
    return list(dict.fromkeys(problems)), list(dict.fromkeys(warnings))


def _roster_problems(path: Path, roster: rosters.Roster) -> list[str]:
    out = [str(p) for p in roster.problems if p.path == str(path)]
    seen: set[tuple] = set()
    for entry in roster.entries.values():
        key = (entry.state, entry.law, entry.timezone)
        if entry.file != str(path) or key in seen:
            continue
        seen.add(key)
        out.extend(str(p) for p in check_row(path.parent.parent, entry, roster.kind_of(entry))[1])
    return out


def problems_in(files: list[Path]) -> list[str]:
    """The problems of :func:`report` alone."""
    return report(files, date.today())[0]


def report_invalid_calendars(command: str) -> None:
    """Print the check report's problems, if any, and that the files at fault
    are left out; every other jurisdiction is served."""
    reg = Registry()
    problems = problems_in(calendar_files(reg.root))
    if problems:
        for line in problems:
            click.echo(line, err=True)
        bad = sorted({line.split(":", 1)[0] for line in problems})
        click.echo(f"warning: {command}: {len(problems)} problem(s) in {', '.join(bad)}: "
                   "left out (the last good version where one was loaded), every other file served "
                   "(run `deadlines check`)", err=True)
