"""What every human-facing rendering says the same way: dates with their hour
and zone, days left, quoted law as paragraphs, the next deadline, a row's
dates and status, and what the clerk recorded. Pure: results in, words out.

Each function that says something takes ``w``, the :class:`~deadlines.words.Words`
of the language to say it in (English by default); :func:`speaking` binds
them all to one language for a template."""
from __future__ import annotations

import inspect
import re
import sys
from datetime import date, datetime, time
from functools import lru_cache, partial
from pathlib import Path
from types import SimpleNamespace
from zoneinfo import ZoneInfo

from deadlines.core.elections import election_date
from deadlines.core.facts import in_force
from deadlines.core.model import AUDIENCES, Deadline, Jurisdiction, Moment, OfficeHours, Result
from deadlines.core.moments import day_of, from_iso
from deadlines.core.order import is_clerk_task, reading_order
from deadlines.words import Words, words

EN = words("en")


def _(message: str) -> str:
    """Marks a message for the catalog; said in a language by ``w._``."""
    return message


AUDIENCE_WORDS = {"candidates": _("candidates"), "clerk": _("the clerk"), "public": _("the public"),
                  "petitioners": _("petitioners")}
#: a deadline's status as people say it (the CSV, the printable calendar)
STATUS_WORDS = {"scheduled": _("scheduled"), "tentative": _("tentative"), "overridden": _("overridden"),
                "cancelled": _("cancelled")}


def when(moment: Moment, w: Words = EN) -> str:
    """"4:00 p.m., Tuesday, April 21, 2026 (EDT)" (the hour first, as clerks
    publish it) or the day alone."""
    if isinstance(moment, datetime):
        return f"{w.clock(moment.timetz())}, {w.day(moment.date())} ({moment.tzname()})"
    return w.day(moment)


def day_and_clock(moment: Moment, w: Words = EN) -> tuple[str, str | None]:
    """("Tuesday, April 21, 2026", "4:00 p.m. EDT") or the day and None: for
    layouts that keep the hour on one line."""
    if isinstance(moment, datetime):
        return w.day(moment.date()), f"{w.clock(moment.timetz())} {moment.tzname()}"
    return w.day(moment), None


def short_day(day: date, w: Words = EN) -> str:
    """"Apr 25" (the timeline's labels)."""
    return w.short_day(day)


def days_to(d: Deadline, today: date) -> int:
    """Days from ``today`` to the deadline's safe date (negative once past)."""
    return (day_of(d.safe_due) - today).days


def days_left(d: Deadline, today: date, w: Words = EN) -> str:
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


def audiences_phrase(audience: tuple[str, ...], w: Words = EN) -> str:
    """"candidates and the clerk"."""
    said = [w._(AUDIENCE_WORDS[a]) if a in AUDIENCE_WORDS else a for a in audience]
    return said[0] if len(said) == 1 else w._("{some} and {last}", some=", ".join(said[:-1]), last=said[-1])


def tags(d: Deadline, w: Words = EN) -> list[str]:
    """Who the row is for, in audience order ("candidates", "the clerk")."""
    return [w._(AUDIENCE_WORDS[a]) for a in AUDIENCES if a in d.audience]


def audience_words(audience: str, w: Words = EN) -> str:
    """One audience as people say it ("the clerk")."""
    return w._(AUDIENCE_WORDS[audience]) if audience in AUDIENCE_WORDS else audience


def act_by(d: Deadline, w: Words = EN) -> str:
    """The row's first line, the date to act by in words: "By 5:00 p.m.,
    Friday, October 8, 2027 (MDT)"; "Opens ...; closes ..." for a window."""
    safe = when(d.safe_due, w)
    if d.kind == "retention":
        return w._("Kept until {when}", when=safe)
    if d.start is not None:
        return w._("Opens {start}; closes {when}", start=when(d.start, w), when=safe)
    return w._("By {when}", when=safe)


def may_allow(d: Deadline, w: Words = EN) -> str | None:
    """"the law may allow 5:00 p.m., Tuesday, October 12, 2027 (MDT)" where a
    later reading of the law gives a later date than the safe one."""
    if d.override is not None or d.safe_due == d.due:
        return None
    return w._("the law may allow {when}", when=when(d.due, w))


