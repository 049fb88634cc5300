"""A cycle as a picture: the page's timeline (:mod:`deadlines.publish.timeline`)
drawn as one SVG on the server (no script), for the PDF and the ``.svg`` link.

Each row's words are on their own lines, wrapped to the width, and its marks
in a strip below them: windows are bars (a few units wide at the least),
deadlines are diamonds at their safe date, a later reading of the law is an
outlined diamond joined by a dashed line, and a date long after the election
is folded into a "Later" arrow at the right edge and named in the legend. The
election and Today lines are drawn inside the strips only, so they cross no
text. Sizes are in ``em`` (16 user units to the em), so the picture grows
with the reader's text size. The drawing carries a ``<title>`` and a
``<desc>`` saying every date in words (its text alternative), and each row
its own ``<title>``. Pure: result in, text out.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from html import escape
from typing import Sequence

from deadlines.core.computed import Deadline, Result
from deadlines.publish.timeline import Layout, Row, layout
from deadlines.publish.words import days_left, is_past, live, when
from deadlines.words import Words

EM = 16  # user units to the em: the root's width and height are said in em
FONT = 13
LINE = 16
CHAR = FONT * 0.62  # a generous average advance for DejaVu Sans / system sans
PAD = 8
STRIP = 22
INK, PAST, TODAY = "#111111", "#6b6b6b", "#b00020"
FILL = {"window": "#1f5fa8", "notice-window": "#7a4d00", "retention": "#4d4d4d", "deadline": "#0b6b1f"}
LINES = {"today": (TODAY, ""), "general": ("#1a1a1a", ""), "primary": ("#1a1a1a", ' stroke-dasharray="6 3"')}
#: the width the PDF and the ``.svg`` link draw
WIDE = 800


def _wrap(text: str, width: float, char: float = CHAR) -> list[str]:
    """Words on lines no wider than ``width`` user units (estimated advance);
    a no-break space keeps "Aug 29, 2027" together."""
    per_line, lines, line = max(int(width / char), 12), [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > per_line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def _diamond(x: float, y: float, r: float, fill: str, extra: str = "") -> str:
    return (f'<polygon points="{x},{y - r} {x + r},{y} {x},{y + r} {x - r},{y}" fill="{fill}" '
            f'stroke="{fill}" stroke-width="1.5"{extra}/>')


@dataclass(frozen=True)
class _Text:
    """One line of words at ``x``, its baseline at ``y`` (user units); ``end``: ending at ``x``."""

    x: float
    y: float
    fill: str
    text: str
    end: bool = False
    bold: bool = False
    cls: str = ""


class _Drawing:
    """Lays the rows out from the top; ``x`` turns the layout's percentages
    into user units. ``apart``: the words kept in ``texts``, not drawn."""

    def __init__(self, plan: Layout, width: int, apart: bool = False):
        self.plan, self.width, self.out, self.y, self.apart, self.texts = plan, width, [], 0.0, apart, []

    def x(self, pct: float) -> float:
        return round(PAD + pct / 100 * (self.width - 2 * PAD), 1)

    def text(self, t: _Text) -> None:
        if self.apart:
            self.texts.append(t)
            return
        extra = (' text-anchor="end"' if t.end else "") + (' font-weight="bold"' if t.bold else "")
        cls = f' class="{t.cls}"' if t.cls else ""
        self.out.append(f'<text x="{t.x}" y="{t.y}" fill="{t.fill}"{cls}{extra}>{escape(t.text)}</text>')

    def words(self, text: str, fill: str, bold: bool = False, cls: str = "") -> None:
        for line in _wrap(text, self.width - 2 * PAD):
            self.y += LINE
            self.text(_Text(PAD, self.y, fill, line, bold=bold, cls=cls))

    def head(self) -> None:
        """The months above the first strip (the last one's words end at its tick)."""
        self.y += LINE
        for t in self.plan.ticks:
            if t.major:
                self.text(_Text(self.x(t.x), self.y, INK, t.label, end=t.x > 85))

    def strip(self, row: Row) -> None:
        top, mid = self.y + 4, self.y + 4 + STRIP / 2
        color = PAST if row.past else FILL.get(row.kind, FILL["deadline"])
        o = self.out
        o.append(f'<line x1="{PAD}" y1="{mid}" x2="{self.width - PAD}" y2="{mid}" stroke="#d0d0d0"/>')
        for t in self.plan.ticks:
            if t.major:
                o.append(f'<line x1="{self.x(t.x)}" y1="{mid - 7}" x2="{self.x(t.x)}" y2="{mid + 7}" stroke="#b0b0b0"/>')
        for ln in self.plan.lines:
            stroke, dash = LINES.get(ln.kind, LINES["general"])
            o.append(f'<line class="tl-line" x1="{self.x(ln.x)}" y1="{top}" x2="{self.x(ln.x)}" y2="{top + STRIP}" '
                     f'stroke="{stroke}" stroke-width="2"{dash}/>')
        for m in row.marks:
            x = self.x(m.x)
            if m.kind == "bar":
                o.append(f'<rect class="tl-bar" x="{x}" y="{mid - 5}" width="{max(self.x(m.end) - x, 6)}" height="10" '
                         f'rx="2" fill="{color}"/>')
            elif m.kind == "later-reading":
                o.append(f'<line x1="{x}" y1="{mid}" x2="{self.x(m.end)}" y2="{mid}" stroke="{color}" stroke-dasharray="3 3"/>')
                o.append(_diamond(self.x(m.end), mid, 6, color, ' fill-opacity="0" stroke-opacity="0.55"'))
            elif m.kind == "safe":
                o.append(_diamond(x, mid, 7, color))
            elif m.kind == "folded":
                o.append(f'<polygon class="tl-folded" points="{x - 10},{mid - 7} {x},{mid} {x - 10},{mid + 7}" fill="{color}"/>')
        self.y = top + STRIP + 2

    def legend(self) -> None:
        self.y += 4
        for ln in self.plan.lines:
            stroke, _ = LINES.get(ln.kind, LINES["general"])
            self.words(ln.label, stroke, bold=True)
        for text in (self.plan.today_outside, self.plan.folded):
            if text:
                self.words(text, TODAY if text is self.plan.today_outside else INK)


def _description(result: Result, rows: Sequence[Deadline], today: date, w: Words) -> str:
    parts = [w.n_("Timeline of {n} deadline for the election of {day} in {place}; today is {today}.",
                  "Timeline of {n} deadlines for the election of {day} in {place}; today is {today}.", len(rows),
                  day=w.day(result.held), place=result.jurisdiction.name, today=w.day(today))]
    for d in rows:
        opens = w._("opens {when}, ", when=when(d.start, w)) if d.start is not None else ""
        later = w._("; a later reading gives {when}", when=when(d.due, w)) if d.due != d.safe_due else ""
        state = w._("passed") if is_past(d, today) else w._("{days} left", days=days_left(d, today, w))
        parts.append(w._("{title}: {opens}safe date {when}{later} ({state}).", title=w.title(d), opens=opens,
                         when=when(d.safe_due, w), later=later, state=state))
    return " ".join(parts)


def timeline(result: Result, today: date, *, rows: Sequence[Deadline] | None = None,
             width: int = WIDE, ident: str = "timeline", w: Words) -> str:
    """The cycle's SVG (``rows``: the deadlines to draw, default all but the
    cancelled ones, which are listed apart). ``ident`` prefixes the element
    ids, so two drawings can share a page."""
    return _drawn(result, today, rows, width, ident, w, apart=False)[1]


#: Where the SVG's words sit, in ems below the top of a line of HTML (line-height 1): measured so that
#: the printed words fall where WeasyPrint draws the SVG's (at 200 dpi, within a pixel).
BASELINE = 0.59


def printed(result: Result, today: date, *, box: float, width: int = WIDE, ident: str = "timeline",
            w: Words) -> str:
    """The timeline as the PDF prints it, ``box`` points wide: the same
    drawing with its words set as positioned lines of HTML over it, each
    where the SVG draws it (WeasyPrint sets SVG text one letter at a time,
    which was a quarter of a calendar's time)."""
    draw, svg, height = _drawn(result, today, None, width, ident, w, apart=True)
    scale = box / width  # points per user unit
    size = FONT * scale
    spans = []
    for t in draw.texts:
        side = f"right: {round((width - t.x) / width * 100, 3)}%" if t.end else f"left: {round(t.x / width * 100, 3)}%"
        style = (f"{side}; top: {round(t.y * scale - BASELINE * size, 2)}pt; color: {t.fill}"
                 + ("; font-weight: bold" if t.bold else ""))
        cls = f" {t.cls}" if t.cls else ""
        spans.append(f'<span class="tl-text{cls}" style="{style}">{escape(t.text)}</span>')
    return (f'<div class="timeline-print" style="height: {round(height * scale, 2)}pt; font-size: {round(size, 3)}pt">'
            + svg + "".join(spans) + "</div>")


def _drawn(result: Result, today: date, rows: Sequence[Deadline] | None, width: int, ident: str, w: Words,
           apart: bool) -> tuple[_Drawing, str, float]:
    """The drawing (its words in ``texts`` when ``apart``), its SVG and its height (user units)."""
    rows = live(result.deadlines if rows is None else rows)
    plan = layout(result, today, rows, w)
    draw = _Drawing(plan, width, apart)
    draw.head()
    for row in plan.rows:
        ink = PAST if row.past else INK
        label = row.label + (" " + w._("(passed)") if row.past else "")
        draw.out.append(f'<g class="row{" past" if row.past else ""}"><title>{escape(label)}</title>')
        draw.words(label, ink, cls="tl-label")
        draw.strip(row)
        draw.out.append("</g>")
    draw.legend()
    height = round(draw.y + 10, 1)
    title = w._("{place}: timeline of the election of {day}", place=result.jurisdiction.name, day=w.day(result.held))
    return draw, (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="timeline" viewBox="0 0 {width} {height}" '
        f'width="{round(width / EM, 3)}em" height="{round(height / EM, 3)}em" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(_description(result, rows, today, w))}</desc>'
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>'
        f'<g font-family="DejaVu Sans, system-ui, sans-serif" font-size="{FONT}">'  # not on the root: its em is the reader's
        + "".join(draw.out) + "</g></svg>"
    ), height
