"""The ``deadlines`` command line."""
from __future__ import annotations

import json
import sys
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import click

from deadlines.cli.oneline import OneLine, fail
from deadlines.cli.records import recorded
from deadlines.core.errors import CalendarError, InputError
from deadlines.cli.checks import calendar_files, report
from deadlines.core import inputs
from deadlines.core.moments import say
from deadlines.core.jurisdiction import GOVERNMENT_KINDS
from deadlines.core.registry import Registry
from deadlines.publish.as_json import result_dict
from deadlines.service import lookup
from deadlines.words import DEFAULT, LANGUAGES, words


@click.group()
@click.version_option(package_name="deadlines")
def main() -> None:
    """Election deadlines derived from the law in calendars/*.toml."""


@main.command("list")
@click.argument("query", required=False)
@click.option("--state", help="Only governments under this state's law (a postal code: MI).")
@click.option("--county", help="Only governments lying (partly) in this county (Dickinson).")
@click.option("--kind", help=f"Only this kind of government ({', '.join(GOVERNMENT_KINDS)}).")
@click.option("--rules", is_flag=True, help="Also each one's deadline ids.")
def list_jurisdictions(query, state, county, kind, rules) -> None:
    """List the jurisdictions (id, Open Civic Data id, name, kind and county),
    or those whose name, kind or county QUERY's words begin, best first."""
    if kind is not None and kind not in GOVERNMENT_KINDS:
        fail(f"kind must be one of {', '.join(GOVERNMENT_KINDS)}")
    reg = Registry()
    try:
        found = reg.places().search(query, state=state, kind=kind, county=county)
    except InputError as exc:  # a county with no letters, or none of the state's
        fail(str(exc))
    for p in found:
        line = f"{p.id}\t{p.ocd_id or '-'}\t{p.name}\t{p.describe() or '-'}"
        click.echo(f"{line}\t{', '.join(reg.get(p.id).order)}" if rules else line)
    invalid = reg.load_all()[1]
    for jid, exc in invalid.items():
        click.echo(f"{jid}\t(invalid: {len(exc.problems)} problem(s); run `deadlines check`)")


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
def check(paths: tuple[Path, ...]) -> None:
    """Validate calendar files (all of calendars/ when no PATH is given; a
    folder means its files and its shared/ rule sets).

    Reports every problem of every file in one run, each naming file and rule
    (a shared set's problem once, not once per jurisdiction); exits 1 on any.
    Warns (without failing) where a hand-kept list of days ends before the
    next two cycles."""
    files: list[Path] = []
    for p in paths or (Registry().root,):
        files.extend(calendar_files(p) if p.is_dir() else [p])
    problems, warnings = report(files, date.today())
    for problem in problems:
        click.echo(problem)
    for warning in warnings:
        click.echo(f"warning: {warning}")
    click.echo(f"{len(files)} file(s) checked, {len(problems)} problem(s), {len(warnings)} warning(s)", err=True)
    sys.exit(1 if problems else 0)


@main.command(cls=OneLine)
@click.argument("jurisdiction")
@click.option("--election", metavar="DATE", help="The general election date (YYYY-MM-DD); default: the next by rule.")
@click.option("--primary", metavar="DATE", help="The primary election date, where the jurisdiction holds one.")
@click.option("--event", "events", multiple=True, metavar="NAME=DATETIME[,LABEL]",
              help="A trigger event, e.g. ordinance-adopted=2026-05-04,Ordinance 2026-11; give it again for "
                   "another case (events with the same label are one case).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True,
              help="The language of the dates and sentences (quoted law stays as written).")
@click.option("--today", metavar="DATE", hidden=True, help="Pretend today is this date.")
def compute(jurisdiction, election, primary, events, as_json, lang, today) -> None:
    """Print the deadlines of JURISDICTION for one election, with what the
    clerk recorded (the database of `deadlines serve` in this folder, or
    DEADLINES_DATABASE_URL)."""
    try:
        jur = Registry().get(jurisdiction)
        query = {"election": inputs.optional_day(election, "election"), "primary": inputs.optional_day(primary, "primary")}
        typed = inputs.typed_cases(jur, events)
        when = inputs.optional_day(today, "today") or date.today()
        result = lookup(jur, today=when, cases=typed, records=recorded(), **query)
    except InputError as exc:
        fail(str(exc))
    except CalendarError as exc:
        fail(f"the calendar file is invalid: {' '.join(str(exc).split())}")
    if as_json:
        click.echo(json.dumps(result_dict(result, words(lang)), indent=2, ensure_ascii=lang == "en"))
        return
    _print_table(result, words(lang))


