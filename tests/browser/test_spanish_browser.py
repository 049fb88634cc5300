"""Salt Lake City's 2027 cycle in Spanish, in headless Chromium (Debian's):
every visible text of the page, its rows opened, outside quoted law and
citations (marked ``lang="en"``) is Spanish. A text is English when it holds
a word of the English page messages (the ``msgid``s of ``messages.po`` that
no Spanish translation uses) or a common English word.

Two tests: the page's own words (the English the engine and the calendar
files wrote is taken out first, so this holds on its own), and the whole
page, engine and calendar-file words included: that one lists every English
sentence left, and holds once the engine's notes (helper F) and the calendar
files' words (calendars.po, helper T) are said in Spanish."""
from __future__ import annotations

import re
from datetime import date

import pytest
from babel.messages.pofile import read_po

from deadlines.publish.place_words import describe_place
from deadlines.service import lookup
from deadlines.words import LOCALE, words
from tests.browser_helpers import ARTIFACTS

PAGE = "/?jurisdiction=salt-lake-city-ut&election=2027-11-02&lang=es"
ES = words("es")

#: common English words, beside the page messages' own
COMMON = {"the", "is", "are", "by", "and", "of", "to", "with", "for", "from", "on", "at", "or", "be", "has", "have",
          "this", "that", "which", "until", "after", "before", "must", "may", "shall", "not", "its", "their", "day",
          "days", "deadline", "deadlines", "law", "election", "elections", "filing", "filed", "file", "office",
          "hours", "business", "next", "last", "counted", "reading", "local", "time", "end", "month", "months",
          "year", "primary", "general", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
          "january", "february", "march", "april", "june", "july", "august", "september", "october", "november",
          "december", "objection", "petition", "withdraw", "candidacy", "residents", "council", "mayor"}
#: names that are the same in Spanish (products, states)
NAMES = {"google", "calendar", "apple", "outlook", "iphone", "webcal", "https", "michigan", "colorado", "utah"}
URL = re.compile(r"\S+://\S+")
WORD = r"[a-záéíóúñü']+"

GATHER = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement, t = n.textContent.trim();
    if (!t || !el || el.closest('script, style, pre, code') || el.closest('option') && !el.closest('option').selected)
      continue;
    if (el.closest('[lang]').getAttribute('lang') !== 'es') continue;  // quoted law, citations, "English"
    if (!el.checkVisibility()) continue;
    out.push(t);
  }
  return [document.title, ...out];
}"""


def _markers() -> set[str]:
    """English words of the pages' catalog, less every word the Spanish of any
    catalog uses ("local", "total" are Spanish too)."""
    catalogs = {}
    for domain in ("messages", "engine", "calendars"):
        with (LOCALE / "es" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            catalogs[domain] = read_po(f)
    said = lambda m: " ".join(m if isinstance(m, (list, tuple)) else [m])  # noqa: E731
    english = {w for m in catalogs["messages"] if m.id for w in re.findall(r"[a-z']{3,}", said(m.id).lower())}
    spanish = {w for catalog in catalogs.values() for m in catalog if m.id
               for w in re.findall(WORD, said(m.string).lower())}
    spanish |= {w for month in range(1, 13) for w in re.findall(WORD, ES.month_year(date(2027, month, 1)).lower()
                                                              + " " + ES.short_day(date(2027, month, 1)).lower())}
    markup = {"strong", "code", "href", "url", "class", "api", "num", "place", "day", "when", "title", "count"}
    return (english | COMMON) - spanish - NAMES - markup | {"the", "is", "by", "deadline", "deadlines"}


def _english(texts: list[str], names: list[str], taken_out: list[str] = ()) -> list[str]:
    """The texts that still hold an English word once ``names`` (proper names),
    URLs and ``taken_out`` are removed."""
    markers, found = _markers(), []
    for text in texts:
        rest = URL.sub(" ", text)
        for part in sorted({*names, *taken_out}, key=len, reverse=True):
            if part:
                rest = rest.replace(part, " ")
        if any(w in markers for w in re.findall(WORD, rest.lower())):
            found.append(text)
    return list(dict.fromkeys(found))


def _engine_and_file_words(app) -> list[str]:
    """What the engine and the calendar files say for this cycle, as this page
    shows it today (through the Words that F and T fill in)."""
    jur = app.extensions["registry"].get("salt-lake-city-ut")
    result = lookup(jur, today=date(2025, 3, 1), election=date(2027, 11, 2), records=app.extensions["records"])
    plainly = ES.plainly()  # the page's words (zones by their names)
    out = [ES.moved(result) or "", *plainly.result_warnings(result)]
    for d in result.deadlines:
        out += [ES.title(d), plainly.ends(d, ""), *plainly.steps(d, ""), *plainly.warnings(d, ""),
                *ES.changes(d, ""), *(ES.threshold(t) for t in d.thresholds)]
        for r in d.readings:
            out += [ES.reading_name(r), plainly.reading_why(r)]
    for a in result.anchors.values():
        out.append(ES.calendar(a.title))
    for t in jur.triggers.values():
        out += [ES.calendar(t.title), ES.calendar(t.title).lower()]
    out += [ES.calendar(jur.rules[rid][-1].title) for rid in result.pending]
    return [s for s in out if s]


def _names(app) -> list[str]:
    """Proper names: the governments' (whole and before the state), their places' words."""
    reg = app.extensions["registry"]
    places = reg.places().by_id
    return [n for jid in reg.file_ids() for n in (reg.get(jid).name, reg.get(jid).name.split(",")[0],
                                                  describe_place(places[jid], ES) if jid in places else "")]


#: a fragment of the law quoted inside a sentence ("to perform an act")
QUOTED = re.compile(r'"[^"]+"|“[^”]+”')


def _law_named(app) -> list[str]:
    """What names the law, kept in its own language: every citation the
    jurisdiction's rules, readings, office hours and holiday law give."""
    jur = app.extensions["registry"].get("salt-lake-city-ut")
    cites = [jur.time_law.cite, jur.holidays.cite]
    if jur.office_hours is not None:
        cites.append(jur.office_hours.cite)
    for versions in jur.rules.values():
        for rule in versions:
            cites += [rule.cite, *(r.cite for r in rule.readings), *(t.cite for t in rule.thresholds)]
    cites += [c.cite for c in jur.choices.values()] + [p.cite for c in jur.choices.values() for p in c.periods]
    return [c for c in cites if c]


