"""A jurisdiction's iCalendar feeds: its upcoming cycles (every deadline until
a year after it has passed: :func:`deadlines.service.upcoming`), one election
(named by its date by rule or the date it is held), one deadline (its UID as
the path: ``/calendars/<jurisdiction>/<cycle or case>/<deadline>.ics``). The
``feeds`` blueprint; its feeds of many governments are
:mod:`web.feeds_combined`, how a feed is versioned, cached and answered
:mod:`web.feed_cache`, and the fast path in front of the app
:mod:`web.feed_fast`.

``lang=es`` says a jurisdiction's feed in Spanish: the same UIDs, and each
event's SEQUENCE that of its English text (so switching language never lowers
a version, and a catalog edit alone raises none); the feed's own version
(ETag, Last-Modified) is kept per language.
"""
from __future__ import annotations

import re
from datetime import date

from flask import Blueprint, Response, current_app, redirect, request, url_for

from deadlines.publish import ical
from deadlines.publish.words import for_whom
from deadlines.core.errors import InputError
from deadlines.core.computed import Result
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.model import AUDIENCES
from deadlines.service import case_cycle, lookup, named_cycle_of, upcoming

from deadlines.core import inputs
from web.common import registry, records, today_in
from web.feed_cache import Rendered, answer, computed, current, once, publication, rendered, versioned
from web.language import lang, said
from web.problems import input_problem
from web.security import base_url

bp = Blueprint("feeds", __name__)
bp.register_error_handler(InputError, input_problem)

def _render(jur: Jurisdiction, today: date, results: list[Result], audience: str | None,
            prefix: str | None, bases: dict[str, int]) -> Rendered:
    """The feed at ``request.path`` (only the event ``prefix``, a UID without
    its domain, when given), stamped and with its HTTP headers."""
    w = said()
    chosen = [(e, r) for r in results for e in ical.events(r, audience=audience, w=ical.FEED_WORDS)
              if prefix is None or str(e["uid"]).split("@")[0] in (prefix, prefix + "/window")]
    evs = [e for e, _ in chosen]
    spoken = None if w.lang == "en" else {str(e["uid"]): e for r in results for e in ical.events(r, audience=audience, w=w)}
    if prefix and not evs:
        cycle_or_case, deadline_id = prefix.split("/")[1:]
        raise InputError.of("feed.no_deadline", "deadline", jurisdiction=jur.id, deadline=deadline_id, part=cycle_or_case)
    name = for_whom(w._("{place}: election deadlines", place=jur.name), audience, w)
    about = w._("Deadlines computed from {source}. Times are local to {zone}. Each event sits on its safe date; its "
                "description quotes the law and shows how its date is counted.", source=w.source(jur).rstrip("."),
                zone=jur.timezone)
    if not evs:
        about += " " + empty_feed_words(jur)
    if prefix:
        disposition = f'attachment; filename="{prefix.replace("/", "-")}.ics"'
    else:  # a subscription: shown inline, but saved under a name that says what it is
        named = jur.id + (f"-{results[0].cycle}" if len(results) == 1 and request.view_args.get("election") else "")
        disposition = f'inline; filename="{named}.ics"'
    feed_key = ("feed:" + request.path + (f"?audience={audience}" if audience else "")
                + ("" if w.lang == "en" else ("&" if audience else "?") + f"lang={w.lang}"))
    pub = publication()  # the events' versions and the feed's own, stored together by rendered()
    stamped = versioned(chosen, bases, spoken=spoken, pub=pub)
    if prefix:  # "Add to calendar": one event (:func:`~deadlines.publish.ical.single`)
        by_uid = {str(e["uid"]).split("@")[0]: e for e in stamped}
        (d,) = [d for r in results for d in r.deadlines if r.uid(d) == prefix]
        stamped = [ical.single(by_uid[prefix], by_uid.get(prefix + "/window"), d, jur.name, w)]
    body = ical.calendar(stamped, name=name, description=about, timezone=jur.timezone, today=today)
    return rendered(body, today, jur.timezone, feed_key, disposition, sum(bases.values()), pub)


def empty_feed_words(jur: Jurisdiction) -> str:
    """Why a jurisdiction's calendar can be empty, and what fills it (in the request's language):
    nothing ever, for a government whose law sets no deadline (a board that is appointed, not
    elected: its caveat says so)."""
    w = said()
    if not jur.order:
        return w._("No deadline will be added here: this government's law sets none.")
    waiting = sorted({t for rid in jur.order for t in jur.waiting_for(rid)})
    if waiting:
        titles = w._(" or ").join(w.calendar(jur.triggers[t].title).lower() for t in waiting)
        return w._("No deadline is dated yet: {place}'s deadlines count from an event the clerk records "
                   "({titles}); each one recorded adds its deadlines here.", place=jur.name, titles=titles)
    return w._("No deadline falls in the years this calendar covers.")


