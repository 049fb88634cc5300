"""Words: the drafted legal notice and the text of each message.

Payloads are plain JSON-ready dicts made when a reminder is planned
(:func:`deadline_info`), so sending needs no engine run; a message is written
when it is sent, in its subscriber's language (the drafted legal notice in English, the
language it is published in; the desk shows it in the clerk's language too).
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from deadlines.core.computed import Deadline, Result, uid
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.moments import day_of, from_iso, iso
from deadlines.publish.ical import quoted
from deadlines.reminders import notice_law
from deadlines.publish.words import status_name
from deadlines.words import DEFAULT, Words, words

#: The words of what a payload stores (a deadline's title and end, in the
#: source language; a message says them in its subscriber's) and of the drafted
#: legal notice (published in English).
EN = words(DEFAULT)


def when(moment: date | datetime, w: Words) -> str:
    """"Tuesday, April 21, 2026, at 4:00 p.m." or "Tuesday, April 21, 2026"."""
    if isinstance(moment, datetime):
        return w._("{day}, at {clock}", day=w.day(moment.date()), clock=w.clock(moment.timetz()))
    return w.day(moment)


def say_iso(text: str | None, w: Words) -> str:
    return w._("(none)") if text is None else when(from_iso(text), w)


def deadline_info(d: Deadline, jur: Jurisdiction) -> dict:
    """What a reminder's payload says of ``d``, a deadline of ``jur``."""
    return {
        "uid": uid(jur.id, d), "id": d.id, "title": EN.title(d), "kind": d.kind, "status": d.status, "election": iso(d.cycle),
        "start": iso(d.start), "due": iso(d.due), "safe_due": iso(d.safe_due), "ends": EN.ends(d, jur.name), "citation": d.citation,
        "override": None if d.override is None else {"authority": d.override.authority, "reason": d.override.reason},
    }


def _act(title: str) -> str:
    if title.lower().endswith(" due"):
        return "the last day for filing " + title[:-4].lower()
    return "the deadline for " + title[0].lower() + title[1:]


def draft_notice(jur: Jurisdiction, result: Result, window: Deadline, w: Words = EN) -> str | None:
    """The notice a clerk publishes inside ``window``, ready to paste: for a
    notice the law counts from the election (Utah's notice of the offices,
    Colorado's calls for nominations, :mod:`.notice_law`) in ``w``'s language;
    for a window counted from another deadline (a Michigan charter's notice of
    the last day for filing), in English, the language it is published in."""
    law = notice_law.law_of(window)
    if law is not None:
        return notice_law.draft(jur, result, window, law, w)
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
        f"{EN.day(result.held)} is {when(target.due, EN)}{zone}.",
    ]
    if target.thresholds:
        lines += ["", "Signatures required: " + "; ".join(EN.threshold(t) for t in target.thresholds) + "."]
    lines += ["", f"Authority: {target.citation}.", "", "Dated: ____________    ______________________, Clerk"]
    return "\n".join(lines)


def _days(n: int, w: Words) -> str:
    return w._("today") if n == 0 else w._("tomorrow") if n == 1 else w._("in {n} days", n=n)


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


def _safe_moved(payload: dict, w: Words) -> list[str]:
    """The lines of a "moved" message that say the safe date moved (the
    instant to act by where the law reads two ways: a closure recorded on the
    act-by day moves it to the office's last open day before), and when the
    law's own date stayed, that it did; none where the safe date is the due
    before and after (what "Was"/"Now" say already)."""
    old, new = payload["old"], payload["new"]
    if new is None or "safe_due" not in payload.get("moved", ()):
        return []
    if old.get("safe_due", old["due"]) == old["due"] and new.get("safe_due", new["due"]) == new["due"]:
        return []
    lines = [w._("Safe date was: {when}.", when=say_iso(old.get("safe_due") or old["due"], w)),
             w._("Safe date now: {when}.", when=say_iso(new.get("safe_due") or new["due"], w))]
    if "due" not in payload["moved"]:
        lines.append(w._("The law's date is unchanged: {when}.", when=say_iso(new["due"], w)))
    return lines


