"""Worked examples for Michigan cities that elect in May (MCL 168.642(2)),
derived by hand from the law and checked against the dates the cities published.

MCL 168.641(1): the May regular election date is "the first Tuesday after the
first Monday in May". MCL 168.642(2): "If a city's regular election is held on
the May regular election date, the city shall not hold a regular primary
election." So petitions count back from the May election itself: the
fifteenth Tuesday before it from 2014 (MCL 168.644f(1), (4)(a); Wyandotte
charter editor's note: "the candidate filing deadline or certification deadline
is 4:00 p.m. on the fifteenth Tuesday before the May election"), the twelfth
before 2014 (New Buffalo published Feb. 12 for May 7, 2013). Fifteen Tuesdays
back from a Tuesday is 105 days; twelve is 84.
"""
from datetime import date

import pytest

from engine_helpers import REGISTRY, TODAY, calc, local
from deadlines.service import lookup
from deadlines.words import words

EN = words("en")
ES = words("es")
DETROIT = "America/Detroit"
MAY_CITIES = ("bangor-mi", "mackinac-island-mi", "wyandotte-mi")


@pytest.mark.parametrize("jid", ["bangor-mi", "wyandotte-mi"])
def test_2025_petitions_due_jan_21_as_both_cities_published(jid):
    # May 2025: Thursday May 1; first Monday May 5; election Tuesday May 6.
    # 105 days before May 6: Apr 6 (30), Mar 6 (61), Feb 6 (89), Jan 21 (105). Tuesday, EST.
    # Published: Bangor "by 4 PM on Tuesday January 21, 2025"; Wyandotte "NO LATER THAN
    # 4 P.M., TUESDAY, JANUARY 21, 2025" (calendars/facts/mi.csv).
    d, result = calc(jid, election=date(2025, 5, 6))
    assert result.held == date(2025, 5, 6)
    filing = d["petition-filing"]
    assert filing.due == local(DETROIT, 2025, 1, 21, 16)
    assert filing.due.utcoffset().total_seconds() == -5 * 3600  # EST in January
    # with the research facts laid on (the service's lookup): the city's date agrees
    looked = {x.id: x for x in lookup(REGISTRY.get(jid), today=TODAY, election=date(2025, 5, 6)).deadlines}
    assert looked["petition-filing"].basis.status == "published"  # not "departs"


def test_no_primary_anchor_and_the_deadline_is_not_counted_from_august():
    # Before this set, the `city` kind counted 15 Tuesdays before the Aug. 5, 2025
    # primary (April 22, 2025) or, with holds_primary no, before Nov. 4 (July 22, 2025):
    # both after the May 6 election itself.
    d, result = calc("bangor-mi", election=date(2025, 5, 6))
    assert "primary" not in result.anchors
    assert d["petition-filing"].due < local(DETROIT, 2025, 5, 6, 0)


def test_wyandotte_2025_withdrawal_jan_24_as_published():
    # MCL 168.322a: withdrawal by 4 p.m. of the third day after the filing deadline:
    # Tue Jan 21 + 3 = Fri Jan 24, 2025. Published: "Friday, January 24, 2025 at 4 P.M."
    d = {x.id: x for x in lookup(REGISTRY.get("wyandotte-mi"), today=TODAY, election=date(2025, 5, 6)).deadlines}
    assert d["withdrawal"].due == local(DETROIT, 2025, 1, 24, 16)
    assert d["withdrawal"].basis.status == "published"


def test_wyandotte_2021_jan_19_and_22_as_reported():
    # May 2021: first Monday May 3, election May 4. 105 days back: Apr 4 (30), Mar 4 (61),
    # Feb 4 (89), Jan 19 (105). Withdrawal Jan 19 + 3 = Jan 22. The News-Herald: "had until
    # Jan. 19 ... given up until Jan. 22 to change their minds".
    d, _ = calc("wyandotte-mi", election=date(2021, 5, 4))
    assert d["petition-filing"].due == local(DETROIT, 2021, 1, 19, 16)
    assert d["withdrawal"].due == local(DETROIT, 2021, 1, 22, 16)


def test_wyandotte_2029_is_its_next_charter_year():
    # Charter § 15: May 3, 2005 and every four years: 2029. May 1, 2029 is a Tuesday, so the
    # first Monday is May 7 and the election May 8. 105 days back: Apr 8 (30), Mar 8 (61),
    # Feb 8 (89), Jan 23 (105), a Tuesday (Jan 1, 2029 is a Monday).
    d, _ = calc("wyandotte-mi", election=date(2029, 5, 8))
    assert d["petition-filing"].due == local(DETROIT, 2029, 1, 23, 16)


