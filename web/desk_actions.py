"""The desk's forms read into the same store functions the clerk API calls
(:mod:`deadlines.store.records`, :mod:`deadlines.store.reports`), so a write
is validated alike wherever it comes from: :data:`ACTIONS`, each form's write
(run, shown and saved by :mod:`web.desk_writes`), each answering with the
sentence saying what it did.

A Save sent twice (a double click, a form sent again) stores once and is
answered as the first was: each desk form carries a one-time ``submission``
key, which an event's write keeps as its idempotency key (the clerk API's
``Idempotency-Key``, :func:`deadlines.store.commands.record_event`); every other
write is recognised as in force already (the same closure, notice, deletion,
or an order, decision or hours that change nothing) and stores nothing. An
event past the cycle's cap (``MAX_EVENTS_PER_CYCLE``, as on the API:
:func:`web.clerk.event_cap`) is refused beside its form, at the check and at
the Save alike, nothing stored.

A notice is marked published on a day inside its window and not after
today in the jurisdiction's zone, and the mark can be undone (``notice-delete``,
:func:`deadlines.store.commands.delete_publication`). A public report is
accepted or rejected with one button (``report-accept``, ``report-reject``)
through :func:`deadlines.commands.accept_report` / ``reject_report``, as ``deadlines
reports accept/reject`` does; a report of another jurisdiction is a 404."""
from __future__ import annotations

import secrets
from typing import Callable, Mapping

from flask import abort
from sqlalchemy import select

from deadlines import commands
from deadlines.core import inputs
from deadlines.core.engine import counts_from_trigger
from deadlines.core.errors import InputError
from deadlines.core.computed import uid
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.publish import words
from deadlines.service import cycle_of
from deadlines.store import reports
from deadlines.store.tables import DateReport, HistoryEntry, OfficeClosure, TriggerEvent
from deadlines.words import Words

from web.clerk import event_cap
from web import notice_marks
from web.common import today_in
from web.language import said as spoken


def _moment(form: Mapping[str, str], prefix: str = "") -> str:
    """The form's date (and time, where given) as the API takes it."""
    day, clock = form.get(f"{prefix}date", "").strip(), form.get(f"{prefix}time", "").strip()
    return f"{day}T{clock}" if day and clock else day


def submission_key() -> str:
    """A new one-time key for a desk form (its hidden ``submission`` field)."""
    return "desk-" + secrets.token_urlsafe(18)


def submission(form: Mapping[str, str]) -> str | None:
    """The form's one-time key (None for a form from before they carried one)."""
    key = form.get("submission", "").strip()
    return key or None


def _event(s, jur, cycle, form, who):
    try:
        ev = commands.record_event(s, jur, form.get("name"), _moment(form), form.get("label"), who=who,
                                  key=submission(form), most=event_cap())
    except InputError as exc:
        if exc.code != "idempotency.reused":
            raise
        raise InputError.of("submission.reused", "submission", event=dict(exc.facts)["event"]) from None
    trigger = jur.triggers[ev.name]
    w = spoken()
    title = w.calendar(trigger.title)
    day = form.get("date") if w.lang == "en" else words.when(words.stored(ev.value, jur.timezone), w)
    told = (w._("Recorded “{title}” of {day} (“{label}”).", title=title, day=day, label=ev.label)
            if ev.label else w._("Recorded “{title}” of {day}.", title=title, day=day))
    return told, cycle_of(jur, inputs.event(jur, ev.name, ev.value))


def _row_id(form, field: str, refused: str) -> int:
    """The row id the form gives in ``field`` (``refused``: the field's error, for a value no row can have)."""
    value = form.get(field, "")
    if not value.isdigit() or int(value) > inputs.MAX_ROW_ID:
        raise InputError(refused, field)
    return int(value)


def _same_words(a: str | None, b: str | None) -> bool:
    return " ".join((a or "").split()) == " ".join((b or "").split())


def _deleted_already(s, jur, target: str, action: str, who, reason: str | None) -> bool:
    """Whether the last write on ``target`` is this very deletion (``action``, by
    ``who``, for ``reason``): the form was sent again after it was saved."""
    last = s.scalar(select(HistoryEntry).where(HistoryEntry.jurisdiction_id == jur.id, HistoryEntry.target == target)
                    .order_by(HistoryEntry.id.desc()).limit(1))
    return last is not None and last.action == action and last.by == who.label and _same_words(last.reason, reason)


def _event_delete(s, jur, cycle, form, who):
    reason = inputs.required_text(form.get("reason"), "reason", spoken()._("why it is deleted"))
    event_id = _row_id(form, "event", spoken()._("event: choose an event"))
    if not commands.delete_event(s, jur, event_id, who=who, reason=reason):
        ev = s.get(TriggerEvent, event_id)
        if ev is None or ev.jurisdiction_id != jur.id or not _deleted_already(s, jur, f"event:{ev.id}", "event.delete",
                                                                               who, reason):
            raise InputError(spoken()._("event: no such live event"), "event")
    return spoken()._("Deleted the event."), None


