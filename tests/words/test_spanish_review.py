"""The Spanish catalogs read as Spanish (issue 27, item 7): a write-in candidate
is "candidato(a) por inscripción (write-in)", never "por escrito" (which says
"in writing"); the zones are the established US Spanish names (hora del Este,
del Centro, de la Montaña); an election's title is inflected into a sentence
("anterior a la elección general municipal"), not dropped in quotes."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from web import create_app

LOCALE = Path(__file__).resolve().parents[2] / "deadlines" / "words" / "locale"
CATALOGS = sorted(LOCALE.glob("es/LC_MESSAGES/*.po"))
OREM = "/?jurisdiction=orem-ut&election=2027-11-02&lang=es"


def _msgstrs(po: Path) -> list[tuple[str, str]]:
    with po.open("rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(str(m.id), s) for s in strings]
    return out


def test_there_are_spanish_catalogs():
    assert {p.name for p in CATALOGS} == {"calendars.po", "engine.po", "messages.po"}


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.name)
def test_no_msgstr_says_por_escrito_or_hora_de_la_montana_in_lower_case(po):
    bad = [(msgid, s) for msgid, s in _msgstrs(po)
           if "por escrito" in s.lower() or "hora de la montaña" in s or "hora del este" in s or "hora del centro" in s]
    assert bad == []


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.name)
def test_write_in_is_one_term_everywhere(po):
    for msgid, s in _msgstrs(po):
        if re.search(r"\bwrite-in candidate", msgid, re.I) and "write-in candidate" not in s:
            assert "por inscripción (write-in)" in s, (msgid, s)


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.name)
def test_no_sentence_says_hora_twice_around_a_zone(po):
    # every zone is said as an hour ("hora de la Montaña", "hora de Honolulu"): a sentence that puts "hora" (or
    # "hora local") just before the zone says it twice, as the PDF's "la hora local (hora de la Montaña)" did
    doubled = re.compile(r"\bhora\b\W+(\w+\W+)?\(?hora de", re.I)
    bad = [(msgid, s) for msgid, s in _msgstrs(po) for zone in ("hora de la Montaña", "hora de Honolulu")
           if doubled.search(s.replace("{zone}", zone).replace("%(zone)s", zone))]
    assert bad == []


def test_the_zone_names():
    said = dict(_msgstrs(LOCALE / "es" / "LC_MESSAGES" / "messages.po"))
    assert (said["Eastern Time"], said["Central Time"], said["Mountain Time"]) == (
        "hora del Este", "hora del Centro", "hora de la Montaña")


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "TODAY": "2027-05-01", "SECRET_KEY": "test",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}"})
    return app.test_client()


def test_the_spanish_orem_page_reads_as_spanish(client):
    r = client.get(OREM)
    assert r.status_code == 200
    page = html.unescape(r.get_data(as_text=True))
    assert "por escrito" not in page
    assert "hora de la montaña" not in page and "hora de la Montaña" in page
    assert "candidato(a) por inscripción (write-in)" in page
    assert "«Elección general municipal»" not in page
    assert "El 65.º día anterior a la elección general municipal (martes, 2 de noviembre de 2027)" in page
