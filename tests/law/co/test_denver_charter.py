"""Denver (calendars/denver-co.toml), read 2026-12-06: the Charter's general
election as amended by Referred Question 2H (2021), "the first Tuesday in April
of odd-numbered years", and the petition deadline Denver used for the April 4,
2023 election (5 p.m. on Thursday, January 19, 2023, the 75th day), applied
from that election; withdrawal and write-in are the Municipal Election Code's
64th day (Denver's own rules not read, and the file's caveat says so).

Worked examples, counted by hand ("the Nth day before" election E is E - N):

- April 4, 2023 (April 1 was a Saturday, so the first Tuesday is April 4): the
  75th day is April 4 - 4 = March 31 (4th day); - 31 = February 28 (35th);
  - 28 = January 31 (63rd); - 12 = January 19 (75th), a Thursday: the day
  Denver used, "ended Thursday, Jan. 19 at 5 p.m." (The Denver Post), 5 p.m.
  MST (UTC-7).
- April 6, 2027 (April 1, 2027 is a Thursday, so the first Tuesday is April
  6): the 75th day is April 6 - 6 = March 31 (6th); - 31 = February 28 (37th);
  - 28 = January 31 (65th); - 10 = January 21 (75th), a Thursday (January 1,
  2027 is a Friday), 5 p.m. MST. The Municipal Election Code's withdrawal and
  write-in day, the 64th: February 28 - 27 = February 1, 2027 (the 64th), a
  Monday. The November 2, 2027 coordinated election (the home-rule reading
  shown before this file) is not Denver's general election.
- April 1, 2031 (January 1, 2031 is a Wednesday; January to March have 90
  days, so April 1 is a Tuesday): the 75th day is April 1 - 1 = March 31 (1st);
  - 31 = February 28 (32nd); - 28 = January 31 (60th); - 15 = January 16
  (75th), a Thursday; Martin Luther King Jr. Day 2031 is Monday, January 20,
  after it.
- May 4, 2021 (the last May election, entered): the 75th-day rule is applied
  from 2023 only, so no petition deadline of Denver's own is computed.
"""
from __future__ import annotations

from datetime import date, datetime

from deadlines.publish.as_json import result_dict
from deadlines.service import cycles
from deadlines.words import words
from tests.law.charter_helpers import MST, assert_read_over, at
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

JID = "denver-co"


def test_denver_is_its_roster_row_read_over_and_says_what_was_not_read(registry):
    assert_read_over(registry, JID)
    (caveat,) = registry.get(JID).caveats
    assert "Rule 4" in caveat and "Confirm" in caveat and "75th day" in caveat


def test_denver_general_election_is_april_of_odd_years(registry):
    found = cycles(registry.get(JID), date(2027, 1, 1), date(2027, 12, 31))
    assert date(2027, 4, 6) in found
    assert not any(c.month == 11 for c in found)  # not the coordinated November election
    assert date(2031, 4, 1) in cycles(registry.get(JID), date(2031, 1, 1), date(2031, 12, 31))


def test_denver_2027_the_75th_day(registry):
    result, d = at(registry, JID, None, date(2026, 12, 6))  # the next election after today
    assert {x.cycle for x in result.deadlines} == {date(2027, 4, 6)}
    assert d["petition-filing"].due == datetime(2027, 1, 21, 17, 0, tzinfo=MST)
    assert d["petition-circulation"].due == datetime(2027, 1, 21, 17, 0, tzinfo=MST)
    assert [t.min for t in d["petition-filing"].thresholds] == [300, 100]
    assert d["withdrawal"].due.date() == date(2027, 2, 1)  # the Municipal Election Code's 64th day
    assert d["write-in-affidavit"].due.date() == date(2027, 2, 1)


def test_denver_2023_is_the_day_denver_used(registry):
    _, d = at(registry, JID, date(2023, 4, 4), date(2022, 6, 1))
    assert d["petition-filing"].due == datetime(2023, 1, 19, 17, 0, tzinfo=MST)


def test_denver_2031_and_the_may_elections_before_2023(registry):
    _, d = at(registry, JID, date(2031, 4, 1), date(2030, 6, 1))
    assert d["petition-filing"].due == datetime(2031, 1, 16, 17, 0, tzinfo=MST)
    _, d = at(registry, JID, date(2021, 5, 4), date(2021, 1, 2))
    assert "petition-filing" not in d and "petition-circulation" not in d


def test_a_day_read_from_denvers_practice_is_assumed_not_law(registry):
    """The 75th day is the day Denver published for 2023, not words of its
    charter or code that were read (``from_practice``): the petition rows rest
    on an assumed fact, ``own_text``, and say so; the withdrawal row is the
    Municipal Election Code's 64th day and does not."""
    result, by_id = at(registry, JID, date(2027, 4, 6), date(2026, 12, 6))
    filing = by_id["petition-filing"]
    assert filing.due == datetime(2027, 1, 21, 17, 0, tzinfo=MST)  # the 75th day, worked above
    assert filing.basis.status == "assumed" and "own_text" in filing.basis.assumed
    assert "own_text" not in by_id["withdrawal"].basis.assumed
    rows = {x["id"]: x for x in result_dict(result, words("en"))["deadlines"]}
    assert "own law for this date (its charter or code) is not recorded here" in rows["petition-filing"]["basis"]["said"]
    rows_es = {x["id"]: x for x in result_dict(result, words("es"))["deadlines"]}
    assert "no consta aquí" in rows_es["petition-filing"]["basis"]["said"]
