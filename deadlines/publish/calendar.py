"""The printable official calendar of one cycle: an HTML page (the template
``templates/calendar.html``) and the same page as PDF through WeasyPrint.
Pure: result in, text or bytes out (fonts come from the system: DejaVu Sans,
Debian's fonts-dejavu-core). Said in the language of ``w`` (quoted law and
citations stay as the law is written)."""
from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from deadlines.core.computed import Result
from deadlines.publish import svg
from deadlines.publish.for_candidates import cautions, for_candidates
from deadlines.publish.record_words import recorded
from deadlines.publish.speaking import speaking
from deadlines.publish.words import live, rule_files
from deadlines.words import Words

TEMPLATES = Path(__file__).parent / "templates"
#: The width of the page's text in points (calendar.css: letter, 0.6 in side margins; the body's 8 px
#: margins of the user agent's style sheet): the timeline's.
TEXT_WIDTH = (8.5 - 2 * 0.6) * 72 - 2 * 6
_env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]))


def notes(result: Result) -> dict[str, int]:
    """Footnote numbers, one per row (by :attr:`Deadline.key`: each case's
    deadline its own), for the live deadlines with readings or an override."""
    marked = [d.key for d in live(result.deadlines) if len(d.readings) > 1 or d.override is not None]
    return {key: i for i, key in enumerate(marked, start=1)}


def gettext(w: Words):
    """``_()`` for a template, as Flask-Babel gives it: the message in ``w``'s
    language with ``%(name)s`` fields filled (escaped)."""
    return lambda message, **args: Markup(w._(message)) % args


def html(result: Result, *, today: date, generated: datetime, w: Words) -> str:
    """The calendar as a standalone HTML page (its style sheet ``calendar.css``
    is beside the template, for :func:`pdf_of` to find)."""
    jur = result.jurisdiction
    said = speaking(w)
    return _env.get_template("calendar.html").render(
        result=result, jur=jur, words=said, when=said.when, _=gettext(w), lang=w.lang, notes=notes(result),
        live=[for_candidates(d) for d in live(result.deadlines)], gone=[d for d in result.deadlines if d.status == "cancelled"],
        svg=svg.printed(result, today, box=TEXT_WIDTH, width=svg.WIDE, ident="calendar-timeline", w=w),
        recorded=recorded(result, w), files=rule_files(result), generated=generated,
        cautions=[w.note(n, jur.name) for n in cautions(result.warnings)],
    )


def pdf(result: Result, *, today: date, generated: datetime, w: Words) -> bytes:
    """The calendar as PDF, laid out here (``deadlines calendar --pdf``; the
    web lays it out in a printing process: ``web/printing.py``)."""
    return pdf_of(html(result, today=today, generated=generated, w=w))


def pdf_of(page: str) -> bytes:
    """A page :func:`html` made, laid out as PDF by WeasyPrint (its style
    sheet found beside the template). Text in, bytes out: what a separate
    printing process is handed (``web/printing.py``)."""
    from weasyprint import HTML  # heavy import, paid only by those who print

    return HTML(string=page, base_url=str(TEMPLATES) + "/").write_pdf()
