"""What the worked examples of the Colorado charter files share: the
calendars folder, the Mountain zone's offsets, the home-rule caveat the
encoded files no longer say, and a cycle's deadlines computed through the
service by id; the ``registry`` fixture of the repository's calendars
(a module imports it by name to use it)."""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from deadlines.core.registry import Registry
from deadlines.service import cycles, lookup

CALENDARS = Path(__file__).resolve().parents[2] / "calendars"
MDT, MST = timezone(timedelta(hours=-6)), timezone(timedelta(hours=-7))
HOME_RULE_CAVEAT = "Home-rule municipality: its charter and ordinances govern its elections and are not encoded here"


@pytest.fixture(scope="module")
def registry() -> Registry:
    """The repository's calendars (nothing here writes them)."""
    return Registry(CALENDARS)


def at(registry, jid, election, today):
    """The result of ``jid``'s cycle of ``election`` and its deadlines by id."""
    result = lookup(registry.get(jid), today=today, election=election)
    return result, {d.id: d for d in result.deadlines}


def safe(d):
    """The date to act by: the safe reading where the law reads several ways."""
    return d.safe_due or d.due


def day(due):
    """The day of a due date or instant."""
    return due.date() if isinstance(due, datetime) else due


def years(cal, year):
    """The cycles of ``cal`` whose general election falls in ``year``."""
    return cycles(cal, date(year, 1, 1), date(year, 12, 31))


def assert_read_over(registry, jid) -> None:
    """``jid``'s own file is its roster row read over with its charter or code:
    the roster's identity, and no home-rule caveat (the charter is stated)."""
    jur = registry.get(jid)
    assert registry.path(jid) == CALENDARS / f"{jid}.toml"
    assert jur.timezone == "America/Denver" and jur.ocd_id  # identity from the roster row
    assert not any(HOME_RULE_CAVEAT in c for c in jur.caveats)
