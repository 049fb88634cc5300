"""A filing window says the days its office is closed (issue 27: "Declaration
of candidacy ... June 1-7" read as "any time before June 7"), on the row and
in the embed, in English and Spanish.

Worked example, Orem 2027. Utah Code 20A-9-203(3): the declaration is filed
"during the office hours" between June 1 and June 7 of the odd-numbered year.
June 1, 2027 is a Tuesday (January 1, 2027 is a Friday; 151 days later, 151 =
21 weeks + 4 days, is a Tuesday), so June 5 is a Saturday and June 6 a Sunday:
an office open Monday to Friday is closed those two days, each once in the
window. A clerk's recorded closure on Friday, June 4 adds that day with the
clerk's reason."""
from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from html import unescape

import pytest
from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.publish.record_words import closed_in_window
from deadlines.service import lookup
from deadlines.words import words
from web import create_app

OREM = "/?jurisdiction=orem-ut&election=2027-11-02"
WEEKEND_EN = "Within this window the office is closed on Saturday, June 5, 2027 and on Sunday, June 6, 2027."
WEEKEND_ES = ("Dentro de este plazo la oficina está cerrada el sábado, 5 de junio de 2027 y el domingo, "
              "6 de junio de 2027.")


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "TODAY": "2027-05-20", "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}"})


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def row_of(page: str, rid: str) -> str:
    return text(re.search(rf'<li id="{rid}".*?</li>', page, re.S).group(0))


def test_the_row_and_the_embed_say_the_weekend_inside_the_window(app):
    client = app.test_client()
    row = row_of(client.get(OREM).get_data(as_text=True), "declaration-filing")
    assert WEEKEND_EN in row
    assert "Opens 8:00 a.m., Tuesday, June 1, 2027 (MDT)" in row  # the opening day stays first
    embed = text(client.get("/embed/orem-ut").get_data(as_text=True))
    assert embed.count(WEEKEND_EN) == 2  # the declaration and the petition, both filed at the office
    assert "from 8:00 a.m., Tuesday, June 1, 2027 (MDT) through" in embed
    assert WEEKEND_ES in text(client.get("/embed/orem-ut?lang=es").get_data(as_text=True))
    assert WEEKEND_ES in row_of(client.get(OREM + "&lang=es").get_data(as_text=True), "declaration-filing")


def test_a_recorded_closure_inside_the_window_is_said_with_its_reason(app):
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        commands.record_closure(s, app.extensions["registry"].get("orem-ut"), "2027-06-04", "Staff training")
    app.extensions["records"].forget("orem-ut")
    client = app.test_client()
    said = ("Within this window the office is closed on Friday, June 4, 2027 (the office is closed: Staff training), "
            "on Saturday, June 5, 2027 and on Sunday, June 6, 2027.")
    assert said in row_of(client.get(OREM).get_data(as_text=True), "declaration-filing")
    assert said in text(client.get("/embed/orem-ut").get_data(as_text=True))


def test_a_deadline_without_an_opening_day_says_nothing_of_closed_days(app):
    client = app.test_client()
    row = row_of(client.get(OREM).get_data(as_text=True), "withdrawal")
    assert "Within this window" not in row


def test_a_weekday_that_comes_round_twice_is_said_once_and_a_holiday_by_its_name(app):
    # The same declaration opened on Monday, May 24, 2027 (a window made longer for the example): May 29 and
    # June 5 are Saturdays, May 30 and June 6 Sundays, and Monday, May 31 is Memorial Day (the last Monday of
    # May: May 31, 2027 is a Monday and June 7 the next Monday), a legal holiday in Utah (Utah Code 63G-1-301).
    jur = app.extensions["registry"].get("orem-ut")
    result = lookup(jur, today=date(2027, 5, 20), election=date(2027, 11, 2))
    (d,) = [d for d in result.deadlines if d.id == "declaration-filing"]
    longer = replace(d, start=date(2027, 5, 24))
    said = closed_in_window(longer, result.jurisdiction, words("en"))
    assert said.startswith("Within this window the office is closed Saturdays, Sundays and on Monday, May 31, 2027 (")
    assert "Memorial Day" in said
