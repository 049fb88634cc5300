"""iCalendar feeds: a jurisdiction's upcoming cycles (every deadline until a
year after it has passed: :func:`deadlines.service.upcoming`), one election
(named by its date by rule or the date it is held), one deadline (its UID as
the path: ``/calendars/<jurisdiction>/<cycle or case>/<deadline>.ics``), and
several jurisdictions' upcoming cycles in one (``/calendars/combined.ics?j=a,b``).

A feed is rendered once per change and kept in a per-process cache keyed on
everything it depends on (jurisdiction, filter, calendar file mtime, anchor
store revision, base URL) and valid for one day in the jurisdiction's zone;
requests in between cost a cache look-up and a header comparison, answered by
:class:`FastPath` before Flask routes the request. Event
versions live in :mod:`deadlines.store.feed_state`, and so does the feed's own
(UID ``feed:<path>``) whose time of change is the HTTP Last-Modified. Each
version carries the records revisions it was computed from, read before the
records: a render that a clerk write overtook is computed again
(:func:`_computed`) rather than stored under a newer SEQUENCE or ETag.
While the database cannot be reached, a feed URL answered before is answered
with its last good version (kept a minute, with ``Warning`` and
``X-Deadlines-Stale`` headers saying so) instead of a 503.

``lang=es`` says a jurisdiction's feed in Spanish: the same UIDs, and each
event's SEQUENCE that of its English text (so switching language never lowers
a version, and a catalog edit alone raises none); the feed's own version
(ETag, Last-Modified) is kept per language.
"""
from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Callable

from flask import Blueprint, Response, current_app, redirect, request, url_for
from werkzeug.http import http_date, parse_date, quote_etag

from deadlines.publish import grouped, ical
from deadlines.publish.place_words import kind_name
from deadlines.core.errors import CalendarError, InputError
from deadlines.core.model import AUDIENCES, GOVERNMENT_KINDS, Jurisdiction, Result
from deadlines.service import NO_RECORDS, case_cycle, lookup, named_cycle_of, upcoming

from deadlines.core import inputs, memo
from deadlines.core.memo import Lru
from deadlines.core.registry import collector_paused
from deadlines.store.feed_state import Superseded
from sqlalchemy.exc import OperationalError
from web.common import check_state, registry, records, today_in
from web.costly import costly
from web.landing import STATES
from web.language import lang, said
from web.problems import input_problem
from web.security import base_url, external_url

bp = Blueprint("feeds", __name__)
log = logging.getLogger(__name__)
COMBINED = "/calendars/combined.ics"
MAX_COMBINED = 500
bp.register_error_handler(InputError, input_problem)


@dataclass(frozen=True)
class Rendered:
    """A rendered feed, valid for ``day`` in ``timezone``, with its response headers."""

    day: date
    timezone: str
    body: bytes
    etag: str
    last_modified: datetime
    headers: tuple[tuple[str, str], ...]


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
        raise InputError(f"{jur.id} has no deadline '{deadline_id}' for {cycle_or_case} "
                         f"(a deadline waiting for a trigger event has no date yet)", "deadline")
    name = w._("{place}: election deadlines", place=jur.name) + (f" ({audience})" if audience else "")
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
    stamped = _versioned(chosen, bases, spoken=spoken)
    if prefix:  # "Add to calendar": one event (:func:`~deadlines.publish.ical.single`)
        by_uid = {str(e["uid"]).split("@")[0]: e for e in stamped}
        (d,) = [d for r in results for d in r.deadlines if d.uid == prefix]
        stamped = [ical.single(by_uid[prefix], by_uid.get(prefix + "/window"), d, jur.name, w)]
    body = ical.calendar(stamped, name=name, description=about, timezone=jur.timezone, today=today)
    return _rendered(body, today, jur.timezone, feed_key, disposition, sum(bases.values()))