@pytest.fixture
def texts(browser, live_server):
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    page = context.new_page()
    page.goto(live_server + PAGE)
    for summary in page.locator("details > summary").all():
        summary.click()  # every row's law, counting and readings shown, as a reader opens them
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lookup-es.png"), full_page=True)
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("blockquote[lang=en]").count() >= 5  # the quoted law, one per row, left in English
    gathered = page.evaluate(GATHER)
    context.close()
    return gathered


def test_the_page_words_are_spanish(app, texts):
    """Every heading, label, status and date the page itself says (the
    engine's and calendar files' English taken out: their catalogs are F's and T's)."""
    said = " ".join(texts)
    for expected in ("Fechas límite electorales", "Próxima fecha límite", "Cómo se cuenta la fecha", "La ley",
                     "Texto de la ley en su idioma original (inglés).", "actúe según la lectura más temprana",
                     "5:00 p.m., viernes, 8 de octubre de 2027 (MDT)", "Hoy es sábado, 1 de marzo de 2025",
                     "Calendario para imprimir (PDF)", "Suscríbase a las fechas límite de Salt Lake City, Utah"):
        assert expected in said
    left = _english(texts, _names(app), _engine_and_file_words(app))
    assert left == [], "English outside quoted law:\n" + "\n".join(left)


def test_every_sentence_outside_quoted_law_is_spanish(app, texts):
    """The whole page, the engine's steps and the calendar files' titles included."""
    quoted = [q for text in texts for q in QUOTED.findall(text)]
    left = _english(texts, _names(app), [*_law_named(app), *quoted])
    assert left == [], f"{len(left)} English sentence(s) outside quoted law:\n" + "\n".join(left)


def test_the_place_search_as_you_type_speaks_spanish_and_keeps_lang(browser, live_server):
    context = browser.new_context()
    page = context.new_page()
    page.goto(live_server + "/?lang=es")
    page.locator("#q").press_sequentially("Orem", delay=20)
    link = page.locator("#live-matches a").first
    link.wait_for()
    assert link.get_attribute("href") == "/?jurisdiction=orem-ut&lang=es"
    assert page.locator("#live-matches .hint").first.inner_text().strip() == "ciudad, condado de Utah, UT"
    link.click()
    page.wait_for_url("**/?jurisdiction=orem-ut&lang=es")
    assert page.locator("h1").inner_text() == "Fechas límite electorales"
    context.close()
