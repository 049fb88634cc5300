"""Choosing a language and saying dates in it (deadlines.words)."""
from __future__ import annotations

from datetime import date, time

from deadlines.words import choose, words


def test_lang_parameter_wins_then_accept_language_by_quality_then_english():
    assert choose("es", "en") == "es"
    assert choose("ES-us") == "es"
    assert choose(None, "fr;q=1, es;q=0.5, en;q=0.9") == "en"
    assert choose(None, "fr, es-MX;q=0.8") == "es"
    assert choose("xx", "de") == "en"
    assert choose(None, "es;q=0") == "en"  # q=0: "not acceptable"


def test_dates_in_english_are_the_engine_words_and_in_spanish_us_spanish():
    en, es = words("en"), words("es")
    assert en.day(date(2027, 6, 7)) == "Monday, June 7, 2027"
    assert es.day(date(2027, 6, 7)) == "lunes, 7 de junio de 2027"
    assert en.clock(time(16, 0)) == es.clock(time(16, 0)) == "4:00 p.m."
    assert es.clock(time(8, 30)) == "8:30 a.m."
    assert es.short_day(date(2027, 4, 25)) == "25 abr"
    assert es.month_year(date(2027, 6, 1)) == "junio de 2027"
    assert words("fr").lang == "en"
