"""What a jurisdiction's law makes the same in every cycle, worked out once
when the jurisdiction is built (:attr:`~deadlines.core.jurisdiction.Jurisdiction.law`):
which version of each rule is in force between two effective dates and what
the rules count from (:class:`Versions`), what the law says of each rule's
last day whatever the day (:class:`DayLaw`: its hour, its roll and the law
giving it), and the office's calendar with the weekdays it is open.
The engine counts every cycle from it (:mod:`deadlines.core.engine`)."""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from datetime import date, time
from typing import TYPE_CHECKING, Mapping, Sequence

from deadlines.core import holiday_law
from deadlines.core.model import OfficeHours, Rule, TimeLaw
from deadlines.core.notes import Note, note, text

if TYPE_CHECKING:  # it imports this module
    from deadlines.core.jurisdiction import Jurisdiction

#: The roll that moves a last day, as a note (``roll.<name>``).
ROLL = {name: Note(f"roll.{name}") for name in ("next_business_day", "prior_business_day", "none")}
END_OF_DAY = Note("ends.end_of_day")


def ends_at(code: str, clock: time, zone: str) -> Note:
    return Note(code, (("clock", clock), ("zone", zone)))


@dataclass(frozen=True, slots=True)
class DayLaw:
    """What the law says of a rule's last day whatever the day: the hour it
    ends (None: the end of the day) and the note saying so, the roll and the
    law that gives it, the step saying the hour is the office's closing hour
    (None where it is not), and the rule's own reading of it; and the rule's
    words as notes, said once (:func:`said`): its note and warning (None
    where it has none) and each reading's name and why."""

    clock: time | None
    ends: Note
    roll: str
    roll_cite: str
    closing: Note | None
    own: Note
    note: Note | None
    warning: Note | None
    readings: tuple[tuple[Note, Note], ...]


def day_law(rule: Rule, hours: OfficeHours | None, time_law: TimeLaw, zone: str) -> DayLaw:
    """:class:`DayLaw` of ``rule`` at an office keeping ``hours`` under
    ``time_law`` in ``zone``.

    The hour: the rule's own; else, for an act at an office, the office's
    closing hour (a filing ends when the office closes); else the end of the
    day. The roll: none for acts that need no office; else the rule's own,
    else the time law's."""
    closing = None
    if rule.at is not None:
        clock, ends = rule.at, ends_at("ends.at", rule.at, zone)
    elif rule.office_act and hours is not None:
        clock, ends = hours.close, ends_at("ends.office_closes", hours.close, zone)
        closing = closing_step(hours, ends)
    else:
        clock, ends = None, END_OF_DAY
    if not rule.office_act:
        roll, roll_cite = "none", rule.cite
    elif rule.roll:
        roll, roll_cite = rule.roll, rule.cite
    else:
        roll, roll_cite = time_law.roll, time_law.cite
    return DayLaw(clock, ends, roll, roll_cite, closing, own_reading(rule, roll, roll_cite, clock, zone),
                  said(rule.note) if rule.note else None, said(rule.warning) if rule.warning else None,
                  tuple((said(r.name), said(r.why)) for r in rule.readings))


def closing_step(hours: OfficeHours, ends: Note, day: date | None = None) -> Note:
    """The step saying the day ends when the office closes (``ends``), on
    ``day``'s weekday where the office keeps other hours that day."""
    if day is not None:
        return note("office.closes_on_weekday", ends=ends, weekday=day.weekday(), cite=hours.cite)
    if hours.confirm:
        return note("office.closes_confirm", ends=ends, cite=hours.cite, confirm=hours.confirm)
    return note("office.closes", ends=ends, cite=hours.cite)


def own_reading(rule: Rule, roll: str, roll_cite: str, clock: time | None, zone: str) -> Note:
    own = note("reading.own", roll=ROLL[roll], cite=roll_cite)
    return note("reading.own_at", clock=clock, zone=zone, own=own) if rule.reads_other_hours else own


def said(words: str | Note) -> Note:
    """A calendar file's words (a rule's note or warning) as a note; a note the
    engine composed (a choice's) as it is."""
    return words if isinstance(words, Note) else text(words)


def version_in_force(versions: Sequence[Rule], on: date) -> Rule | None:
    """The latest version that took effect on or before ``on`` (an undated
    version is always in force)."""
    for rule in reversed(versions):  # newest first
        if rule.effective is None or rule.effective <= on:
            return rule
    return None


