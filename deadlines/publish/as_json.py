"""Results as JSON-ready dicts (the shape of ``deadlines compute --json`` and
of the API, one jurisdiction or across many)."""
from __future__ import annotations

from datetime import date, datetime, time
from typing import Iterable

from deadlines.core.cases import Case
from deadlines.core.computed import Deadline, Result, uid
from deadlines.core.jurisdiction import Fact, Jurisdiction
from deadlines.core.notes import Note
from deadlines.core.facts import fees
from deadlines.core.registry import state_of
from deadlines.publish import record_words
from deadlines.core.moments import iso
from deadlines.publish.words import source_file
from deadlines.words import Words


def note_dict(n: Note | str, of: str) -> dict:
    """A note as facts: ``{"code", "args", "of"}`` (``of``: the key whose
    words it is); a clerk's words are ``{"code": "text", "args": {"text"}}``."""
    if isinstance(n, str):
        return {"code": "text", "args": {"text": n}, "of": of}
    return {"code": n.code, "args": {k: _arg(v) for k, v in n.args}, "of": of}


def _arg(value):
    if isinstance(value, Note):
        return {"code": value.code, "args": {k: _arg(v) for k, v in value.args}}
    if isinstance(value, tuple):
        return [_arg(v) for v in value]
    if isinstance(value, (date, datetime, time)):
        return value.isoformat()
    return value


def deadline_dict(d: Deadline, jur: Jurisdiction, w: Words) -> dict:
    """``d``, a deadline of ``jur``, as facts, with the filing fee research
    recorded for it (``filing_fee``, only where one is: :func:`fee_dict`)."""
    fee = record_words.filing_fee(d, jur)
    place = jur.name
    return {
        "id": d.id,
        "uid": uid(jur.id, d),
        "title": w.title(d),
        "kind": d.kind,
        "audience": list(d.audience),
        "start": iso(d.start),
        "statutory_start": iso(d.statutory_start),
        "due": iso(d.due),
        "ends": w.ends(d, place),
        "safe_due": iso(d.safe_due),
        "status": d.status,
        "citation": d.citation,
        "citation_url": d.url,
        "citation_read": iso(d.read),
        "text": d.text,
        "steps": list(w.steps(d, place)),
        "readings": [
            {"name": w.reading_name(r, place), "roll": r.roll, "due": iso(r.due), "cite": r.cite,
             "why": w.reading_why(r, place), "safe": r.safe}
            for r in d.readings
        ],
        "warnings": list(w.warnings(d, place)),
        **({"basis": basis_dict(d, place, w)} if d.basis is not None else {}),  # the service lays it on (the bare engine: none)
        "thresholds": [
            {"office": t.office, "who": t.who, "min": t.min, "max": t.max, "percent": t.percent,
             "note": t.note, "cite": t.cite, "text": w.threshold(t)}
            for t in d.thresholds
        ],
        "override": None if d.override is None else {
            "authority": d.override.authority, "reason": d.override.reason, "computed_due": iso(d.computed_due),
        },
        "rule_effective": iso(d.rule_effective),
        "source": source_file(d.source),
        "case": d.case,
        "changes": list(w.changes(d, place)),
        "notes": [note_dict(n, "steps") for n in d.steps] + [note_dict(n, "warnings") for n in d.warnings],
        **({"filing_fee": fee_dict(fee, w)} if fee is not None else {}),
    }


def fee_dict(f: Fact, w: Words) -> dict:
    """A recorded filing fee: its dollars (per office where it says so), the
    fact with its source, and the row's sentence (``text``)."""
    return {"amounts": [{"office": office, "dollars": amount} for office, amount in fees(f.value)],
            **fact_dict(f), "text": record_words.what_fee(f, w)}


def result_dict(r: Result, w: Words) -> dict:
    j = r.jurisdiction
    return {
        "jurisdiction": {"id": j.id, "name": j.name, "timezone": j.timezone},
        "election": r.held.isoformat(),
        "cycle": r.cycle.isoformat(),
        "anchors": {
            a.name: {"title": w.calendar(a.title), "value": iso(a.value), "how": w.how(a)} for a in r.anchors.values()
        },
        "time_law": {"roll": j.time_law.roll, "cite": j.time_law.cite},
        "deadlines": [deadline_dict(d, j, w) for d in r.deadlines],
        "pending": [
            {"id": rid, "waiting_for": j.waiting_for(rid)}
            for rid in r.pending
        ],
        "warnings": list(w.result_warnings(r)),
        "moved": w.moved(r),
        "cases": [case_dict(c, r, w) for c in r.cases],
        "notes": [note_dict(n, "warnings") for n in r.warnings] + ([note_dict(r.moved, "moved")] if r.moved else []),
    }


def fact_dict(f: Fact) -> dict:
    return {"fact": f.fact, "value": f.value, "source": f.source, "quote": f.quote, "as_of": iso(f.as_of), "by": f.by}


def basis_dict(d: Deadline, place: str, w: Words) -> dict:
    """What ``d`` rests on (DESIGN.md "Local facts"): its status, the facts with
    their sources, the facts assumed, and all that in words (``said``) and as
    notes (``place``: its jurisdiction's name)."""
    b = d.basis
    return {"status": b.status, "facts": [fact_dict(f) for f in b.facts], "assumed": list(b.assumed),
            "said": " ".join(w.note(n, place) for n in b.notes), "notes": [note_dict(n, "basis") for n in b.notes]}


def case_dict(c: Case, r: Result, w: Words) -> dict:
    """A case: its id (in its deadlines' UIDs), label, events, and whether it is open."""
    return {
        "id": c.id, "label": w.case_label(c), "open": c.open,
        "events": [{"name": name, "at": iso(at), "id": c.refs.get(name), "cancelled": w.note(c.cancelled.get(name))}
                   for name, at in c.events.items()],
        "deadlines": [d.id for d in r.deadlines if d.case == c.id],
    }


def jurisdiction_brief(j: Jurisdiction) -> dict:
    return {"id": j.id, "name": j.name, "timezone": j.timezone, "state": state_of(j), "ocd_id": j.ocd_id,
            "kind": j.kind, "county": j.county}


def listing_dict(start: date, end: date, state: str | None, audience: str | None, total: int,
                 entries: Iterable, w: Words) -> dict:
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
             "at": iso(e.at), "deadline": deadline_dict(e.deadline, e.jurisdiction, w)}
            for e in entries
        ],
    }