def _versioned(chosen: list, bases: dict[str, int], law_linked: bool = False,
               spoken: dict | None = None) -> list:
    """The events of ``chosen`` (event, result) pairs, each stamped with its
    version (:mod:`deadlines.store.feed_state`, from its English text),
    linked to its row on the form and its title starting with its
    government's name (the same in its own feed and in a feed of many).
    ``bases``: each jurisdiction's records revision the results were computed
    from. ``law_linked``: the quoted law left to the row's link
    (:func:`~deadlines.publish.ical.law_by_link`, a feed of many).
    ``spoken``: by UID, the events said in another language, published in
    place of ``chosen``'s under the version of their English text."""
    state = current_app.extensions["feed_state"]
    stamps = state.stamps({str(e["uid"]): ical.content_hash(e) for e, _ in chosen}, None,
                          {str(e["uid"]): bases[r.jurisdiction.id] for e, r in chosen})
    if spoken is not None:
        chosen = [(spoken[str(e["uid"])], r) for e, r in chosen]
    for e, r in chosen:  # back to its row on the form (not hashed: a new BASE_URL is no change)
        part, rid = str(e["uid"]).split("@")[0].split("/")[1:3]  # <jid>/<cycle or case>/<rule>[/<part>]
        anchor = f"{part}-{rid}" if part.startswith("case-") else rid  # words.anchor: one per case
        url = external_url("form.index", jurisdiction=r.jurisdiction.id, election=r.cycle.isoformat(), _anchor=anchor)
        ical.link(e, url)
        ical.name_in_summary(e, r.jurisdiction.name)
        if law_linked:
            ical.law_by_link(e, url)
        ical.stamp(e, stamps[str(e["uid"])])
    return [e for e, _ in chosen]


def _rendered(body: bytes, today: date, timezone: str, feed_key: str, disposition: str, basis: int) -> Rendered:
    """The serialized feed ``body`` versioned as ``feed_key`` (computed from
    records of total revision ``basis``), with its headers."""
    etag = hashlib.sha256(body).hexdigest()
    state = current_app.extensions["feed_state"]
    modified = state.stamps({feed_key: etag}, None, {feed_key: basis})[feed_key].last_modified
    headers = [("ETag", quote_etag(etag)), ("Last-Modified", http_date(modified)),
               ("Cache-Control", f"public, max-age={current_app.config['FEED_MAX_AGE']}"),
               ("Content-Disposition", disposition)]
    return Rendered(today, timezone, body, etag, modified, tuple(headers))


def empty_feed_words(jur: Jurisdiction) -> str:
    """Why a jurisdiction's calendar can be empty, and what fills it (in the request's language)."""
    w = said()
    waiting = sorted({t for rid in jur.order for t in jur.waiting_for(rid)})
    if waiting:
        titles = w._(" or ").join(w.calendar(jur.triggers[t].title).lower() for t in waiting)
        return w._("No deadline is dated yet: {place}'s deadlines count from an event the clerk records "
                   "({titles}); each one recorded adds its deadlines here.", place=jur.name, titles=titles)
    return w._("No deadline falls in the years this calendar covers.")


def _not_modified(feed: Rendered, if_none_match: str | None, if_modified_since: str | None) -> bool:
    """RFC 9110 13.1: If-None-Match (weak comparison) wins over If-Modified-Since."""
    if if_none_match is not None:
        return if_none_match.strip() == "*" or f'"{feed.etag}"' in (
            t.strip().removeprefix("W/") for t in if_none_match.split(","))
    since = parse_date(if_modified_since)
    return since is not None and since >= feed.last_modified.replace(microsecond=0)


def _audience() -> str | None:
    audience = request.args.get("audience") or None
    if audience is not None and audience not in AUDIENCES:
        raise InputError.of("filter.audience", "audience", allowed=", ".join(AUDIENCES))
    return audience


def _current(key: tuple) -> Rendered | None:
    """The cached feed for ``key`` if it is still today's."""
    feed = current_app.extensions["feed_cache"].get(key)
    return feed if feed is not None and feed.day == today_in(feed.timezone) else None


def _answer(feed: Rendered, key_of: Callable[..., tuple], *args) -> Response:
    """The feed or a 304; and let :class:`FastPath` answer this URL from now on
    (``key_of(*args)`` rebuilds its cache key)."""
    environ = request.environ
    current_app.extensions["feed_routes"].put(_route(environ), (key_of, args))
    current_app.extensions["feed_last_good"].put(_route(environ), feed)
    if _not_modified(feed, environ.get("HTTP_IF_NONE_MATCH"), environ.get("HTTP_IF_MODIFIED_SINCE")):
        return Response(status=304, headers=feed.headers)
    return Response(feed.body, mimetype="text/calendar", headers=feed.headers)


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
            raise InputError(f"{jur.id} has no case {part!r}", "deadline")
    else:
        day = inputs.day(part, "election")
        cycle = named_cycle_of(jur, day, stored)
        if cycle is None:
            raise InputError(f"{part} is not the date of a {jur.elections['general'].title.lower()}", "election")
    result = lookup(jur, today=today, election=cycle, records=records())
    return [result], None if deadline_id is None else f"{jur.id}/{part if CASE_ID.match(part) else cycle}/{deadline_id}"