def subject_and_body(payload: dict, *, now: datetime, late: bool, unsubscribe_url: str | None,
                     w: Words) -> tuple[str, str]:
    """The email for a reminder payload, counting the days left from ``now``
    (a reminder sent late never claims a countdown that has passed), in ``w``'s language."""
    kind, d = payload["type"], payload.get("deadline") or {}
    left = days_left(payload, now)
    jur = payload["jurisdiction"]["name"]
    title = w.calendar(d.get("title"))
    lines: list[str] = []
    if kind == "confirm":
        subject = w._("Confirm your deadline reminders for {place}", place=jur)
        lines = [w._("Someone (we hope you) asked for email reminders of election deadlines for"), f"{jur}.", "",
                 w._("To confirm, open this link and press Confirm:"), payload["confirm_url"], "",
                 w._("If this was not you, ignore this message: nothing will be sent.")]
    elif kind == "moved":
        gone = payload["new"] is None or payload["new"]["status"] == "cancelled"
        subject = (w._("Deadline cancelled: {title} ({place})", title=title, place=jur) if gone
                   else w._("Deadline moved: {title} ({place})", title=title, place=jur))
        lines = [w._("{title} ({place}) has changed.", title=title, place=jur), "",
                 w._("Was: {when} ({status})", when=say_iso(payload["old"]["due"], w),
                     status=status_name(payload["old"]["status"], w)),
                 w._("Now: {when}", when=say_iso(payload["new"]["due"], w) if payload["new"] else w._("no longer applies"))
                 + (f" ({status_name(payload['new']['status'], w)})" if payload["new"] else "")]
        if payload.get("moved") == ["safe_due"] and payload["new"] is not None:  # the law's date stayed
            lines = lines[:2]
        lines += _safe_moved(payload, w)
        if d.get("override"):
            lines += [w._("Authority (as the clerk recorded it): {text}", text=quoted(d["override"]["authority"])),
                      w._("Reason (as the clerk recorded it): {text}", text=quoted(d["override"]["reason"]))]
    else:
        due, safe = say_iso(d["due"], w), say_iso(d["safe_due"], w)
        if kind == "notice-open":
            subject = w._("Publish now: {title} ({place}), window open until {when}", title=title, place=jur, when=due)
            lines = [w._("The window to publish this notice opens {start} and closes {when}.",
                         start=say_iso(d["start"], w), when=due)]
        elif kind == "notice-close":
            subject = w._("Last days to publish: {title} ({place}), window closes {when}", title=title, place=jur, when=due)
            lines = [w._("The window to publish this notice closes {when} ({days}).", when=due, days=_days(left, w))]
        else:
            subject = w._("Reminder: {title} {days} ({place})", title=title, days=_days(left, w), place=jur)
            lines = [f"{title}: {due}."]
            if d.get("start"):
                lines.append(w._("Opens: {when}.", when=say_iso(d["start"], w)))
        if safe != due:
            lines.append(w._("Safe date (the law reads two ways): {when}.", when=safe))
        if d["status"] != "scheduled":
            lines.append(w._("Status: {status}.", status=status_name(d["status"], w)))
        lines.append(w._("Law: {cite}.", cite=d["citation"]))
        if payload.get("notice"):
            lines += ["", w._("Draft notice, ready to publish:"), "", payload["notice"]]
    if late:
        lines = [w._("(Sent late: the reminder service was not running when this was due.)"), ""] + lines
    if unsubscribe_url:
        lines += ["", w._("Unsubscribe: {url}", url=unsubscribe_url)]
    return subject, "\n".join(lines) + "\n"


def end_instant(moment: date | datetime, zone) -> datetime:
    """When a deadline has passed: the instant itself, or the end of its day."""
    if isinstance(moment, datetime):
        return moment
    return datetime.combine(day_of(moment), datetime.max.time(), zone)