def _rule_and_case(form) -> tuple[str, str | None]:
    rid, _, case = form.get("deadline", "").partition("|")
    return rid, case or None


def _override(s, jur, cycle, form, who):
    rid, case = _rule_and_case(form)
    body = {"due": _moment(form) or None, "authority": form.get("authority"), "reason": form.get("reason"),
            "case": case, "status": form.get("status") or "overridden"}
    entry = commands.put_override(s, jur, cycle.isoformat(), rid, body, who=who)
    w = spoken()
    title = w.calendar(jur.rules[rid][-1].title) if rid in jur.rules else rid
    return w._("Recorded the order of {authority} on “{title}”.", authority=entry.authority, title=title), None


def _override_delete(s, jur, cycle, form, who):
    rid, case = _rule_and_case(form)
    if not commands.delete_override(s, jur, cycle.isoformat(), rid, who=who, case=case, reason=form.get("reason")) \
            and not _deleted_already(s, jur, commands.override_target(cycle, rid, inputs.label(case, "case")),
                                     "override.delete", who, form.get("reason")):
        raise InputError(spoken()._("deadline: no replaced date to remove"), "deadline")
    return spoken()._("Removed the replaced date: the computed date is in force again."), None


def _decision(s, jur, cycle, form, who):
    taken = {"yes": True, "no": False}.get(form.get("taken"))
    commands.put_decision(s, jur, cycle.isoformat(), form.get("choice", ""),
                         {"taken": taken, "authority": form.get("authority"), "reason": form.get("reason")}, who=who)
    return spoken()._("Recorded the decision."), None


def _decision_delete(s, jur, cycle, form, who):
    choice = form.get("choice", "")
    if not commands.delete_decision(s, jur, cycle.isoformat(), choice, who=who, reason=form.get("reason")) \
            and not _deleted_already(s, jur, f"decision:{cycle}/{choice}", "decision.delete", who, form.get("reason")):
        raise InputError(spoken()._("choice: no decision recorded"), "choice")
    return spoken()._("Removed the decision."), None


def days_of(form) -> str:
    """The office's weekdays a desk form gives: its ``days`` boxes, or (the Save
    step of a checked form) the one comma-joined value they were kept as."""
    ticked = form.getlist("days") if hasattr(form, "getlist") else [form.get("days") or ""]
    return ",".join(d for d in ticked if d)


def _office_hours(s, jur, cycle, form, who):
    other = {form.get("other_day"): {"open": form.get("other_open"), "close": form.get("other_close")}} \
        if form.get("other_day") else None  # one weekday with other hours ("friday", 09:00-13:00)
    entry = commands.set_office_hours(s, jur, {"open": form.get("open"), "close": form.get("close"),
                                              "days": days_of(form) or None, "authority": form.get("authority"),
                                              "from": form.get("from") or today_in(jur.timezone).isoformat(),
                                              "other": other}, who=who)
    w = spoken()
    return w._("Recorded the office hours: open {open} to {close}.", open=words.clock(entry.open, w),
               close=words.clock(entry.close, w)), None


def _office_hours_delete(s, jur, cycle, form, who):
    reason = inputs.required_text(form.get("reason"), "reason", spoken()._("why the recorded hours no longer hold"))
    if not commands.delete_office_hours(s, jur, who=who, reason=reason, today=today_in(jur.timezone)) \
            and not _deleted_already(s, jur, "office:hours", "office.hours.delete", who, reason):
        raise InputError(spoken()._("open: no office hours recorded"), "open")
    return spoken()._("Removed the recorded office hours: the earlier hours apply again."), None


def _filing_office(s, jur, cycle, form, who):
    commands.set_filing_office(s, jur, {k: form.get(k) for k in ("office", "address", "phone", "where", "authority")},
                               who=who)
    return spoken()._("Recorded the filing office."), None


def _closure(s, jur, cycle, form, who):
    on = inputs.day(form.get("day"), "day")
    kept = s.scalar(select(OfficeClosure).where(OfficeClosure.jurisdiction_id == jur.id, OfficeClosure.day == on))
    entry = kept if kept is not None and _same_words(kept.reason, form.get("reason")) else \
        commands.record_closure(s, jur, form.get("day"), form.get("reason"), who=who)  # (refuses another reason that day)
    w = spoken()
    return w._("Recorded that the office is closed on {day}.", day=words.when(entry.day, w)), cycle_of(jur, entry.day)


