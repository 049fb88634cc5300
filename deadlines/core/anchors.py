"""The elections of one cycle and the trigger events of one case, as the
anchors the engine counts from (:class:`~deadlines.core.computed.Anchor`): an
election entered by a person or derived by its rule, with a warning wherever
an entered date is not the rule's."""
from __future__ import annotations

from datetime import date, datetime
from typing import Mapping
from zoneinfo import ZoneInfo

from deadlines.core import inputs
from deadlines.core.elections import describe_rule, election_date, next_election, rule_day
from deadlines.core.errors import InputError
from deadlines.core.computed import Anchor
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.model import ElectionRule, Moment
from deadlines.core.notes import Note, note

#: How an anchor was found when a person gave it.
ENTERED, RECORDED = Note("anchor.entered"), Note("anchor.recorded")


def resolve_anchors(
    jur: Jurisdiction,
    *,
    election: date | None = None,
    primary: date | None = None,
    today: date,
) -> tuple[dict[str, Anchor], list[Note]]:
    """The elections of one cycle.

    ``election`` is the general election; a date that is the jurisdiction's
    primary by rule (and not its general) is taken as ``primary``, with a
    warning saying so. Missing elections are derived by rule from the year of
    the one given, or from ``today`` (the next general election).
    """
    primary_rule = jur.elections.get("primary")
    if primary is not None and primary_rule is None:
        raise InputError.of("primary.none", "primary", jurisdiction=jur.id)
    asked = today if election is None and primary is None else None  # the day counts only when no election is given
    anchors, warnings = _elections(jur.elections["general"], primary_rule, election, primary, asked)
    return dict(anchors), list(warnings)


def _elections(general_rule: ElectionRule, primary_rule: ElectionRule | None, election: date | None,
               primary: date | None, today: date | None) -> tuple[dict[str, Anchor], tuple[Note, ...]]:
    """:func:`resolve_anchors` by the election rules alone."""
    warnings: list[Note] = []
    if election is not None and primary is None and primary_rule is not None:
        by_primary = election_date(primary_rule, election.year)
        by_general = election_date(general_rule, election.year)
        if by_primary and by_primary[0] == election and not (by_general and by_general[0] == election):
            warnings.append(note("election.taken_as_primary", day=election, election=primary_rule.title,
                                 rule=describe_rule(primary_rule)))
            primary, election = election, None
    if election is None:
        base_year = primary.year if primary is not None else next_election(general_rule, today).year
        election = _held(general_rule, base_year, warnings)
        how_general = _derived(general_rule, election.year)
    else:
        how_general = ENTERED
        _check_against_rule(general_rule, election, warnings)
    anchors = {"general": Anchor("general", general_rule.title, election, how_general)}
    if primary_rule is not None:
        if primary is None:
            primary = _held(primary_rule, election.year, warnings)
            how = _derived(primary_rule, primary.year)
        else:
            how = ENTERED
            _check_against_rule(primary_rule, primary, warnings)
        if primary is not None:
            anchors["primary"] = Anchor("primary", primary_rule.title, primary, how)
            if primary >= election:
                warnings.append(note("election.primary_not_before", primary=primary_rule.title, primary_day=primary,
                                     general=general_rule.title, general_day=election))
    return anchors, tuple(warnings)


def event_anchors(jur: Jurisdiction, events: Mapping[str, Moment]) -> dict[str, Anchor]:
    """A case's trigger events as anchors, instants in the jurisdiction's zone.
    Raises :class:`InputError` for events the jurisdiction does not know."""
    zone = ZoneInfo(jur.timezone)
    anchors = {}
    for name, value in events.items():
        trigger = jur.triggers.get(name)
        if trigger is None:
            raise inputs.no_event(jur, name, name)
        if trigger.type == "instant" and not isinstance(value, datetime):
            raise InputError.of("anchor.needs_time", name, name=name, day=str(value))
        if trigger.type == "date" and isinstance(value, datetime):
            value = value.date()
        anchors[name] = Anchor(name, trigger.title, in_zone(value, zone), RECORDED)
    return anchors


def in_zone(moment: Moment | None, zone: ZoneInfo) -> Moment | None:
    """An instant shown in ``zone`` (one given with a bare UTC offset is the same
    instant); dates unchanged."""
    return moment.astimezone(zone) if isinstance(moment, datetime) else moment


def _held(rule: ElectionRule, year: int, warnings: list[Note]) -> date | None:
    held = election_date(rule, year)
    if held is None:
        warnings.append(note("election.not_this_year", year=year, election=rule.title, rule=describe_rule(rule)))
        return rule_day(rule, year)
    return held[0]


def _derived(rule: ElectionRule, year: int) -> Note:
    """How the election of ``year`` was found by ``rule``."""
    held = election_date(rule, year)
    if held and held[1] is not None:
        return note("anchor.derived_moved", rule=describe_rule(rule), cite=rule.cite, rule_date=held[1].rule_date,
                    authority=held[1].authority)
    return note("anchor.derived", rule=describe_rule(rule), cite=rule.cite)


def _check_against_rule(rule: ElectionRule, day: date, warnings: list[Note]) -> None:
    held = election_date(rule, day.year)
    if held is None or held[0] != day:
        expected = note("election.rule_gives", day=held[0]) if held else note("election.no_such_year", year=day.year)
        warnings.append(note("election.not_by_rule", day=day, election=rule.title, rule=describe_rule(rule),
                             expected=expected))
