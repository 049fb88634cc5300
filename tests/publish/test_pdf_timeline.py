"""The printed calendar's timeline (issue 28: whole-roster PDFs were slow,
a quarter of a calendar's time WeasyPrint setting the SVG's words one letter
at a time): the PDF sets the timeline's words as lines of HTML over the
drawing, where the SVG puts them, so it says what the ``.svg`` link says, at
the same places, and carries no SVG text. Read back with poppler's
``pdftotext -bbox``."""
from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from datetime import date, datetime, timezone
from html import unescape

from deadlines.core.registry import Registry
from deadlines.publish import calendar, svg
from deadlines.service import lookup
from deadlines.words import words

SVG = "{http://www.w3.org/2000/svg}"
TODAY = date(2025, 3, 1)
#: Where the page's text begins, in points: calendar.css's 0.6 in margin and the body's 8 px.
LEFT = 0.6 * 72 + 6


def _result():
    return lookup(Registry().get("salt-lake-city-ut"), today=TODAY, election=date(2025, 11, 4))


def _words(pdf: bytes) -> list[tuple[float, float, str]]:
    out = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", "-", "-"], input=pdf, capture_output=True,
                         check=True).stdout.decode()
    return [(float(a), float(b), unescape(t)) for a, b, t in
            re.findall(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', out)]


def test_the_printed_timeline_says_what_the_svg_says_where_it_says_it():
    result, w = _result(), words("en")
    drawing = ET.fromstring(svg.timeline(result, TODAY, width=svg.WIDE, w=w))
    texts = [(float(t.get("x")), t.get("text-anchor") == "end", t.text) for t in drawing.iter(SVG + "text")]
    months = [(x, end, label) for x, end, label in texts if x != svg.PAD]
    assert [label for _, _, label in months] == ["Jan 2025", "Apr", "Jul", "Oct"]  # the cycle's months, Oct at its end

    page = calendar.html(result, today=TODAY, generated=datetime(2025, 3, 1, tzinfo=timezone.utc), w=w)
    assert "<text" not in page  # no SVG text for WeasyPrint to set letter by letter
    pdf = calendar.pdf_of(page)
    placed = _words(pdf)
    scale = calendar.TEXT_WIDTH / svg.WIDE
    for x, end, label in months:
        first, last = label.split()[0], label.split()[-1]
        if end:  # its words end at its tick
            [right] = [b for _, b, t in placed if t == last and abs(b - (LEFT + x * scale)) < 2]
            assert abs(right - (LEFT + x * scale)) < 0.5
        else:  # its words begin at its tick
            [left] = [a for a, _, t in placed if t == first and abs(a - (LEFT + x * scale)) < 2]
            assert abs(left - (LEFT + x * scale)) < 0.5

    printed = " ".join(t for _, _, t in placed)
    for _, _, line in texts:  # every line of the drawing's words, in order, as the SVG wraps them
        assert " ".join(line.split()) in printed
