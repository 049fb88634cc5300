"""Results as JSON-ready dicts (the shape of ``deadlines compute --json`` and
of the API, one jurisdiction or across many)."""
from __future__ import annotations

from datetime import date
from typing import Iterable

from deadlines.core.model import Case, Deadline, Jurisdiction, Result
from deadlines.core.registry import state_of
from deadlines.core.moments import iso
from deadlines.publish.words import source_file


def deadline_dict(d: Deadline) -> dict:
    return {
        "id": d.id,
        "uid": d.uid,
        "title": d.title,
        "kind": d.kind,
        "audience": list(d.audience),
        "start": iso(d.start),
        "statutory_start": iso(d.statutory_start),
        "due": iso(d.due),
        "ends": d.ends,
        "safe_due": iso(d.safe_due),
        "status": d.status,
        "citation": d.citation,
        "citation_url": d.url,
        "citation_read": iso(d.read),
        "text": d.text,
        "steps": list(d.steps),
        "readings": [
            {"name": r.name, "roll": r.roll, "due": iso(r.due), "cite": r.cite, "why": r.why, "safe": r.safe}
            for r in d.readings
        ],
        "warnings": list(d.warnings),
        "thresholds": [
            {"office": t.office, "who": t.who, "min": t.min, "max": t.max, "percent": t.percent,
             "note": t.note, "cite": t.cite, "text": t.describe()}
            for t in d.thresholds
        ],
        "override": None if d.override is None else {
            "authority": d.override.authority, "reason": d.override.reason, "computed_due": iso(d.computed_due),
        },
        "rule_effective": iso(d.rule_effective),
        "source": source_file(d.source),
        "case": d.case,
        "changes": list(d.changes),
    }


def result_dict(r: Result) -> dict:
    j = r.jurisdiction
    return {
        "jurisdiction": {"id": j.id, "name": j.name, "timezone": j.timezone},
        "election": r.held.isoformat(),
        "cycle": r.cycle.isoformat(),
        "anchors": {
            a.name: {"title": a.title, "value": iso(a.value), "how": a.how} for a in r.anchors.values()
        },
        "time_law": {"roll": j.time_law.roll, "cite": j.time_law.cite},
        "deadlines": [deadline_dict(d) for d in r.deadlines],
        "pending": [
            {"id": rid, "waiting_for": j.waiting_for(rid)}
            for rid in r.pending
        ],
        "warnings": list(r.warnings),
        "moved": r.moved,
        "cases": [case_dict(c, r) for c in r.cases],
    }


def case_dict(c: Case, r: Result) -> dict:
    """A case: its id (in its deadlines' UIDs), label, events, and whether it is open."""
    return {
        "id": c.id, "label": c.label, "open": c.open,
        "events": [{"name": name, "at": iso(at), "id": c.refs.get(name), "cancelled": c.cancelled.get(name)}
                   for name, at in c.events.items()],
        "deadlines": [d.id for d in r.deadlines if d.case == c.id],
    }


def jurisdiction_brief(j: Jurisdiction) -> dict:
    return {"id": j.id, "name": j.name, "timezone": j.timezone, "state": state_of(j), "ocd_id": j.ocd_id,
            "kind": j.kind, "county": j.county}


def listing_dict(start: date, end: date, state: str | None, audience: str | None, total: int,
                 entries: Iterable) -> dict:
    """A listing across jurisdictions (``GET /api/v1/deadlines``, ``deadlines
    upcoming --json``): each entry (:class:`deadlines.across.Entry`) as its
    ``edge`` (``opening`` or ``closing``), its moment ``at``, and the deadline
    as :func:`deadline_dict` gives it, beside its jurisdiction and election."""
    return {
        "from": start.isoformat(), "to": end.isoformat(), "state": state and state.upper(), "audience": audience,
        "total": total,
        "deadlines": [
            {"jurisdiction": jurisdiction_brief(e.jurisdiction),
             "election": e.result.held.isoformat(), "cycle": e.result.cycle.isoformat(), "edge": e.edge,
             "at": iso(e.at), "deadline": deadline_dict(e.deadline)}
            for e in entries
        ],
    }