def _closure_delete(s, jur, cycle, form, who):
    reason = inputs.required_text(form.get("reason"), "reason", spoken()._("why it is deleted"))
    closure_id = _row_id(form, "closure", spoken()._("closure: no such closure recorded"))
    if not commands.delete_closure(s, jur, closure_id, who=who, reason=reason):
        try:
            day = inputs.day(form.get("day"), "day")  # the form names the day beside the id
        except InputError:
            day = None
        if day is None or s.get(OfficeClosure, closure_id) is not None or not _deleted_already(
                s, jur, commands.closure_target(jur, day), "closure.delete", who, reason):
            raise InputError(spoken()._("closure: no such closure recorded"), "closure")
    return spoken()._("Deleted the closure."), None


def _window(s, jur, cycle, form):
    """The notice window the form names (its ``uid``) in this cycle, as the desk computes it."""
    return notice_marks.window(s, jur, cycle, spoken(), uid=form.get("uid", ""))


def _notice(s, jur, cycle, form, who):
    """Mark a notice published (the day, and where): its reminders stop
    (the rules: :func:`web.notice_marks.mark`, the API's too)."""
    window = _window(s, jur, cycle, form)
    w = spoken()
    entry, _new = notice_marks.mark(s, jur, cycle, window, form.get("published_on"), form.get("where"), who, w)
    return w._("Marked “{title}” published on {day} in {where}; its reminders stop.", title=w.calendar(window.title),
               day=words.when(entry.published_on, w), where=entry.where), None


def _notice_delete(s, jur, cycle, form, who):
    """Undo "published": the notice is no longer marked (its reminders come back)."""
    w = spoken()
    reason = inputs.required_text(form.get("reason"), "reason", w._("why the notice is no longer marked published"))
    window = _window(s, jur, cycle, form)
    target = commands.notice_target(cycle, window.id)
    if not commands.delete_publication(s, jur, uid(jur.id, window), target, who=who, reason=reason) \
            and not _deleted_already(s, jur, target, "notice.delete", who, reason):
        raise InputError(w._("uid: this notice is not marked published"), "uid")
    return w._("“{title}” is no longer marked published; its reminders start again.", title=w.calendar(window.title)), \
        None


def _report(s, jur, form):
    """The report the form names, if it is one of ``jur``'s (404 otherwise: a
    report of another government is never decided from this desk)."""
    value = form.get("report", "")
    row = s.get(DateReport, int(value)) if value.isdigit() and 0 < int(value) <= inputs.MAX_ROW_ID else None
    if row is None or row.jurisdiction_id != jur.id:
        abort(404, spoken()._("No such report of this jurisdiction."))
    return row


def _report_title(jur, row, w: Words) -> str:
    return w.calendar(jur.rules[row.deadline][-1].title) if row.deadline in jur.rules else row.deadline


def _decided_already(row, state: str, who, reason: str | None) -> bool:
    """Whether ``row`` was decided so already by ``who`` (the form sent again)."""
    return row.state == state and row.decided_by == who.label and _same_words(row.reason, reason)


def _report_accept(s, jur, cycle, form, who):
    """Accept a public report, as ``deadlines reports accept ID`` does."""
    row = _report(s, jur, form)
    w = spoken()
    said = w._("Accepted report {id}: {place} published {due} for “{title}” (election of {election}), per {source}.",
               id=row.id, place=jur.name, due=row.due_given, title=_report_title(jur, row, w),
               election=words.when(row.cycle, w), source=row.source)
    if not _decided_already(row, "accepted", who, None):
        commands.accept_report(s, jur, reports.find(s, row.id), who=who, today=today_in(jur.timezone))
    return said, row.cycle


def _report_reject(s, jur, cycle, form, who):
    """Reject a public report with its reason, as ``deadlines reports reject ID --reason R`` does."""
    row = _report(s, jur, form)
    w = spoken()
    said = w._("Rejected report {id} ({due} for “{title}”): nothing it says is used.", id=row.id, due=row.due_given,
               title=_report_title(jur, row, w))
    reason = " ".join((form.get("reason") or "").split()) or None
    if not _decided_already(row, "rejected", who, reason):
        commands.reject_report(s, jur, reports.find(s, row.id), form.get("reason"), who=who, today=today_in(jur.timezone))
    return said, row.cycle


ACTIONS: dict[str, Callable] = {
    "event": _event, "event-delete": _event_delete, "override": _override, "override-delete": _override_delete,
    "decision": _decision, "decision-delete": _decision_delete, "notice": _notice, "notice-delete": _notice_delete,
    "report-accept": _report_accept, "report-reject": _report_reject,
    "office-hours": _office_hours, "office-hours-delete": _office_hours_delete,
    "closure": _closure, "closure-delete": _closure_delete, "filing-office": _filing_office,
}


def bound_rules(jur: Jurisdiction) -> set[str]:
    """The deadlines that exist only in cases (an order on one names its case)."""
    return {rid for rid in jur.order if counts_from_trigger(jur, rid)}