def _canonical(jid: str, part: str, deadline_id: str | None) -> Response:
    """A permanent redirect to the one URL of this feed (so differently spelled
    paths never each store their own feed state)."""
    values = {"jid": jid, "election": part, **({"deadline_id": deadline_id} if deadline_id else {})}
    return redirect(url_for(request.endpoint, **values, **request.args), 301)


ATTEMPTS = 3


def _computed(ids: tuple[str, ...], compute: Callable[[dict[str, int]], object]):
    """``compute(bases)``, the revisions of ``ids``'s records read before it reads
    the records (one query for every id of a combined feed); again from the
    records as they are now while a version computed from newer records was
    published meanwhile (:class:`Superseded`). Python's cycle collector is
    paused meanwhile: a state's feed makes and drops thousands of results, and
    each full collection would walk every loaded government."""
    for attempt in range(ATTEMPTS):
        if attempt:
            for j in ids:
                records().forget(j)
        if len(ids) == 1:
            bases = {ids[0]: int(records().revision(ids[0]) or 0)}
        else:
            revisions = records().revisions()
            bases = {j: int(revisions.get(j) or 0) for j in ids}
        try:
            with collector_paused():
                return compute(bases)
        except Superseded:
            if attempt == ATTEMPTS - 1:
                raise


def _single_key(jid: str, part: str | None, deadline_id: str | None, audience: str | None, base: str,
                language: str = "en") -> tuple:
    """Everything a jurisdiction's feed depends on (base: the rows' URLs)."""
    return (jid, part, deadline_id, audience, registry().stamp(jid), records().revision(jid), base, language)


class _HeldOn(Exception):
    """The feed was asked for by the date a moved election is held: its URL is its cycle's."""

    def __init__(self, cycle: date):
        self.cycle = cycle


def _once(key: tuple, today: date, compute: Callable[[], Rendered]) -> Rendered:
    """``compute()`` once per ``key`` and day, however many ask at once (the
    others wait for its answer, :class:`~deadlines.core.memo.Computed`); then
    in the render cache, for :func:`_current` and :class:`FastPath`."""
    feed = current_app.extensions["feed_renders"].get((*key, today), compute)
    current_app.extensions["feed_cache"].put(key, feed)
    return feed


def _serve(jid: str, part: str | None = None, deadline_id: str | None = None) -> Response:
    registry().stamp(jid)
    audience = _audience()
    dated = part is not None and not CASE_ID.match(part)
    if dated and part != inputs.day(part, "election").isoformat():  # e.g. leading %20s
        return _canonical(jid, inputs.day(part, "election").isoformat(), deadline_id)
    args = (jid, part, deadline_id, audience, base_url(), lang())
    key = _single_key(*args)
    feed = _current(key)
    if feed is None:
        jur = registry().get(jid)
        today = today_in(jur.timezone)

        def compute(bases: dict[str, int]) -> Rendered:
            results, prefix = _chosen(jur, today, part, deadline_id)
            if dated and results[0].cycle.isoformat() != part:
                raise _HeldOn(results[0].cycle)
            return _render(jur, today, results, audience, prefix, bases)

        try:
            feed = _once(key, today, lambda: _computed((jid,), compute))
        except _HeldOn as moved:
            return _canonical(jid, moved.cycle.isoformat(), deadline_id)
    return _answer(feed, _single_key, *args)


def _combined_ids() -> tuple[tuple[str, ...], dict[str, str] | None]:
    """The combined feed's jurisdictions: ``j`` (ids, comma-separated, each
    known; at most :data:`MAX_COMBINED`), or every government matching
    ``state``, ``county`` and ``kind`` ("every township in Dickinson County");
    with those filters (None for ``j``). More than :data:`MAX_COMBINED` by
    filters make a feed of one event per shared deadline (:func:`_grouped_feed`)."""
    filters = {f: request.args.get(f) or None for f in ("state", "county", "kind")}
    if request.args.get("j") or not any(filters.values()):
        ids = tuple(sorted({j.strip() for j in request.args.get("j", "").split(",") if j.strip()}))
        if not ids:
            raise InputError.of("combined.none_given", "j")
        if len(ids) > MAX_COMBINED:
            raise InputError.of("combined.too_many", "j", limit=MAX_COMBINED)
        return ids, None
    if filters["kind"] is not None and filters["kind"] not in GOVERNMENT_KINDS:
        raise InputError.of("filter.kind", "kind", allowed=", ".join(GOVERNMENT_KINDS))
    filters["state"] = check_state(filters["state"])  # a state it does not know: named, as on every list
    ids = tuple(sorted(p.id for p in registry().places().search(**filters)))
    if not ids:
        raise InputError.of("filter.no_match", "county" if filters["county"] else "kind")
    return ids, {k: v for k, v in filters.items() if v}


