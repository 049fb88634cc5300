"""Research notes stay in "How these dates are computed" and the JSON, never
in a candidate's row, the printed calendar or the CSV (issue "Local truth",
item 3): for a sample of the roster, one government of every state and kind
(and Hanksville, Utah, whose Utah municipal rules carry unread-text remarks,
a bill history and an office open Tuesday to Thursday), no row of the results
page, no line of the PDF and no CSV cell says "not read", "bills found",
"tentative"/"provisional" or a tz database id. The CSV's ``time_zone`` and
``status`` columns are its machine columns (a tz id and a status code, as the
README documents them) and are not read here."""
from __future__ import annotations

import csv
import io
import re
import subprocess

import pytest

ROSTERS = ("mi", "co", "ut")
MARKERS = re.compile(r"not read|bills found|tentative|provisional|America/", re.IGNORECASE)
MACHINE_COLUMNS = {"time_zone", "status"}


def _sample() -> list[str]:
    """The first government of each state and kind in the rosters."""
    seen: dict[tuple[str, str], str] = {}
    for state in ROSTERS:
        with open(f"calendars/roster/{state}.csv", newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                seen.setdefault((state, row["kind"]), row["id"])
    return sorted(seen.values())


SAMPLE = _sample()


def _rows(page: str) -> list[str]:
    return re.findall(r'<li id="[^"]*" class="deadline.*?</li>\s*(?=<li id=|</ol>|</ul>|$)', page, re.S) or \
        re.findall(r'<li id="[^"]*" class="deadline.*?</details>', page, re.S)


def _pdf_text(pdf: bytes) -> str:
    return subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


def _election(client, jid: str) -> str:
    """The cycle the form shows first (its election by rule after the pinned day)."""
    page = client.get(f"/?jurisdiction={jid}").get_data(as_text=True)
    return re.search(rf'/calendars/{re.escape(jid)}/(\d{{4}}-\d{{2}}-\d{{2}})\.pdf', page).group(1)


def _check(client, jid: str, election: str, langs: tuple[str, ...], pdf: bool = True) -> None:
    for lang in langs:
        page = client.get(f"/?jurisdiction={jid}&election={election}&lang={lang}").get_data(as_text=True)
        rows = _rows(page)
        assert rows or jid != "hanksville-ut", (jid, lang)
        for row in rows:
            said = re.sub(r"<[^>]+>", " ", row)
            assert not MARKERS.search(said), (jid, lang, MARKERS.search(said).group(0), said[:400])
        if pdf:
            text = " ".join(_pdf_text(client.get(f"/calendars/{jid}/{election}.pdf?lang={lang}").data).split())
            found = MARKERS.search(text)
            assert not found, (jid, lang, text[max(0, found.start() - 200):found.end() + 100])
        body = client.get(f"/calendars/{jid}/{election}.csv?lang={lang}").get_data(as_text=True).lstrip("\ufeff")
        for record in csv.DictReader(io.StringIO(body)):
            for column, value in record.items():
                if column not in MACHINE_COLUMNS and column not in ("Zona horaria", "Estado"):
                    assert not MARKERS.search(value or ""), (jid, lang, column, value)


def test_the_sample_covers_every_state_and_kind():
    assert len(SAMPLE) >= 14 and any(j.endswith("-co") for j in SAMPLE) and any(j.endswith("-mi") for j in SAMPLE)


@pytest.mark.parametrize("jid", SAMPLE)
def test_no_research_remark_on_a_candidates_surfaces(reader, jid):
    _check(reader, jid, _election(reader, jid), ("en", "es") if jid.endswith("-ut") else ("en",))


def test_hanksville_keeps_its_remarks_where_they_belong(reader):
    """Hanksville 2027: off the rows, the PDF and the CSV in both languages;
    on its "How these dates are computed" page and in the JSON."""
    _check(reader, "hanksville-ut", "2027-11-02", ("en", "es"))
    about = reader.get("/jurisdictions/hanksville-ut?election=2027-11-02").get_data(as_text=True)
    assert "current words not read" in about and "bills found: 2024 H.B. 290" in about
    assert "Subsection (1)(b) (the exception) was not read" in about
    es = reader.get("/jurisdictions/hanksville-ut?election=2027-11-02&lang=es").get_data(as_text=True)
    assert "Notas de la investigación" in es and "proyectos encontrados" in es
    data = reader.get("/api/v1/jurisdictions/hanksville-ut/deadlines?election=2027-11-02").get_json()
    cites = {d["id"]: d["citation"] for d in data["deadlines"]}
    assert "(current words not read" in cites["declaration-filing"]
    assert any("bills found" in s for d in data["deadlines"] for s in d["steps"])


def test_the_printed_calendar_says_plainly_what_tentative_means(reader):
    text = " ".join(_pdf_text(reader.get("/calendars/hanksville-ut/2027-11-02.pdf").data).split())
    assert "the law reads more than one way: act by the earliest date" in text
    assert "Times are local to Mountain Time" in text and "local time (Mountain Time)" in text
    es = " ".join(_pdf_text(reader.get("/calendars/hanksville-ut/2027-11-02.pdf?lang=es").data).split())
    assert "la ley admite más de una lectura" in es and "hora de la Montaña" in es
    assert "describe it" not in es


def test_no_research_remark_on_the_rows_of_any_calendar_file(reader):
    """Every government with a rule file of its own (its charter, code or
    published practice encoded, where remarks on what was not read abound):
    the rows of its next election's page carry none, in English."""
    from deadlines.core.registry import Registry

    for jid in Registry().file_ids():
        page = reader.get(f"/?jurisdiction={jid}").get_data(as_text=True)
        for row in _rows(page):
            said = re.sub(r"<[^>]+>", " ", row)
            found = MARKERS.search(said)
            assert not found, (jid, said[max(0, found.start() - 200):found.end() + 100])
