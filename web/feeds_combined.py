"""Feeds of many governments: ``/calendars/combined.ics?j=a,b`` (several
jurisdictions' upcoming cycles in one, the same events, UIDs and versions as
their own feeds) or by ``state``, ``county`` and ``kind``; past
:data:`MAX_COMBINED` governments (a whole state), one event per deadline they
share (:mod:`deadlines.publish.grouped`)."""
from __future__ import annotations

import hashlib
import re

from flask import Response, current_app, request

from deadlines.store.feed_state import Publication
from deadlines.publish import grouped, ical
from deadlines.publish.place_words import kind_name, told_apart
from deadlines.publish.words import for_whom
from deadlines.results import law_key
from deadlines.core.errors import CalendarError, InputError
from deadlines.core.computed import Result
from deadlines.core.jurisdiction import GOVERNMENT_KINDS, Jurisdiction
from deadlines.service import NO_RECORDS, upcoming
from deadlines.words import Words
from web.common import check_state, registry, records, today_in
from web.costly import costly
from web.feed_cache import Rendered, answer, computed, current, once, publication, rendered, versioned
from web.feeds import audience_asked, bp
from web.landing import STATES
from web.language import said
from web.security import base_url, external_url

COMBINED = "/calendars/combined.ics"
MAX_COMBINED = 500


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


def _combined_key(ids: tuple[str, ...], audience: str | None, base: str, language: str) -> tuple:
    reg, rec = registry(), records()
    return (COMBINED, ids, audience, tuple(reg.stamp(j) for j in ids), tuple(rec.revision(j) for j in ids), base,
            language)


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
        raise InputError.of("combined.none_available", "j", ids=tuple(left_out))
    return jurs, left_out


@bp.get(COMBINED)
def combined_feed() -> Response:
    """The upcoming cycles of several jurisdictions in one feed (the same events,
    UIDs and versions as their own feeds); valid for a day in the zone of the
    first jurisdiction named (in id order). ``lang=es``: in Spanish, as a
    government's own feed is ("Último día: ..."), each event's version that of
    its English text."""
    (ids, filters), audience, w = _combined_ids(), audience_asked(), said()
    if filters is not None and len(ids) > MAX_COMBINED:
        return _grouped_feed(ids, tuple(filters.items()), audience)
    args = (ids, audience, base_url(), w.lang)
    key = _combined_key(*args)
    feed = current(key)
    if feed is None:
        jurs, left_out = _servable(ids)
        name = _title(_filter_words(filters, w) if filters else _names(jurs, w), jurs, audience, w)
        about = w._("Deadlines computed from the law of {governments}. Each event sits on its safe date; its description "
                    "cites the law and links to its row, which quotes the law and shows how its date is counted.",
                    governments="; ".join(f"{name} ({j.timezone})" for name, j in zip(told_apart(jurs, w), jurs))) + _left_out_words(left_out, w)
        feed_key = _feed_key(audience, "j=" + ",".join(ids), w.lang)

        def compute(bases: dict[str, int]) -> Rendered:
            zone, pub, fresh = jurs[0].timezone, publication(), {}
            body = ical.assembled(_parts(jurs, audience, bases, w, pub, fresh), name=name, description=about,
                                  timezone=zone, today=today_in(zone))
            feed = rendered(body, today_in(zone), zone, feed_key, 'inline; filename="combined.ics"',
                            sum(bases.values()), pub)
            for k, part in fresh.items():  # kept once their versions are stored as they say
                current_app.extensions["feed_parts"].put(k, part)
            return feed

        feed = once(key, today_in(jurs[0].timezone), lambda: costly(lambda: computed(ids, compute)))
    return answer(feed, _combined_key, *args)


def _title(chosen: str, jurs: list[Jurisdiction], audience: str | None, w: Words) -> str:
    """A feed of many's name: what it holds, how many, for whom."""
    return for_whom(w.n_("Election deadlines: {chosen} ({count} government)",
                         "Election deadlines: {chosen} ({count} governments)",
                         len(jurs), chosen=chosen, count=f"{len(jurs):,}"), audience, w)


