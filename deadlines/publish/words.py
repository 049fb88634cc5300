"""What every human-facing rendering says the same way: dates with their hour
and zone, days left, quoted law as paragraphs, the next deadline, a row's
dates and status, and what the clerk recorded. Pure: results in, words out."""
from __future__ import annotations

import re
from datetime import date, datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

from deadlines.core.elections import election_date
from deadlines.core.model import AUDIENCES, Deadline, Moment, Result
from deadlines.core.moments import day_of, from_iso, say_clock, say_day
from deadlines.core.order import is_clerk_task, reading_order
from deadlines.words import Words, words

AUDIENCE_WORDS = {"candidates": "candidates", "clerk": "the clerk", "public": "the public", "petitioners": "petitioners"}


def when(moment: Moment) -> str:
    """"4:00 p.m., Tuesday, April 21, 2026 (EDT)" (the hour first, as clerks
    publish it) or the day alone."""
    if isinstance(moment, datetime):
        return f"{say_clock(moment.timetz())}, {say_day(moment.date())} ({moment.tzname()})"
    return say_day(moment)


def day_and_clock(moment: Moment) -> tuple[str, str | None]:
    """("Tuesday, April 21, 2026", "4:00 p.m. EDT") or the day and None: for
    layouts that keep the hour on one line."""
    if isinstance(moment, datetime):
        return say_day(moment.date()), f"{say_clock(moment.timetz())} {moment.tzname()}"
    return say_day(moment), None


def short_day(day: date) -> str:
    """"Apr 25" (the timeline's labels)."""
    return f"{day:%b} {day.day}"


def days_to(d: Deadline, today: date) -> int:
    """Days from ``today`` to the deadline's safe date (negative once past)."""
    return (day_of(d.safe_due) - today).days


def days_left(d: Deadline, today: date) -> str:
    n = days_to(d, today)
    if n == 0:
        return "today"
    unit = "day" if abs(n) == 1 else "days"
    return f"{n:,} {unit}" if n > 0 else f"passed {-n:,} {unit} ago"


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


def audiences_phrase(audience: tuple[str, ...]) -> str:
    """"candidates and the clerk"."""
    words = [AUDIENCE_WORDS.get(a, a) for a in audience]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def tags(d: Deadline) -> list[str]:
    """Who the row is for, in audience order ("candidates", "the clerk")."""
    return [AUDIENCE_WORDS[a] for a in AUDIENCES if a in d.audience]


def act_by(d: Deadline) -> str:
    """The row's first line, the date to act by in words: "By 5:00 p.m.,
    Friday, October 8, 2027 (MDT)"; "Opens ...; closes ..." for a window."""
    safe = when(d.safe_due)
    if d.kind == "retention":
        return f"Kept until {safe}"
    if d.start is not None:
        return f"Opens {when(d.start)}; closes {safe}"
    return f"By {safe}"


def may_allow(d: Deadline) -> str | None:
    """"the law may allow 5:00 p.m., Tuesday, October 12, 2027 (MDT)" where a
    later reading of the law gives a later date than the safe one."""
    if d.override is not None or d.safe_due == d.due:
        return None
    return f"the law may allow {when(d.due)}"


def status_words(d: Deadline, today: date) -> str:
    """The row's status in the words a person uses."""
    if d.status == "cancelled":
        return "cancelled"
    if is_past(d, today):
        return "passed"
    if d.status == "overridden":
        return "date changed by order"
    if d.status == "tentative":
        return "act by the earliest reading" if len({r.due for r in d.readings}) > 1 else "to be confirmed"
    return "coming"


NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def readings_heading(d: Deadline) -> str:
    """"The law can be read three ways", counted from the readings listed."""
    n = len(d.readings)
    return f"The law can be read {NUMBER_WORDS.get(n, str(n))} ways" if n > 1 else "How the law is read"


def reading_words(r, d: Deadline | None = None, w: Words | None = None) -> str:
    """A reading's name and why as one sentence (a ``why`` that is a phrase
    joins the name; a sentence follows it); ``d``: its deadline."""
    w = w or words()
    place = d.place if d is not None else ""
    name, why = w.reading_name(r, place), (w.reading_why(r, place) or "").strip()
    if not why:
        return f"{name}."
    return plain(f"{name}, by {why}." if why[0].islower() else f"{name}. {why}")


def reading_name(r, d: Deadline, w: Words | None = None) -> str:
    """The name of reading ``r`` of deadline ``d``."""
    return (w or words()).reading_name(r, d.place)


def shown_warnings(d: Deadline, w: Words | None = None) -> list[str]:
    """The warnings a row shows, in words: its readings are listed beside
    them, so the warning that repeats the readings is left out."""
    w = w or words()
    return [w.note(n, d.place) for n in d.warnings if not (d.readings and n.code == "readings.disagree")]


