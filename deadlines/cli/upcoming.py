"""``deadlines upcoming``: every deadline of every jurisdiction to act on in a
range (the bulk API's listing, :mod:`deadlines.across`), with what a clerk
recorded in the database of a ``deadlines serve`` run in this folder."""
from __future__ import annotations

import json
from datetime import date

import click

from deadlines.across import Across
from deadlines.cli.oneline import OneLine, fail
from deadlines.cli.records import recorded
from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.moments import say
from deadlines.core.registry import Registry
from deadlines.publish.as_json import listing_dict
from deadlines.words import DEFAULT, words


@click.command(cls=OneLine)
@click.option("--from", "start", required=True, metavar="DATE", help="First day of the range (YYYY-MM-DD).")
@click.option("--to", "end", required=True, metavar="DATE", help="Last day of the range (YYYY-MM-DD).")
@click.option("--state", help="Only jurisdictions under this state's law (a postal code: MI).")
@click.option("--county", help="Only jurisdictions lying (partly) in this county (Dickinson).")
@click.option("--kind", help="Only this kind of government (city, village, town, township, school-district, ...).")
@click.option("--audience", help="Only deadlines for this audience (candidates, clerk, public, petitioners).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (every deadline as in the API) instead of a table.")
def upcoming(start: str, end: str, state: str | None, county: str | None, kind: str | None, audience: str | None,
             as_json: bool) -> None:
    """Every deadline to act on, and every window opening, from --from to --to, across jurisdictions, by date."""
    try:
        first, last = inputs.day(start, "from"), inputs.day(end, "to")
        listing = Across(Registry(), recorded()).listing(first, last, today=date.today(), state=state,
                                                        audience=audience, county=county, kind=kind)
    except InputError as exc:
        fail(str(exc))
    for warning in listing.warnings():
        click.echo(f"warning: {warning}", err=True)
    if as_json:
        click.echo(json.dumps(listing_dict(first, last, state, audience, len(listing.entries),
                                           listing.entries, words(DEFAULT)), indent=2))
        return
    for e in listing.entries:
        d = e.deadline
        if e.edge == "opening":
            click.echo(f"{say(d.start)}\t{e.jurisdiction.id}\t{d.id}\tOpens: {words(DEFAULT).title(d)}")
            continue
        late = "" if d.safe_due == d.due else f" (due {say(d.due)}; act by the safe date)"
        click.echo(f"{say(d.safe_due)}\t{e.jurisdiction.id}\t{d.id}\t{words(DEFAULT).title(d)}{late}")
    click.echo(f"{len(listing.entries)} deadline(s)", err=True)
