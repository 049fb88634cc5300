"""What every human-facing rendering says the same way: dates with their hour
and zone, days left, quoted law as paragraphs, the next deadline, rows grouped
by audience, and what the clerk recorded. Pure: results in, words out."""
from __future__ import annotations

import re
from datetime import date, datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

from deadlines.core.elections import election_date
from deadlines.core.model import AUDIENCES, Deadline, Moment, Result
from deadlines.core.moments import day_of, from_iso, say_clock, say_day

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


def next_deadline(deadlines, today: date) -> Deadline | None:
    """The first deadline, by safe date, that has not passed (cancelled ones skipped)."""
    coming = [d for d in deadlines if not is_past(d, today) and d.status != "cancelled"]
    return min(coming, key=lambda d: (day_of(d.safe_due), d.id), default=None)


def audiences_phrase(audience: tuple[str, ...]) -> str:
    """"candidates and the clerk"."""
    words = [AUDIENCE_WORDS.get(a, a) for a in audience]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def by_audience(deadlines) -> list[tuple[str, list[Deadline]]]:
    """Rows grouped by who they are for (each row once: a deadline for
    candidates and the clerk is in the group "For candidates and the clerk"),
    groups in order of their first deadline."""
    groups: dict[tuple[str, ...], list[Deadline]] = {}
    for d in deadlines:
        groups.setdefault(tuple(a for a in AUDIENCES if a in d.audience), []).append(d)
    ordered = sorted(groups.items(), key=lambda kv: min(day_of(r.safe_due) for r in kv[1]))
    return [(f"For {audiences_phrase(key)}", rows) for key, rows in ordered]


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
    jur = result.jurisdiction
    lines = [f"{a.title}: {when(a.value)} (entered)" for a in result.anchors.values()
             if a.how == "entered" and a.name in jur.elections and a.value != _by_rule(result, a.name)]
    if result.moved:
        lines.append(result.moved)
    lines += [f"{c.label}: {jur.triggers[name].title} {when(at)}" + (" (deleted)" if name in c.cancelled else "")
              for c in result.cases for name, at in c.events.items()]
    for d in result.deadlines:
        if d.override is not None:
            was = f" (computed: {when(d.computed_due)})" if d.computed_due is not None else ""
            lines.append(f"{d.title}: {d.status} by {d.override.authority}: {d.override.reason}{was}")
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
    return next((s for s in reversed(d.steps) if s.startswith("Cancelled")), "Cancelled.")


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
