"""A page per jurisdiction: how its dates are computed (its time law, the
legal holidays in force for a cycle with their citations, office hours, the
elections by rule and the rule files' sources)."""
from __future__ import annotations

from flask import Blueprint, render_template, request

from deadlines.core import inputs
from deadlines.core.elections import describe_rule
from deadlines.core.errors import InputError
from deadlines.core.holiday_law import business_calendar
from deadlines.core.moments import day_of, say_clock
from deadlines.publish.words import paragraphs, rule_files, when
from deadlines.service import lookup

from web.common import records, registry, today_in

bp = Blueprint("about", __name__)


@bp.get("/jurisdictions/<jid>")
def jurisdiction(jid: str):
    try:
        jur = registry().get(jid)
        election = inputs.optional_day(request.args.get("election"), "election")
    except InputError as exc:
        return render_template("about.html", jur=None, error=str(exc)), 404 if exc.field == "jurisdiction" else 400
    today = today_in(jur.timezone)
    result = lookup(jur, today=today, election=election, records=records())
    days = [day_of(m) for d in result.deadlines for m in (d.start, d.due, d.safe_due) if m is not None]
    days += [day_of(a.value) for a in result.anchors.values()]
    first, last = min(days), max(days)
    closed = business_calendar(jur.holidays, first.year, last.year).closed
    own = {h.day: h.cite for h in jur.holidays.add + jur.holidays.closures}
    holidays = [(day, name, own.get(day, jur.holidays.cite)) for day, name in sorted(closed.items()) if first <= day <= last]
    return render_template(
        "about.html", jur=jur, result=result, holidays=holidays, first=first, last=last, removed=[h for h in jur.holidays.remove if first <= h.day <= last],
        elections=[(r, describe_rule(r)) for r in jur.elections.values()], files=rule_files(result),
        when=when, paragraphs=paragraphs, say_clock=say_clock, error=None,
    )
