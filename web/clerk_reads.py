"""The clerk API's reads (views on :mod:`web.clerk`'s blueprint): each kind of
record listed, and each record as the API answers it (its writes,
:mod:`web.clerk_writes`, answer with the same).

Every list answers the envelope of the public lists: ``items`` (this page),
``total`` (the whole list) and ``next`` (the next page's link, null on the
last), in pages of ``limit`` (100, at most 1,000) from ``cursor``. Before
issue 27 these lists were bare JSON arrays; no outside interface
(DESIGN.md "Interfaces that outside checks rely on") fixed that shape, so no
array is kept beside the envelope."""
from __future__ import annotations

from flask import current_app, g, jsonify, request, url_for
from sqlalchemy import select

from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.store import history, records
from deadlines.store.office_tables import FilingOfficeEntry
from deadlines.store.tables import (DecisionEntry, ElectionEntry, OfficeClosure, OverrideEntry,
                                    Subscription, TriggerEvent)

from web.clerk import bp, error, reading
from web.problems import detail
from web.common import today_in


def event_out(e: TriggerEvent) -> dict:
    """The event with the case it belongs to (see :mod:`deadlines.core.cases`)."""
    case = next((c for c in current_app.extensions["records"].recorded(g.jid).cases(g.jur)
                 if str(e.id) in c.refs.values()), None)
    return {**records.event_dict(e), "case": case and case.id}


def election_out(e: ElectionEntry) -> dict:
    return {"cycle": e.cycle.isoformat(), "general": e.general and e.general.isoformat(),
            "primary": e.primary and e.primary.isoformat(), "authority": e.authority, "reason": e.reason}


def override_out(o: OverrideEntry) -> dict:
    return {"deadline": o.deadline, "election": o.election.isoformat(), "case": o.case_id or None, "status": o.status, "due": o.due,
            "start": o.start, "authority": o.authority, "reason": o.reason}


def decision_out(d: DecisionEntry) -> dict:
    return {"choice": d.choice, "cycle": d.cycle.isoformat(), "taken": d.taken, "authority": d.authority,
            "recorded_at": d.recorded_at.isoformat()}


def hours_out(h, entries: list, zone: str) -> dict:
    """An office-hours entry with the days it holds (``until`` None: open-ended), among ``entries``."""
    end = records.hours_end(h, entries, zone)
    return {"open": h.open, "close": h.close, "days": [records.WEEKDAY_NAMES[d] for d in records.hours_days(h)],
            "other": {records.WEEKDAY_NAMES[d]: f"{o:%H:%M}-{c:%H:%M}" for d, o, c in records.hours_other(h)},
            "authority": h.authority, "recorded_at": h.recorded_at.isoformat(),
            "from": records.hours_start(h, zone).isoformat(), "until": end and end.isoformat()}


def filing_out(f) -> dict:
    return {"office": f.office, "address": f.address, "phone": f.phone, "where": f.where, "authority": f.authority,
            "recorded_at": f.recorded_at.isoformat(), "value": records.filing_value(f)}


def closure_out(c) -> dict:
    return {"id": c.id, "day": c.day.isoformat(), "reason": c.reason, "recorded_at": c.recorded_at.isoformat()}


def subscription_out(sub: Subscription) -> dict:
    return {"id": sub.id, "channel": sub.channel, "target": sub.target, "leads": [int(n) for n in sub.leads.split(",")],
            "notice_lead": sub.notice_lead, "deadlines": list(filter(None, sub.deadline_ids.split(","))),
            "audience": sub.audience, "confirmed": sub.confirmed_at is not None, "active": sub.unsubscribed_at is None}


#: A page of a clerk list: ``limit`` items unless asked (at most :data:`MAX_PAGE`).
MAX_PAGE, DEFAULT_PAGE = 1000, 100
PAGING = ("limit", "cursor", "lang")  # (``lang``: the language of a problem, web.problems.detail)


def envelope(items: list):
    """``items`` answered a page at a time: ``{"items", "total", "next"}``
    (a bad ``limit`` or ``cursor``, or another query key, is a 400 naming it)."""
    try:
        unknown = sorted(set(request.args) - set(PAGING))
        if unknown:
            raise InputError.of("query.unknown", unknown[0], allowed=", ".join(PAGING))
        limit = inputs.whole_number(request.args.get("limit"), "limit", 1, MAX_PAGE, DEFAULT_PAGE)
        first = inputs.offset_cursor(request.args.get("cursor"))
    except InputError as exc:
        return error(400, detail(exc), exc.field)
    more = first + limit < len(items)
    asked = {k: request.args[k] for k in ("limit", "lang") if request.args.get(k)}
    return jsonify({"items": items[first:first + limit], "total": len(items),
                    "next": url_for(request.endpoint, jid=g.jid, **asked,
                                    cursor=inputs.make_offset_cursor(first + limit)) if more else None})


def _listing(model, order, render):
    with reading() as s:
        rows = s.scalars(select(model).where(model.jurisdiction_id == g.jid).order_by(order))
        return envelope([render(r) for r in rows])


@bp.get("/events")
def list_events():
    """Every recorded event, deleted ones too (their deadlines stay in the feeds, cancelled)."""
    cases = {ref: c.id for c in current_app.extensions["records"].recorded(g.jid).cases(g.jur) for ref in c.refs.values()}
    return _listing(TriggerEvent, TriggerEvent.id, lambda e: {**records.event_dict(e), "case": cases.get(str(e.id))})


@bp.get("/history")
def list_history():
    """Every clerk write, newest first."""
    with reading() as s:
        return envelope([history.as_dict(e) for e in history.listing(s, g.jid)])


@bp.get("/elections")
def list_elections():
    return _listing(ElectionEntry, ElectionEntry.cycle, election_out)


@bp.get("/overrides")
def list_overrides():
    return _listing(OverrideEntry, OverrideEntry.election, override_out)


@bp.get("/decisions")
def list_decisions():
    """The clerk's decisions (the calendar file's are in the file)."""
    return _listing(DecisionEntry, DecisionEntry.cycle, decision_out)


@bp.get("/office-hours")
def get_office_hours():
    """The hours the clerk recorded that are in force today, or else the next
    to come (404 where none: the calendar file's apply)."""
    zone = g.jur.timezone
    with reading() as s:
        entries = records.hours_entries(s, g.jid)
        entry = records.hours_now(entries, today_in(zone), zone)
        return jsonify(hours_out(entry, entries, zone)) if entry else error(404, f"no office hours recorded for {g.jid}")


@bp.get("/filing-office")
def get_filing_office():
    """The filing office the clerk recorded (404 where none: research's, if any, applies)."""
    with reading() as s:
        entry = s.get(FilingOfficeEntry, g.jid)
        return jsonify(filing_out(entry)) if entry else error(404, f"no filing office recorded for {g.jid}")


@bp.get("/closures")
def list_closures():
    return _listing(OfficeClosure, OfficeClosure.day, closure_out)


@bp.get("/subscriptions")
def list_subscriptions():
    return _listing(Subscription, Subscription.id, subscription_out)
