"""A cycle as a picture: an SVG timeline drawn on the server (no script).

One row per deadline, its words above its mark so the whole width is the
time axis: windows are bars, deadlines are diamonds at their safe date, a
later reading of the law is a faint outlined diamond joined by a dashed line.
Vertical lines mark the elections and today. The drawing carries a
``<title>`` and a ``<desc>`` saying every date in words (its text
alternative), and each mark has its own ``<title>``. Pure: result in, text out.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from html import escape
from typing import Iterable, Sequence

from deadlines.core.model import Deadline, Result
from deadlines.core.moments import day_of, say_clock, say_day
from deadlines.publish.words import days_left, is_past, short_day, when

FONT = 13
LINE = 16
CHAR = FONT * 0.6  # a generous average advance for DejaVu Sans / system sans
PAD = 8
INK, PAST, ELECTION, TODAY = "#111111", "#6b6b6b", "#1a1a1a", "#b00020"
FILL = {"window": "#1f5fa8", "notice-window": "#7a4d00", "retention": "#4d4d4d", "deadline": "#0b6b1f"}
#: widths the pages draw: a wide one, and one that reads on a 320-px phone
WIDE, NARROW = 800, 340


@dataclass(frozen=True)
class _Axis:
    lo: date
    hi: date
    left: float
    right: float

    def x(self, day: date) -> float:
        span = max((self.hi - self.lo).days, 1)
        return round(self.left + (day - self.lo).days / span * (self.right - self.left), 1)


def _wrap(text: str, width: float) -> list[str]:
    """Words on lines no wider than ``width`` user units (estimated advance)."""
    per_line, lines, line = max(int(width / CHAR), 12), [], ""
    for word in text.split(" "):  # a no-break space keeps "Aug 29" together
        if line and len(line) + 1 + len(word) > per_line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def _clock(moment) -> str:
    return f", {say_clock(moment.timetz())}" if isinstance(moment, datetime) else ""


def _text(x: float, y: float, words: str, fill: str, extra: str = "") -> str:
    """Text on a white band (estimated width), so grid and marker lines never
    strike through it; presentation attributes only (no style sheet, for a
    strict CSP, and no paint-order, which PDF renderers ignore)."""
    return (f'<rect x="{x - 2}" y="{y - FONT + 1}" width="{round(len(words) * CHAR * 0.92 + 4, 1)}" '
            f'height="{FONT + 3}" fill="#ffffff"/>'
            f'<text x="{x}" y="{y}" fill="{fill}"{extra}>{escape(words)}</text>')


def _nb(text: str) -> str:
    return text.replace(" ", "\u00a0")


def _label(d: Deadline, years: bool = False) -> str:
    """"Title: Jun 1 to Jun 7, 5:00 p.m.", each day with its year where the drawing spans years."""
    def day(m) -> str:
        return _nb(short_day(day_of(m)) + (f", {day_of(m).year}" if years else ""))
    due = day(d.safe_due) + _nb(_clock(d.safe_due)).replace(",\u00a0", ", ", 1)
    if d.start is not None:
        return f"{d.title}: {day(d.start)} to {due}"
    return f"{d.title}: {due}"


def _months(axis: _Axis) -> Iterable[date]:
    day = date(axis.lo.year, axis.lo.month, 1)
    while day <= axis.hi:
        if day >= axis.lo:
            yield day
        day = date(day.year + day.month // 12, day.month % 12 + 1, 1)


def _ticks(axis: _Axis, out: list[str], top: float, bottom: float) -> None:
    months = list(_months(axis))
    span = axis.right - axis.left
    step = next((k for k in (1, 2, 3, 6, 12) if span / max(len(months), 1) * k >= 34), 12)
    shown = [m for m in months if (m.month - 1) % step == 0]
    for i, m in enumerate(shown):
        x = axis.x(m)
        out.append(f'<line x1="{x}" y1="{top - 4}" x2="{x}" y2="{bottom}" stroke="#d0d0d0" stroke-width="1"/>')
        out.append(_text(x + 2, top - 8, f"{m:%b}", INK))
        if m.month == 1 or i == 0:
            out.append(_text(x + 2, top - 8 - LINE, str(m.year), INK, ' font-weight="bold"'))


def _diamond(x: float, y: float, r: float, fill: str, extra: str = "") -> str:
    return (f'<polygon points="{x},{y - r} {x + r},{y} {x},{y + r} {x - r},{y}" fill="{fill}" '
            f'stroke="{fill}" stroke-width="1.5"{extra}/>')


def _row(d: Deadline, axis: _Axis, y: float, today: date, width: float, out: list[str]) -> float:
    """Draw one deadline from ``y`` down; the next row's ``y``."""
    past = is_past(d, today)
    color = PAST if past else FILL.get(d.kind, FILL["deadline"])
    ink = PAST if past else INK
    status = "passed" if past else days_left(d, today) + " left"
    years = axis.lo.year != axis.hi.year
    tip = f"{_label(d, years)} ({status})"
    out.append(f'<g class="row{" past" if past else ""}"><title>{escape(tip)}</title>')
    lines = _wrap(_label(d, years) + (" (passed)" if past else "") + (" (cancelled)" if d.status == "cancelled" else ""),
                  width - 2 * PAD)
    for line in lines:
        y += LINE
        out.append(_text(PAD, y, line, ink))
    mid = y + 12
    safe_x = axis.x(day_of(d.safe_due))
    if d.start is not None:
        x0 = axis.x(day_of(d.start))
        out.append(f'<rect x="{x0}" y="{mid - 5}" width="{max(safe_x - x0, 2)}" height="10" rx="2" fill="{color}"/>')
    if d.due != d.safe_due:
        later = axis.x(day_of(d.due))
        out.append(f'<line x1="{safe_x}" y1="{mid}" x2="{later}" y2="{mid}" stroke="{color}" stroke-dasharray="3 3"/>')
        out.append(_diamond(later, mid, 6, color, ' fill-opacity="0" stroke-opacity="0.55"'))
    out.append(_diamond(safe_x, mid, 7, color))
    if d.status == "cancelled":
        out.append(f'<line x1="{safe_x - 9}" y1="{mid - 9}" x2="{safe_x + 9}" y2="{mid + 9}" stroke="{INK}" stroke-width="2"/>')
    out.append("</g>")
    return mid + 14