def _combined_key(ids: tuple[str, ...], audience: str | None, base: str) -> tuple:
    reg, rec = registry(), records()
    return (COMBINED, ids, audience, tuple(reg.stamp(j) for j in ids), tuple(rec.revision(j) for j in ids), base)


def _servable(ids: tuple[str, ...]) -> tuple[list[Jurisdiction], list[str]]:
    """The jurisdictions of ``ids`` that can be served, and the ids left out
    (a file invalid with no good version: that one alone is not available).
    Many are taken from one :meth:`~deadlines.core.registry.Registry.load_all`."""
    if len(ids) > MAX_COMBINED:
        served = {j.id: j for j in registry().load_all()[0]}
        jurs, left_out = [served[j] for j in ids if j in served], [j for j in ids if j not in served]
    else:
        jurs, left_out = [], []
        for j in ids:
            try:
                jurs.append(registry().get(j))
            except CalendarError:
                left_out.append(j)
    if not jurs:
        raise InputError(f"j: none of these is available for now (the calendar file has a problem): "
                         f"{', '.join(left_out)}", "j")
    return jurs, left_out


@bp.get(COMBINED)
def combined_feed() -> Response:
    """The upcoming cycles of several jurisdictions in one feed (the same events,
    UIDs and versions as their own feeds); valid for a day in the zone of the
    first jurisdiction named (in id order)."""
    (ids, filters), audience = _combined_ids(), _audience()
    if filters is not None and len(ids) > MAX_COMBINED:
        return _grouped_feed(ids, tuple(filters.items()), audience)
    args = (ids, audience, base_url())
    key = _combined_key(*args)
    feed = _current(key)
    if feed is None:
        jurs, left_out = _servable(ids)
        years = current_app.config["FEED_YEARS_AHEAD"]
        chosen = _filter_words(filters) if filters else _names(jurs)
        name = f"Election deadlines: {chosen} ({len(jurs):,} governments)" + (f" ({audience})" if audience else "")
        about = ("Deadlines computed from the law of " + "; ".join(f"{j.name} ({j.timezone})" for j in jurs) +
                 ". Each event sits on its safe date; its description cites the law and links to its row, which quotes the "
                 "law and shows how its date is counted.")
        if left_out:
            about += (f" Left out for now (the calendar file has a problem): {', '.join(left_out)}.")
        which = (f"audience={audience}&" if audience else "") + "j=" + ",".join(ids)
        feed_key = "feed:" + COMBINED + "#" + hashlib.sha256(which.encode()).hexdigest()  # fits its column, any count

        def compute(bases: dict[str, int]) -> Rendered:
            zone = jurs[0].timezone
            body = ical.assembled(_parts(jurs, audience, bases), name=name, description=about, timezone=zone,
                                  today=today_in(zone))
            return _rendered(body, today_in(zone), zone, feed_key, 'inline; filename="combined.ics"',
                             sum(bases.values()))

        feed = _once(key, today_in(jurs[0].timezone), lambda: costly(lambda: _computed(ids, compute)))
    return _answer(feed, _combined_key, *args)


def _parts(jurs: list[Jurisdiction], audience: str | None, bases: dict[str, int]) -> list[ical.Serialized]:
    """Each government's events in a feed of many, stamped and serialized,
    from ``feed_parts`` (a byte-bounded cache keyed on the government, the
    audience, its file's stamp, the records revision ``bases`` gives, the base
    URL and its day): computed only for those not there (in one batch of
    versions), so a feed of any set of governments costs a merge of parts
    computed once per change."""
    cache, base, years = current_app.extensions["feed_parts"], base_url(), current_app.config["FEED_YEARS_AHEAD"]
    keys = [(j.id, audience, registry().stamp(j.id), bases[j.id], base, today_in(j.timezone)) for j in jurs]
    parts = [cache.get(k) for k in keys]
    missing = [i for i, p in enumerate(parts) if p is None]
    if missing:
        chosen = [(e, r) for i in missing
                  for r in upcoming(jurs[i], today=keys[i][-1], years_ahead=years, records=records())
                  for e in ical.events(r, audience=audience, w=ical.FEED_WORDS)]
        evs, of = _versioned(chosen, bases, law_linked=True), {}
        for e, (_, r) in zip(evs, chosen):
            of.setdefault(r.jurisdiction.id, []).append(e)
        for i in missing:
            parts[i] = ical.serialized(of.get(jurs[i].id, []))
            cache.put(keys[i], parts[i])
    return parts


