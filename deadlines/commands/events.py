"""Trigger events: record, change, delete (commands, see :mod:`.base`)."""
from __future__ import annotations

from collections import Counter
from datetime import date

from sqlalchemy.orm import Session

from deadlines.commands.base import Done, Written, command
from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.model import Moment
from deadlines.core.moments import day_of, from_iso
from deadlines.service import cycle_of
from deadlines.store import records as stored
from deadlines.store.db import now
from deadlines.store.tables import TriggerEvent
from deadlines.store.util import hold

#: The most trigger events one election cycle of a jurisdiction holds (deleted
#: ones count: their deadlines stay in the feeds, cancelled). A case is one or
#: more of them, so it caps the cases too; past it a write is refused
#: (:class:`TooManyEvents`), for every write recomputes the whole jurisdiction.
#: The web app's setting ``MAX_EVENTS_PER_CYCLE`` (:func:`web.clerk.event_cap`).
MAX_EVENTS_PER_CYCLE = 200


class TooManyEvents(InputError):
    """An event that would put more than ``limit`` in ``cycle``, which holds
    ``held`` (field ``at``: the event's date picks its cycle)."""

    def __init__(self, jur: Jurisdiction, cycle: date, limit: int, held: int):
        super().__init__(f"at: the {cycle} cycle of {jur.id} holds {held} recorded trigger events; a cycle may hold "
                         f"at most {limit} (deleted events count: their deadlines stay in the feeds, cancelled), so "
                         "nothing was recorded", "at", "events.too_many",
                         (("field", "at"), ("cycle", cycle.isoformat()), ("limit", limit), ("held", held),
                          ("jurisdiction", jur.id)))
        self.cycle, self.limit, self.held = cycle, limit, held


def event_value(jur: Jurisdiction, name: object, value: object) -> Moment:
    """The validated occurrence of trigger ``name`` (the clerk API's ``at``),
    which must fall before an election of the jurisdiction."""
    moment = inputs.event(jur, name, value, field="at")
    if cycle_of(jur, moment) is None:
        raise InputError.of("event.no_election_after", "at", jurisdiction=jur.id, moment=moment)
    return moment


def events_in_cycle(s: Session, jur: Jurisdiction, cycle: date, *, but: int | None = None) -> int:
    """How many events (deleted ones too) are recorded for ``jur`` in ``cycle``
    (other than event ``but``). Only events on days from six years before the
    cycle's election to its day are read (:func:`cycle_of` looks five years ahead)."""
    values = stored.event_values(s, jur.id, date(max(cycle.year - 6, 1), 1, 1), cycle, but=but)
    days = Counter(day_of(from_iso(v)) for v in values)
    return sum(n for day, n in days.items() if cycle_of(jur, day) == cycle)


def _check_label_free(s: Session, jur: Jurisdiction, name: str, label: str, but: int | None = None) -> None:
    """A labelled case holds one live event of each trigger: a second is a mistake, said so."""
    if not label:
        return
    taken = stored.label_holder(s, jur.id, name, label, but=but)
    if taken is not None:
        raise InputError.of("label.taken", "label", label=repr(label), name=repr(name), taken=taken)


def _check_room(s: Session, jur: Jurisdiction, moment: Moment, most: int, *, but: int | None = None) -> None:
    """:class:`TooManyEvents` when ``moment``'s cycle holds ``most`` events already
    (call it after :func:`hold`, so that two writes at once count each other)."""
    cycle = cycle_of(jur, moment)
    held = 0 if cycle is None else events_in_cycle(s, jur, cycle, but=but)
    if held >= most:
        raise TooManyEvents(jur, cycle, most, held)


@command
def record_event(s: Session, jur: Jurisdiction, name: object, value: object, label: object = None,
                 *, reason: object = None, key: str | None = None,
                 most: int = MAX_EVENTS_PER_CYCLE) -> Done[TriggerEvent]:
    """Record an event. ``key``: the request's idempotency key; a retry with
    the same key and the same event returns the event recorded the first
    time (nothing new is stored); with another event it is an InputError.
    Two at once with one key: the second waits for the first (:func:`hold`) and returns its event.
    A cycle holds at most ``most`` events: one more is :class:`TooManyEvents`, nothing stored."""
    moment = event_value(jur, name, value)
    text = inputs.label(label)
    why = inputs.label(reason, "reason")
    hold(s, jur.id)
    if key is not None:
        key = inputs.text(key, "Idempotency-Key", 100)
        first = stored.event_by_key(s, jur.id, key)
        if first is not None:
            if stored.brief_event(first) != {"name": name, "at": moment.isoformat(), "label": text}:
                raise InputError.of("idempotency.reused", "Idempotency-Key", key=repr(key), event=first.id)
            return Done(first)
    _check_label_free(s, jur, name, text)
    _check_room(s, jur, moment, most)
    ev = TriggerEvent(jurisdiction_id=jur.id, name=name, value=moment.isoformat(), label=text, recorded_at=now(),
                      idempotency_key=key)
    s.add(ev)
    s.flush()
    return Done(ev, Written("event.record", f"event:{ev.id}", None, stored.brief_event(ev), reason=why))


@command
def change_event(s: Session, jur: Jurisdiction, event_id: int, name: object, value: object, label: object = None,
                 *, reason: object = None, most: int = MAX_EVENTS_PER_CYCLE) -> Done[TriggerEvent | None]:
    """Change a live event (None if there is none); moved to another cycle, it
    must find room there (:class:`TooManyEvents`)."""
    ev = stored.live_event(s, jur.id, event_id)
    if ev is None:
        return Done(None)
    moment = event_value(jur, name, value)
    text = ev.label if label is None else inputs.label(label)
    why = inputs.label(reason, "reason")
    hold(s, jur.id)
    _check_label_free(s, jur, name, text, but=ev.id)
    if cycle_of(jur, moment) != cycle_of(jur, from_iso(ev.value)):
        _check_room(s, jur, moment, most, but=ev.id)
    before = stored.brief_event(ev)
    ev.name, ev.value, ev.label = name, moment.isoformat(), text
    return Done(ev, Written("event.change", f"event:{ev.id}", before, stored.brief_event(ev), reason=why))


@command
def delete_event(s: Session, jur: Jurisdiction, event_id: int, *, reason: object = None) -> Done[bool]:
    """Mark the event deleted (False: no such live event): its deadlines stay in the feeds, cancelled."""
    ev = stored.live_event(s, jur.id, event_id)
    if ev is None:
        return Done(False)
    ev.deleted_at, ev.deleted_reason = now(), inputs.label(reason, "reason") or None
    return Done(True, Written("event.delete", f"event:{ev.id}", stored.brief_event(ev), None, reason=ev.deleted_reason))
