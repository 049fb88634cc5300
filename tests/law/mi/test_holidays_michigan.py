"""Michigan's legal holidays (MCL 435.101) and the clerk's office closures,
worked by hand.

Sources: MCL 435.101(1)(a)-(m) (lawserver copy of the current text, read
2026-11-29); MCL 435.102's Sunday rule as the House Fiscal Agency analysis of
2023 SB 50 (PA 54) describes it; MCL 168.13(1) ("next secular day"); the
office closures in calendars/ypsilanti-mi.toml (state office practice, to be
confirmed with the City Clerk).
"""
from datetime import date

from deadlines.core.holiday_law import business_calendar, office_calendar
from engine_helpers import REGISTRY, calc, local

DETROIT = "America/Detroit"
LAW = REGISTRY.get("ypsilanti-mi").holidays


def closed(day: date) -> bool:
    return not business_calendar(LAW, day.year, day.year).is_business_day(day)


def test_lincolns_birthday_and_washingtons_birthday_in_2010():
    # (1)(c) February 12, 2010 (a Friday) and (1)(d) the third Monday of February (February 15):
    # the next secular day after Thursday February 11, 2010 is Tuesday February 16.
    cal = business_calendar(LAW, 2010, 2010)
    assert cal.next_business_day(date(2010, 2, 11)) == date(2010, 2, 16)


def test_sunday_holiday_observed_monday_and_no_saturday_rule():
    # Lincoln's Birthday, Sunday February 12, 2023 -> Monday February 13 (435.102).
    assert closed(date(2023, 2, 13))
    # Independence Day, Saturday July 4, 2026: nothing moves it; Friday July 3 is a business day.
    assert not closed(date(2026, 7, 3))


def test_juneteenth_from_2024_and_columbus_day():
    assert closed(date(2024, 6, 19)) and not closed(date(2023, 6, 19))  # 2023 PA 54 (see the rule file)
    assert closed(date(2026, 10, 12))  # (1)(i) the second Monday of October


def test_state_office_closures_are_not_legal_holidays():
    for day in (date(2024, 12, 24), date(2024, 12, 31), date(2024, 11, 29), date(2024, 11, 5)):
        assert not closed(day), day
    office = office_calendar(LAW, 2024, 2024).calendar
    assert not office.is_business_day(date(2024, 12, 24)) and not office.is_business_day(date(2024, 11, 29))
    # The clerk runs the election: Election Day is not a closure of the city clerk's office.
    assert office.is_business_day(date(2024, 11, 5))


def test_a_deadline_on_christmas_eve_shows_the_offices_last_open_day():
    # A primary entered on Tuesday April 8, 2025: the 15th Tuesday preceding it is Tuesday
    # December 24, 2024 (April 8 - 105 days). Not a legal holiday, so MCL 168.13 does not move it;
    # the clerk's office is closed (Christmas Eve), so its last open day before, Monday December 23,
    # 2024 at 4:00 p.m., is shown as a reading and is the safe date.
    deadlines, _ = calc("ypsilanti-mi", primary=date(2025, 4, 8))
    filing = deadlines["petition-filing"]
    assert filing.due == local(DETROIT, 2024, 12, 24, 16)
    assert filing.safe_due == local(DETROIT, 2024, 12, 23, 16)
    office = next(r for r in filing.readings if r.safe)
    assert office.name.code == "reading.office_closure"  # "the office's last open day before a closure"
    assert office.why.arg("day") == date(2024, 12, 24) and office.why.arg("closure") == "Christmas Eve"
    assert "State of Michigan office closure" in office.cite