def status_words(d: Deadline, today: date, w: Words = EN) -> str:
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


def status_name(status: str, w: Words = EN) -> str:
    """A status code (``scheduled``, ``tentative`` ...) in words."""
    return w._(STATUS_WORDS[status]) if status in STATUS_WORDS else status


NUMBER_WORDS = {2: _("two"), 3: _("three"), 4: _("four"), 5: _("five"), 6: _("six")}


def readings_heading(d: Deadline, w: Words = EN) -> str:
    """"The law can be read three ways", counted from the readings listed."""
    n = len(d.readings)
    if n <= 1:
        return w._("How the law is read")
    return w._("The law can be read {count} ways", count=w._(NUMBER_WORDS[n]) if n in NUMBER_WORDS else str(n))


def reading_words(r, d: Deadline | None = None, w: Words = EN) -> str:
    """A reading's name and why as one sentence (a ``why`` that is a phrase
    joins the name; a sentence follows it); ``d``: its deadline."""
    place = d.place if d is not None else ""
    name, why = w.reading_name(r, place), (w.reading_why(r, place) or "").strip()
    if not why:
        return f"{name}."
    return plain(w._("{name}, by {why}.", name=name, why=why) if why[0].islower() else f"{name}. {why}", w)


def reading_name(r, d: Deadline, w: Words = EN) -> str:
    """The name of reading ``r`` of deadline ``d``."""
    return w.reading_name(r, d.place)


def shown_warnings(d: Deadline, w: Words = EN) -> list[str]:
    """The warnings a row shows, in words: its readings are listed beside
    them, so the warning that repeats the readings is left out."""
    return [w.note(n, d.place) for n in d.warnings if not (d.readings and n.code == "readings.disagree")]


def title(d: Deadline, w: Words = EN) -> str:
    """The deadline's title in words (with its case's label)."""
    return w.title(d)


def steps(d: Deadline, w: Words = EN) -> tuple[str, ...]:
    return w.steps(d)


def ends(d: Deadline, w: Words = EN) -> str:
    return w.ends(d)


def changes(d: Deadline, w: Words = EN) -> tuple[str, ...]:
    return w.changes(d)


def cycle_warnings(result: Result, w: Words = EN) -> tuple[str, ...]:
    return w.result_warnings(result)


def moved(result: Result, w: Words = EN) -> str | None:
    return w.moved(result)


def case_label(case, w: Words = EN) -> str:
    return w.case_label(case)


def paragraphs(text: str) -> list[str]:
    """Quoted law reflowed: a blank line starts a paragraph, the file's hard
    line breaks inside one are spaces."""
    return [" ".join(block.split()) for block in re.split(r"\n\s*\n", text.strip()) if block.strip()]


def source_file(path: str) -> str:
    """The calendar file relative to the calendars folder: ``shared/x.toml`` or ``x.toml``."""
    p = Path(path)
    return f"shared/{p.name}" if p.parent.name == "shared" else p.name


def rule_files(result: Result) -> list[str]:
    """The calendar files the result's deadlines were read from, the jurisdiction's first."""
    return list(dict.fromkeys([f"{result.jurisdiction.id}.toml"] + [source_file(d.source) for d in result.deadlines]))


def recorded(result: Result, w: Words = EN) -> list[str]:
    """What the clerk (or the person asking) recorded for this cycle, in words:
    entered election dates, the cases' trigger events and overrides."""
    jur = result.jurisdiction
    lines = [w._("{title}: {when} (entered)", title=w.calendar(a.title), when=when(a.value, w))
             for a in result.anchors.values()
             if a.how.code == "anchor.entered" and a.name in jur.elections and a.value != _by_rule(result, a.name)]
    if result.moved:
        lines.append(w.moved(result))
    lines += [f"{w.case_label(c)}: {w.calendar(jur.triggers[name].title)} {when(at, w)}"
              + (" " + w._("(deleted)") if name in c.cancelled else "")
              for c in result.cases for name, at in c.events.items()]
    for d in result.deadlines:
        if d.override is not None:
            was = w._(" (computed: {when})", when=when(d.computed_due, w)) if d.computed_due is not None else ""
            lines.append(w._("{title}: {status} by {authority}: {reason}", title=w.title(d),
                             status=status_name(d.status, w), authority=d.override.authority,
                             reason=d.override.reason) + was)
    return lines