def _description(result: Result, rows: Sequence[Deadline], today: date) -> str:
    parts = [f"Timeline of {len(rows)} deadline{'s' if len(rows) != 1 else ''} for the election of "
             f"{say_day(result.held)} in {result.jurisdiction.name}; today is {say_day(today)}."]
    for d in rows:
        opens = f"opens {when(d.start)}, " if d.start is not None else ""
        later = f"; a later reading gives {when(d.due)}" if d.due != d.safe_due else ""
        state = "passed" if is_past(d, today) else days_left(d, today) + " left"
        parts.append(f"{d.title}: {opens}safe date {when(d.safe_due)}{later} ({state}).")
    return " ".join(parts)


def timeline(result: Result, today: date, *, rows: Sequence[Deadline] | None = None,
             width: int = WIDE, ident: str = "timeline") -> str:
    """The cycle's SVG (``rows``: the deadlines to draw, default all but the
    cancelled ones). ``ident``
    prefixes the element ids, so two drawings can share a page."""
    rows = [d for d in (result.deadlines if rows is None else rows) if d.status != "cancelled"]  # listed apart
    elections = [a for a in result.anchors.values() if a.name in result.jurisdiction.elections]
    days = [day_of(a.value) for a in elections]
    for d in rows:
        days += [day_of(d.safe_due), day_of(d.due)] + ([day_of(d.start)] if d.start is not None else [])
    lo, hi = min(days), max(days)
    today_shown = lo - timedelta(days=45) <= today <= hi + timedelta(days=45)
    if today_shown:
        lo, hi = min(lo, today), max(hi, today)
    margin = timedelta(days=max((hi - lo).days // 30, 3))
    axis = _Axis(lo - margin, hi + margin, PAD + 8, width - PAD - 8)
    out: list[str] = []
    top = 2 * LINE + 14
    y = top
    for d in rows:
        y = _row(d, axis, y, today, width, out)
    bottom = y
    grid: list[str] = []
    _ticks(axis, grid, top, bottom)  # under the rows, so drawn first
    out = grid + out
    marks: list[tuple[float, str, str, str]] = [
        (axis.x(day_of(a.value)), f"{a.title}: {short_day(day_of(a.value))}, {day_of(a.value).year}", ELECTION,
         "" if a.name == "general" else ' stroke-dasharray="6 3"') for a in elections
    ]
    if today_shown:
        marks.append((axis.x(today), f"Today: {short_day(today)}, {today.year}", TODAY, ""))
    marks.sort()
    foot = bottom + 6
    for x, text, color, dash in marks:
        lines = _wrap(text, width - 2 * PAD)
        out.append(f'<line x1="{x}" y1="{top - 4}" x2="{x}" y2="{foot + 4}" stroke="{color}" stroke-width="2"{dash}/>')
        for line in lines:
            foot += LINE
            tx = round(min(max(x - len(line) * CHAR / 2, PAD), width - PAD - len(line) * CHAR), 1)
            out.append(_text(tx, foot, line, color, ' font-weight="bold"'))
        foot += 4
    if not today_shown:
        foot += LINE
        side = "before" if today < lo else "after"
        out.append(_text(PAD, foot, f"Today ({say_day(today)}) is {side} this timeline.", TODAY))
    height = foot + 10
    title = f"{result.jurisdiction.name}: timeline of the election of {say_day(result.held)}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="timeline" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-labelledby="{ident}-title {ident}-desc" '
        f'font-family="DejaVu Sans, system-ui, sans-serif" font-size="{FONT}">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(_description(result, rows, today))}</desc>'
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>'
        + "".join(out) + "</svg>"
    )
