"""Worked examples for Utah local districts that elect their boards at the
regular general election of even years (calendars/shared/
utah-local-district-even-year.toml), and for the two districts shown to do so
(calendars/magna-water-district-ut.toml, calendars/cache-water-improvement-district-ut.toml).

The law, as read (the set quotes it):
- 17B-1-306(2)(a)(i): each district board election is held "at the same time as
  the municipal general election or the regular general election, as
  applicable"; 2014 H.B. 415 lets a board hold its elections "in an
  even-numbered year, if approved by the lieutenant governor".
- 20A-1-201(1): the regular general election is "the first Tuesday after the
  first Monday in November of each even-numbered year".
- The declaration period: 17B-1-306(4)'s words were not read; the rule is the
  regular general election's period of 20A-9-201.5 as Cache County applied it
  to "special districts": February 28 - March 4 in 2022 (20A-9-201.5(1)), and
  from 2024 five business days from January 2 (published: "the statewide
  filing period that ended on Jan. 8", 2024), the last day moved back to a
  business day (68-3-7's forward reading shown beside it).
- 20A-9-601(1)(a): a write-in candidate files "before 5 p.m. no later than 65
  days before the regular general election"; 20A-9-207(3)(b) (from May 1,
  2024): a withdrawal 65 or fewer days before the election leaves the name on
  the ballot. Both: the 65th day, 68-3-7 forward as the law's date, the prior
  business day as the safe one.

Counting 65 days back from a November election: to the same day of
September is 30 (October) + 31 (September's days after it, counted from the
day in October) = 61 days, then 4 more days back.
"""
from __future__ import annotations

import tomllib
from datetime import date
from pathlib import Path

import pytest

from deadlines.service import lookup
from deadlines.words import words
from engine_helpers import REGISTRY, TODAY, calc, local

EN = words("en")
DENVER = "America/Denver"
CALENDARS = Path(__file__).resolve().parents[3] / "calendars"
EVEN = ("magna-water-district-ut", "cache-water-improvement-district-ut")


def at(y: int, m: int, d: int, h: int = 17, mi: int = 0):
    return local(DENVER, y, m, d, h, mi)


def looked(jid: str, election: date) -> dict:
    """The service's answer, with the research facts laid on."""
    return {x.id: x for x in lookup(REGISTRY.get(jid), today=TODAY, election=election).deadlines}


@pytest.mark.parametrize("jid", EVEN)
def test_the_two_districts_sit_on_the_even_year_set_not_the_kind(jid):
    doc = tomllib.loads((CALENDARS / f"{jid}.toml").read_text())
    assert doc["extends"] == ["utah-local-district-even-year", "utah-special-district-board-notice", "utah-election-code"]
    assert "https://" in doc["source"]
    # The roster row still says `local-district` (odd years); the file wins over it.
    jur = REGISTRY.get(jid)
    assert jur.kind == "special-district"
    assert jur.counties == (("Salt Lake",) if jid.startswith("magna") else ("Cache",))


@pytest.mark.parametrize("jid", EVEN)
def test_next_election_is_2028_not_2027(jid):
    # Today Nov 29, 2026 (after the Nov 3, 2026 election). Odd-year rule: Nov 2, 2027. Even-year
    # rule: November 2028: Nov 1 is a Wednesday, the first Monday Nov 6, so Tuesday Nov 7.
    _, result = calc(jid)
    assert result.held == date(2028, 11, 7)


def test_an_odd_year_district_is_unchanged():
    # Mt. Olympus Improvement District stays on the municipal cycle: Nov 2027: Nov 1 a Monday, so
    # Tuesday Nov 2; its June 1-7 period (June 1, 2027 a Tuesday, June 7 a Monday).
    d, result = calc("mt-olympus-improvement-district-ut")
    assert result.held == date(2027, 11, 2)
    assert d["declaration-filing"].due == at(2027, 6, 7)


def test_cache_water_2024_january_period_as_published():
    # Nov 2024: Nov 1 a Friday, first Monday Nov 4, election Tuesday Nov 5.
    # Period: January 2, 2024 a Tuesday (opens 8 a.m., the assumed opening), January 8 a Monday:
    # five business days Jan 2, 3, 4, 5, 8; no roll. The Tribune: "the statewide filing period that
    # ended on Jan. 8" (two Cache Water District candidates filed in it).
    d, result = calc("cache-water-improvement-district-ut", election=date(2024, 11, 5))
    assert result.held == date(2024, 11, 5)
    decl = d["declaration-filing"]
    assert decl.start == at(2024, 1, 2, 8) and decl.due == decl.safe_due == at(2024, 1, 8)
    assert any("17B-1-306(4)" in w and "were not read" in w for w in EN.warnings(decl, ""))
    # 65 days before Nov 5: Oct 5 (31), Sep 5 (61), Sep 1 (65), a Sunday; Monday Sep 2 is Labor
    # Day, so 68-3-7 gives Tuesday Sep 3 (as Tooele County published for 2024); the prior
    # business day is Friday Aug 30.
    for rid in ("write-in-declaration", "withdrawal"):
        assert d[rid].due == at(2024, 9, 3) and d[rid].safe_due == at(2024, 8, 30), rid
    assert looked("cache-water-improvement-district-ut", date(2024, 11, 5))["declaration-filing"].basis.status == "published"


