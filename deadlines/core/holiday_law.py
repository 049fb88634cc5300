"""Build a jurisdiction's :class:`BusinessCalendar` from the ``holidays`` package.

The state's holidays (observed days included) for the requested years and the
years on either side (a January 1 holiday may be observed on December 31),
then the jurisdiction's own removals, additions and one-off closures. Calendars
are cached: thousands of jurisdictions share one state's holidays.
"""
from __future__ import annotations

from functools import lru_cache

import holidays as holidays_pkg

from deadlines.core.business_days import BusinessCalendar
from deadlines.core.model import HolidayRules


@lru_cache(maxsize=4096)
def _state_holidays(country: str, subdivision: str | None, years: tuple[int, ...]) -> dict:
    return dict(holidays_pkg.country_holidays(country, subdiv=subdivision, years=years, observed=True))


@lru_cache(maxsize=65536)
def business_calendar(rules: HolidayRules, first_year: int, last_year: int) -> BusinessCalendar:
    """Closed days for ``first_year``..``last_year`` plus one year either side."""
    years = tuple(range(first_year - 1, last_year + 2))
    closed = dict(_state_holidays(rules.country, rules.subdivision, years))
    for h in rules.remove:
        closed.pop(h.day, None)
    for h in rules.add + rules.closures:
        closed[h.day] = h.name
    return BusinessCalendar(closed=closed)
