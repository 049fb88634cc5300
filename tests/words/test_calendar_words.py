"""The calendar files' own words in Spanish (``calendars`` catalog).

The template holds every title, note, caution, caveat, reading, holiday name
and threshold the calendar files write, and nothing of the quoted law or the
citations; every message has a Spanish translation that keeps the message's
numbers, citations and placeholders; ``Words.calendar`` gives it."""
from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from deadlines.words import words

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "extract_calendar_words.py"
LOCALE = ROOT / "deadlines" / "words" / "locale"
sys.path.insert(0, str(SCRIPT.parent))
import extract_calendar_words as extract  # noqa: E402

#: Messages whose Spanish is the English, each with its reason.
SAME_IN_SPANISH = {
    "Salt Lake City, Utah": "a place's name, written the same in Spanish",
    "Cañon City, Colorado": "a place's name, written the same in Spanish",
    "Central City, Colorado": "a place's name, written the same in Spanish",
    "Commerce City, Colorado": "a place's name, written the same in Spanish",
    "Juneteenth": "the holiday's proper name, used as is by US Spanish-language offices",
}

#: What must come through a translation unchanged: section signs, citation
#: abbreviations and section numbers (68-3-7, 20A-9-207(3)(b), 168.644f(3), 1.5).
CITE_WORDS = re.compile(r"§|\b(?:MCLA?|C\.R\.S\.|PA|H\.B\.|HB|SB|Utah Code|Colo\. Const\.)(?=[\s,)])")
NUMBERED = re.compile(r"\d+[A-Za-z]?(?:[-.]\d+[A-Za-z]*)*(?:\([0-9A-Za-z.]+\))*")
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\(\w+\))?[sd]")


def _citations(text: str) -> set[str]:
    numbered = {t for t in NUMBERED.findall(text) if "(" in t or t.count("-") >= 2 or re.search(r"\d\.\d", t)}
    return numbered | set(CITE_WORDS.findall(text))


def _catalog(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


@pytest.fixture(scope="module")
def spanish() -> dict[str, str]:
    return {m.id: m.string for m in _catalog(LOCALE / "es" / "LC_MESSAGES" / "calendars.po") if m.id}


@pytest.fixture(scope="module")
def template() -> set[str]:
    return {m.id for m in _catalog(LOCALE / "calendars.pot") if m.id}


def test_the_extract_is_current():
    run = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_the_check_fails_on_a_title_missing_from_the_catalogs():
    pot = extract.template()
    pot.add("Last day to file a brand-new kind of petition", locations=[("calendars/x.toml:deadlines.new.title", None)])
    problems = extract.check(pot)
    assert any("calendars.pot: missing calendar words 'Last day to file a brand-new" in p for p in problems)
    assert any("calendars.po: missing calendar words 'Last day to file a brand-new" in p for p in problems)


def test_every_kind_of_words_is_collected(template):
    slc = tomllib.loads((ROOT / "calendars" / "salt-lake-city-ut.toml").read_text())
    rule = slc["deadlines"]["declaration-filing"]
    wanted = [rule["title"], rule["readings"][0]["name"], rule["readings"][0]["why"],
              rule["thresholds"][0]["office"], rule["thresholds"][0]["who"],
              slc["triggers"]["objection-filed"]["title"], slc["name"]]
    municipal = tomllib.loads((ROOT / "calendars" / "shared" / "utah-municipal-election.toml").read_text())
    wanted += [municipal["elections"]["general"]["title"], municipal["choices"]["ranked-choice"]["title"],
               municipal["choices"]["ranked-choice"]["after"]]
    utah = tomllib.loads((ROOT / "calendars" / "shared" / "utah-election-code.toml").read_text())
    wanted += [h["name"] for h in utah["holidays"]["legal"].values() if isinstance(h, dict)]
    wanted += [k["title"] for k in tomllib.loads((ROOT / "calendars" / "roster" / "kinds-ut.toml").read_text()).values()]
    assert [w for w in wanted if w not in template] == []


def test_quoted_law_and_citations_are_not_in_the_template(template):
    said = []
    for path in extract.files():
        for key, value in _leaves(tomllib.loads(path.read_text())):
            if key in ("text", "period_text", "cite", "url", "source", "authority"):
                said.append(value.strip())
    assert said and [s for s in said if s in template] == []


def _leaves(value, key=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _leaves(v, key)
    elif isinstance(value, str):
        yield key, value


def test_every_message_is_in_spanish(spanish, template):
    assert set(spanish) == template
    assert [m for m, s in spanish.items() if not s.strip()] == []
    same = {m for m, s in spanish.items() if s == m}
    assert same == set(SAME_IN_SPANISH)


@pytest.mark.parametrize("tokens", [_citations, lambda t: set(re.findall(r"\d+", t)),
                                    lambda t: set(PLACEHOLDER.findall(t))], ids=["citations", "digits", "placeholders"])
def test_translations_keep_numbers_citations_and_placeholders(spanish, tokens):
    lost = {m: sorted(tokens(m) - tokens(s)) for m, s in spanish.items() if tokens(m) - tokens(s)}
    assert lost == {}


def test_citation_tokens_are_found():
    found = _citations("Utah Code 20A-9-207(3)(b) and MCL 168.644f(3), (1.5)(a), § 100.03; June 1-7, 2019-2023")
    assert found == {"Utah Code", "20A-9-207(3)(b)", "MCL", "168.644f(3)", "1.5", "§", "100.03"}


def test_words_give_the_spanish_of_a_rule_title():
    slc = tomllib.loads((ROOT / "calendars" / "salt-lake-city-ut.toml").read_text())
    title = slc["deadlines"]["declaration-filing"]["title"]
    assert words("es").calendar(title) == "Declaración de candidatura, alcalde(sa) y miembro del concejo"
    assert words("es").calendar("Memorial Day") == "Día de los Caídos (Memorial Day)"
    municipal = tomllib.loads((ROOT / "calendars" / "shared" / "utah-municipal-election.toml").read_text())
    assert words("es").calendar(municipal["elections"]["general"]["title"]) == "Elección general municipal"


def test_english_is_the_calendar_files_own(template):
    english = words("en")
    assert [m for m in template if english.calendar(m) != m] == []
