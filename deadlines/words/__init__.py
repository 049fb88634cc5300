"""Words: what the service says to people, in one language.

The engine says facts (notes with a code and arguments); everything that
turns facts, page labels, dates and the calendar files' own words into a
sentence goes through a :class:`Words` of one language. English is the source
language (an English message is its own ``msgid``); other languages are
gettext catalogs in ``deadlines/words/locale`` (see its README): ``engine``
(the notes' words), ``calendars`` (words written in the calendar files) and
``messages`` (pages, feeds, emails, CSV headings).

The public pages speak *plainly* (:meth:`Words.plainly`): zones by the names
people use ("Mountain Time", not ``America/Denver``) and, in English, the
engine's and the calendar files' maintainers' words ("roll", "the rule's own
computation of time") as a person says them, from the English ``plain``
catalog (``locale/en``); other languages' catalogs say them plainly already.
The JSON API and the calendar files keep the engine's own sentences.

Pure: no Flask; catalogs are read once per process.
"""
from __future__ import annotations

import gettext
from dataclasses import dataclass
from datetime import date, datetime, time
from functools import lru_cache
from pathlib import Path
from zoneinfo import ZoneInfo, available_timezones

from babel.dates import format_date, format_time, get_day_names, get_month_names

from deadlines.core.counting import WEEKDAYS
from deadlines.core.errors import ERRORS, InputError
from deadlines.core.moments import say as _en_moment
from deadlines.core.moments import say_clock as _en_clock
from deadlines.core.moments import say_day as _en_day
from deadlines.core.notes import Note
from deadlines.words import notes as _notes

LOCALE = Path(__file__).parent / "locale"
LANGUAGES = ("en", "es")
DEFAULT = "en"
DOMAINS = ("engine", "calendars", "messages")
#: The Babel locale each language's dates are written in (US Spanish: "4:00 p.m.").
BABEL_LOCALE = {"en": "en_US", "es": "es_US"}
#: The language's own name, for a switch between languages.
NAMES = {"en": "English", "es": "Español"}


def _(message: str) -> str:
    """Marks a message for the ``messages`` catalog; said in a language by ``Words._``."""
    return message


#: a zone by the first letter of its winter abbreviation ("MST")
ZONE_WORDS = {"E": _("Eastern Time"), "C": _("Central Time"), "M": _("Mountain Time"), "P": _("Pacific Time")}


