"""Trigger events grouped into cases: one occurrence of a trigger is one case
(two ordinances, two referendum deadlines).

One rule groups events everywhere (the command line, the form, the API and
what a clerk recorded): events with the same label belong to one case, taken
in the order given, within one election cycle; an event whose trigger the
case already has starts a new case, unless the earlier one was deleted (then
the new one takes its place).
Events without a label follow the same rule among themselves, so
``objection-filed`` then ``objection-sustained`` are one objection, and two
``ordinance-adopted`` are two ordinances.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Callable, Iterable, Mapping
from zoneinfo import ZoneInfo

from deadlines.core.model import Moment
from deadlines.core.notes import Note, note

if TYPE_CHECKING:  # it imports this module through the engine's results
    from deadlines.core.jurisdiction import Jurisdiction


@dataclass(frozen=True)
class Case:
    """One occurrence of a trigger (an ordinance adopted, an objection filed),
    with the events that belong to it: its deadlines are its own.

    ``id`` is stable (feeds build UIDs on it); ``label`` is what a person
    calls it ("Ordinance 2027-04"), or where none was given ``case.label``
    (its first trigger and moment). ``cancelled`` names the events withdrawn
    or deleted, each with the note saying so: their deadlines stay, cancelled.
    ``refs`` are the recorded events' ids, by trigger name.
    """

    id: str
    label: str | Note
    events: Mapping[str, Moment]
    cancelled: Mapping[str, Note] = field(default_factory=dict)
    refs: Mapping[str, str] = field(default_factory=dict)

    @property
    def open(self) -> bool:
        return any(name not in self.cancelled for name in self.events)


@dataclass(frozen=True)
class Occurrence:
    """One trigger event as given: ``ref`` is its stable reference (a recorded
    event's id); ``deleted_at`` and ``reason`` say when and why the clerk deleted it."""

    name: str
    at: Moment
    label: str = ""
    ref: str = ""
    deleted_at: datetime | None = None
    reason: str | None = None

    @property
    def cancelled(self) -> bool:
        return self.deleted_at is not None

    def cancelled_note(self, zone: ZoneInfo) -> Note:
        """``case.deleted`` ("Cancelled by the clerk on Monday, May 10, 2027:
        repealed."; the day in ``zone``), ``case.deleted_why`` with a reason."""
        day = self.deleted_at.astimezone(zone).date()
        if self.reason:
            return note("case.deleted_why", day=day, reason=self.reason.rstrip("."))
        return note("case.deleted", day=day)


def group(jur: Jurisdiction, occurrences: Iterable[Occurrence], case_id: Callable[[Occurrence, int], str],
          scope: Callable[[Occurrence], object] = lambda _: None) -> list[Case]:
    """The cases of ``occurrences`` (see the module's rule). ``case_id(first,
    n)`` names a case from its first occurrence and its number (1, 2, ...);
    events of different ``scope`` (an election cycle) are never one case."""
    groups: list[tuple[str, dict[str, Occurrence], Occurrence]] = []
    open_group: dict[tuple, int] = {}  # (scope, label) -> index of the group that takes its next events
    for occ in occurrences:
        where = (scope(occ), occ.label)
        i = open_group.get(where)
        if i is not None:
            earlier = groups[i][1].get(occ.name)
            if earlier is None or (earlier.cancelled and not occ.cancelled):
                groups[i][1][occ.name] = occ
                continue
        open_group[where] = len(groups)
        groups.append((occ.label, {occ.name: occ}, occ))
    cases = []
    zone = ZoneInfo(jur.timezone)
    for n, (label, members, first) in enumerate(groups, 1):
        cases.append(Case(
            id=case_id(first, n),
            label=label or note("case.label", trigger=jur.triggers[first.name].title, at=first.at),
            events={name: o.at for name, o in members.items()},
            cancelled={name: o.cancelled_note(zone) for name, o in members.items() if o.cancelled},
            refs={name: o.ref for name, o in members.items() if o.ref},
        ))
    return cases


def typed(jur: Jurisdiction, occurrences: Iterable[Occurrence]) -> list[Case]:
    """Cases of events a person typed (not recorded): ``typed-1``, ``typed-2`` ..."""
    return group(jur, occurrences, lambda _, n: f"typed-{n}")