def _filter_words(filters: dict[str, str]) -> str:
    """What a combined feed by filters holds, as its name says it: "Townships of
    Kent County, Michigan", "Governments of Colorado"."""
    state, kind, county = filters.get("state"), filters.get("kind"), filters.get("county")
    where = [f"{registry().places().county_name(county, state)} County"] if county else []
    where += [STATES.get(state, state)] if state else []
    who = kind_name(kind, 2, ical.FEED_WORDS) if kind else "governments"
    text = f"{who} of {', '.join(where)}" if where else who
    return text[0].upper() + text[1:]


def _names(jurs: list[Jurisdiction]) -> str:
    """A feed of named governments, by the first names: "City of Ypsilanti, Felch Township and 19 more"."""
    names = [j.name for j in jurs]
    if len(names) <= 3:
        return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]
    return f"{', '.join(names[:2])} and {len(names) - 2:,} more"


def _grouped_key(ids: tuple[str, ...], filters: tuple, audience: str | None, base: str) -> tuple:
    """Everything a grouped feed depends on: the folder's files (rosters,
    facts and rule sets), each government's records revision, the base URL."""
    revisions = records().revisions()
    return (COMBINED, filters, audience, registry().signature(), tuple(revisions.get(j, "") for j in ids), base)


def _shares(jurs: list[Jurisdiction], years: int, recorded: set[str]) -> list[tuple[list[Result], list]]:
    """``jurs`` in shares of governments whose deadlines differ only in their
    names (:mod:`deadlines.publish.grouped`): one law and the same local facts,
    nothing recorded; a government with records is a share of its own. Each
    with the upcoming results of its first government."""
    by: dict[tuple, list[Jurisdiction]] = {}
    for j in jurs:
        by.setdefault(("recorded", j.id) if j.id in recorded else (memo.law(j), j.facts), []).append(j)
    return [(upcoming(m[0], today=today_in(m[0].timezone), years_ahead=years,
                      records=records() if m[0].id in recorded else NO_RECORDS), m) for m in by.values()]


def _grouped_feed(ids: tuple[str, ...], filters: tuple[tuple[str, str], ...], audience: str | None) -> Response:
    """The feed of more governments than :data:`MAX_COMBINED` (a whole state):
    one event per deadline they share (:mod:`deadlines.publish.grouped`), its
    title counting the governments, its description naming them, its link the
    newsroom's list of that day for the same filter; valid for a day in the
    zone of the first government (in id order)."""
    args = (ids, filters, audience, base_url())
    key = _grouped_key(*args)
    feed = _current(key)
    if feed is None:
        jurs, left_out = _servable(ids)
        zone, years = jurs[0].timezone, current_app.config["FEED_YEARS_AHEAD"]
        chosen = _filter_words(dict(filters))
        name = f"Election deadlines: {chosen} ({len(jurs):,} governments)" + (f" ({audience})" if audience else "")
        about = (f"Deadlines of the {len(jurs):,} governments matching {chosen}, computed from each one's law: one "
                 "event per deadline they share, its title counting them and its description naming them; a "
                 "government whose date or hour differs has an event of its own. Each event links to the list of "
                 "that day, where every government's row quotes the law and shows how its date is counted.")
        if left_out:
            about += f" Left out for now (the calendar file has a problem): {', '.join(left_out)}."
        scope = "combined/" + "/".join(f"{k}-{re.sub(r'[^a-z0-9]+', '-', v.lower()).strip('-')}" for k, v in filters)
        feed_key = "feed:" + COMBINED + "#" + hashlib.sha256(
            ((f"audience={audience}&" if audience else "") + scope).encode()).hexdigest()
        wanted = {**dict(filters), **({"audience": audience} if audience else {})}

        def compute(bases: dict[str, int]) -> Rendered:
            found = grouped.groups(_shares(jurs, years, {j for j, rev in bases.items() if rev}), audience=audience)
            pairs = grouped.events(found, scope=scope, who="governments")
            basis = sum(bases.values())  # of the whole feed: it only grows, whichever group a government moves to
            stamps = current_app.extensions["feed_state"].stamps(
                {str(e["uid"]): ical.content_hash(e) for e, _ in pairs}, None, {str(e["uid"]): basis for e, _ in pairs})
            for e, g in pairs:
                day = g.day.isoformat()
                grouped.link(e, external_url("across.page", **wanted, **{"from": day, "to": day}))
                ical.stamp(e, stamps[str(e["uid"])])
            body = ical.calendar([e for e, _ in pairs], name=name, description=about, timezone=zone, today=today_in(zone))
            return _rendered(body, today_in(zone), zone, feed_key, 'inline; filename="combined.ics"', basis)

        feed = _once(key, today_in(zone), lambda: costly(lambda: _computed(ids, compute)))
    return _answer(feed, _grouped_key, *args)


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