def audience_asked() -> str | None:
    """The ``audience`` a feed is asked for (None: every deadline)."""
    audience = request.args.get("audience") or None
    if audience is not None and audience not in AUDIENCES:
        raise InputError.of("filter.audience", "audience", allowed=", ".join(AUDIENCES))
    return audience


CASE_ID = re.compile(r"^case-[0-9]+$")


def _chosen(jur: Jurisdiction, today: date, part: str | None, deadline_id: str | None) -> tuple[list[Result], str | None]:
    """The results a feed shows and, for one deadline's file, its UID prefix.
    ``part`` names a cycle (its date by rule, or the date it is held) or a case."""
    if part is None:
        years = current_app.config["FEED_YEARS_AHEAD"]
        return upcoming(jur, today=today, years_ahead=years, records=records()), None
    stored = records().recorded(jur.id)
    if CASE_ID.match(part):
        case = next((c for c in stored.cases(jur) if c.id == part), None)
        cycle = case and case_cycle(jur, case)
        if cycle is None:
            raise InputError.of("feed.no_case", "deadline", jurisdiction=jur.id, case=repr(part))
    else:
        day = inputs.day(part, "election")
        cycle = named_cycle_of(jur, day, stored)
        if cycle is None:
            raise InputError.of("feed.no_election", "election", day=part, election=jur.elections["general"].title)
    result = lookup(jur, today=today, election=cycle, records=records())
    return [result], None if deadline_id is None else f"{jur.id}/{part if CASE_ID.match(part) else cycle}/{deadline_id}"


def _canonical(jid: str, part: str, deadline_id: str | None) -> Response:
    """A permanent redirect to the one URL of this feed (so differently spelled
    paths never each store their own feed state)."""
    values = {"jid": jid, "election": part, **({"deadline_id": deadline_id} if deadline_id else {})}
    return redirect(url_for(request.endpoint, **values, **request.args), 301)


def _single_key(jid: str, part: str | None, deadline_id: str | None, audience: str | None, base: str,
                language: str = "en") -> tuple:
    """Everything a jurisdiction's feed depends on (base: the rows' URLs)."""
    return (jid, part, deadline_id, audience, registry().stamp(jid), records().revision(jid), base, language)


class _HeldOn(Exception):
    """The feed was asked for by the date a moved election is held: its URL is its cycle's."""

    def __init__(self, cycle: date):
        self.cycle = cycle


def _serve(jid: str, part: str | None = None, deadline_id: str | None = None) -> Response:
    registry().stamp(jid)
    audience = audience_asked()
    dated = part is not None and not CASE_ID.match(part)
    if dated and part != inputs.day(part, "election").isoformat():  # e.g. leading %20s
        return _canonical(jid, inputs.day(part, "election").isoformat(), deadline_id)
    args = (jid, part, deadline_id, audience, base_url(), lang())
    key = _single_key(*args)
    feed = current(key)
    if feed is None:
        jur = registry().get(jid)
        today = today_in(jur.timezone)

        def compute(bases: dict[str, int]) -> Rendered:
            results, prefix = _chosen(jur, today, part, deadline_id)
            if dated and results[0].cycle.isoformat() != part:
                raise _HeldOn(results[0].cycle)
            return _render(jur, today, results, audience, prefix, bases)

        try:
            feed = once(key, today, lambda: computed((jid,), compute))
        except _HeldOn as moved:
            return _canonical(jid, moved.cycle.isoformat(), deadline_id)
    return answer(feed, _single_key, *args)


@bp.get("/calendars/<jid>.ics")
def jurisdiction_feed(jid: str) -> Response:
    return _serve(jid)


@bp.get("/calendars/<jid>/<election>.ics")
def election_feed(jid: str, election: str) -> Response:
    return _serve(jid, election)


@bp.get("/calendars/<jid>/<election>/<deadline_id>.ics")
def deadline_feed(jid: str, election: str, deadline_id: str) -> Response:
    """One deadline's file: the path is its UID (``<cycle or case>/<deadline id>``)."""
    return _serve(jid, election, deadline_id)


@bp.get("/calendars/<jid>/<election>/<deadline_id>/window.ics")
def window_feed(jid: str, election: str, deadline_id: str) -> Response:
    """A window's opening event (UID ``<id>/<cycle or case>/<deadline id>/window``)
    is in its deadline's own file, beside the deadline: its path leads there
    (a permanent redirect, the query kept), so every event's path is its UID."""
    return redirect(url_for("feeds.deadline_feed", jid=jid, election=election, deadline_id=deadline_id,
                            **request.args), 301)