@dataclass(frozen=True)
class Words:
    """The words of one language (``lang`` in :data:`LANGUAGES`); ``plain``:
    as the public pages say them (see the module)."""

    lang: str
    plain: bool = False

    def _t(self, domain: str) -> gettext.NullTranslations:
        if self.plain and self.lang == DEFAULT and domain in ("engine", "calendars"):
            return _catalog(self.lang, "plain")
        return _catalog(self.lang, domain)

    def plainly(self) -> "Words":
        """These words as the public pages say them."""
        return words(self.lang, plain=True)

    def _(self, message: str, **args) -> str:
        """``message`` (a page's, feed's or email's words) in this language,
        with ``{name}`` fields filled from ``args``."""
        said = self._t("messages").gettext(message)
        return said.format(**args) if args else said

    def n_(self, singular: str, plural: str, n: int, **args) -> str:
        """The singular or plural form for ``n`` (``{n}`` is filled too)."""
        said = self._t("messages").ngettext(singular, plural, n)
        return said.format(n=n, **args)

    def engine(self, message: str) -> str:
        """One message of the engine's notes (``engine`` catalog), unfilled."""
        return self._t("engine").gettext(message)

    def engine_n(self, singular: str, plural: str, n: int) -> str:
        """The singular or plural form of an engine message for ``n``, unfilled."""
        return self._t("engine").ngettext(singular, plural, n)

    def calendar(self, text: str | None) -> str | None:
        """Words a calendar file wrote (a title, a note, a caution) in this
        language; unchanged where the catalog has none (and in English, but
        for the public pages' plain words). Quoted law and citations are never
        passed here."""
        if not text or (self.lang == DEFAULT and not self.plain):
            return text
        return self._t("calendars").gettext(text)

    def zone(self, timezone: str) -> str:
        """A time zone as people name it: "Mountain Time" for America/Denver,
        "Eastern Time" for America/Detroit (from its winter abbreviation), else
        the tz database's name with spaces ("Honolulu time")."""
        winter = ZoneInfo(timezone).tzname(datetime(2025, 1, 15))
        named = ZONE_WORDS.get(winter[:1] if winter else "")
        if named and winter.endswith("ST") and len(winter) == 3:
            return self._(named)
        return self._("{place} time", place=timezone.split("/")[-1].replace("_", " "))

    def zone_argument(self, value: str) -> str:
        """A note's ``zone`` argument: on the public pages a tz database name
        is said as :meth:`zone` says it; else as written."""
        return self.zone(value) if self.plain and value in _tz_names() else value

    # ---- the engine's facts in words (deadlines.words.notes holds the templates)

    def note(self, n: Note | str | None, place: str = "") -> str | None:
        """One note in words (``place``: the jurisdiction's name, for the notes
        that name it); text (a clerk's words) as it is; None as None."""
        if n is None or isinstance(n, str):
            return n
        return _notes.render(self, n, place)

    def error(self, e: InputError) -> str:
        """An input error in words: in English its message (the terse words
        tools match on); in another language its code's template translated,
        or the message where the error has no template."""
        if self.lang == DEFAULT or e.code not in ERRORS or not e.facts:
            return str(e)
        return _notes.render(self, Note(e.code, e.facts))

    def source(self, jur) -> str:
        """Where a jurisdiction's law and listing come from: a roster's words
        (``roster.source``) in this language, else its calendar file's."""
        return self.note(jur.source_note) if jur.source_note is not None else self.calendar(jur.source)

    def title(self, d) -> str:
        """A deadline's title (its rule's, with a case's label: ``case.title``)."""
        if d.label is None:
            return self.calendar(d.title)
        return self.note(Note("case.title", (("title", d.title), ("label", d.label))))

    def threshold(self, t) -> str:
        """The signatures a petition needs (a :class:`Threshold`): "Mayor: at
        least 2 % of registered voters (note)", the office, who signs and the
        note in the calendar file's words."""
        if t.percent is not None:
            said = Note("threshold.percent", (("office", t.office), ("percent", float(t.percent)), ("who", t.who)))
        elif t.max is not None:
            said = Note("threshold.range", (("office", t.office), ("min", t.min), ("max", t.max), ("who", t.who)))
        else:
            said = Note("threshold.at_least", (("office", t.office), ("min", t.min), ("who", t.who)))
        if t.note:
            said = Note("threshold.noted", (("threshold", said), ("note", t.note)))
        return self.note(said)

    def case_label(self, case) -> str:
        """What a case is called: the label a person gave, or ``case.label``."""
        return self.note(case.label)

    def steps(self, d, place: str) -> tuple[str, ...]:
        """How a deadline was counted, one sentence per step (``place``: its
        jurisdiction's name, :attr:`Result.place`, for the notes that name it)."""
        return tuple(self.note(s, place) for s in d.steps)

    def warnings(self, d, place: str) -> tuple[str, ...]:
        """A deadline's cautions (``place`` as for :meth:`steps`)."""
        return tuple(self.note(w, place) for w in d.warnings)

    def ends(self, d, place: str) -> str:
        """When a deadline's last day ends ("4:00 p.m. local time (America/Denver)")."""
        return self.note(d.ends, place)

    def changes(self, d, place: str) -> tuple[str, ...]:
        """What a clerk changed on a deadline, and when."""
        return tuple(self.note(c, place) for c in d.changes)

    def reading_name(self, r, place: str = "") -> str:
        """The name of one reading of the law (a :class:`ReadingResult`;
        ``place`` as for :meth:`steps`)."""
        return self.note(r.name, place)

    def reading_why(self, r, place: str = "") -> str:
        return self.note(r.why, place)

    def how(self, anchor) -> str:
        """How an anchor (an election, a recorded event) was found."""
        return self.note(anchor.how)

    def result_warnings(self, result) -> tuple[str, ...]:
        """A cycle's cautions."""
        place = result.jurisdiction.name
        return tuple(self.note(w, place) for w in result.warnings)

    def moved(self, result) -> str | None:
        """"The general election was moved from ... to ... by ...", or None."""
        return self.note(result.moved)

    # ---- dates

    def moment(self, moment) -> str:
        """A date as :meth:`day`; an instant as "4:00 p.m. on Tuesday, April 21, 2026"."""
        if self.lang == DEFAULT:
            return _en_moment(moment)
        if not isinstance(moment, datetime):
            return self.day(moment)
        return self.engine("{clock} on {day}").format(clock=self.clock(moment.timetz()), day=self.day(moment.date()))

    def plain_day(self, day: date) -> str:
        """"June 7, 2025" / "7 de junio de 2025" (no weekday)."""
        if self.lang == DEFAULT:
            return f"{day:%B} {day.day}, {day.year}"
        return format_date(day, "long", locale=BABEL_LOCALE[self.lang])

    def month(self, month: int) -> str:
        """Month ``month`` (January 1): "June" / "junio"."""
        if self.lang == DEFAULT:
            return date(2000, month, 1).strftime("%B")
        return get_month_names("wide", locale=BABEL_LOCALE[self.lang])[month]

    def weekday(self, n: int) -> str:
        """Weekday ``n`` (Monday 0): "Saturday" / "sábado"."""
        if self.lang == DEFAULT:
            return WEEKDAYS[n].capitalize()
        return get_day_names("wide", locale=BABEL_LOCALE[self.lang])[n]

    def ordinal(self, n: int) -> str:
        """"67th" / "67.º"."""
        if self.lang == DEFAULT:
            return _notes.english_ordinal(n)
        return self.engine("{n}th").format(n=n)

    def day(self, day: date) -> str:
        """"Tuesday, April 21, 2026" / "martes, 21 de abril de 2026"."""
        if self.lang == DEFAULT:
            return _en_day(day)
        return _babel_day(day, BABEL_LOCALE[self.lang])

    def clock(self, t: time) -> str:
        """"4:00 p.m.", "12:00 noon" / "4:00 p.m.", "12:00 del mediodía"."""
        if self.lang == DEFAULT:
            return _en_clock(t)
        if t.hour == 12 and t.minute == 0:
            return self.engine("12:00 noon")
        return format_time(t, "h:mm a", locale=BABEL_LOCALE[self.lang])

    def short_day(self, day: date) -> str:
        """"Apr 25" / "25 abr" (the timeline's labels)."""
        if self.lang == DEFAULT:
            return f"{day:%b} {day.day}"
        return format_date(day, "d MMM", locale=BABEL_LOCALE[self.lang]).rstrip(".")

    def short_month(self, day: date) -> str:
        """"Jan" / "ene" (the timeline's ticks)."""
        if self.lang == DEFAULT:
            return f"{day:%b}"
        return format_date(day, "LLL", locale=BABEL_LOCALE[self.lang]).rstrip(".")

    def month_year(self, day: date) -> str:
        """"June 2027" / "junio de 2027"."""
        if self.lang == DEFAULT:
            return f"{day:%B} {day.year}"
        return format_date(day, "MMMM 'de' y", locale=BABEL_LOCALE[self.lang])