@dataclass(frozen=True, slots=True)
class Plan:
    """What a set of rules in force counts from, the same in every cycle they
    are in force: per rule, the trigger events (``needs``) and the anchors,
    elections or triggers (``behind``), it counts from, directly or through
    the deadlines it anchors on."""

    needs: dict[str, frozenset[str]]
    behind: dict[str, frozenset[str]]


def plan(rules: tuple[tuple[str, Rule], ...], triggers: tuple[str, ...]) -> Plan:
    """:class:`Plan` of ``rules`` (id and version, in dependency order: anchors
    first)."""
    needs: dict[str, frozenset[str]] = {}
    behind: dict[str, frozenset[str]] = {}
    for rid, rule in rules:
        found: set[str] = set()
        reached: set[str] = set()
        for name in rule.anchors():
            if name in triggers:
                found.add(name)
            found |= needs.get(name, frozenset())
            reached |= behind.get(name, {name})
        needs[rid], behind[rid] = frozenset(found), frozenset(reached)
    return Plan(needs, behind)


@dataclass(frozen=True, slots=True)
class Versions:
    """A law's rules as they stand on the days between two of its effective
    dates: the version of each rule in force (``in_force``, in dependency
    order) and what they count from (``plan``); the rules with none in force
    and those counting from them (``missing``: ``rule.not_in_force`` with the
    first version's effective date, or ``rule.counts_from_missing`` with the
    missing rules, in dependency order); each rule's place in its file."""

    in_force: tuple[tuple[str, Rule], ...]
    plan: Plan
    missing: tuple[tuple[str, str, object], ...]
    order: Mapping[str, int]
    day_laws: Mapping[str, DayLaw]  # per rule in force: what the law says of its last day


def versions_on(jur: Jurisdiction, on: date) -> Versions:
    """:class:`Versions` of ``jur``'s rules on ``on``."""
    missing: list[tuple[str, str, object]] = []
    gone: set[str] = set()  # rules with no version in force, and their dependants
    in_force: dict[str, Rule] = {}
    for rid in jur.order:
        rule = version_in_force(jur.rules[rid], on)
        if rule is None:
            missing.append(("rule.not_in_force", rid, jur.rules[rid][0].effective))
            gone.add(rid)
            continue
        lacking = tuple(name for name in rule.anchors() if name in gone)
        if lacking:
            missing.append(("rule.counts_from_missing", rid, lacking))
            gone.add(rid)
            continue
        in_force[rid] = rule
    rules = tuple(in_force.items())
    day_laws = {rid: day_law(rule, jur.office_hours, jur.time_law, jur.timezone) for rid, rule in rules}
    return Versions(rules, plan(rules, tuple(jur.triggers)), tuple(missing),
                    {rid: i for i, rid in enumerate(jur.rules)}, day_laws)


@dataclass(frozen=True, slots=True)
class Law:
    """What a jurisdiction's law makes the same in every cycle: its rules as
    they stand between two effective dates (``spans``, one per span: before
    the first of the ``switches``, then from each), and the office's calendar
    (``office``: its own closures and the weekdays it is open; None where it
    keeps the legal calendar). Worked out from the jurisdiction's rules,
    triggers, office hours, time law, zone and holidays (``made_from``)."""

    made_from: tuple
    switches: tuple[date, ...]
    spans: tuple[Versions, ...]
    office: holiday_law.Office | None

    def on(self, day: date) -> Versions:
        """The rules as they stand on ``day``."""
        return self.spans[bisect_right(self.switches, day)]

    def fits(self, jur: Jurisdiction) -> bool:
        """Whether ``jur`` has what this was worked out from: the same objects
        (a jurisdiction copied under another identity has them; one given
        other office hours or holidays has not) in the same zone."""
        rules, order, triggers, hours, time_law, zone, holidays = self.made_from
        return (jur.rules is rules and jur.order is order and jur.triggers is triggers and jur.office_hours is hours
                and jur.time_law is time_law and jur.holidays is holidays and jur.timezone == zone)


def law_of(jur: Jurisdiction) -> Law:
    """The :class:`Law` of a valid jurisdiction (its loader found no problem)."""
    switches = tuple(sorted({r.effective for versions in jur.rules.values() for r in versions if r.effective}))
    spans = tuple(versions_on(jur, day) for day in (date.min, *switches))  # a day in each span
    calendars = jur.holidays.calendars
    office = calendars.office
    if jur.office_hours is not None and not jur.office_hours.weekdays_only:
        office = holiday_law.open_days(office, calendars.legal, jur.office_hours.days)
    made_from = (jur.rules, jur.order, jur.triggers, jur.office_hours, jur.time_law, jur.timezone, jur.holidays)
    return Law(made_from, switches, spans, office)
