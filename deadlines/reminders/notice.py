"""Words: the drafted legal notice and the text of each message.

Payloads are plain JSON-ready dicts made when a reminder is planned
(:func:`deadline_info`), so sending needs no engine run.
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from deadlines.core.model import Deadline, Jurisdiction, Result
from deadlines.core.moments import day_of, from_iso, iso, say_clock, say_day
from deadlines.publish.ical import quoted
from deadlines.words import words


def when(moment: date | datetime) -> str:
    """"Tuesday, April 21, 2026, at 4:00 p.m." or "Tuesday, April 21, 2026"."""
    if isinstance(moment, datetime):
        return f"{say_day(moment.date())}, at {say_clock(moment.timetz())}"
    return say_day(moment)


def say_iso(text: str | None) -> str:
    return "(none)" if text is None else when(from_iso(text))


def deadline_info(d: Deadline) -> dict:
    return {
        "uid": d.uid, "id": d.id, "title": words().title(d), "kind": d.kind, "status": d.status, "election": iso(d.cycle),
        "start": iso(d.start), "due": iso(d.due), "safe_due": iso(d.safe_due), "ends": words().ends(d), "citation": d.citation,
        "override": None if d.override is None else {"authority": d.override.authority, "reason": d.override.reason},
    }


def _act(title: str) -> str:
    if title.lower().endswith(" due"):
        return "the last day for filing " + title[:-4].lower()
    return "the deadline for " + title[0].lower() + title[1:]


def draft_notice(jur: Jurisdiction, result: Result, window: Deadline) -> str | None:
    """The notice a clerk publishes inside ``window`` (a notice window whose
    rule counts from another deadline), ready to paste."""
    target_id = jur.rules[window.id][-1].due.of
    target = next((d for d in result.deadlines if d.id == target_id), None)
    if target is None:
        return None
    zone = f" local time ({jur.timezone})" if isinstance(target.due, datetime) else ""
    lines = [
        f"NOTICE OF {_act(target.title).upper()}",
        jur.name,
        "",
        f"Notice is hereby given that {_act(target.title)} for the election of "
        f"{say_day(result.held)} is {when(target.due)}{zone}.",
    ]
    if target.thresholds:
        lines += ["", "Signatures required: " + "; ".join(t.describe() for t in target.thresholds) + "."]
    lines += ["", f"Authority: {target.citation}.", "", "Dated: ____________    ______________________, Clerk"]
    return "\n".join(lines)


def _days(n: int) -> str:
    return {0: "today", 1: "tomorrow"}.get(n, f"in {n} days")


def days_left(payload: dict, now: datetime) -> int | None:
    """Whole days from ``now`` (in the jurisdiction's zone) to the day the
    reminder is about: the safe date, or a notice window's close. None for
    messages that count no days."""
    d = payload.get("deadline") or {}
    about = d.get("due") if payload["type"] in ("notice-open", "notice-close") else d.get("safe_due")
    if payload["type"] not in ("deadline", "notice-open", "notice-close") or about is None:
        return None
    today = now.astimezone(ZoneInfo(payload["jurisdiction"]["timezone"])).date()
    return (day_of(from_iso(about)) - today).days


def subject_and_body(payload: dict, *, now: datetime, late: bool, unsubscribe_url: str | None) -> tuple[str, str]:
    """The email for a reminder payload, counting the days left from ``now``
    (a reminder sent late never claims a countdown that has passed)."""
    kind, d = payload["type"], payload.get("deadline") or {}
    left = days_left(payload, now)
    jur = payload["jurisdiction"]["name"]
    lines: list[str] = []
    if kind == "confirm":
        subject = f"Confirm your deadline reminders for {jur}"
        lines = ["Someone (we hope you) asked for email reminders of election deadlines for", f"{jur}.", "",
                 "To confirm, open this link and press Confirm:", payload["confirm_url"], "",
                 "If this was not you, ignore this message: nothing will be sent."]
    elif kind == "moved":
        gone = payload["new"] is None or payload["new"]["status"] == "cancelled"
        subject = f"Deadline {'cancelled' if gone else 'moved'}: {d['title']} ({jur})"
        lines = [f"{d['title']} ({jur}) has changed.", "",
                 f"Was: {say_iso(payload['old']['due'])} ({payload['old']['status']})",
                 f"Now: {say_iso(payload['new']['due']) if payload['new'] else 'no longer applies'}"
                 + (f" ({payload['new']['status']})" if payload["new"] else "")]
        if d.get("override"):
            lines += [f"Authority (as the clerk recorded it): {quoted(d['override']['authority'])}",
                      f"Reason (as the clerk recorded it): {quoted(d['override']['reason'])}"]
    else:
        due, safe = say_iso(d["due"]), say_iso(d["safe_due"])
        if kind == "notice-open":
            subject = f"Publish now: {d['title']} ({jur}), window open until {due}"
            lines = [f"The window to publish this notice opens {say_iso(d['start'])} and closes {due}."]
        elif kind == "notice-close":
            subject = f"Last days to publish: {d['title']} ({jur}), window closes {due}"
            lines = [f"The window to publish this notice closes {due} ({_days(left)})."]
        else:
            subject = f"Reminder: {d['title']} {_days(left)} ({jur})"
            lines = [f"{d['title']}: {due}."]
            if d.get("start"):
                lines.append(f"Opens: {say_iso(d['start'])}.")
        if safe != due:
            lines.append(f"Safe date (the law reads two ways): {safe}.")
        if d["status"] != "scheduled":
            lines.append(f"Status: {d['status']}.")
        lines.append(f"Law: {d['citation']}.")
        if payload.get("notice"):
            lines += ["", "Draft notice, ready to publish:", "", payload["notice"]]
    if late:
        lines = ["(Sent late: the reminder service was not running when this was due.)", ""] + lines
    if unsubscribe_url:
        lines += ["", f"Unsubscribe: {unsubscribe_url}"]
    return subject, "\n".join(lines) + "\n"


def end_instant(moment: date | datetime, zone) -> datetime:
    """When a deadline has passed: the instant itself, or the end of its day."""
    if isinstance(moment, datetime):
        return moment
    return datetime.combine(day_of(moment), datetime.max.time(), zone)