# --------------------------------------------------------------------------- the fast path

#: Headers a feed response carries of its own (the rest, set on every response
#: by the app's hooks, are replayed as the app sent them).
OWN_HEADERS = {"etag", "last-modified", "cache-control", "content-disposition", "content-type", "content-length",
               "set-cookie", "date"}


def _route(environ: dict) -> tuple:
    return (environ.get("wsgi.url_scheme"), environ.get("HTTP_HOST"), environ.get("SCRIPT_NAME", ""),
            environ.get("PATH_INFO"), environ.get("QUERY_STRING", ""))


#: Seconds a client may keep the last good version of a feed answered during an outage.
STALE_MAX_AGE = 60


def _stale(headers: tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
    """A feed's headers for its last good version answered while the database
    cannot be reached: kept a minute only, and said to be stale (RFC 9111's
    ``Warning`` for older clients, and a header of the service's own)."""
    kept = [(k, v) for k, v in headers if k.lower() != "cache-control"]
    return kept + [("Cache-Control", f"public, max-age={STALE_MAX_AGE}"),
                   ("Warning", '111 - "Revalidation Failed: the database is unavailable; the last good version"'),
                   ("X-Deadlines-Stale", "the database is unavailable for the moment: this is the last good version "
                                         "of this feed, as of its Last-Modified")]


class FastPath:
    """WSGI middleware in front of the app: a GET of a feed URL the app answered
    before (:func:`_answer` remembers how to rebuild its cache key, this class
    the headers the app's hooks added) is answered here from the render cache,
    without routing, when the cached feed is current by the very checks the
    view makes (the files' stamps, the records' revisions, the day). Anything
    else, or any doubt, goes to the app."""

    def __init__(self, app):
        self.app, self.wsgi = app, app.wsgi_app
        self.hooks = Lru(4096)  # route -> the headers the app's hooks added

    def __call__(self, environ: dict, start_response):
        if environ.get("REQUEST_METHOD") != "GET":
            return self.wsgi(environ, start_response)
        route = _route(environ)
        known, added = self.app.extensions["feed_routes"].get(route), self.hooks.get(route)
        if known is not None and added is not None:
            with self.app.app_context():
                try:
                    feed = _current(known[0](*known[1]))
                    own = feed.headers if feed is not None else ()
                except InputError:  # a jurisdiction gone: the view says so
                    feed = None
                except OperationalError as exc:  # the database away: the last good version, said to be one
                    feed = self.app.extensions["feed_last_good"].get(route)
                    if feed is not None:
                        own = _stale(feed.headers)
                        log.error("database unavailable for %s: answered with its last good version (%s): %s",
                                  environ.get("PATH_INFO"), http_date(feed.last_modified), str(exc).splitlines()[0])
            if feed is not None:
                if _not_modified(feed, environ.get("HTTP_IF_NONE_MATCH"), environ.get("HTTP_IF_MODIFIED_SINCE")):
                    start_response("304 NOT MODIFIED", [*own, *added])
                    return []
                start_response("200 OK", [("Content-Type", "text/calendar; charset=utf-8"),
                                          ("Content-Length", str(len(feed.body))), *own, *added])
                return [feed.body]

        def remember(status, headers, exc_info=None):
            if status[:3] in ("200", "304") and self.app.extensions["feed_routes"].get(route) is not None:
                self.hooks.put(route, tuple((k, v) for k, v in headers if k.lower() not in OWN_HEADERS))
            return start_response(status, headers, exc_info)

        return self.wsgi(environ, remember)
