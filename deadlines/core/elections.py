"""Election dates: derived by rule, or entered, and which cycle comes next."""
from __future__ import annotations

from datetime import date

from deadlines.core.model import ELECTION_DAYS, TABLE_YEARS, ElectionDay, ElectionMove, ElectionRule
from deadlines.core.notes import Note

_FIRST = TABLE_YEARS.start


def rule_date(rule: ElectionRule, year: int) -> date | None:
    """The date ``rule``'s words give in ``year`` (None when it holds no election
    then), before any move on an authority."""
    way = rule.way_in(year)
    return None if way is None else ELECTION_DAYS[way.rule](year, way.month)


def election_date(rule: ElectionRule, year: int) -> tuple[date, ElectionMove | None] | None:
    """The date the election is held in ``year``: the rule's date, or where an
    authority moved it, the new date with the move (the rule's table, built
    with it, for the years it holds)."""
    i = year - _FIRST
    if 0 <= i < len(rule.held):
        return rule.held[i]
    return rule.held_in(year)


def _describe(way: ElectionDay) -> Note:
    """``election.<rule>`` ("the first Tuesday in November of odd-numbered
    years"): the ``month`` and the kind of ``years`` (``years.<kind>``)."""
    return Note(f"election.{way.rule}", (("month", way.month), ("years", Note(f"years.{way.years}"))))


def describe_rule(rule: ElectionRule) -> Note:
    """How ``rule`` fixes its day: one way, or ``election.ways`` (each way
    with its citation) where the law differs by year."""
    if len(rule.ways) == 1:
        return _describe(rule.ways[0])
    return Note("election.ways", (("ways", tuple(Note("cited", (("what", _describe(w)), ("cite", w.cite)))
                                                  for w in rule.ways)),))


def rule_day(rule: ElectionRule, year: int) -> date:
    """The day ``rule``'s words give in ``year``, even in a year it skips (an
    even year for an odd-year rule: its first way's day)."""
    i = year - _FIRST
    if 0 <= i < len(rule.days):
        return rule.days[i]
    return rule.day_in(year)


def cycle_key(rule: ElectionRule, general: date) -> date:
    """The cycle an election belongs to: the date ``rule`` gives in its year,
    before any move (years the rule skips use :func:`rule_day` all the same).
    Stable when a clerk or an authority moves the election, so identities
    built on it (feed UIDs, reminder keys) survive the move."""
    return rule_day(rule, general.year)


def named_cycle(rule: ElectionRule, day: date) -> date | None:
    """The cycle ``day`` names: the cycle's date by rule, or the date its
    election is actually held (a moved election); None for any other day."""
    held = election_date(rule, day.year)
    if held is None:
        return None
    key = cycle_key(rule, held[0])
    return key if day in (key, held[0]) else None


def next_election(rule: ElectionRule, today: date) -> date:
    """The first date ``rule`` gives on or after ``today``."""
    for year in range(today.year, today.year + 5):
        held = election_date(rule, year)
        if held is not None and held[0] >= today:
            return held[0]
    raise ValueError(f"rule {rule.name} gives no election within five years")
