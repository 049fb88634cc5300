"""What every human-facing rendering says the same way: dates with their hour
and zone, days left, quoted law as paragraphs, the next deadline, a row's
dates and status (what the clerk recorded: :mod:`deadlines.publish.record_words`).
Pure: results in, words out.

Each function that says something takes ``w``, the :class:`~deadlines.words.Words`
of the language to say it in (always given: nothing here falls back to
English); :func:`deadlines.publish.speaking.speaking` binds them all to one
language for a template, beside ``w`` itself (``words.w.title(d)``: what a
:class:`Words` says is called on it, not copied here)."""
from __future__ import annotations

import re
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from deadlines.core.computed import Deadline, Result
from deadlines.core.model import AUDIENCES, Moment
from deadlines.core.moments import day_of, from_iso
from deadlines.core.order import is_clerk_task, reading_order
from deadlines.publish.for_candidates import trimmed
from deadlines.words import Words, _


AUDIENCE_WORDS = {"candidates": _("candidates"), "clerk": _("the clerk"), "public": _("the public"),
                  "petitioners": _("petitioners")}
#: a deadline's status as people say it (the CSV, the printable calendar)
STATUS_WORDS = {"scheduled": _("scheduled"), "tentative": _("tentative"), "overridden": _("overridden"),
                "cancelled": _("cancelled")}


def when(moment: Moment, w: Words) -> str:
    """"4:00 p.m., Tuesday, April 21, 2026 (EDT)" (the hour first, as clerks
    publish it) or the day alone."""
    if isinstance(moment, datetime):
        return f"{w.clock(moment.timetz())}, {w.day(moment.date())} ({moment.tzname()})"
    return w.day(moment)


def day_and_clock(moment: Moment, w: Words) -> tuple[str, str | None]:
    """("Tuesday, April 21, 2026", "4:00 p.m. EDT") or the day and None: for
    layouts that keep the hour on one line."""
    if isinstance(moment, datetime):
        return w.day(moment.date()), f"{w.clock(moment.timetz())} {moment.tzname()}"
    return w.day(moment), None


def days_to(d: Deadline, today: date) -> int:
    """Days from ``today`` to the deadline's safe date (negative once past)."""
    return (day_of(d.safe_due) - today).days


def days_left(d: Deadline, today: date, w: Words) -> str:
    """"14 days", "today" or "passed 3 days ago"."""
    n = days_to(d, today)
    if n == 0:
        return w._("today")
    count = f"{abs(n):,}"
    if n > 0:
        return w.n_("{count} day", "{count} days", n, count=count)
    return w.n_("passed {count} day ago", "passed {count} days ago", -n, count=count)


def is_past(d: Deadline, today: date) -> bool:
    return days_to(d, today) < 0


def ordered(deadlines) -> list[Deadline]:
    """Rows in reading order (:func:`deadlines.core.order.reading_order`)."""
    return sorted(deadlines, key=reading_order)


def next_deadline(deadlines, today: date, audience: str | None = None) -> Deadline | None:
    """The first deadline, by safe instant and kind, that has not passed
    (cancelled ones skipped; the clerk's own tasks only for the clerk)."""
    coming = [d for d in deadlines if not is_past(d, today) and d.status != "cancelled"
              and (audience == "clerk" or not is_clerk_task(d))]
    return min(coming, key=reading_order, default=None)


def audiences_phrase(audience: tuple[str, ...], w: Words) -> str:
    """"candidates and the clerk"."""
    said = [w._(AUDIENCE_WORDS[a]) if a in AUDIENCE_WORDS else a for a in audience]
    return said[0] if len(said) == 1 else w._("{some} and {last}", some=", ".join(said[:-1]), last=said[-1])


def tags(d: Deadline, w: Words) -> list[str]:
    """Who the row is for, in audience order ("candidates", "the clerk")."""
    return [w._(AUDIENCE_WORDS[a]) for a in AUDIENCES if a in d.audience]


def audience_words(audience: str, w: Words) -> str:
    """One audience as people say it ("the clerk")."""
    return w._(AUDIENCE_WORDS[audience]) if audience in AUDIENCE_WORDS else audience


def for_whom(name: str, audience: str | None, w: Words) -> str:
    """A feed's name with the audience it is limited to, in ``w``'s words:
    "City of Orem: election deadlines (for candidates)"; ``name`` alone for
    every deadline (no audience)."""
    return name if audience is None else w._("{name} (for {who})", name=name, who=audience_words(audience, w))


def act_by(d: Deadline, w: Words) -> str:
    """The row's first line, the date to act by in words: "By 5:00 p.m.,
    Friday, October 8, 2027 (MDT)"; "Opens ...; closes ..." for a window."""
    safe = when(d.safe_due, w)
    if d.kind == "retention":
        return w._("Kept until {when}", when=safe)
    if d.start is not None:
        return w._("Opens {start}; closes {when}", start=when(d.start, w), when=safe)
    return w._("By {when}", when=safe)


def may_allow(d: Deadline, w: Words) -> str | None:
    """"the law may allow 5:00 p.m., Tuesday, October 12, 2027 (MDT)" where a
    later reading of the law gives a later date than the safe one."""
    if d.override is not None or d.safe_due == d.due:
        return None
    return w._("the law may allow {when}", when=when(d.due, w))


def status_words(d: Deadline, today: date, w: Words) -> str:
    """The row's status in the words a person uses."""
    if d.status == "cancelled":
        return w._("cancelled")
    if is_past(d, today):
        return w._("passed")
    if d.status == "overridden":
        return w._("date changed by order")
    if d.status == "tentative":
        return w._("act by the earliest reading") if len({r.due for r in d.readings}) > 1 else w._("to be confirmed")
    return w._("coming")