def _left_out_words(left_out: list[str], w: Words) -> str:
    """What the feed's description says of the governments left out (nothing when none is)."""
    return " " + w._("Left out for now (the calendar file has a problem): {ids}.", ids=", ".join(left_out)) if left_out else ""


def _feed_key(audience: str | None, what: str, language: str = "en") -> str:
    """The feed's own version's UID: a hash of what it holds (fits its column, any count), kept per language
    (English as before)."""
    which = (f"audience={audience}&" if audience else "") + what + ("" if language == "en" else f"&lang={language}")
    return "feed:" + COMBINED + "#" + hashlib.sha256(which.encode()).hexdigest()


def _parts(jurs: list[Jurisdiction], audience: str | None, bases: dict[str, int], w: Words, pub: Publication,
           fresh: dict[tuple, ical.Serialized]) -> list[ical.Serialized]:
    """Each government's events in a feed of many, stamped and serialized,
    from ``feed_parts`` (a byte-bounded cache keyed on the government, the
    audience, its file's stamp, the records revision ``bases`` gives, the base
    URL and its day): computed only for those not there (in one batch of
    versions), so a feed of any set of governments costs a merge of parts
    computed once per change. In another language than English each event
    is said in ``w``'s words under the version of its English text, as a
    government's own feed is. Versions are said by ``pub`` (stored with
    the feed's own); the parts computed are put in ``fresh`` for the caller
    to keep once they are stored."""
    cache, base, years = current_app.extensions["feed_parts"], base_url(), current_app.config["FEED_YEARS_AHEAD"]
    keys = [(j.id, audience, registry().stamp(j.id), bases[j.id], base, today_in(j.timezone), w.lang) for j in jurs]
    parts = [cache.get(k) for k in keys]
    missing = [i for i, p in enumerate(parts) if p is None]
    if missing:
        results = [r for i in missing
                   for r in upcoming(jurs[i], today=keys[i][-2], years_ahead=years, records=records())]
        chosen = [(e, r) for r in results for e in ical.events(r, audience=audience, w=ical.FEED_WORDS)]
        spoken = None if w.lang == "en" else {str(e["uid"]): e for r in results
                                              for e in ical.events(r, audience=audience, w=w)}
        evs, of = versioned(chosen, bases, law_linked=True, spoken=spoken, w=w, pub=pub), {}
        for e, (_, r) in zip(evs, chosen):
            of.setdefault(r.jurisdiction.id, []).append(e)
        for i in missing:
            parts[i] = fresh[keys[i]] = ical.serialized(of.get(jurs[i].id, []))
    return parts


def _filter_words(filters: dict[str, str], w: Words = ical.FEED_WORDS) -> str:
    """What a combined feed by filters holds, as its name says it: "Townships of
    Kent County, Michigan", "Governments of Colorado" (in ``w``'s language)."""
    state, kind, county = filters.get("state"), filters.get("kind"), filters.get("county")
    who = kind_name(kind, 2, w) if kind else w._("governments")
    where = [STATES.get(state, state)] if state else []
    if county:
        text = w._("{who} of {name} County", who=who, name=registry().places().county_name(county, state))
        text = ", ".join([text, *where])
    else:
        text = w._("{who} of {where}", who=who, where=where[0]) if where else who
    return text[0].upper() + text[1:]


def _names(jurs: list[Jurisdiction], w: Words) -> str:
    """A feed of named governments, by the first names: "City of Ypsilanti, Felch Township and 19 more";
    two of the same name told apart by their counties ("Adams Township (Hillsdale County)")."""
    names = told_apart(jurs, w)
    if len(names) <= 3:
        return w._("{some} and {last}", some=", ".join(names[:-1]), last=names[-1]) if len(names) > 1 else names[0]
    return w._("{some} and {count} more", some=", ".join(names[:2]), count=f"{len(names) - 2:,}")


