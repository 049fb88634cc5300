"""The printable official calendar of one cycle: an HTML page (the template
``templates/calendar.html``) and the same page as PDF through WeasyPrint.
Pure: result in, text or bytes out (fonts come from the system: DejaVu Sans,
Debian's fonts-dejavu-core)."""
from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from deadlines.core.model import Result
from deadlines.publish import svg
from deadlines.publish import words as words_module
from deadlines.publish.words import audiences_phrase, cancelled, changed_by, day_and_clock, live, recorded, rule_files, when

TEMPLATES = Path(__file__).parent / "templates"
_env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]))


def notes(result: Result) -> dict[str, int]:
    """Footnote numbers, one per row (by uid: each case's deadline its own),
    for the live deadlines with readings or an override."""
    marked = [d.uid for d in live(result.deadlines) if len(d.readings) > 1 or d.override is not None]
    return {uid: i for i, uid in enumerate(marked, start=1)}


def html(result: Result, *, today: date, generated: datetime) -> str:
    """The calendar as a standalone HTML page (its style sheet ``calendar.css``
    is beside the template, for :func:`pdf` to find)."""
    jur = result.jurisdiction
    return _env.get_template("calendar.html").render(
        result=result, jur=jur, when=when, day_and_clock=day_and_clock, audiences=audiences_phrase, notes=notes(result),
        live=live(result.deadlines), gone=[d for d in result.deadlines if d.status == "cancelled"],
        changed_by=changed_by, cancelled=cancelled, words=words_module,
        svg=svg.timeline(result, today, width=svg.WIDE, ident="calendar-timeline"),
        recorded=recorded(result), files=rule_files(result), generated=generated,
    )


def pdf(result: Result, *, today: date, generated: datetime) -> bytes:
    """The calendar as PDF."""
    from weasyprint import HTML  # heavy import, paid only by those who print

    return HTML(string=html(result, today=today, generated=generated), base_url=str(TEMPLATES) + "/").write_pdf()
