"""Sweeps, not points: every jurisdiction, every cycle 2000-2099.

- ``compute`` never raises, with and without trigger events recorded;
- every due date of an act at an office is a business day of that
  jurisdiction or carries a warning;
- rule versions switch exactly at their ``effective`` dates;
- each state's legal holidays agree, for every year 2000-2099, with an oracle
  written here from the statute's words (not from the code under test).
"""
from __future__ import annotations

import calendar as cal_module
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings, strategies as st

from deadlines.core.engine import compute
from deadlines.core.law import version_in_force
from deadlines.core.errors import CoverageError
from deadlines.core.elections import election_date
from deadlines.core.holiday_law import business_calendar
from deadlines.core.moments import day_of
from deadlines.core.registry import Registry
from tests.engine_helpers import one_per_law
from deadlines.words import words

EN = words("en")  # the engine's notes in English

REG = Registry()


JURISDICTIONS = [REG.get(jid) for jid in one_per_law(REG)]  # per law, not per roster row
YEARS = range(2000, 2100)
TODAY = date(2026, 11, 29)


def _cycles(jur):
    return [held[0] for y in YEARS if (held := election_date(jur.elections["general"], y))]


def _events(jur, general: date) -> dict:
    """Each trigger recorded 150 days before the election, instants at 2:30 p.m."""
    day = general - timedelta(days=150)
    zone = ZoneInfo(jur.timezone)
    return {
        name: datetime.combine(day, time(14, 30), tzinfo=zone) if t.type == "instant" else day
        for name, t in jur.triggers.items()
    }


def _check_office_days(jur, result):
    """Each due date of an act at an office: a business day, or a warning."""
    for d in result.deadlines:
        rule = version_in_force(jur.rules[d.id], result.held)
        if not rule.office_act or d.status == "overridden":
            continue
        day = day_of(d.due)
        cal = business_calendar(jur.holidays, day.year, day.year)
        assert cal.is_business_day(day) or EN.warnings(d, ""), (jur.id, result.held, d.id, day)


@pytest.mark.parametrize("jur", JURISDICTIONS, ids=lambda j: j.id)
def test_every_cycle_computes_and_office_days_are_business_days_or_warned(jur):
    cycles = _cycles(jur)
    assert len(cycles) >= 25  # every-other-year rules give 50 cycles, presidential years (townships) 25
    for general in cycles:
        for events in ({}, _events(jur, general)):
            result = compute(jur, election=general, events=events, today=TODAY)
            unwritten = [w for w in EN.result_warnings(result) if ": no version of this rule was in force on " in w]
            appointed = not jur.rules and jur.caveats  # a board that is appointed: no deadline, and a caveat says so
            assert result.deadlines or result.pending or unwritten or appointed, (jur.id, general)  # never without a word
            _check_office_days(jur, result)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(JURISDICTIONS), st.dates(date(2002, 1, 1), date(2099, 12, 31)), st.data())
def test_any_entered_election_and_event_day_computes(jur, entered, data):
    """An election on any day (not the rule's) and triggers on any day of the
    century (from 2002, so that a year's look back stays in the years the
    holiday law is written for): never an exception; office days still
    business days or warned."""
    events = {}
    for name, t in jur.triggers.items():
        day = data.draw(st.dates(date(2002, 1, 1), date(2099, 12, 31)))
        events[name] = datetime.combine(day, time(9), tzinfo=ZoneInfo(jur.timezone)) if t.type == "instant" else day
    result = compute(jur, election=entered, events=events, today=TODAY)
    _check_office_days(jur, result)


def _versioned():
    return [(j, rid) for j in JURISDICTIONS for rid, versions in j.rules.items() if len(versions) > 1]


@pytest.mark.parametrize("jur,rid", _versioned(), ids=lambda x: getattr(x, "id", x))
def test_rule_versions_switch_exactly_at_their_effective_dates(jur, rid):
    versions = jur.rules[rid]
    for before, version in zip((None, *versions), versions):
        effective = version.effective
        try:
            on = {d.id: d for d in compute(jur, election=effective, today=TODAY).deadlines}
        except CoverageError:  # counted back from an election on the first day the holiday law covers:
            assert before is None and effective.year == jur.holidays.first_year  # refused, not guessed
            continue
        assert on[rid].rule_effective == effective
        prior = compute(jur, election=effective - timedelta(days=1), today=TODAY)
        if before is None:
            assert rid not in {d.id for d in prior.deadlines}
            assert any(n.code == "rule.not_in_force" and n.arg("rule") == rid for n in prior.warnings)
        else:
            assert {d.id: d for d in prior.deadlines}[rid].rule_effective == before.effective


# ----------------------------------------------------------------- the statutes' words, as oracles


def nth(year, month, weekday, n):
    """The n-th weekday (Monday 0) of a month: from the month's calendar grid."""
    days = [d for d in cal_module.Calendar().itermonthdates(year, month) if d.month == month and d.weekday() == weekday]
    return days[n - 1]


