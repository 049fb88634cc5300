"""Colorado's legal holidays (C.R.S. 24-11-101) worked by hand from the text.

Source: C.R.S. 24-11-101(1)-(2), casetext copy ("Current through Chapter 67 of
the 2024 Legislative Session", read 2026-11-29): (2) "In case any of said
holidays ... falls upon a Sunday, then the Monday following shall be considered
as the holiday"; nothing moves a Saturday holiday. HB 20-1031 (Cabrini Day,
effective September 14, 2020); C.R.S. 1-1-106(5).
"""
from datetime import date

from deadlines.core.holiday_law import business_calendar
from engine_helpers import REGISTRY, calc

LAW = REGISTRY.get("colorado-local").holidays


def closed(day: date) -> bool:
    return not business_calendar(LAW, day.year, day.year).is_business_day(day)


def test_no_friday_stand_in_for_a_saturday_holiday():
    # Christmas 2021 and New Year's Day 2022 were Saturdays; the statute moves only Sundays,
    # so Fridays December 24 and 31, 2021 are business days (state offices closed by HR practice).
    assert not closed(date(2021, 12, 24)) and not closed(date(2021, 12, 31))
    # Veterans' Day, Saturday November 11, 2023: Friday November 10 is a business day.
    assert not closed(date(2023, 11, 10))


def test_a_sunday_holiday_moves_to_monday():
    # Independence Day, Sunday July 4, 2027 -> Monday July 5; Juneteenth, Sunday June 19, 2022 -> Monday June 20.
    assert closed(date(2027, 7, 5)) and closed(date(2022, 6, 20))


def test_cesar_chavez_day_is_not_a_legal_holiday():
    # C.R.S. 24-11-112: an optional day in lieu of a legal holiday; offices stay open (March 31, 2027 a Wednesday).
    assert not closed(date(2027, 3, 31))


def test_cabrini_day_replaced_columbus_day_in_2020():
    # 2019: Columbus Day, the second Monday in October (October 14); October 7 open.
    assert closed(date(2019, 10, 14)) and not closed(date(2019, 10, 7))
    # 2020: Cabrini Day, the first Monday in October (October 5); Columbus Day (October 12) no longer.
    assert closed(date(2020, 10, 5)) and not closed(date(2020, 10, 12))


def test_filing_deadline_on_a_friday_before_a_saturday_christmas():
    # An election entered on Tuesday March 1, 2022: the 67th day prior is Friday December 24, 2021
    # (March 1 -> February 1 is 28 days, -> January 1 is 59, -> December 24 is 67). It is a
    # business day under 24-11-101, so 1-1-106(5) does not shorten it (the holidays package closed it).
    deadlines, _ = calc("colorado-local", election=date(2022, 3, 1))
    assert deadlines["petition-filing"].due.isoformat().startswith("2021-12-24")
