"""The engine's notes in Spanish (``deadlines/words/locale/es/LC_MESSAGES/engine.po``):
Salt Lake City's 2027 cycle, with its objection recorded, leaves no words of
the English templates in any step, warning, end of day, reading, anchor or
case; the calendar file's own words (titles, notes, reading names) are the
calendar catalog's, and are set aside here."""
from __future__ import annotations

import json
import re
from datetime import date, datetime

from click.testing import CliRunner

from deadlines.cli import main
from deadlines.core.engine import compute
from deadlines.core.registry import Registry
from deadlines.words import Words, words
from deadlines.words.notes import TEMPLATES

TODAY = date(2026, 12, 1)


class CalendarWordsSetAside(Words):
    """Spanish, with every calendar file's words (and citations) as one mark."""

    def calendar(self, text):
        return "¤" if text else text


def english_fixed_words() -> set[str]:
    """The runs of words between the fields of every English template (two
    words or more: "the last day is extended to", "local time")."""
    runs = set()
    for template in TEMPLATES.values():
        for one in (template if isinstance(template, tuple) else (template,)):
            for run in re.split(r"\{[^}]*\}", one):
                run = run.strip(" .,;:()")
                if len(run.split()) >= 2:
                    runs.add(run)
    return runs


def said(w: Words, result) -> list[str]:
    place = result.jurisdiction.name
    out = [*w.result_warnings(result), *(w.how(a) for a in result.anchors.values())]
    out += [w.case_label(c) for c in result.cases]
    for d in result.deadlines:
        out += [*w.steps(d, ""), *w.warnings(d, ""), w.ends(d, ""), w.title(d)]
        out += [s for r in d.readings for s in (w.reading_name(r, place), w.reading_why(r, place))]
    return out


def test_salt_lake_city_2027_in_spanish_keeps_no_english_template_words():
    jur = Registry().get("salt-lake-city-ut")
    runs = [
        compute(jur, election=date(2027, 11, 2), today=TODAY),
        compute(jur, election=date(2027, 11, 2), today=TODAY,
                events={"objection-filed": datetime(2027, 6, 11, 14, 30), "objection-sustained": datetime(2027, 6, 15, 10)}),
    ]
    spanish = CalendarWordsSetAside("es")
    english = english_fixed_words()
    sentences = [s for r in runs for s in said(spanish, r)]
    assert len(sentences) > 60
    left = sorted({run for s in sentences for run in english if run in s})
    assert left == [], left
    assert any("el siguiente día hábil" in s for s in sentences)
    assert any("sábado" in s and "se extiende" in s for s in sentences)


def test_compute_lang_es_json_says_spanish_with_the_same_notes():
    runner = CliRunner()
    args = ["compute", "salt-lake-city-ut", "--election", "2027-11-02", "--today", "2026-12-01", "--json"]
    en = json.loads(runner.invoke(main, args).output)
    es = json.loads(runner.invoke(main, [*args, "--lang", "es"]).output)
    withdrawal = {d["id"]: d for d in es["deadlines"]}["withdrawal"]
    # the zone in brackets is the local hour (on the public pages it is said "hora de la Montaña", so the catalog
    # does not add "hora local" before it)
    assert withdrawal["ends"] == "cierre del horario de oficina, 5:00 p.m. (America/Denver)"
    assert withdrawal["steps"][0] == ("El 23.º día anterior a la elección general municipal (martes, 2 de noviembre "
                                      "de 2027) es el domingo, 10 de octubre de 2027.")
    assert es["anchors"]["general"]["how"] == "indicada"
    assert [d["notes"] for d in es["deadlines"]] == [d["notes"] for d in en["deadlines"]]
    assert {d["id"]: d for d in en["deadlines"]}["withdrawal"]["notes"][0] == {
        "code": "count.days_before", "of": "steps",
        "args": {"n": 23, "anchor": {"code": "anchor", "args": {"title": "Municipal general election", "value": "2027-11-02"}},
                 "day": "2027-10-10"},
    }


