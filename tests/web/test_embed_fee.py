"""The embed says a recorded filing fee on the row that has one (issue 27), as
the page's row does: Orem's 2025 notice, "individuals seeking to become a
candidate for Mayor shall pay $150. Individuals seeking to become a candidate
for Council shall pay a $75 filing fee. (Ord. 2019-0004)" (calendars/facts/ut.csv,
open-ended from the 2019 cycle, read Sunday, December 6, 2026). Utah Code
20A-9-203(3)(a)(ii): "pay the filing fee, if one is required by municipal
ordinance". On May 20, 2027 the next deadlines are the 2027 declaration window
(June 1-7, 2027) and what follows it."""
from __future__ import annotations

import re
from html import unescape

import pytest

from web import create_app

OREM = "https://www.utah.gov/pmn/sitemap/noticehistory/221815.html"


@pytest.fixture
def client(tmp_path):
    return create_app({"TESTING": True, "TODAY": "2027-05-20", "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}",
                       "BASE_URL": "https://deadlines.example"}).test_client()


# the amount alone: the embed's rows link to the full page, which says the source
@pytest.mark.parametrize("lang,expected", [
    ("en", "Filing fee: $150 for mayor; $75 for council member."),
    ("es", "Cuota de inscripción: $150 para alcalde; $75 para miembro del concejo municipal."),
])
def test_the_declaration_row_says_the_fee(client, lang, expected):
    html = client.get(f"/embed/orem-ut?lang={lang}").get_data(as_text=True)
    said = {re.search(r"#([a-z-]+)\"", li).group(1): unescape(re.sub(r"<[^>]+>", " ", li))
            for li in re.findall(r"<li>.*?</li>", html, re.S)}
    # the declaration and a resident's nomination petition: "pay the filing fee" (20A-9-203(3)(a)(ii), (3)(c))
    assert expected in said["declaration-filing"], said
    assert expected in said["nomination-petition-filing"], said
    # the withdrawal's law asks no fee
    assert "$150" not in said["withdrawal"]
    assert OREM not in said["declaration-filing"]


def test_no_fee_recorded_no_fee_said(client):
    # Highland's $35 holds for the 2023 cycle only
    html = client.get("/embed/highland-ut").get_data(as_text=True)
    assert "<li>" in html and 'class="fee"' not in html and "Filing fee" not in html
