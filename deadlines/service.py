"""What the web app, the feeds and the scheduler ask of the engine.

Thin glue between the pure engine and whatever stores the anchors a clerk
records (entered election dates, trigger events, overrides). The store is any
object with the :class:`RecordSource` shape; :data:`NO_RECORDS` has nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Mapping, Protocol, Sequence

from deadlines.core.elections import cycle_key, election_date, named_cycle
from deadlines.core.engine import compute, resolve_anchors
from deadlines.core.model import Deadline, Decision, Jurisdiction, Moment, Override, Result
from deadlines.core.moments import day_of


@dataclass(frozen=True)
class Records:
    """What a clerk recorded for one jurisdiction.

    ``elections`` maps a cycle (the general election's date by rule) to the
    dates entered for it, e.g. ``{date(2023, 11, 7): {"general": date(2023, 11, 21)}}``.
    ``events`` are trigger events by name, each a list of occurrences; an
    occurrence belongs to the first cycle whose general election falls on or
    after it. ``overrides`` and ``decisions`` (a choice the law gives, taken or
    not for a cycle) carry their own cycle.
    """

    elections: Mapping[date, Mapping[str, date]] = field(default_factory=dict)
    events: Mapping[str, Sequence[Moment]] = field(default_factory=dict)
    overrides: Sequence[Override] = ()
    decisions: Sequence[Decision] = ()


class RecordSource(Protocol):
    def recorded(self, jurisdiction_id: str) -> Records:
        """Everything recorded for the jurisdiction."""

    def revision(self, jurisdiction_id: str) -> str:
        """A token that changes whenever anything recorded for the jurisdiction
        changes (cache keys for rendered feeds use it)."""


class _NoStore:
    def recorded(self, jurisdiction_id: str) -> Records:
        return Records()

    def revision(self, jurisdiction_id: str) -> str:
        return ""


NO_RECORDS: RecordSource = _NoStore()


def cycles(jur: Jurisdiction, start: date, end: date) -> list[date]:
    """The cycles (general elections by rule, see :func:`~deadlines.core.elections.cycle_key`)
    whose election is held from ``start`` to ``end`` inclusive."""
    out = []
    for year in range(start.year, end.year + 1):
        held = election_date(jur.elections["general"], year)
        if held is not None and start <= held[0] <= end:
            out.append(cycle_key(jur.elections["general"], held[0]))
    return out


def cycle_for(jur: Jurisdiction, day: date) -> date | None:
    """The cycle named by ``day`` (see :func:`~deadlines.core.elections.named_cycle`)."""
    return named_cycle(jur.elections["general"], day)


def cycle_of(jur: Jurisdiction, moment: Moment) -> date | None:
    """The cycle of the first general election held on or after ``moment``'s day."""
    day = day_of(moment)
    found = cycles(jur, day, date(min(day.year + 5, date.max.year), 12, 31))
    return found[0] if found else None


def lookup(
    jur: Jurisdiction,
    *,
    today: date,
    election: date | None = None,
    primary: date | None = None,
    events: Mapping[str, Moment] | None = None,
    records: RecordSource = NO_RECORDS,
) -> Result:
    """The deadlines of one cycle, with the store's entered dates, events and
    overrides filled in.

    ``election`` may name the cycle (its date by rule, or the date a moved
    election is held): then the dates a clerk entered for the cycle, or else
    the date it is held, are used. Any other date is taken as entered.
    """
    stored = records.recorded(jur.id)
    named = cycle_for(jur, election) if election is not None and primary is None else None
    if named is not None:
        cycle = named
    else:
        anchors, _ = resolve_anchors(jur, election=election, primary=primary, today=today)
        cycle = cycle_key(jur.elections["general"], anchors["general"].value)
    entered = stored.elections.get(cycle, {})
    if primary is None and (election is None or named is not None):
        if entered:
            election, primary = entered.get("general"), entered.get("primary")
        elif named is not None:
            election = election_date(jur.elections["general"], cycle.year)[0]
    merged: dict[str, Moment] = {}
    for name, occurrences in stored.events.items():
        mine = [m for m in occurrences if cycle_of(jur, m) == cycle]
        if mine:
            merged[name] = max(mine, key=day_of)  # the latest recorded occurrence of this cycle
    merged.update(events or {})
    return compute(
        jur, election=election, primary=primary, events=merged, overrides=tuple(stored.overrides),
        decisions=tuple(stored.decisions), today=today,
    )


def upcoming(jur: Jurisdiction, *, today: date, years_ahead: int = 4, records: RecordSource = NO_RECORDS) -> list[Result]:
    """Every cycle from the most recent past general election (kept so that
    subscribed calendars do not lose it the day after) through ``years_ahead``."""
    start = today - timedelta(days=366)
    end = date(today.year + years_ahead, 12, 31)
    return [lookup(jur, today=today, election=c, records=records) for c in cycles(jur, start, end)]


def coming(jur: Jurisdiction, *, today: date, records: RecordSource = NO_RECORDS, count: int = 3,
           years_ahead: int = 4) -> list[tuple[Result, Deadline]]:
    """The next ``count`` deadlines whose safe date has not passed, from the
    cycles of the next general elections (a deadline of a later cycle can come
    before the last one of this cycle), earliest first; cancelled ones skipped."""
    found: list[tuple[Result, Deadline]] = []
    for cycle in cycles(jur, today, date(today.year + years_ahead, 12, 31)):
        result = lookup(jur, today=today, election=cycle, records=records)
        found += [(result, d) for d in result.deadlines if d.status != "cancelled" and day_of(d.safe_due) >= today]
    return sorted(found, key=lambda rd: (day_of(rd[1].safe_due), rd[0].cycle, rd[1].id))[:count]