def last(year, month, weekday):
    days = [d for d in cal_module.Calendar().itermonthdates(year, month) if d.month == month and d.weekday() == weekday]
    return days[-1]


def easter_sunday(year):
    """Anonymous Gregorian algorithm (Meeus/Jones/Butcher)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l_) // 451
    month, day = divmod(h + l_ - 7 * m + 114, 31)
    return date(year, month, day + 1)


MON, TUE, WED, THU, FRI, SAT, SUN = range(7)


def in_year(days, year):
    return {d for d in days if d.year == year}


def utah(year):
    """Utah Code 63G-1-301 (see the quotes in calendars/shared/utah-election-code.toml)."""
    out = set()
    for y in (year - 1, year, year + 1):
        for month, dom in ((1, 1), (7, 4), (7, 24), (11, 11), (12, 25)):  # (1)(a): Sat -> Fri, Sun -> Mon
            d = date(y, month, dom)
            out.add(d - timedelta(1) if d.weekday() == SAT else d + timedelta(1) if d.weekday() == SUN else d)
    out |= {nth(year, 1, MON, 3), nth(year, 2, MON, 3), last(year, 5, MON), nth(year, 9, MON, 1),
            nth(year, 10, MON, 2), nth(year, 11, THU, 4)}
    if year >= 2022:  # H.B. 238 from May 4, 2022: (2)(c) Tue-Fri -> preceding Monday, (2)(d) weekend -> following Monday
        j = date(year, 6, 19)
        out.add(j - timedelta(j.weekday()) if j.weekday() in (TUE, WED, THU, FRI)
                else j + timedelta(7 - j.weekday()) if j.weekday() in (SAT, SUN) else j)
    if easter_sunday(year) >= date(2025, 5, 7):
        out.add(easter_sunday(year))
    if easter_sunday(year) - timedelta(2) >= date(2026, 5, 6):  # Good Friday, subject to (6)
        out.add(easter_sunday(year) - timedelta(2))
    return in_year(out, year)


def colorado(year):
    """C.R.S. 24-11-101: (2) moves a Sunday holiday to Monday; nothing moves a Saturday one."""
    fixed = [(1, 1), (7, 4), (11, 11), (12, 25)] + ([(6, 19)] if year >= 2022 else [])
    out = set()
    for y in (year - 1, year):
        for month, dom in fixed:
            if y < year and (month, dom) != (12, 25):
                continue
            d = date(y, month, dom)
            out.add(d + timedelta(1) if d.weekday() == SUN else d)
    out |= {nth(year, 1, MON, 3), nth(year, 2, MON, 3), last(year, 5, MON), nth(year, 9, MON, 1),
            nth(year, 11, THU, 4)}
    out.add(nth(year, 10, MON, 2) if year < 2020 else nth(year, 10, MON, 1))  # Cabrini Day from Sept 14, 2020
    return in_year(out, year)


def michigan(year):
    """MCL 435.101(1)(a)-(l); a Sunday date-specific holiday is observed Monday (435.102)."""
    fixed = [(1, 1), (2, 12), (7, 4), (11, 11), (12, 25)] + ([(6, 19)] if year >= 2024 else [])
    out = set()
    for month, dom in fixed:
        d = date(year, month, dom)
        out.add(d + timedelta(1) if d.weekday() == SUN else d)
    out |= {nth(year, 1, MON, 3), nth(year, 2, MON, 3), last(year, 5, MON), nth(year, 9, MON, 1),
            nth(year, 10, MON, 2), nth(year, 11, THU, 4)}
    return in_year(out, year)


def federal(year):
    """5 U.S.C. 6103(a), with (b): Saturday -> Friday, Sunday -> Monday."""
    fixed = [(1, 1), (7, 4), (11, 11), (12, 25)] + ([(6, 19)] if year >= 2021 else [])
    out = set()
    for y in (year, year + 1):
        for month, dom in fixed:
            d = date(y, month, dom)
            out.add(d - timedelta(1) if d.weekday() == SAT else d + timedelta(1) if d.weekday() == SUN else d)
    out |= {nth(year, 1, MON, 3), nth(year, 2, MON, 3), last(year, 5, MON), nth(year, 9, MON, 1),
            nth(year, 10, MON, 2), nth(year, 11, THU, 4)}
    return in_year(out, year)


ORACLES = {"UT": utah, "CO": colorado, "MI": michigan, None: federal}  # by state; model-city's code names none
LAWS = list({id(j.holidays): j for j in JURISDICTIONS}.values())  # one jurisdiction per holiday law


@pytest.mark.parametrize("jur", LAWS, ids=lambda j: j.id)
def test_legal_holidays_agree_with_the_statute_every_year(jur):
    law, oracle = jur.holidays, ORACLES[jur.state]
    for year in YEARS:
        computed = set(business_calendar(law, year, year).closed)
        assert computed == oracle(year), (jur.id, year, sorted(computed ^ oracle(year)))


def test_every_jurisdiction_has_an_oracle():
    assert {j.state for j in JURISDICTIONS} <= set(ORACLES) and len(LAWS) >= 4
