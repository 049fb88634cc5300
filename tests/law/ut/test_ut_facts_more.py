"""Worked examples of Utah facts recorded in calendars/facts/ut.csv (issue 25, the pass of
2026-12-06): each expected instant is worked by hand from the quoted notice and the statute.

The statute: 20A-9-203(3)(a)(i) (a declaration is filed "during office hours and not later than
the close of normal office hours, between June 1 and June 7 of any odd numbered year") and
10-3-301(3)(b)(i) (office hours "8 a.m. to 5 p.m." on those days, unless a Saturday, Sunday or
state holiday). The calendar's rule ends the window on June 7, or on the last business day
before it, at the office's closing hour: a municipality's own recorded hours decide that hour.
Utah keeps Mountain Daylight Time in June: UTC-6."""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from deadlines.core.registry import Registry
from deadlines.service import lookup

CALENDARS = Path(__file__).resolve().parents[3] / "calendars"
TODAY = date(2026, 12, 6)
MDT = timezone(timedelta(hours=-6))


@pytest.fixture(scope="module")
def real() -> Registry:
    return Registry(CALENDARS)


def _filing(reg: Registry, jid: str, election: date):
    result = lookup(reg.get(jid), today=TODAY, election=election)
    return {d.id: d for d in result.deadlines}["declaration-filing"]


def test_north_ogden_closes_at_1_pm_on_a_friday_last_day(real):
    # North Ogden's 2023 notice (northogdenconnection.com/public-notice): "8 a.m. to 5 p.m.
    # Monday – Thursday and Friday 8 a.m. to 1 p.m." -> mon-thu 08:00-17:00; fri 08:00-13:00.
    # 2023: June 7, 2023 is a Wednesday, a business day: the window closes that day at the
    # Wednesday close, 5:00 p.m.; it opens Thursday June 1, 2023 at 8:00 a.m.
    d = _filing(real, "north-ogden-ut", date(2023, 11, 21))
    assert d.due == datetime(2023, 6, 7, 17, 0, tzinfo=MDT)
    assert d.start == datetime(2023, 6, 1, 8, 0, tzinfo=MDT)
    # 2025: June 7, 2025 is a Saturday; the last business day before it is Friday June 6,
    # and North Ogden's Friday closes at 1:00 p.m. (not the statute's 5:00 p.m.).
    d = _filing(real, "north-ogden-ut", date(2025, 11, 4))
    assert d.due == datetime(2025, 6, 6, 13, 0, tzinfo=MDT)
    assert "office_hours" not in d.basis.assumed
    assert any(f.fact == "office_hours" and f.value == "mon-thu 08:00-17:00; fri 08:00-13:00"
               for f in d.basis.facts)
    # 2021: the 2021 notice gave "June 1 – 7, 2021 from 8:00 a.m. – 5:00 p.m." for every day,
    # and that row holds for the 2021 filing days only; June 7, 2021 is a Monday: 5:00 p.m.
    d = _filing(real, "north-ogden-ut", date(2021, 11, 2))
    assert d.due == datetime(2021, 6, 7, 17, 0, tzinfo=MDT)


def test_pleasant_view_2025_notice_agrees_with_the_statute(real):
    # Pleasant View (utah.gov/pmn 990214): filed "at Pleasant View City Hall, 520 W Elberta
    # Drive ... between June 2nd and June 6th", City Hall open "8:00 AM to 5:00 PM Monday thru
    # Friday", "Event End Date & Time June 6, 2025 05:00 PM". By the statute: June 7, 2025 is a
    # Saturday, so the window ends Friday June 6 at the 5:00 p.m. close; June 1 is a Sunday, so
    # the first filing day is Monday June 2 at 8:00 a.m. The notice's own date agrees.
    d = _filing(real, "pleasant-view-ut", date(2025, 11, 4))
    assert d.due == datetime(2025, 6, 6, 17, 0, tzinfo=MDT)
    assert d.safe_due == datetime(2025, 6, 6, 17, 0, tzinfo=MDT)
    assert d.basis.status == "published"
    assert d.basis.notice.fact.source == "https://www.utah.gov/pmn/sitemap/notice/990214.html"
    office = [f.value for f in real.get("pleasant-view-ut").facts if f.fact == "filing_office"]
    assert office == ["Pleasant View City Hall; 520 W Elberta Drive, Pleasant View, Utah 84414; 801-782-8529"]


def test_dutch_john_2017_hours_hold_for_2017_only(real):
    # Dutch John's 2017 page (dutchjohn.org/elections.html): "between June 1, 2017 through June 7,
    # 2017. She will be available on those dates between the hours of 8 am and 5 pm." June 1, 2017
    # is a Thursday and June 7 a Wednesday: the window is June 1, 8:00 a.m. to June 7, 5:00 p.m.,
    # and the row says so for those days.
    d = _filing(real, "dutch-john-ut", date(2017, 11, 7))
    assert (d.start, d.due) == (datetime(2017, 6, 1, 8, 0, tzinfo=MDT), datetime(2017, 6, 7, 17, 0, tzinfo=MDT))
    assert "office_hours" not in d.basis.assumed
    # 2025: no Dutch John hours hold (the 2017 row ends June 7, 2017), so the statute's
    # 8 a.m. to 5 p.m. is assumed: Friday June 6, 2025 at 5:00 p.m., and said to be assumed.
    d = _filing(real, "dutch-john-ut", date(2025, 11, 4))
    assert d.due == datetime(2025, 6, 6, 17, 0, tzinfo=MDT)
    assert "office_hours" in d.basis.assumed


def test_milford_2025_recorder_and_deadline(real):
    # Milford (milfordcityutah.com): "between Monday, June 2 and Friday, June 6, 2025 (deadline is
    # 5:00 p.m. on June 6th)", "regular business hours of 8:00 a.m. to 5:00 p.m.", with the City
    # Recorder "at 26 South 100 West, Milford". The statute gives the same Friday June 6 at 5:00 p.m.
    d = _filing(real, "milford-ut", date(2025, 11, 4))
    assert d.due == datetime(2025, 6, 6, 17, 0, tzinfo=MDT)
    assert d.basis.status == "published"
    assert d.basis.notice.due == datetime(2025, 6, 6, 17, 0, tzinfo=MDT)
    office = [f.value for f in real.get("milford-ut").facts if f.fact == "filing_office"]
    assert office == ["City Recorder; 26 South 100 West, Milford, Utah 84751; 435-387-2716"]