@main.command(cls=OneLine)
@click.argument("jurisdiction")
@click.option("--election", metavar="DATE", help="The general election date (YYYY-MM-DD); default: the next by rule.")
@click.option("--pdf", "pdf_path", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Write the printable calendar (PDF) to this file.")
@click.option("--today", metavar="DATE", hidden=True, help="Pretend today is this date.")
def calendar(jurisdiction, election, pdf_path, today) -> None:
    """Write the printable official calendar of one election of JURISDICTION:
    the timeline, every deadline with its date, hour, zone and citation, the
    readings as notes, what the clerk recorded, and the rule files used."""
    from deadlines.publish import calendar as printable

    try:
        jur = Registry().get(jurisdiction)
        now = datetime.now(ZoneInfo(jur.timezone)).replace(microsecond=0)
        election, today = inputs.optional_day(election, "election"), inputs.optional_day(today, "today")
        result = lookup(jur, today=today or now.date(), election=election, records=recorded())
    except InputError as exc:
        fail(str(exc))
    except CalendarError as exc:
        fail(f"the calendar file is invalid: {' '.join(str(exc).split())}")
    if not pdf_path.parent.is_dir():
        fail(f"--pdf: no folder {pdf_path.parent} to write {pdf_path.name} into")
    try:
        pdf_path.write_bytes(printable.pdf(result, today=today or now.date(), generated=now, w=words(DEFAULT)))
    except OSError as exc:
        fail(f"--pdf: cannot write {pdf_path}: {exc.strerror or exc}")
    click.echo(f"{pdf_path}: {jur.name}, election of {say(result.held)}, {len(result.deadlines)} deadline(s)")


def _print_table(result, w) -> None:
    """The result as a table, its dates and sentences in the words of ``w``
    (the table's own labels stay English)."""
    say = w.moment
    j = result.jurisdiction
    click.echo(f"{j.name} ({j.id}), election cycle of {say(result.held)}")
    if result.moved:
        click.echo(f"  {w.moved(result)}")
    for a in result.anchors.values():
        click.echo(f"  {w.calendar(a.title)}: {say(a.value)} [{w.how(a)}]")
    for c in result.cases:
        click.echo(f"  Case {c.id}: {w.case_label(c)}{'' if c.open else ' (withdrawn)'}")
    click.echo("")
    rows = [("ID", "CASE", "OPENS", "DUE", "STATUS")]
    for d in result.deadlines:
        rows.append((d.id, d.case or "", say(d.start) if d.start else "",
                     say(d.due) + ("" if d.due == d.safe_due else f" (safe: {say(d.safe_due)})"), d.status))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for r in rows:
        click.echo("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    for d in result.deadlines:
        for warning in w.warnings(d, j.name):
            click.echo(f"warning: {d.id}: {warning}")
    for warning in w.result_warnings(result):
        click.echo(f"warning: {warning}")
    for rid in result.pending:
        needs = j.waiting_for(rid)
        click.echo(f"pending: {rid} (give --event {needs[0]}=...)" if needs else f"pending: {rid}")
    click.echo("Times are local to " + j.timezone + ". Use --json for citations, quoted law and counting steps.")


from deadlines.cli.store import history, reminders, scheduler, token  # noqa: E402
from deadlines.cli.serve import serve  # noqa: E402
from deadlines.cli.upcoming import upcoming  # noqa: E402
from deadlines.cli.clerks import clerk  # noqa: E402
from deadlines.cli.reports import reports  # noqa: E402
from deadlines.cli.facts import facts  # noqa: E402
from deadlines.cli.boundaries import boundaries  # noqa: E402
from deadlines.cli.backup import backup  # noqa: E402
from deadlines.cli.office import office  # noqa: E402

main.add_command(serve)
main.add_command(history)
main.add_command(scheduler)
main.add_command(reminders)
main.add_command(token)
main.add_command(upcoming)
main.add_command(clerk)
main.add_command(reports)
main.add_command(facts)
main.add_command(boundaries)
main.add_command(backup)
main.add_command(office)

if __name__ == "__main__":
    main()
