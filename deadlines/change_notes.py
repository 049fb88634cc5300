"""A clerk's history entry said: :func:`change` gives it as a note (codes
and their arguments, in the jurisdiction's local time), :func:`words` in
words. The store keeps the entries as facts (:mod:`deadlines.store.history`:
action, target, before and after); whoever shows them says them here (the
form, the desk, feed descriptions, the command line).
"""
from __future__ import annotations

import json
from datetime import date, datetime, time
from typing import Mapping
from zoneinfo import ZoneInfo

from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.moments import from_iso
from deadlines.core.notes import Note, joined, note, text
from deadlines.store.records import WEEKDAY_NAMES
from deadlines.store.tables import HistoryEntry
from deadlines.words import Words


def _at(values: dict | None, key: str, zone: ZoneInfo):
    """A stored moment of ``values`` (instants in the jurisdiction's zone), or ``change.none``."""
    moment = from_iso((values or {}).get(key))
    if moment is None:
        return _NONE
    return moment.astimezone(zone) if isinstance(moment, datetime) else moment


_NONE = Note("change.none")


def _title(jur: Jurisdiction, rid: str) -> str:
    return jur.rules[rid][-1].title if rid in jur.rules else rid


def _case(label: str | None) -> Note | None:
    return note("change.case", label=label) if label else None


def _what(e: HistoryEntry, jur: Jurisdiction, labels: Mapping[str, str]) -> Note:
    """What the write did, as a note ``change.<what>`` (which deadline, which dates)."""
    zone = ZoneInfo(jur.timezone)
    before, after = (None if v is None else json.loads(v) for v in (e.before, e.after))
    kind, _, key = e.target.partition(":")
    if kind == "event":
        ev = after or before or {}
        trigger = jur.triggers.get(ev.get("name"))
        title = trigger.title if trigger else ev.get("name", "an event")
        case = _case(ev.get("label"))
        if e.action == "event.record":
            return note("change.event_recorded", title=title, at=_at(after, "at", zone), case=case)
        if e.action == "event.change":
            return note("change.event_changed", title=title, case=case, before=_at(before, "at", zone),
                        after=_at(after, "at", zone))
        return note("change.event_deleted", title=title, before=_at(before, "at", zone), case=case)
    if kind == "office" and key == "filing":
        if after is None:
            return Note("change.filing_office_removed")
        parts = (after.get(k) for k in ("office", "address", "phone", "where"))  # (history keeps its keys sorted)
        return note("change.filing_office", office="; ".join(str(v) for v in parts if v))
    if kind == "office":
        if after is None:
            return Note("change.office_hours_removed")
        was = (note("change.office_hours_were", open=time.fromisoformat(before["open"]),
                    close=time.fromisoformat(before["close"])) if before else None)
        others = tuple(note("hours.on_weekday", open=time.fromisoformat(span.split("-")[0]),
                            close=time.fromisoformat(span.split("-")[1]), day=WEEKDAY_NAMES.index(day))
                       for day, span in after.get("other", {}).items())
        if others:
            return note("change.office_hours_other", open=time.fromisoformat(after["open"]),
                        close=time.fromisoformat(after["close"]), others=others, was=was)
        return note("change.office_hours", open=time.fromisoformat(after["open"]), close=time.fromisoformat(after["close"]),
                    was=was)
    if kind == "closure":
        day = date.fromisoformat((after or before)["day"])
        if after is None:
            return note("change.closure_removed", day=day)
        return note("change.closure", day=day, reason=after["reason"])
    if kind == "report":
        values = after or before or {}
        what = dict(title=_title(jur, values.get("deadline", "")), due=_at(values, "due", zone))
        return note("change.report_accepted" if e.action == "report.accept" else "change.report_rejected", **what)
    cycle, _, rest = key.partition("/")
    election = date.fromisoformat(cycle)
    if kind == "election":
        if after is None:
            return note("change.election_removed", election=election)
        dates = tuple(note(f"change.{k}_date", at=_at(after, k, zone)) for k in ("general", "primary") if after.get(k))
        return note("change.election", election=election, dates=dates)
    if kind == "override":
        rid, _, case = rest.partition("/")
        what = note("change.deadline", title=_title(jur, rid), case=_case(labels.get(case, case) if case else None))
        if after is None:
            return note("change.override_removed", deadline=what)
        if after.get("status") == "cancelled":
            return note("change.override_cancelled", deadline=what, election=election)
        was = note("change.was", due=_at(before, "due", zone)) if before and before.get("due") else None
        return note("change.override", deadline=what, due=_at(after, "due", zone), was=was)
    if kind == "decision":
        choice = jur.choices.get(rest)
        name = note("change.choice", title=choice.title) if choice else text(rest)
        if after is None:
            return note("change.decision_removed", choice=name, election=election)
        return note("change.decision_taken" if after.get("taken") else "change.decision_declined", choice=name,
                    election=election)
    if kind == "notice":
        if after is None:
            return note("change.notice_removed", title=_title(jur, rest))
        return note("change.notice", title=_title(jur, rest), on=_at(after, "on", zone), where=(after or {}).get("where"))
    return text(e.action)


def change(e: HistoryEntry, jur: Jurisdiction, labels: Mapping[str, str] | None = None) -> Note:
    """One entry as a note: ``change`` (when, in the jurisdiction's local time,
    who and what), ``change.why`` with the authority and reason given
    (``labels`` names cases by their id)."""
    at = e.at.astimezone(ZoneInfo(jur.timezone))
    why = joined(*(note(f"change.{k}", text=v.rstrip(".")) for k, v in (("authority", e.authority),
                                                                        ("reason", e.reason)) if v))
    head = (("day", at.date()), ("clock", at.timetz()), ("zone", at.tzname()), ("by", e.by),
            ("what", _what(e, jur, labels or {})))
    return Note("change.why", (*head, ("why", why))) if why else Note("change", head)


def words(e: HistoryEntry, jur: Jurisdiction, labels: Mapping[str, str] | None, w: Words) -> str:
    """"Monday, May 3, 2027, 2:02 p.m. CDT, City Clerk: replaced the date of
    “Referendum petition filing deadline” (case “Ordinance 2027-9”) with 5:00 p.m.
    on Tuesday, July 20, 2027. Authority: ... Reason: ..." (:func:`change` in
    the words of ``w``)."""
    return w.note(change(e, jur, labels), jur.name)
