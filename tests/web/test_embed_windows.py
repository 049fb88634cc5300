"""The embed says a window from its first day to its last (issue 27: "file any
time before June 7" was how the last day alone read). Utah Code 20A-9-203(3):
a municipal candidate files a declaration of candidacy "during the office
hours" from June 1 to June 7 of the odd-numbered year; in 2027 June 1 is a
Tuesday and June 7 a Monday, Orem's office hours 8:00 a.m. to 5:00 p.m."""
from __future__ import annotations

import re

import pytest

from web import create_app


@pytest.fixture
def client(tmp_path):
    return create_app({"TESTING": True, "TODAY": "2027-05-20", "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}",
                       "BASE_URL": "https://deadlines.example"}).test_client()


@pytest.mark.parametrize("lang,expected", [
    ("en", "from 8:00 a.m., Tuesday, June 1, 2027 (MDT) through 5:00 p.m., Monday, June 7, 2027 (MDT)"),
    ("es", "desde 8:00 a.m., martes, 1 de junio de 2027 (MDT) hasta 5:00 p.m., lunes, 7 de junio de 2027 (MDT)"),
])
def test_a_window_is_said_from_its_first_day_to_its_last(client, lang, expected):
    html = client.get(f"/embed/orem-ut?lang={lang}").get_data(as_text=True)
    shown = [re.sub(r"<[^>]+>", "", w) for w in re.findall(r'<span class="when">.*?</span>', html)]
    assert expected in shown, shown
