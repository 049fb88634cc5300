"""Windsor and Montrose (calendars/windsor-co.toml, montrose-co.toml), read
2026-12-06: April elections of even years, and the candidate days each
government publishes every cycle (their charters and codes not read, and their
caveats say so).

Worked examples, counted by hand ("the Nth day before" election E is E - N):

- Windsor, "the first Tuesday after the first Monday in April of
  even-numbered years": April 8, 2014 (April 7 the first Monday; April 1, 2014
  was a Tuesday, which "the first Tuesday" would have given). April 4, 2028
  (April 3, 2028 the first Monday): April 4 - 4 = March 31 (4th day); - 31 =
  February 29 (35th, 2028 a leap year); - 29 = January 31 (64th); - 7 =
  January 24 (71st), a Monday: petitions by 5 p.m. MST; circulation from
  January 4 (91st); withdrawal and write-in affidavit on the 67th day, January
  24 + 4 = Friday, January 28, 2028, earlier than the Municipal Election Code's
  64th (Monday, January 31), so the town's day is the safe one. April 2, 2024:
  April 2 - 2 = March 31 (2nd); - 31 = February 29 (33rd); - 29 = January 31
  (62nd); - 9 = January 22 (71st), and January 26 (67th), as the town
  published. April 5, 2016: April 5 - 5 = March 31; - 31 = February 29 (36th);
  - 29 = January 31 (65th); - 6 = January 25 (71st), "by 5 p.m. Jan. 25".
- Montrose, April of even years (the first Tuesday): April 4, 2028 (April 1,
  2028 is a Saturday): the Municipal Election Code's 71st day, Monday, January
  24, 2028 (as above), and its 64th, Monday, January 31, 2028, for withdrawal
  and write-ins. April 3, 2018: April 3 - 3 = March 31; - 31 = February 28
  (34th); - 28 = January 31 (62nd); - 9 = January 22 (71st), "no later than
  January 22" (the city), at 6 p.m., the close of the City Clerk's office
  (Monday to Thursday, 7 a.m. to 6 p.m., recorded for that cycle). April 5,
  2016: January 25, 2016 (as for Windsor), as the city published.
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from deadlines.service import cycles
from tests.law.charter_helpers import MST, assert_read_over, at, safe
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)


@pytest.mark.parametrize("jid", ["windsor-co", "montrose-co"])
def test_each_is_its_roster_row_read_over_with_an_april_election(registry, jid):
    assert_read_over(registry, jid)
    (caveat,) = registry.get(jid).caveats
    assert "not read" in caveat and "confirm" in caveat
    found = cycles(registry.get(jid), date(2028, 1, 1), date(2028, 12, 31))
    assert date(2028, 4, 4) in found and not any(c.month == 11 for c in found)
    assert not cycles(registry.get(jid), date(2027, 1, 1), date(2027, 12, 31))  # even years only


def test_windsor_the_tuesday_after_the_first_monday(registry):
    assert cycles(registry.get("windsor-co"), date(2014, 1, 1), date(2014, 12, 31)) == [date(2014, 4, 8)]


def test_windsor_2028_by_rule(registry):
    result, d = at(registry, "windsor-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 4, 4)}
    assert d["petition-filing"].due == datetime(2028, 1, 24, 17, 0, tzinfo=MST)
    assert [t.min for t in d["petition-filing"].thresholds] == [10]
    assert d["petition-circulation"].start == date(2028, 1, 4)
    for key in ("withdrawal", "write-in-affidavit"):
        assert d[key].due.date() == date(2028, 1, 28)  # the town's 67th day
        assert safe(d[key]).date() == date(2028, 1, 28)  # earlier than the Code's 64th


def test_windsor_2024_and_2016_as_published(registry):
    _, d = at(registry, "windsor-co", date(2024, 4, 2), date(2023, 11, 1))
    assert d["petition-filing"].due == datetime(2024, 1, 22, 17, 0, tzinfo=MST)
    assert d["petition-filing"].basis.status == "published"
    assert d["withdrawal"].due.date() == date(2024, 1, 26)
    assert d["withdrawal"].basis.status == "published"
    assert d["write-in-affidavit"].basis.status == "published"
    _, d = at(registry, "windsor-co", date(2016, 4, 5), date(2015, 11, 1))
    assert d["petition-filing"].due == datetime(2016, 1, 25, 17, 0, tzinfo=MST)
    _, d = at(registry, "windsor-co", date(2014, 4, 8), date(2013, 11, 1))
    assert "petition-filing" not in d  # the days of 2014 (77th to 57th) are no rule encoded


def test_montrose_2028_the_municipal_election_code(registry):
    result, d = at(registry, "montrose-co", None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2028, 4, 4)}
    assert d["petition-filing"].due.date() == date(2028, 1, 24)
    assert d["petition-circulation"].start == date(2028, 1, 4)
    assert d["withdrawal"].due.date() == date(2028, 1, 31)


def test_montrose_2018_and_2016_as_published(registry):
    _, d = at(registry, "montrose-co", date(2018, 4, 3), date(2017, 12, 1))
    f = d["petition-filing"]
    assert f.due == datetime(2018, 1, 22, 18, 0, tzinfo=MST)  # the office closes at 6 p.m.
    assert f.basis.status == "published"
    _, d = at(registry, "montrose-co", date(2016, 4, 5), date(2015, 12, 1))
    assert d["petition-filing"].due.date() == date(2016, 1, 25)
    assert d["petition-filing"].basis.status == "published"
