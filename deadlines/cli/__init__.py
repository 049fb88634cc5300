"""The ``deadlines`` command line."""
from __future__ import annotations

import json
import os
import sys
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import click

from deadlines.core.engine import compute as compute_deadlines
from deadlines.core.errors import CalendarError, InputError
from deadlines.core.loader import check_jurisdiction
from deadlines.core import inputs
from deadlines.core.moments import say
from deadlines.core.registry import Registry
from deadlines.publish.as_json import result_dict


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


class _DateType(click.ParamType):
    name = "DATE"

    def convert(self, value, param, ctx):
        try:
            return inputs.day(value, param.name if param else "date")
        except InputError as exc:
            self.fail(str(exc), param, ctx)


@click.group()
@click.version_option(package_name="deadlines")
def main() -> None:
    """Election deadlines derived from the law in calendars/*.toml."""


@main.command("list")
def list_jurisdictions() -> None:
    """List the jurisdictions and their deadline ids."""
    reg = Registry()
    for jid in reg.ids():
        try:
            j = reg.get(jid)
        except CalendarError as exc:
            click.echo(f"{jid}\t(invalid: {len(exc.problems)} problem(s); run `deadlines check`)")
            continue
        click.echo(f"{j.id}\t{j.name}\t{', '.join(j.order)}")


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
def check(paths: tuple[Path, ...]) -> None:
    """Validate calendar files (all of calendars/ when no PATH is given).

    Reports every problem, each naming file and rule; exits 1 on any."""
    reg = Registry()
    files: list[Path] = []
    for p in paths or (reg.root,):
        files.extend(sorted(p.glob("*.toml")) if p.is_dir() else [p])
    problems = []
    for f in files:
        _, found = check_jurisdiction(f)
        problems.extend(found)
    for problem in dict.fromkeys(str(p) for p in problems):
        click.echo(problem)
    click.echo(f"{len(files)} file(s) checked, {len(problems)} problem(s)", err=True)
    sys.exit(1 if problems else 0)


@main.command()
@click.argument("jurisdiction")
@click.option("--election", type=_DateType(), help="The general election date (YYYY-MM-DD); default: the next by rule.")
@click.option("--primary", type=_DateType(), help="The primary election date, where the jurisdiction holds one.")
@click.option("--event", "events", multiple=True, metavar="NAME=DATETIME", help="A trigger event, e.g. ordinance-adopted=2026-05-04.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--today", type=_DateType(), hidden=True, help="Pretend today is this date.")
def compute(jurisdiction, election, primary, events, as_json, today) -> None:
    """Print the deadlines of JURISDICTION for one election."""
    try:
        jur = Registry().get(jurisdiction)
        parsed = dict(inputs.event_assignment(jur, item) for item in events)
        result = compute_deadlines(jur, election=election, primary=primary, events=parsed, today=today or date.today())
    except InputError as exc:
        _fail(str(exc))
    except CalendarError as exc:
        _fail(f"the calendar file is invalid:\n{exc}")
    if as_json:
        click.echo(json.dumps(result_dict(result), indent=2))
        return
    _print_table(result)


def _recorded():
    """What a clerk recorded, where a `deadlines serve` keeps it (its database
    setting, or the instance folder here); nothing when there is no database."""
    from deadlines.config import database_url, instance_dir
    from deadlines.service import NO_RECORDS
    from deadlines.store import DbRecords, get_db

    if os.environ.get("DEADLINES_DATABASE_URL") or (instance_dir() / "deadlines.sqlite3").exists():
        return DbRecords(get_db(database_url()))
    return NO_RECORDS


@main.command()
@click.argument("jurisdiction")
@click.option("--election", type=_DateType(), help="The general election date (YYYY-MM-DD); default: the next by rule.")
@click.option("--pdf", "pdf_path", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Write the printable calendar (PDF) to this file.")
@click.option("--today", type=_DateType(), hidden=True, help="Pretend today is this date.")
def calendar(jurisdiction, election, pdf_path, today) -> None:
    """Write the printable official calendar of one election of JURISDICTION:
    the timeline, every deadline with its date, hour, zone and citation, the
    readings as notes, what the clerk recorded, and the rule files used."""
    from deadlines.publish import calendar as printable
    from deadlines.service import lookup

    try:
        jur = Registry().get(jurisdiction)
        now = datetime.now(ZoneInfo(jur.timezone)).replace(microsecond=0)
        result = lookup(jur, today=today or now.date(), election=election, records=_recorded())
    except InputError as exc:
        _fail(str(exc))
    except CalendarError as exc:
        _fail(f"the calendar file is invalid:\n{exc}")
    pdf_path.write_bytes(printable.pdf(result, today=today or now.date(), generated=now))
    click.echo(f"{pdf_path}: {jur.name}, election of {say(result.held)}, {len(result.deadlines)} deadline(s)")


def _print_table(result) -> None:
    j = result.jurisdiction
    click.echo(f"{j.name} ({j.id}), election cycle of {say(result.held)}")
    for a in result.anchors.values():
        click.echo(f"  {a.title}: {say(a.value)} [{a.how}]")
    click.echo("")
    rows = [("ID", "OPENS", "DUE", "STATUS")]
    for d in result.deadlines:
        rows.append((d.id, say(d.start) if d.start else "", say(d.due) + ("" if d.due == d.safe_due else f" (safe: {say(d.safe_due)})"), d.status))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        click.echo("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    for d in result.deadlines:
        for w in d.warnings:
            click.echo(f"warning: {d.id}: {w}")
    for w in result.warnings:
        click.echo(f"warning: {w}")
    for rid in result.pending:
        needs = j.waiting_for(rid)
        click.echo(f"pending: {rid} (give --event {needs[0]}=...)" if needs else f"pending: {rid}")
    click.echo("Times are local to " + j.timezone + ". Use --json for citations, quoted law and counting steps.")


from deadlines.cli.store import reminders, scheduler, token  # noqa: E402
from deadlines.cli.serve import serve  # noqa: E402

main.add_command(serve)
main.add_command(scheduler)
main.add_command(reminders)
main.add_command(token)

if __name__ == "__main__":
    main()