def test_spanish_dates_and_hours():
    w = words("es")
    assert w.day(date(2026, 4, 21)) == "martes, 21 de abril de 2026"
    assert w.plain_day(date(2025, 6, 7)) == "7 de junio de 2025"
    assert (w.ordinal(67), w.weekday(5), w.month(11)) == ("67.º", "sábado", "noviembre")


def test_a_clerk_change_is_a_note_said_in_either_language():
    from zoneinfo import ZoneInfo

    from deadlines import change_notes as history
    from deadlines.store.tables import HistoryEntry

    jur = Registry().get("salt-lake-city-ut")
    entry = HistoryEntry(at=datetime(2027, 5, 3, 20, 2, tzinfo=ZoneInfo("UTC")), by="City Recorder", action="override.put",
                         target="override:2027-11-02/withdrawal", before=None,
                         after=json.dumps({"due": "2027-10-15", "status": "overridden"}),
                         authority="Order of the district court.", reason="")
    fact = history.change(entry, jur)
    assert (fact.code, fact.arg("what").code) == ("change.why", "change.override")
    assert history.words(entry, jur, None, words("en")) == ("Monday, May 3, 2027, 2:02 p.m. MDT, City Recorder: replaced the date of "
                                         "“Last day to withdraw a nomination” with Friday, October 15, 2027. "
                                         "Authority: Order of the district court.")
    assert history.words(entry, jur, None, words("es")) == (
        "lunes, 3 de mayo de 2027, 2:02 p.m. MDT, City Recorder: reemplazó la fecha de "
        "«Último día para retirar una candidatura» por viernes, 15 de octubre de 2027. Autoridad: Order of the district court.")


def test_input_errors_carry_codes_and_facts_and_are_said_in_spanish():
    import pytest

    from deadlines.core import inputs
    from deadlines.core.errors import InputError

    jur = Registry().get("salt-lake-city-ut")
    with pytest.raises(InputError) as exc:
        inputs.event(jur, "objection-filed", "2027-06-10")
    e = exc.value
    assert (e.code, e.field, dict(e.facts)["day"]) == ("event.needs_time", "objection-filed", "2027-06-10")
    assert words("en").error(e) == str(e)
    assert words("es").error(e) == ("objection-filed: el evento 'objection-filed' es un instante: indique fecha y "
                                    "hora, p. ej. 2027-06-10T14:30")
    with pytest.raises(InputError) as exc:
        inputs.day("2027-02-30", "election")
    assert exc.value.code == "date.not_a_date"
    assert words("es").error(exc.value) == "election: se esperaba una fecha AAAA-MM-DD; se recibió '2027-02-30'"


def test_the_spanish_catalog_holds_every_note_and_error_template():
    from babel.messages.pofile import read_po

    from deadlines.core.errors import ERRORS
    from deadlines.words import LOCALE

    with (LOCALE / "es" / "LC_MESSAGES" / "engine.po").open("rb") as f:
        catalog = read_po(f)
    held = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id and m.string}
    wanted = {t if isinstance(t, str) else t[0] for t in (*TEMPLATES.values(), *ERRORS.values())}
    assert wanted - held == set()


def test_a_count_of_zero_days_says_the_anchors_own_day():
    """``days_before = 0`` (the day of the primary itself, MCL 168.646a(1)): said as the day, not "the 0th day"."""
    from deadlines.core.model import Expr
    from deadlines.core.notes import Note
    from deadlines.core.operations import OPERATIONS

    primary = Note("anchor", (("title", "Primary election"), ("value", date(2026, 8, 4))))
    step = OPERATIONS["days_before"].explain(Expr("days_before", "primary", 0), primary, date(2026, 8, 4))
    assert step.code == "count.same_day"
    assert words("en").note(step) == "The day of the primary election (Tuesday, August 4, 2026) itself is Tuesday, August 4, 2026."
    assert words("es").note(step).startswith("El día mismo de")