def test_mackinac_island_next_election_by_rule_is_may_2027():
    # Today 2026-11-29; Mackinac Island elects every May. May 2027: May 3 is the first
    # Monday, election Tuesday May 4. 105 days back: Apr 4 (30), Mar 4 (61), Feb 4 (89),
    # Jan 19 (105). Notice window: Jan 19 - 21 = Dec 29, 2026 .. Jan 19 - 7 = Jan 12, 2027.
    d, result = calc("mackinac-island-mi")
    assert result.held == date(2027, 5, 4)
    assert d["petition-filing"].due == local(DETROIT, 2027, 1, 19, 16)
    assert d["filing-notice"].start == date(2026, 12, 29)
    assert d["filing-notice"].due == date(2027, 1, 12)


def test_write_in_declaration_second_friday_before_may_election():
    # MCL 168.737a: "the second Friday immediately before the election". Before Tue May 6,
    # 2025: Fri May 2 (first), Fri Apr 25 (second), 4 p.m. EDT.
    d, _ = calc("bangor-mi", election=date(2025, 5, 6))
    w = d["write-in-declaration"]
    assert w.due == local(DETROIT, 2025, 4, 25, 16)
    assert w.due.utcoffset().total_seconds() == -4 * 3600


def test_before_2014_the_twelfth_tuesday_before_the_may_election():
    # May 2013: first Monday May 6, election May 7. 84 days back: Apr 9 (28), Mar 12 (56),
    # Feb 12 (84), a Tuesday. But February 12 is Lincoln's Birthday, a legal holiday (MCL
    # 435.101), and MCL 168.13(1) extends a last day falling on one to the next day:
    # Wednesday, Feb. 13, 2013. New Buffalo published "Tuesday, February 12" for its May 7,
    # 2013 election (one day earlier than the law's last day; the earlier is the safe one).
    d, _ = calc("bangor-mi", election=date(2013, 5, 7))
    filing = d["petition-filing"]
    assert filing.due == local(DETROIT, 2013, 2, 13, 16)
    assert any("Lincoln" in step for step in EN.steps(filing, ""))
    assert any("twelfth Tuesday" in w for w in EN.warnings(filing, ""))


@pytest.mark.parametrize("jid", MAY_CITIES)
def test_the_page_says_why_in_english_and_spanish(jid):
    _, result = calc(jid, election=date(2025, 5, 6))
    en = " ".join(EN.result_warnings(result))
    es = " ".join(ES.result_warnings(result))
    assert "regular election in May, with no primary (MCL 168.642(2))" in en
    assert "elección ordinaria en mayo, sin primaria (MCL 168.642(2))" in es


@pytest.mark.parametrize("jid", MAY_CITIES)
def test_the_source_of_the_may_election_is_the_citys_own_file(jid):
    jur = REGISTRY.get(jid)
    assert "May" in jur.source or "§ 15" in jur.source
    assert "primary" not in jur.elections


def test_wyandotte_next_election_is_may_2029_not_2027():
    """Charter § 15: "on May 3, 2005 and on the first Tuesday after the first Monday in May every four
    (4) years thereafter": 2025, then 2029 (the years after presidential election years). May 2029:
    Tuesday May 1 is not after a Monday; the first Monday is May 7, so Tuesday, May 8. 105 days before
    it: Apr 8 (30), Mar 8 (61), Feb 8 (89), Jan 23 (105), a Tuesday: petitions by 4 p.m., January 23,
    2029; the withdrawal the third day after, Friday, January 26 (MCL 168.322a); the write-in
    declaration the second Friday before the election, April 27 (May 4 the first, MCL 168.737a)."""
    d, result = calc("wyandotte-mi", today=date(2026, 12, 7))
    assert result.held == date(2029, 5, 8)
    assert d["petition-filing"].due == local(DETROIT, 2029, 1, 23, 16)
    assert d["withdrawal"].due == local(DETROIT, 2029, 1, 26, 16)
    assert d["write-in-declaration"].due == local(DETROIT, 2029, 4, 27, 16)
    rule = REGISTRY.get("wyandotte-mi").elections["general"]
    assert [y for y in range(2021, 2034) if rule.occurs_in(y)] == [2021, 2025, 2029, 2033]