@lru_cache(maxsize=None)
def _catalog(lang: str, domain: str) -> gettext.NullTranslations:
    if lang == DEFAULT and domain != "plain":
        return gettext.NullTranslations()
    return gettext.translation(domain, LOCALE, languages=[lang], fallback=True)


@lru_cache(maxsize=65536)
def _babel_day(day: date, locale: str) -> str:
    return format_date(day, "full", locale=locale)


@lru_cache(maxsize=None)
def _tz_names() -> frozenset[str]:
    return frozenset(available_timezones())


@lru_cache(maxsize=None)
def words(lang: str | None, plain: bool = False) -> Words:
    """The :class:`Words` of ``lang`` (an unknown language or None: English,
    :data:`DEFAULT`); ``plain``: as the public pages say them. Callers name
    the language they answer in."""
    return Words(lang if lang in LANGUAGES else DEFAULT, plain)


def choose(asked: str | None, accept_language: str | None = None) -> str:
    """The language to answer in: ``asked`` (a ``lang`` parameter) where it is
    one of :data:`LANGUAGES`, else the first of ``accept_language`` (an HTTP
    ``Accept-Language`` header, by quality) that is, else English."""
    if asked:
        asked = asked.strip().lower()[:2]
        if asked in LANGUAGES:
            return asked
    if accept_language:
        ranked = []
        for i, part in enumerate(accept_language.split(",")):
            tag, _, params = part.strip().partition(";")
            q = 1.0
            if params.strip().startswith("q="):
                try:
                    q = float(params.strip()[2:])
                except ValueError:
                    q = 0.0
            ranked.append((-q, i, tag.strip().lower()[:2]))
        for q, _, tag in sorted(ranked):
            if q < 0 and tag in LANGUAGES:
                return tag
    return DEFAULT
