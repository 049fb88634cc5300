"""The ``deadlines check`` report, shared by ``check`` and by ``serve`` and
``scheduler``, which report the files with a problem and serve the others
(each such jurisdiction says on its own page that its file has a problem)."""
from __future__ import annotations

import csv
from datetime import date
from pathlib import Path

import click

from deadlines.core import fact_lists, facts
from deadlines.core.roster import ROSTER_DIR, Roster, read as read_roster
from deadlines.core.errors import CalendarError
from deadlines.core.holiday_law import stale_lists
from deadlines.core.loader import SHARED_DIR, check_jurisdiction, check_shared
from deadlines.core.registry import Registry, check_row


def calendar_files(folder: Path) -> list[Path]:
    """A calendars folder's shared rule sets, its roster files, then its jurisdiction files."""
    roster = sorted((folder / ROSTER_DIR).glob("[a-z][a-z].csv"))
    found = sorted((folder / facts.FACTS_DIR).glob("*.csv"))
    return sorted((folder / SHARED_DIR).glob("*.toml")) + roster + sorted(folder.glob("*.toml")) + found


def report(files: list[Path], today: date) -> tuple[list[str], list[str]]:
    """Every problem of ``files`` (each line names its file) and every warning
    (a hand-kept list of days ending before the next two cycles), without
    repeats (a shared rule set's problem shows once; each set is validated once).
    A roster file is checked row by row, and each kind of government it
    lists once per time zone (the rows of a kind share one model); a
    government's own file is read over its roster row."""
    problems, warnings = [], []
    folders = {f.parent.parent if f.suffix == ".csv" else f.parent for f in files if f.parent.name != SHARED_DIR}
    found_rosters = {folder: read_roster(folder) for folder in folders}
    for f in files:
        if f.parent.name == SHARED_DIR:
            problems.extend(str(p) for p in check_shared(f))
            continue
        if f.parent.name == facts.FACTS_DIR:
            problems.extend(_facts_problems(f, f.parent.parent))
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


def _facts_problems(path: Path, folder: Path) -> list[str]:
    """A facts file's rows left out, and each fact naming a government, a
    choice or a deadline its government does not have; for a file of
    complete lists, each id named that is not on its state's roster."""
    book = facts.read(folder)
    out = [str(p) for p in book.problems if p.path == str(path)]
    if fact_lists.is_lists_file(path.name):
        mine = [found for found in book.lists if found.path == str(path)]
        return out + [str(p) for p in fact_lists.unknown_ids(mine, read_roster(folder))]
    reg = Registry(folder)
    known = set(reg.ids())
    with path.open(newline="", encoding="utf-8") as f:
        listed = [(line, *((row.get(k) or "").strip() for k in ("jurisdiction", "fact", "value")))
                  for line, row in enumerate(csv.DictReader(f), start=2)]
    for line, jid, name, value in listed:
        where = f"{path}: line {line} ({jid})"
        if jid not in known:
            out.append(f"{where}: jurisdiction: no government '{jid}' on the rosters or in a calendar file")
            continue
        kind, _, what = name.partition(":")
        if kind not in ("decision", "published") and name != "holds_primary":
            continue
        try:
            jur = reg.get(jid)
        except CalendarError:
            continue  # its own problems are reported with its file
        if kind == "decision" and what not in jur.choices:
            out.append(f"{where}: fact: {jid} has no choice '{what}' (its law gives: {', '.join(jur.choices) or 'none'})")
        elif kind == "published" and what not in jur.rules:
            out.append(f"{where}: fact: {jid} has no deadline '{what}' (known: {', '.join(jur.rules)})")
        elif name == "holds_primary" and facts.NO_PRIMARY not in jur.choices and (value == "yes") != ("primary" in jur.elections):
            out.append(f"{where}: fact: holds_primary {value} contradicts {jid}'s own law, which "
                       f"{'has' if 'primary' in jur.elections else 'has no'} primary election")
    return out


def _roster_problems(path: Path, roster: Roster) -> list[str]:
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