def printed_status(d: Deadline, w: Words) -> str | None:
    """What the printed calendar says beside a title whose date is not settled,
    in plain words (never the status code): the readings disagree, so act by
    the earliest; or the date is to be confirmed; or an order changed it."""
    if d.status == "tentative":
        if len({r.due for r in d.readings}) > 1:
            return w._("the law reads more than one way: act by the earliest date")
        return w._("to be confirmed")
    if d.status == "overridden":
        return w._("date changed by order")
    return None


def status_name(status: str, w: Words) -> str:
    """A status code (``scheduled``, ``tentative`` ...) in words."""
    return w._(STATUS_WORDS[status]) if status in STATUS_WORDS else status


NUMBER_WORDS = {2: _("two"), 3: _("three"), 4: _("four"), 5: _("five"), 6: _("six")}


def readings_heading(d: Deadline, w: Words) -> str:
    """"The law can be read three ways", counted from the readings listed."""
    n = len(d.readings)
    if n <= 1:
        return w._("How the law is read")
    return w._("The law can be read {count} ways", count=w._(NUMBER_WORDS[n]) if n in NUMBER_WORDS else str(n))


def reading_words(r, place: str, w: Words) -> str:
    """Reading ``r`` of a deadline of ``place`` (its jurisdiction's name) as the row says it, plainly
    (:meth:`Words.plainly`): its name, then why in sentences (every reading's
    why is one or more sentences: the engine's, ``reading.*_why``, and the
    calendar files')."""
    p = w.plainly()
    name, why = p.reading_name(r, place), (p.reading_why(r, place) or "").strip()
    return f"{name}. {why}" if why else f"{name}."


def shown_warnings(d: Deadline, place: str, w: Words) -> list[str]:
    """The warnings a row of ``place`` shows, plainly: its readings are listed
    beside them, so the warning that repeats the readings is left out."""
    p = w.plainly()
    return [p.note(n, place) for n in d.warnings if not (d.readings and n.code == "readings.disagree")]


def paragraphs(text: str) -> list[str]:
    """Quoted law reflowed: a blank line starts a paragraph, the file's hard
    line breaks inside one are spaces."""
    return [" ".join(block.split()) for block in re.split(r"\n\s*\n", text.strip()) if block.strip()]


def source_file(path: str) -> str:
    """The calendar file relative to the calendars folder: ``shared/x.toml`` or
    ``x.toml`` (``path``: a file path as the loader wrote it, "/"-separated)."""
    *_, folder, name = ["", *path.split("/")]
    return f"shared/{name}" if folder == "shared" else name


def rule_files(result: Result) -> list[str]:
    """The calendar files the result's deadlines were read from, the jurisdiction's first."""
    return list(dict.fromkeys([f"{result.jurisdiction.id}.toml"] + [source_file(d.source) for d in result.deadlines]))


def anchor(d: Deadline) -> str:
    """The row's HTML id, unique per case: ``referendum-petition-filing``, or
    ``case-12-referendum-petition-filing`` for a case's deadline."""
    return f"{d.case}-{d.id}" if d.case else d.id


def cited(d: Deadline) -> str:
    """The citation as a candidate's row and the printed calendar show it: the
    sections, without the research remarks beside them ("(words not read)"),
    which "How these dates are computed" and the JSON keep."""
    return trimmed(d.citation)


def basis(d: Deadline, place: str, w: Words) -> str | None:
    """What the date rests on, in plain words for the row ("The office's
    closing hour is not recorded here: 5:00 p.m. is used. Confirm
    with the office before the day."); None where the statute alone decides.
    ``place``: its jurisdiction's name."""
    if d.basis is None or d.basis.status == "law":
        return None
    return " ".join(w.note(n, place) for n in d.basis.notes)


def changed_by(d: Deadline, w: Words) -> str | None:
    """"Changed by <authority>: was <computed date>" beside a replaced date."""
    if d.status != "overridden" or d.override is None or d.computed_due is None:
        return None
    return w._("Changed by {authority}: was {when}", authority=d.override.authority, when=when(d.computed_due, w))


def cancelled(d: Deadline, place: str, w: Words) -> str | None:
    """Why a cancelled deadline of ``place`` is cancelled ("Cancelled by the clerk on <day>: <reason>.")."""
    if d.status != "cancelled":
        return None
    said = next((s for s in reversed(d.steps) if s.code in CANCELLED_BY), None)
    return w._("Cancelled.") if said is None else w.note(said, place)


#: The notes that say why a deadline is cancelled (an order, a deleted event).
CANCELLED_BY = ("override.cancelled", "case.deleted", "case.deleted_why")


def live(deadlines) -> list[Deadline]:
    """The deadlines still in force (the cancelled ones are listed apart)."""
    return [d for d in deadlines if d.status != "cancelled"]


def clock(text: str, w: Words) -> str:
    """A stored "HH:MM" in words: "8:00 a.m."."""
    return w.clock(time.fromisoformat(text))


def stored(text: str | None, timezone: str) -> Moment | None:
    """A moment as the store keeps it (ISO 8601), for saying it: an instant in ``timezone``."""
    moment = from_iso(text)
    return moment.astimezone(ZoneInfo(timezone)) if isinstance(moment, datetime) else moment


def masked(target: str) -> str:
    """A subscriber's address as the clerk sees it: ``jo***@example.org``, a webhook without its query."""
    name, at, domain = target.partition("@")
    return f"{name[:2]}***@{domain}" if at else target.split("?")[0]
