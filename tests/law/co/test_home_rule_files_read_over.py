"""What every Colorado home-rule file read over on 2026-12-06 shares (the
worked examples of each are in test_home_rule_code_days_as_published.py and
test_home_rule_own_elections_and_hours.py): each is its roster row read over
with its charter or code, with a caveat of its own saying what was not read;
those holding their election on the first Tuesday of November of odd years
(each file's own statement, its charter, or the elections it held) have it on
the day that rule gives.

Worked days: the first Tuesday of November is November 2, 2021 (November 1 a
Monday), November 4, 2025 (November 1 a Saturday), November 2, 2027 (November
1 a Monday) and November 1, 2033 (a Tuesday); 2028 is even: no election. For
those keeping the Municipal Election Code's days (C.R.S. 31-10-302: petitions
circulated from the 91st day and filed by the 71st), November 2, 2027 - 2 =
October 31 (2nd day); - 31 = September 30 (33rd); - 30 = August 31 (63rd);
- 8 = August 23 (71st), a Monday; August 23 - 20 = August 3 (91st)."""
from __future__ import annotations

from datetime import date

import pytest

from tests.law.charter_helpers import assert_read_over, at, years
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)
#: the first Tuesday of November of odd years, keeping the Code's petition days
NOVEMBER_ODD_CODE_DAYS = [
    "canon-city-co", "englewood-co", "fountain-co", "castle-pines-co", "craig-co", "golden-co", "greeley-co",
    "fort-morgan-co", "commerce-city-co", "gunnison-co", "fort-collins-co", "lafayette-co", "longmont-co",
    "littleton-co", "loveland-co", "sheridan-co", "manitou-springs-co", "mountain-view-co", "sterling-co", "pueblo-co",
    "greenwood-village-co", "la-junta-co", "monte-vista-co",
]
#: the first Tuesday of November of odd years, with days or hours of their own (tested in their modules)
NOVEMBER_ODD_OWN_DAYS = ["rifle-co", "lamar-co", "steamboat-springs-co", "louisville-co", "crested-butte-co",
                         "alamosa-co"]
OTHER_ELECTIONS = ["central-city-co", "cortez-co", "glendale-co", "burlington-co", "dacono-co", "black-hawk-co",
                   "winter-park-co", "larkspur-co", "telluride-co", "evans-co", "timnath-co",
                   "cedaredge-co"]


@pytest.mark.parametrize("jid", NOVEMBER_ODD_CODE_DAYS + NOVEMBER_ODD_OWN_DAYS + OTHER_ELECTIONS)
def test_each_is_its_roster_row_read_over_and_says_what_was_not_read(registry, jid):
    assert_read_over(registry, jid)
    (caveat,) = registry.get(jid).caveats
    assert "not read" in caveat and "confirm" in caveat


@pytest.mark.parametrize("jid", NOVEMBER_ODD_CODE_DAYS + NOVEMBER_ODD_OWN_DAYS)
def test_the_first_tuesday_of_november_of_odd_years(registry, jid):
    cal = registry.get(jid)
    assert years(cal, 2021) == [date(2021, 11, 2)]
    assert years(cal, 2025) == [date(2025, 11, 4)]
    assert years(cal, 2027) == [date(2027, 11, 2)]
    assert years(cal, 2033) == [date(2033, 11, 1)]
    assert not years(cal, 2028)


@pytest.mark.parametrize("jid", NOVEMBER_ODD_CODE_DAYS)
def test_2027_the_codes_petition_days(registry, jid):
    result, d = at(registry, jid, None, TODAY)
    assert {x.cycle for x in result.deadlines} == {date(2027, 11, 2)}
    assert d["petition-filing"].due.date() == date(2027, 8, 23)
    assert d["petition-circulation"].start == date(2027, 8, 3)
