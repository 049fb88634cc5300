"""A cycle's timeline laid out for a page: each row's words (text the page
sets, so it wraps and grows with the reader's text size) and its marks as
fractions of the width (drawn at any width: a window is a bar of at least a
few pixels, a deadline a diamond). Today and the elections are lines in the
marks' strip only, never across words; a date long after the election (a
retention two years on) is folded into a "later" marker at the right edge.
Pure: result in, layout out (:mod:`deadlines.publish.svg` draws the image).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Sequence

from deadlines.core.computed import Deadline, Result
from deadlines.core.moments import day_of
from deadlines.core.order import reading_order
from deadlines.publish.words import is_past
from deadlines.words import Words

#: how far past the last election the drawing runs before folding the rest into "later"
TAIL = timedelta(days=45)
#: the fraction of the width each side kept free, so marks at the ends are whole
EDGE = 0.03


@dataclass(frozen=True)
class Mark:
    x: float  # where, as a percentage of the width
    kind: str  # "bar" (x to end), "safe", "later-reading", "folded"
    end: float | None = None


@dataclass(frozen=True)
class Row:
    id: str
    label: str
    kind: str
    past: bool
    marks: tuple[Mark, ...]


@dataclass(frozen=True)
class Line:
    x: float
    label: str
    kind: str  # "today", "general", "primary"


@dataclass(frozen=True)
class Tick:
    x: float
    label: str
    major: bool  # shown at every width; minor ones only where there is room


@dataclass(frozen=True)
class Layout:
    rows: tuple[Row, ...]
    lines: tuple[Line, ...]
    ticks: tuple[Tick, ...]
    folded: str | None  # "later" words where some dates are folded
    today_outside: str | None  # where today lies when it is off the drawing


def _day_words(day: date, years: bool, w: Words) -> str:
    """"Aug 27, 2027", kept on one line (no-break spaces)."""
    return (w._("{day}, {year}", day=w.short_day(day), year=day.year) if years else w.short_day(day)).replace(" ", "\u00a0")


def _months(lo: date, hi: date) -> list[date]:
    out, day = [], date(lo.year, lo.month, 1)
    while day <= hi:
        if day >= lo:
            out.append(day)
        day = date(day.year + day.month // 12, day.month % 12 + 1, 1)
    return out


def _month(day: date, with_year: bool, w: Words) -> str:
    """A tick's words: "Jan 2027" or "Feb" ("ene 2027", "feb")."""
    name = w.short_month(day)
    return f"{name} {day.year}" if with_year else name


def layout(result: Result, today: date, rows: Sequence[Deadline] | None, w: Words) -> Layout:
    rows = sorted((d for d in (result.deadlines if rows is None else rows) if d.status != "cancelled"),
                  key=reading_order)  # a cancelled entry is listed apart, not drawn
    elections = [a for a in result.anchors.values() if a.name in result.jurisdiction.elections]
    held = [day_of(a.value) for a in elections]
    cut = max(held) + TAIL
    days = list(held)
    for d in rows:
        days += [x for x in (day_of(d.safe_due), day_of(d.due), d.start and day_of(d.start)) if x and x <= cut]
    lo, hi = min(days), max(days)
    today_shown = lo - timedelta(days=45) <= today <= hi + timedelta(days=45)
    if today_shown:
        lo, hi = min(lo, today), max(hi, today)
    span = max((hi - lo).days, 1)
    years = lo.year != hi.year or any(day_of(d.safe_due) > cut for d in rows)

    def x(day: date) -> float:
        return round(100 * (EDGE + (1 - 2 * EDGE) * (min(max(day, lo), hi) - lo).days / span), 2)

    out_rows, folded = [], []
    for d in rows:
        safe, due = day_of(d.safe_due), day_of(d.due)
        marks: list[Mark] = []
        if safe > cut:
            folded.append(d)
            marks.append(Mark(100 * (1 - EDGE), "folded"))
        else:
            if d.start is not None:
                marks.append(Mark(x(day_of(d.start)), "bar", x(safe)))
            if due != safe and due <= cut:
                marks.append(Mark(x(safe), "later-reading", x(due)))
            marks.append(Mark(x(safe), "safe"))
        when = _day_words(safe, years, w)
        if d.start is not None:
            when = w._("{start} to {end}", start=_day_words(day_of(d.start), years, w), end=when)
        label = f"{w.title(d)}: {when}" + (w._(" (later, off the drawing)") if safe > cut else "")
        out_rows.append(Row(d.id, label, d.kind, is_past(d, today), tuple(marks)))
    lines = [Line(x(day_of(a.value)), f"{w.calendar(a.title)}: {_day_words(day_of(a.value), True, w)}", a.name)
             for a in elections]
    if today_shown:
        lines.append(Line(x(today), w._("Today: {day}", day=_day_words(today, True, w)), "today"))
    months = _months(lo, hi)
    step = next(k for k in (1, 2, 3, 6, 12) if len(months) / k <= 4 or k == 12)
    ticks = tuple(Tick(x(m), _month(m, m.month == 1 or i == 0, w), (m.month - 1) % step == 0)
                  for i, m in enumerate(months))
    later = w._("Later: {dates}", dates="; ".join(f"{w.title(d)}, {_day_words(day_of(d.safe_due), True, w)}"
                                                   for d in folded)) if folded else None
    outside = None if today_shown else (
        w._("Today ({day}) is before this timeline.", day=_day_words(today, True, w)) if today < lo
        else w._("Today ({day}) is after this timeline.", day=_day_words(today, True, w)))
    return Layout(tuple(out_rows), tuple(sorted(lines, key=lambda ln: ln.x)), ticks, later, outside)