def _grouped_key(ids: tuple[str, ...], filters: tuple, audience: str | None, base: str, language: str) -> tuple:
    """Everything a grouped feed depends on: the folder's files (rosters,
    facts and rule sets), each government's records revision, the base URL,
    the language."""
    revisions = records().revisions()
    return (COMBINED, filters, audience, registry().signature(), tuple(revisions.get(j, "") for j in ids), base,
            language)


def _shares(jurs: list[Jurisdiction], years: int, recorded: set[str]) -> list[tuple[list[Result], list]]:
    """``jurs`` in shares of governments whose deadlines differ only in their
    names (:mod:`deadlines.publish.grouped`): one law and the same local facts,
    nothing recorded; a government with records is a share of its own. Each
    with the upcoming results of its first government."""
    by: dict[tuple, list[Jurisdiction]] = {}
    for j in jurs:
        by.setdefault(("recorded", j.id) if j.id in recorded else (law_key(j), j.facts), []).append(j)
    return [(upcoming(m[0], today=today_in(m[0].timezone), years_ahead=years,
                      records=records() if m[0].id in recorded else NO_RECORDS), m) for m in by.values()]


def _grouped_feed(ids: tuple[str, ...], filters: tuple[tuple[str, str], ...], audience: str | None) -> Response:
    """The feed of more governments than :data:`MAX_COMBINED` (a whole state):
    one event per deadline they share (:mod:`deadlines.publish.grouped`), its
    title counting the governments, its description naming them, its link the
    newsroom's list of that day for the same filter; valid for a day in the
    zone of the first government (in id order). ``lang=es``: in Spanish, each
    event under the UID and version of its English text (as a combined feed)."""
    w = said()
    args = (ids, filters, audience, base_url(), w.lang)
    key = _grouped_key(*args)
    feed = current(key)
    if feed is None:
        jurs, left_out = _servable(ids)
        zone, years = jurs[0].timezone, current_app.config["FEED_YEARS_AHEAD"]
        chosen = _filter_words(dict(filters), w)
        name = _title(chosen, jurs, audience, w)
        about = w._("Deadlines of the {count} governments matching {chosen}, computed from each one's law: one "
                    "event per deadline they share, its title counting them and its description naming them; a "
                    "government whose date or hour differs has an event of its own. Each event links to the list of "
                    "that day, where every government's row quotes the law and shows how its date is counted.",
                    count=f"{len(jurs):,}", chosen=chosen) + _left_out_words(left_out, w)
        scope = "combined/" + "/".join(f"{k}-{re.sub(r'[^a-z0-9]+', '-', v.lower()).strip('-')}" for k, v in filters)
        feed_key = _feed_key(audience, scope, w.lang)
        wanted = {**dict(filters), **({"audience": audience} if audience else {})}

        def compute(bases: dict[str, int]) -> Rendered:
            found = grouped.groups(_shares(jurs, years, {j for j, rev in bases.items() if rev}), audience=audience,
                                   w=w)
            pairs = grouped.events(found, scope=scope)  # in English: the versions follow the English text
            basis = sum(bases.values())  # of the whole feed: it only grows, whichever group a government moves to
            pub = publication()  # stored with the feed's own version by rendered()
            stamps = pub.stamps({str(e["uid"]): ical.content_hash(e) for e, _ in pairs},
                                {str(e["uid"]): basis for e, _ in pairs})
            if w.lang != ical.FEED_WORDS.lang:
                pairs = grouped.events(found, scope=scope, w=w)  # the same UIDs, said in w's language
            for e, g in pairs:
                day = g.day.isoformat()
                grouped.link(e, external_url("across.page", **wanted, **{"from": day, "to": day}), w)
                ical.stamp(e, stamps[str(e["uid"])])
            body = ical.calendar([e for e, _ in pairs], name=name, description=about, timezone=zone, today=today_in(zone))
            return rendered(body, today_in(zone), zone, feed_key, 'inline; filename="combined.ics"', basis, pub)

        feed = once(key, today_in(zone), lambda: costly(lambda: computed(ids, compute)))
    return answer(feed, _grouped_key, *args)
