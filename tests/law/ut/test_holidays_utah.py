"""Utah's legal holidays (Utah Code 63G-1-301) worked by hand from the text,
and the deadlines they move.

Sources: the 5/6/2026 text (self-law.org/code/ut/title-63g/chapter-1/1, read
2026-11-29), the 5/7/2025 text (writingpartners.net/documents/10600), 2022
H.B. 238 (le.utah.gov/~2022/bills/hbillenr/HB0238.htm, effective May 4, 2022);
Utah Code 68-3-7 (computation of time); Salt Lake City Code subsection I.1.
"""
from datetime import date

import pytest

from deadlines.core.holiday_law import business_calendar, variants
from engine_helpers import REGISTRY, calc, local
from deadlines.words import words

EN = words("en")  # the engine's notes in English

DENVER = "America/Denver"
LAW = REGISTRY.get("salt-lake-city-ut").holidays


def closed(day: date) -> bool:
    return not business_calendar(LAW, day.year, day.year).is_business_day(day)


def closed_under(reading: str, day: date) -> bool:
    return not business_calendar(LAW, day.year, day.year, reading).is_business_day(day)


@pytest.mark.parametrize("day,holiday", [
    # (2)(d): June 19, 2027 is a Saturday, so the following Monday.
    (date(2027, 6, 21), True), (date(2027, 6, 18), False),
    # (2)(c): June 19, 2031 is a Thursday, so the preceding Monday.
    (date(2031, 6, 16), True), (date(2031, 6, 19), False),
    # June 19, 2023 is a Monday: neither (2)(c) nor (2)(d) applies, June 19 itself.
    (date(2023, 6, 19), True),
    # (2)(c): June 19, 2024 a Wednesday -> Monday June 17.
    (date(2024, 6, 17), True), (date(2024, 6, 19), False),
    # No Juneteenth before H.B. 238 (May 4, 2022): Friday June 18, 2021 is a business day.
    (date(2021, 6, 18), False),
])
def test_juneteenth_monday_rule(day, holiday):
    assert closed(day) is holiday


def test_the_reported_2027_version_is_a_reading_not_the_law():
    # Reported (text not read): June 19 with (2)(a)-(b) -> Friday June 18, 2027; Thursday June 19, 2031.
    assert closed_under("juneteenth-2027", date(2027, 6, 18)) and not closed_under("juneteenth-2027", date(2027, 6, 21))
    assert closed_under("juneteenth-2027", date(2031, 6, 19)) and not closed_under("juneteenth-2027", date(2031, 6, 16))
    # Before 2027 the reading agrees with the law (Monday June 15, 2026), so it is not offered.
    assert closed_under("juneteenth-2027", date(2026, 6, 15))
    assert [v.name for v in variants(LAW, 2026, 2026)] == []
    assert [v.name for v in variants(LAW, 2027, 2027)] == [
        "Juneteenth under the version reported for January 1, 2027", "Good Friday not a legal holiday (subsection (6) unread)"]


def test_fixed_dates_move_saturday_to_friday_and_sunday_to_monday():
    # (2)(a): Pioneer Day, Saturday July 24, 2027 -> Friday July 23; Christmas 2027 -> Friday Dec 24;
    # New Year's Day, Saturday January 1, 2028 -> Friday December 31, 2027.
    assert closed(date(2027, 7, 23)) and closed(date(2027, 12, 24)) and closed(date(2027, 12, 31))
    # (2)(b): Pioneer Day, Sunday July 24, 2033 -> Monday July 25.
    assert closed(date(2033, 7, 25))
    # Columbus Day, the second Monday of October ((1)(b)(vii)): October 13, 2025.
    assert closed(date(2025, 10, 13))


def test_good_friday_from_may_6_2026_subject_to_subsection_6():
    # Good Friday 2026 is April 3, before the version took effect: a business day.
    assert not closed(date(2026, 4, 3))
    # Easter Sunday 2027 is March 28, so Good Friday is March 26, 2027.
    assert closed(date(2027, 3, 26))
    assert not closed_under("good-friday-withheld", date(2027, 3, 26))


def test_salt_lake_city_2031_objection_deadline_is_june_17():
    # June 7, 2031 is a Saturday: the declaration period is extended to Monday June 9, 5:00 p.m.
    # (city code, subsections B and E). Five days after (I.1) is Saturday June 14; 68-3-7 extends
    # to the next day that is not a Saturday, Sunday or legal holiday: Sunday 15 no, Monday 16 is
    # Juneteenth under (2)(c), so Tuesday June 17, 2031.
    deadlines, _ = calc("salt-lake-city-ut", election=date(2031, 11, 4))
    objection = deadlines["objection-filing"]
    assert objection.due == local(DENVER, 2031, 6, 17, 17)
    assert any("Juneteenth" in s and "June 16, 2031" in s for s in EN.steps(objection, ""))
    # The reported 2027 version would make June 16 a business day: shown, and the earlier is safe.
    assert objection.safe_due == local(DENVER, 2031, 6, 16, 17)
    assert {r.due for r in objection.readings} == {local(DENVER, 2031, 6, 17, 17), local(DENVER, 2031, 6, 16, 17)}


def test_objection_cure_across_good_friday_2027():
    # Sustained Tuesday March 23, 2027; "within three (3) days after" (I.3) is Friday March 26, Good
    # Friday: 68-3-7 extends to Monday March 29. Without Good Friday (subsection (6) unread) the last
    # day is Friday March 26, the safe date.
    deadlines, _ = calc("salt-lake-city-ut", election=date(2027, 11, 2), events={"objection-sustained": date(2027, 3, 23)})
    cure = deadlines["objection-cure"]
    assert cure.due == local(DENVER, 2027, 3, 29, 17)
    assert cure.safe_due == local(DENVER, 2027, 3, 26, 17)
    assert any(EN.reading_name(r).endswith("Good Friday not a legal holiday (subsection (6) unread)") for r in cure.readings)


def test_withdrawal_rolls_over_columbus_day():
    # 23 days before Tuesday November 4, 2025 is Sunday October 12; Monday October 13 is Columbus
    # Day, so 68-3-7 gives Tuesday October 14, 2025.
    deadlines, _ = calc("salt-lake-city-ut", election=date(2025, 11, 4))
    withdrawal = deadlines["withdrawal"]
    assert withdrawal.due == local(DENVER, 2025, 10, 14, 17)
    assert any("Columbus Day" in s for s in EN.steps(withdrawal, ""))


def test_no_reading_when_the_readings_of_the_holiday_law_agree():
    # 2025: no Good Friday, Juneteenth June 16 under both: the objection deadline has one reading.
    deadlines, _ = calc("salt-lake-city-ut", election=date(2025, 11, 4))
    assert deadlines["objection-filing"].readings == ()
