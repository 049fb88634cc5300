"""Worked examples for Colorado nonpartisan local government nomination petitions
(C.R.S. article 13.5 of title 1; computation of time C.R.S. 1-1-106(5) and 1-13.5-107(2)).

Filing is an act at the designated election official's office: with no hour in
the law, the last day ends when the office closes, 5:00 p.m. by the shared rule
set's office hours."""
from datetime import date

import pytest

from engine_helpers import calc, local

DENVER = "America/Denver"


def five_pm(day: date):
    return local(DENVER, day.year, day.month, day.day, 17)


def test_2025_filing_is_67th_day_prior_to_nov_4():
    # Nov 4, 2025 - 67 days: Oct 4 is -31, Sep 4 is -61, Aug 29 is -67 (a Friday).
    d, _ = calc("colorado-local", election=date(2025, 11, 4))
    assert d["petition-filing"].due == five_pm(date(2025, 8, 29))
    assert d["petition-circulation"].start == date(2025, 1, 1)
    assert d["petition-circulation"].due == date(2025, 8, 29)


@pytest.mark.parametrize(
    "election, published",
    [
        (date(2019, 11, 5), date(2019, 8, 30)),  # Denver Elections: "August 30, 2019 (67 days before election)"
        # Denver Public Schools: "no later than 5:00 p.m. on August 27, 2021"
        (date(2021, 11, 2), date(2021, 8, 27)),
        (date(2025, 11, 4), date(2025, 8, 29)),  # CASB 2025 checklist: "by August 29, 2025"
    ],
)
def test_published_colorado_67_day_deadlines(election, published):
    d, _ = calc("colorado-local", election=election)
    assert d["petition-filing"].due == five_pm(published)


def test_election_is_first_tuesday_in_november():
    # C.R.S. 1-41-103: "the first Tuesday of November". Nov 1, 2033 is a Tuesday:
    # the election is Nov 1 (not Nov 8), and 67 days before is Aug 26, 2033.
    d, result = calc("colorado-local", today=date(2033, 1, 10))
    assert result.held == date(2033, 11, 1)
    assert d["petition-filing"].due == five_pm(date(2033, 8, 26))


def test_weekend_67th_day_two_readings():
    # A special election on Wednesday, May 6, 2026: April 6 is 30 days before, March 6
    # is 61, so the 67th day prior is Saturday, February 28. 1-1-106(5) shortens to
    # Friday Feb 27; 1-13.5-107(2) extends to Monday March 2.
    d, result = calc("colorado-local", election=date(2026, 5, 6))
    f = d["petition-filing"]
    assert f.due == five_pm(date(2026, 2, 27))
    assert f.safe_due == five_pm(date(2026, 2, 27))
    assert [(r.roll, r.due) for r in f.readings] == [
        ("prior_business_day", five_pm(date(2026, 2, 27))),
        ("next_business_day", five_pm(date(2026, 3, 2))),
    ]
    assert f.readings[0].safe and not f.readings[1].safe
    assert any("shortened to 5:00 p.m. on Friday, February 27, 2026" in s for s in f.steps)
    assert any("not the date of the coordinated election" in w for w in result.warnings)
    # circulation needs no open office: it ends on the 67th day itself
    assert d["petition-circulation"].due == date(2026, 2, 28)


def test_readings_agree_on_a_business_day():
    d, _ = calc("colorado-local", election=date(2025, 11, 4))
    f = d["petition-filing"]
    assert {r.due for r in f.readings} == {five_pm(date(2025, 8, 29))}
    assert f.status == "scheduled" and f.warnings == ()


def test_retention_two_years_after_filing_including_feb_29():
    d, _ = calc("colorado-local", election=date(2025, 11, 4))
    assert d["petition-retention"].due == date(2027, 8, 29)
    assert d["petition-retention"].warnings == ()  # not an act at the office: a Sunday is fine


def test_filing_ends_at_close_of_business_with_hours_cited():
    # Published: "Completed petitions should be submitted to the Denver Elections Division
    # no later than 5:00 p.m. on August 27, 2021" (Denver Public Schools, 2021 election).
    d, _ = calc("colorado-local", election=date(2021, 11, 2))
    f = d["petition-filing"]
    assert f.due == five_pm(date(2021, 8, 27))
    assert "close of office hours, 5:00 p.m." in f.ends
    closing = [s for s in f.steps if "office closes" in s]
    assert closing and "Denver Elections Division" in closing[0] and "confirm the closing hour" in closing[0]
    # circulating needs no office: its last day stays a whole day
    assert d["petition-circulation"].due == date(2021, 8, 27)
