"""The desk shows the drafted notice of a Utah municipality and of Colorado's
districts where it shows Michigan's (issue 27 item 6): in the clerk's
language, and in English beside it on the Spanish desk (the dates of the
drafts are worked out in tests/reminders/test_notice_drafts.py)."""
from __future__ import annotations

import re
from html import unescape

import pytest

from tests.desk_helpers import signed_in


@pytest.fixture
def app(desk_app):
    return desk_app


def _drafts(page: str) -> dict[str, str]:
    """The desk's drafted notices by their language."""
    return {lang: unescape(text) for lang, text in
            re.findall(r'<textarea id="draft-[^"]+" readonly rows="\d+" lang="(\w+)">(.*?)</textarea>', page, re.S)}


def test_orem_desk_drafts_the_notice_of_offices_in_english(app):
    client, _ = signed_in(app, "orem-ut", "recorder@orem.test")
    page = client.get("/clerk/orem-ut?cycle=2027-11-02").get_data(as_text=True)
    drafts = _drafts(page)
    assert list(drafts) == ["en"]
    assert "NOTICE OF THE MUNICIPAL OFFICES TO BE VOTED ON" in drafts["en"]
    # 20A-9-203(3)(a)(i): June 1-7, 2027 (a Tuesday to a Monday), 8 a.m. to 5 p.m. (10-3-301(3)(b)(i))
    assert "from Tuesday, June 1, 2027, at 8:00 a.m. (Mountain Time) through Monday, June 7, 2027" in drafts["en"]


def test_the_spanish_desk_shows_the_spanish_draft_and_the_english_one(app):
    client, _ = signed_in(app, "academy-school-district-no-20-co", "clerk@asd20.test")
    page = client.get("/clerk/academy-school-district-no-20-co?cycle=2027-11-02&lang=es").get_data(as_text=True)
    drafts = _drafts(page)
    assert list(drafts) == ["es", "en"]
    assert drafts["es"].startswith("CONVOCATORIA DE CANDIDATURAS A DIRECTOR ESCOLAR")
    assert drafts["en"].startswith("CALL FOR NOMINATIONS FOR SCHOOL DIRECTORS")
    # 67th day before November 2, 2027: Friday, August 27 (1-4-803(2)), when the district's office closes at 4 p.m.
    # (its recorded hours, calendars/facts/co.csv)
    assert "viernes, 27 de agosto de 2027, a las 4:00 p.m." in drafts["es"]
    assert "El aviso en inglés, listo para copiar" in page
