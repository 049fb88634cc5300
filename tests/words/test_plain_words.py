"""The public pages in plain words: no jargon meant for whoever maintains the
rule files or the code (status words, "roll", offsets, tz database names,
identifiers) on the results pages of every jurisdiction with its own file and
one rostered government of each state; zones by the names people use."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from datetime import time

from deadlines.core.notes import note
from deadlines.words import words

EN = words("en")

#: the first government of each state's roster (calendars/roster/*.csv)
ROSTERED = ["academy-school-district-no-20-co", "acme-township-grand-traverse-mi", "alpine-ut"]
OWN_FILES = ["ypsilanti-mi", "salt-lake-city-ut", "colorado-local", "model-city"]
JARGON = re.compile(
    r"\btentative\b|(?-i:\broll(?:s|ed|ing)?\b)|"  # a name ("Rolling Hills Ranch") is no jargon
    r"\bUTC\s?[+\-−]\s?\d|\b(?:America|US|Pacific|Etc)/[A-Za-z_]+"
    r"|\b[a-z]+_[a-z_]+\b|\bencode\b|\btrigger event\b|\bthe rule.s own computation of time\b|\bsafe_due\b|\bTOML\b", re.I)


class _Text(HTMLParser):
    """The page's words as a reader meets them, but not the quoted law (the
    statute's own words) nor the embed's code."""

    SKIP = {"script", "style", "blockquote", "pre", "code"}

    def __init__(self):
        super().__init__()
        self.parts, self.depth = [], 0

    def handle_starttag(self, tag, attrs):
        self.depth += tag in self.SKIP

    def handle_endtag(self, tag):
        self.depth -= tag in self.SKIP

    def handle_data(self, data):
        if not self.depth:
            self.parts.append(data)


def _words(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


@pytest.mark.parametrize("jid", OWN_FILES + ROSTERED)
def test_results_pages_have_no_jargon(client, jid):
    # print=1 opens every row: the steps, readings and warnings are all on the page
    html = client.get(f"/?jurisdiction={jid}&print=1").get_data(as_text=True)
    text = _words(html)
    found = [text[max(0, m.start() - 60):m.end() + 40] for m in JARGON.finditer(text)]
    assert found == [], f"{jid}: {found}"
    assert re.search(r"Times are (Eastern|Central|Mountain) Time\.", text)


@pytest.mark.parametrize("url", ["/embed/colorado-local", "/embed/ypsilanti-mi", "/deadlines?state=CO", "/subscribe"])
def test_the_other_public_pages_have_no_jargon(client, url):
    text = _words(client.get(url).get_data(as_text=True))
    assert [m.group(0) for m in JARGON.finditer(text)] == []


def test_zones_by_the_names_people_use():
    assert EN.zone("America/Denver") == "Mountain Time"
    assert EN.zone("America/Detroit") == "Eastern Time"
    assert EN.zone("America/Chicago") == "Central Time"
    assert EN.zone("America/Menominee") == "Central Time"  # Michigan's counties on Wisconsin's side
    assert EN.zone("America/Phoenix") == "Mountain Time"
    assert EN.zone("Pacific/Honolulu") == "Honolulu time"  # HST: no US mainland name


def test_plainly_says_a_rolled_date_and_a_zone_in_words():
    # a rule file's note (colorado-local-government-election-code.toml), from the English plain catalog
    plainly = EN.plainly()
    assert plainly.calendar("Circulating and signing need no office to be open, so the last day of circulation is "
                            "not rolled; the filing deadline is rolled separately.") == (
        "Circulating and signing need no office to be open, so the last day of circulation is not moved to a "
        "business day; the filing deadline is moved to a business day separately.")
    assert "after any move to a business day or change by order" in plainly.calendar(
        "Counted from the last day for filing after any roll or override (the third day after it); Tuesday + 3 is a "
        "Friday, so only a Friday legal holiday moves it.")
    # the engine's end of day: its zone said by the name people use; the engine's own words (the JSON) keep the id
    ends = note("ends.at", clock=time(17), zone="America/Denver")
    assert plainly.note(ends) == "5:00 p.m. local time (Mountain Time)"
    # Spanish names the zone as an hour ("hora de la Montaña"), so "hora local (hora de la Montaña)" said "hora"
    # twice: the zone alone is the local hour
    assert words("es").plainly().note(ends) == "5:00 p.m. (hora de la Montaña)"
    assert EN.note(ends) == "5:00 p.m. local time (America/Denver)"
    assert plainly.note(note("reading.own_why")) == "Counted as the rule itself counts."
