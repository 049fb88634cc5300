"""The ``deadlines`` command line."""
from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path

import click

from deadlines.core.engine import compute as compute_deadlines
from deadlines.core.errors import CalendarError, InputError
from deadlines.core.holiday_law import stale_lists
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

    Reports every problem, each naming file and rule; exits 1 on any. Warns
    (without failing) where a hand-kept list of days ends before the next two
    cycles."""
    reg = Registry()
    files: list[Path] = []
    for p in paths or (reg.root,):
        files.extend(sorted(p.glob("*.toml")) if p.is_dir() else [p])
    problems, warnings = [], []
    for f in files:
        jur, found = check_jurisdiction(f)
        problems.extend(found)
        if jur is not None:
            warnings.extend(stale_lists(jur.holidays, jur.elections["general"], date.today()))
    for problem in dict.fromkeys(str(p) for p in problems):
        click.echo(problem)
    for warning in dict.fromkeys(warnings):
        click.echo(f"warning: {warning}")
    click.echo(f"{len(files)} file(s) checked, {len(problems)} problem(s), {len(set(warnings))} warning(s)", err=True)
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