def test_cache_water_2022_february_period_and_no_withdrawal_version():
    # Nov 2022: Nov 1 a Tuesday, first Monday Nov 7, election Tuesday Nov 8.
    # 20A-9-201.5(1): "8 a.m. on February 28, 2022 ... 5 p.m. on March 4, 2022" (Monday to Friday);
    # Cache County: "special districts ... February 28 —March 4".
    d, _ = calc("cache-water-improvement-district-ut", election=date(2022, 11, 8))
    assert d["declaration-filing"].start == at(2022, 2, 28, 8)
    assert d["declaration-filing"].due == at(2022, 3, 4)
    # 65 days before Nov 8: Oct 8 (31), Sep 8 (61), Sep 4 (65), a Sunday; Monday Sep 5 is Labor
    # Day -> Tuesday Sep 6; the prior business day Friday Sep 2.
    w = d["write-in-declaration"]
    assert w.due == at(2022, 9, 6) and w.safe_due == at(2022, 9, 2)
    # 20A-9-207(3)(b)'s 65 days are from May 1, 2024.
    assert "withdrawal" not in d
    assert looked("cache-water-improvement-district-ut", date(2022, 11, 8))["declaration-filing"].basis.status == "published"


def test_magna_water_2026_rule_january_and_its_own_june_notice_departs():
    # Nov 2026: Nov 1 a Sunday, first Monday Nov 2, election Tuesday Nov 3.
    d, result = calc("magna-water-district-ut", election=date(2026, 11, 3))
    assert result.held == date(2026, 11, 3)
    decl = d["declaration-filing"]
    # January 2, 2026 a Friday, January 8 a Thursday: Jan 2, 5, 6, 7, 8, no roll. The statutory
    # start is Jan 2 (Magna's recorded hours, Monday-Thursday, for its June window, move the
    # opening it shows: see the service's answer below).
    assert decl.statutory_start == date(2026, 1, 2)
    assert decl.due == decl.safe_due == at(2026, 1, 8)
    # The district's own notice (May 27, 2025): "June 1 - June 4, and June 8, 2026", 7:30 am until
    # 5:30 pm: another date than the rule's, so it is shown beside it and the earlier (Jan 8) is
    # the safe one.
    served = looked("magna-water-district-ut", date(2026, 11, 3))["declaration-filing"]
    assert served.basis.status == "departs"
    assert at(2026, 6, 8, 17, 30) in {r.due for r in served.readings}
    assert served.safe_due == at(2026, 1, 8)
    # 65 days before Nov 3: Oct 3 (31), Sep 3 (61), Aug 30 (65), a Sunday -> Monday Aug 31 (Labor
    # Day is Sep 7, 2026); the prior business day Friday Aug 28.
    for rid in ("write-in-declaration", "withdrawal"):
        assert d[rid].due == at(2026, 8, 31) and d[rid].safe_due == at(2026, 8, 28), rid


def test_2028_january_8_a_saturday_ends_friday_the_7th():
    # January 2, 2028 a Sunday: opens Monday Jan 3 (8 a.m.). Five business days Jan 3-7; January 8 a
    # Saturday: the last day moves back to Friday Jan 7; 68-3-7's forward reading gives Monday Jan 10.
    d, _ = calc("cache-water-improvement-district-ut", election=date(2028, 11, 7))
    decl = d["declaration-filing"]
    assert decl.start == at(2028, 1, 3, 8)
    assert decl.due == decl.safe_due == at(2028, 1, 7)
    assert sorted(r.due for r in decl.readings) == [at(2028, 1, 7), at(2028, 1, 10)]
    # 65 days before Nov 7: Oct 7 (31), Sep 7 (61), Sep 3 (65), a Sunday; Monday Sep 4 is Labor Day
    # -> Tuesday Sep 5; the prior business day Friday Sep 1.
    w = d["write-in-declaration"]
    assert w.due == at(2028, 9, 5) and w.safe_due == at(2028, 9, 1)


def test_the_set_starts_with_the_2022_period():
    # Cycles before 2022 (the March periods of the old 20A-9-202) are not encoded.
    d, result = calc("cache-water-improvement-district-ut", election=date(2020, 11, 3))
    assert "declaration-filing" not in d
    assert any(n.code == "rule.not_in_force" and n.arg("rule") == "declaration-filing" for n in result.warnings)