def _by_rule(result: Result, name: str) -> date | None:
    found = election_date(result.jurisdiction.elections[name], result.cycle.year)
    return found[0] if found else None


def anchor(d: Deadline) -> str:
    """The row's HTML id, unique per case: ``referendum-petition-filing``, or
    ``case-12-referendum-petition-filing`` for a case's deadline."""
    return f"{d.case}-{d.id}" if d.case else d.id


_RESEARCH_REMARK = re.compile(r"\s*\([^()]*\bnot read\b[^()]*\)|:\s*text not read$")


#: The local facts (deadlines.core.model.Fact) as pages name them
FACT_WORDS = {"office_hours": _("Office hours"), "filing_office": _("Where to file"), "closure": _("Office closed"),
              "holds_primary": _("Holds a primary election"), "decision:ranked-choice": _("Ranked-choice voting"),
              "decision:no-primary": _("No primary election")}
FACT_BY_WORDS = {"clerk": _("recorded by the clerk"), "report": _("an accepted report of the government's notice"),
                 "research": _("found by research")}


def fact_name(fact: str, w: Words = EN) -> str:
    """A local fact's name as a page says it ("Office hours"; "Published date: petition-filing")."""
    if fact.startswith("published:"):
        return w._("Published date: {deadline}", deadline=fact.split(":", 1)[1])
    if fact.startswith("notice_published:"):
        return w._("Notice published: {deadline}", deadline=fact.split(":", 1)[1])
    return w._(FACT_WORDS[fact]) if fact in FACT_WORDS else fact


def fact_by(by: str, w: Words = EN) -> str:
    """Who recorded a local fact, as a page says it."""
    return w._(FACT_BY_WORDS[by]) if by in FACT_BY_WORDS else by


def notice_run(d: Deadline, w: Words = EN) -> str | None:
    """A notice window the clerk marked published, as its row says it
    ("published Tuesday, May 4, 2027 in the Orem Daily Herald"); None otherwise."""
    found = next((f for f in (d.basis.facts if d.basis else ()) if f.fact == f"notice_published:{d.id}"), None)
    return None if found is None else w._("published {day} in {where}", day=when(date.fromisoformat(found.value), w),
                                          where=found.quote)


def filing_office(d: Deadline, jur: Jurisdiction, w: Words = EN) -> str | None:
    """Where a candidate or petitioner files, for a filing at the office, where
    research recorded it ("File with: City Clerk's Office; 1 S. Huron St. ...")."""
    if not d.rule.office_act or not {"candidates", "petitioners"} & set(d.audience):
        return None
    found = in_force([f for f in jur.facts if f.fact == "filing_office"], day_of(d.due)).get("filing_office")
    return None if found is None else w._("File with: {office}", office=found.value)


def cited(d: Deadline) -> str:
    """The citation as a candidate's row and the printed calendar show it: the
    sections, without the research remarks beside them ("(words not read)"),
    which "How these dates are computed" and the JSON keep."""
    return _RESEARCH_REMARK.sub("", d.citation).strip()


def basis(d: Deadline, w: Words = EN) -> str | None:
    """What the date rests on, in plain words for the row ("The office's
    closing hour is not recorded here: the law's 5:00 p.m. is used. Confirm
    with the office before the day."); None where the statute alone decides."""
    if d.basis is None or d.basis.status == "law":
        return None
    return " ".join(w.note(n, d.place) for n in d.basis.notes)


def changed_by(d: Deadline, w: Words = EN) -> str | None:
    """"Changed by <authority>: was <computed date>" beside a replaced date."""
    if d.status != "overridden" or d.override is None or d.computed_due is None:
        return None
    return w._("Changed by {authority}: was {when}", authority=d.override.authority, when=when(d.computed_due, w))


def cancelled(d: Deadline, w: Words = EN) -> str | None:
    """Why a cancelled deadline is cancelled ("Cancelled by the clerk on <day>: <reason>.")."""
    if d.status != "cancelled":
        return None
    said = next((s for s in reversed(d.steps) if s.code in CANCELLED_BY), None)
    return w._("Cancelled.") if said is None else w.note(said, d.place)


