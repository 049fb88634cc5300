"""How a reading of the law is said is whole sentences, in English, plain
English and Spanish (issue 27: a feed said "... 68-3-7, as the districts
publish the period). el cómputo de plazos de la propia regla La ley dice
5:00 p.m. ...": a lowercase fragment after a full stop, run into the next
sentence). Every reading's "why" is a sentence, so each surface that puts it
after the reading's name (the feed's "A later reading", the row's list, the
JSON) and the engine's joining of two reasons read as prose.

Worked example (as tests/publish/test_feed_descriptions.py): the
Taylorsville-Bennion Improvement District's declaration period, 2025, ends
June 7, a Saturday; 68-3-7's next business day is Monday June 9, at the
office's 4:00 p.m. Monday close (its published hours, before the law's 5:00
p.m.), a later reading than the safe date, Friday June 6. The district's
notice gives June 9 too: that reading quotes it (one reason more, said as a
sentence of its own), and no second reading repeats the day."""
from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from deadlines.core.notes import note
from deadlines.core.registry import Registry
from deadlines.publish import ical
from deadlines.publish.words import reading_words
from deadlines.service import lookup
from deadlines.words import words
from deadlines.words.notes import TEMPLATES

CALENDARS = Path(__file__).resolve().parents[2] / "calendars"
SAYERS = {"en": words("en"), "en-plain": words("en").plainly(), "es": words("es"), "es-plain": words("es").plainly()}
#: a full stop followed by a word in lower case, or two full stops: a sentence broken or run on (an
#: abbreviation, "p.m. on", and a quote's ellipsis, "candidacy ... will", are neither)
BROKEN = re.compile(r"(?<![.\s][a-z])(?<!\.\.)\.\s+[a-záéíóúñ]|(?<!\.)\.\.(?!\.)")
#: a sentence run into the next without its full stop ("time The law says")
RUN_ON = re.compile(r"[a-záéíóúñ)] (?:The|La|El|Los|Las) (?:law|ley|office|oficina)\b")


def _declaration():
    result = lookup(Registry(CALENDARS).get("taylorsville-bennion-improvement-district-ut"),
                    today=date(2026, 12, 6), election=date(2025, 11, 4))
    return result, next(d for d in result.deadlines if d.id == "declaration-filing")


@pytest.mark.parametrize("code", sorted(c for c in TEMPLATES if c.startswith("reading.") and c.endswith("_why")))
@pytest.mark.parametrize("lang", sorted(SAYERS))
def test_every_reason_of_a_reading_is_a_sentence(code, lang):
    said = SAYERS[lang].note(note(code, day=date(2025, 6, 7), closure="Juneteenth", quote="June 9",
                                  as_of=date(2026, 12, 6)))
    assert said[0].isupper(), said
    assert said.rstrip('"').endswith("."), said


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_feeds_later_reading_is_said_in_sentences(lang):
    result, d = _declaration()
    text = ical.describe(d, result, SAYERS[lang])
    later = [line for line in text.splitlines() if line.startswith(("A later reading", "Una lectura posterior"))]
    assert len(later) == 1, text
    for line in later:
        assert not BROKEN.search(line) and not RUN_ON.search(line), line
    if lang == "es":
        assert ("68-3-7, as the districts publish the period). Contado según el cómputo de plazos de la propia "
                "regla. La ley dice 5:00 p.m.") in later[0], later[0]
    else:
        assert ("68-3-7, as the districts publish the period). Counted by the rule's own computation of time. "
                "The law says 5:00 p.m.") in later[0], later[0]
    assert later[0].endswith('".'), later[0]  # the notice's own words close it


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_rows_readings_are_said_in_sentences(lang):
    result, d = _declaration()
    said = [reading_words(r, result.place, SAYERS[lang]) for r in d.readings]
    assert len(said) == 2
    for line in said:
        assert not BROKEN.search(line) and not RUN_ON.search(line), line
        assert line.rstrip('"').endswith("."), line
    own = said[0]
    assert ("so it is done by the hour the office closes. " if lang == "en" else
            "por lo que el trámite se hace antes de que cierre. ") in own, own
    assert own.endswith('".'), own  # the district's notice, which gives the same day
    assert ("). Counted as the rule itself counts. The law says" if lang == "en" else
            "). Contado según el cómputo de plazos de la propia regla. La ley dice") in own, own