def title(d: Deadline, w: Words | None = None) -> str:
    """The deadline's title in words (with its case's label)."""
    return (w or words()).title(d)


def steps(d: Deadline, w: Words | None = None) -> tuple[str, ...]:
    return (w or words()).steps(d)


def ends(d: Deadline, w: Words | None = None) -> str:
    return (w or words()).ends(d)


def changes(d: Deadline, w: Words | None = None) -> tuple[str, ...]:
    return (w or words()).changes(d)


def cycle_warnings(result: Result, w: Words | None = None) -> tuple[str, ...]:
    return (w or words()).result_warnings(result)


def moved(result: Result, w: Words | None = None) -> str | None:
    return (w or words()).moved(result)


def case_label(case, w: Words | None = None) -> str:
    return (w or words()).case_label(case)


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


def recorded(result: Result) -> list[str]:
    """What the clerk (or the person asking) recorded for this cycle, in words:
    entered election dates, the cases' trigger events and overrides."""
    jur, w = result.jurisdiction, words()
    lines = [f"{a.title}: {when(a.value)} (entered)" for a in result.anchors.values()
             if a.how.code == "anchor.entered" and a.name in jur.elections and a.value != _by_rule(result, a.name)]
    if result.moved:
        lines.append(w.moved(result))
    lines += [f"{w.case_label(c)}: {jur.triggers[name].title} {when(at)}" + (" (deleted)" if name in c.cancelled else "")
              for c in result.cases for name, at in c.events.items()]
    for d in result.deadlines:
        if d.override is not None:
            was = f" (computed: {when(d.computed_due)})" if d.computed_due is not None else ""
            lines.append(f"{w.title(d)}: {d.status} by {d.override.authority}: {d.override.reason}{was}")
    return lines


def _by_rule(result: Result, name: str) -> date | None:
    found = election_date(result.jurisdiction.elections[name], result.cycle.year)
    return found[0] if found else None


def anchor(d: Deadline) -> str:
    """The row's HTML id, unique per case: ``referendum-petition-filing``, or
    ``case-12-referendum-petition-filing`` for a case's deadline."""
    return f"{d.case}-{d.id}" if d.case else d.id


def changed_by(d: Deadline) -> str | None:
    """"Changed by <authority>: was <computed date>" beside a replaced date."""
    if d.status != "overridden" or d.override is None or d.computed_due is None:
        return None
    return f"Changed by {d.override.authority}: was {when(d.computed_due)}"


def cancelled(d: Deadline) -> str | None:
    """Why a cancelled deadline is cancelled ("Cancelled by the clerk on <day>: <reason>.")."""
    if d.status != "cancelled":
        return None
    said = next((s for s in reversed(d.steps) if s.code in CANCELLED_BY), None)
    return "Cancelled." if said is None else words().note(said, d.place)


#: The notes that say why a deadline is cancelled (an order, a deleted event).
CANCELLED_BY = ("override.cancelled", "case.deleted", "case.deleted_why")


def zone_name(timezone: str) -> str:
    """The zone as people name it: "Mountain Time" for America/Denver,
    "Eastern Time" for America/Detroit (from its winter abbreviation), else
    the tz database's name with spaces."""
    winter = ZoneInfo(timezone).tzname(datetime(2025, 1, 15))
    named = {"E": "Eastern", "C": "Central", "M": "Mountain", "P": "Pacific"}.get(winter[:1] if winter else "")
    if named and winter.endswith("ST") and len(winter) == 3:
        return f"{named} Time"
    return timezone.split("/")[-1].replace("_", " ") + " time"


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


def plain(text: str | None) -> str:
    """A sentence from the engine or a rule file as the public pages say it:
    zones by the names people use, no "roll" (a date moved to a business day)."""
    out = _ZONE_ID.sub(lambda m: zone_name(m.group(0)), text or "")
    for pattern, words in _PLAIN:
        out = pattern.sub(words, out)
    return out


def live(deadlines) -> list[Deadline]:
    """The deadlines still in force (the cancelled ones are listed apart)."""
    return [d for d in deadlines if d.status != "cancelled"]


def clock(text: str) -> str:
    """A stored "HH:MM" in words: "8:00 a.m."."""
    return say_clock(time.fromisoformat(text))


def stored(text: str | None, timezone: str) -> Moment | None:
    """A moment as the store keeps it (ISO 8601), for saying it: an instant in ``timezone``."""
    moment = from_iso(text)
    return moment.astimezone(ZoneInfo(timezone)) if isinstance(moment, datetime) else moment


def masked(target: str) -> str:
    """A subscriber's address as the clerk sees it: ``jo***@example.org``, a webhook without its query."""
    name, at, domain = target.partition("@")
    return f"{name[:2]}***@{domain}" if at else target.split("?")[0]
