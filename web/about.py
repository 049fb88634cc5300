"""A page per jurisdiction: how its dates are computed (its time law, the
legal holidays in force for a cycle with their citations, the office's own
closures with their authority, office hours, the
elections by rule and the rule files' sources), in the request's language;
the quoted law stays as it is written."""
from __future__ import annotations

from flask import Blueprint, render_template, request, url_for

from deadlines.core import inputs
from deadlines.core.elections import describe_rule
from deadlines.core.errors import CalendarError, InputError
from deadlines.core.holiday_law import closures_in, legal_in
from deadlines.core.moments import day_of
from deadlines.publish.speaking import speaking
from deadlines.publish.words import rule_files
from deadlines.service import local_listing, lookup

from web.common import nearest_places, records, registry, suggestion_links, today_in, trouble_notices, unknown_words
from web.language import said

bp = Blueprint("about", __name__)


@bp.get("/jurisdictions/<jid>")
def jurisdiction(jid: str):
    w = said()
    try:
        stored = records().recorded(jid)
        own = registry().get(jid)
        today = today_in(own.timezone)
        jur = stored.office(own, today)  # with the office hours (today's) and closures a clerk recorded
        election = inputs.optional_day(request.args.get("election"), "election")
        # the cycle's own hours (a cycle is computed with the hours in force then): from the law, not today's
        result = lookup(own, today=today, election=election, records=records())  # a cycle outside its law's years: 400
    except InputError as exc:
        unknown = exc.field == "jurisdiction"
        suggested = suggestion_links([(url_for("about.jurisdiction", jid=p.id), p.name)
                                      for p in nearest_places(jid)]) if unknown else None
        return render_template("about.html", jur=None, error=unknown_words(jid) if unknown else str(exc),
                               suggested=suggested, unknown=unknown,
                               heading=w._("Unknown jurisdiction") if unknown else w._("These dates cannot be shown")), \
            404 if unknown else 400
    except CalendarError:  # logged by the registry; the other jurisdictions still work
        return render_template("about.html", jur=None, heading=w._("Not available"),
                               error=w._("This calendar file has a problem: '{id}' is not available until it is "
                                         "corrected; please try again later.", id=jid)), 503
    days = [day_of(m) for d in result.deadlines for m in (d.start, d.due, d.safe_due) if m is not None]
    days += [day_of(a.value) for a in result.anchors.values()]
    first, last = min(days), max(days)
    years = range(first.year, last.year + 1)
    holidays, closures = ([(day, *named) for y in years for day, named in sorted(listed(jur.holidays, y).items())
                           if first <= day <= last] for listed in (legal_in, closures_in))
    words = speaking(w)
    return render_template(
        "about.html", jur=jur, result=result, holidays=holidays, closures=closures, first=first, last=last,
        elections=[(r, w.note(describe_rule(r))) for r in jur.elections.values()], files=rule_files(result),
        words=words, when=words.when, paragraphs=words.paragraphs, say_clock=w.clock, zone_name=words.zone_name,
        error=None, notices=trouble_notices(jur), facts=local_listing(jur, stored),
    )