#: The notes that say why a deadline is cancelled (an order, a deleted event).
CANCELLED_BY = ("override.cancelled", "case.deleted", "case.deleted_why")


#: a zone by the first letter of its winter abbreviation ("MST")
ZONE_WORDS = {"E": _("Eastern Time"), "C": _("Central Time"), "M": _("Mountain Time"), "P": _("Pacific Time")}


def zone_name(timezone: str, w: Words = EN) -> str:
    """The zone as people name it: "Mountain Time" for America/Denver,
    "Eastern Time" for America/Detroit (from its winter abbreviation), else
    the tz database's name with spaces."""
    winter = ZoneInfo(timezone).tzname(datetime(2025, 1, 15))
    named = ZONE_WORDS.get(winter[:1] if winter else "")
    if named and winter.endswith("ST") and len(winter) == 3:
        return w._(named)
    return w._("{place} time", place=timezone.split("/")[-1].replace("_", " "))


#: the engine's and rule files' words for maintainers, said as people say them
#: on the pages (the JSON API keeps the engine's sentences, which tools read)
_PLAIN = (
    (re.compile(r"\bany roll or override\b"), "any move to a business day or change by order"),
    (re.compile(r"\brolled\b"), "moved to a business day"),
    (re.compile(r"\brolls\b"), "moves to a business day"),
    (re.compile(r"\broll\b"), "move to a business day"),
    (re.compile(r"\bthe rule's own computation of time\b"), "counting as the rule itself does"),
    (re.compile(r"\btrigger event\b"), "event"),
)
_ZONE_ID = re.compile(r"\b(?:America|US|Pacific|Etc)/[A-Za-z_]+(?:/[A-Za-z_]+)?")


def plain(text: str | None, w: Words = EN) -> str:
    """A sentence from the engine or a rule file as the public pages say it:
    zones by the names people use, no "roll" (a date moved to a business day;
    the English words only: other languages' catalogs say it plainly)."""
    out = _ZONE_ID.sub(lambda m: zone_name(m.group(0), w), text or "")
    if w.lang == EN.lang:
        for pattern, said in _PLAIN:
            out = pattern.sub(said, out)
    return out


def live(deadlines) -> list[Deadline]:
    """The deadlines still in force (the cancelled ones are listed apart)."""
    return [d for d in deadlines if d.status != "cancelled"]


def office_hours(hours: OfficeHours, w: Words = EN) -> str:
    """When the office is open, by weekday: "8:00 a.m. to 5:00 p.m., Monday to
    Friday", or, where the days or hours differ, each group of weekdays with
    its hours ("7:00 a.m. to 5:00 p.m. on Monday, Tuesday, Wednesday,
    Thursday; 9:00 a.m. to 1:00 p.m. on Friday")."""
    if hours.weekdays_only and not hours.other:
        return w._("{open} to {close}, Monday to Friday", open=w.clock(hours.open), close=w.clock(hours.close))
    groups: dict[tuple, list[int]] = {}
    for day in hours.days:
        groups.setdefault(next(((o, c) for d, o, c in hours.other if d == day), (hours.open, hours.close)), []).append(day)
    return "; ".join(w._("{open} to {close} on {days}", open=w.clock(o), close=w.clock(c),
                         days=", ".join(w.weekday(d) for d in days)) for (o, c), days in groups.items())


def clock(text: str, w: Words = EN) -> str:
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


@lru_cache(maxsize=None)
def speaking(w: Words) -> SimpleNamespace:
    """This module's functions, and :mod:`deadlines.publish.place_words`', with
    ``w`` given (for a template: ``words.when(d.due)`` in ``w``'s language),
    and ``w`` itself as ``words.w``."""
    from deadlines.publish import place_words

    bound = {name: partial(fn, w=w) if "w" in inspect.signature(fn).parameters else fn
             for module in (sys.modules[__name__], place_words) for name, fn in vars(module).items()
             if inspect.isfunction(fn) and fn.__module__ == module.__name__ and not name.startswith("_")}
    return SimpleNamespace(**bound, w=w, AUDIENCE_WORDS={k: w._(v) for k, v in AUDIENCE_WORDS.items()})
