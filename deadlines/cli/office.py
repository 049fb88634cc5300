"""``deadlines office hours/filing``: what a clerk records of the office from
the command line (the same typed commands as the desk and the clerk API,
:mod:`deadlines.commands.office`: validated, in the history, the revision
bumped), in the database of ``deadlines serve`` (``DATABASE_URL``)."""
from __future__ import annotations

import json

import click
from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.core.errors import InputError
from deadlines.core.registry import Registry
from deadlines.store import history, records
from deadlines.store.db import get_db, writer

#: Who the history says recorded it from the command line.
OPERATOR = history.Who("operator (command line)")


@click.group()
def office() -> None:
    """The office's hours (by weekday) and the filing office, as a clerk records them."""


def _write(jurisdiction: str, run) -> dict:
    try:
        jur = Registry().get(jurisdiction)
        with Session(writer(get_db()), expire_on_commit=False) as s, s.begin():
            return run(s, jur)
    except InputError as exc:
        raise click.ClickException(str(exc)) from None


@office.command("hours")
@click.argument("jurisdiction")
@click.option("--open", "opens", required=True, metavar="HH:MM", help="When the office opens.")
@click.option("--close", "closes", required=True, metavar="HH:MM", help="When it closes.")
@click.option("--days", default="", help="The weekdays it is open, comma-separated (default Monday to Friday).")
@click.option("--other", multiple=True, metavar="DAY=HH:MM-HH:MM",
              help="An open weekday with other hours (friday=09:00-13:00); repeatable.")
@click.option("--from", "start", default=None, metavar="DATE", help="The first day they hold (default today).")
@click.option("--authority", required=True, help="What sets the hours.")
def hours(jurisdiction: str, opens: str, closes: str, days: str, other: tuple[str, ...], start: str | None,
          authority: str) -> None:
    """Record JURISDICTION's office hours from a day on; prints them as JSON."""
    spans = {}
    for given in other:
        day, _, span = given.partition("=")
        o, _, c = span.partition("-")
        spans[day.strip()] = {"open": o.strip(), "close": c.strip()}
    body = {"open": opens, "close": closes, "days": days or None, "other": spans or None, "authority": authority,
            "from": start}

    def run(s, jur):
        entry = commands.set_office_hours(s, jur, body, who=OPERATOR)
        return {"value": records.hours_value(entry), **records.brief_hours(entry)}
    click.echo(json.dumps(_write(jurisdiction, run)))


@office.command("filing")
@click.argument("jurisdiction")
@click.option("--office", "name", required=True, help="The office a candidate files with (\"City Recorder\").")
@click.option("--address", required=True, help="Its street address.")
@click.option("--phone", default=None, help="Its phone number.")
@click.option("--where", default=None, help="Where in it a candidate files (\"Room 415\").")
@click.option("--authority", required=True, help="What says so.")
def filing(jurisdiction: str, name: str, address: str, phone: str | None, where: str | None, authority: str) -> None:
    """Record where a candidate files in JURISDICTION; prints it as JSON."""
    body = {"office": name, "address": address, "phone": phone, "where": where, "authority": authority}

    def run(s, jur):
        entry = commands.set_filing_office(s, jur, body, who=OPERATOR)
        return {"value": records.filing_value(entry), **records.brief_filing(entry)}
    click.echo(json.dumps(_write(jurisdiction, run)))
