"""The engine, memoised per law and anchors.

Thousands of jurisdictions share one state's rule set: those whose law is the
same (the same rules, elections, triggers, holidays, time law, office hours,
zone and overrides; only the id, name and source differ) get the same
deadlines for the same anchors. :func:`compute` computes them once and hands
each jurisdiction its own copy (its id in each deadline, so UIDs stay its own).

A law is recognised by the identity of the objects the loader shares between
the jurisdictions extending one shared set (cheap: no rule is hashed). The
table of laws holds the objects its keys name, so an id in a key can never be
reused by another object while the key is in use.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import fields
from datetime import date
from operator import attrgetter
from typing import Mapping, Sequence

from deadlines.core import engine
from deadlines.core.model import Deadline, Jurisdiction, Moment, Override, Result

_REST = attrgetter(*(f.name for f in fields(Deadline)[1:]))  # every field after ``jurisdiction``
assert fields(Deadline)[0].name == "jurisdiction"


class Lru:
    """A small thread-safe LRU mapping."""

    def __init__(self, size: int):
        self.size, self.data, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, key):
        with self.lock:
            found = self.data.get(key)
            if found is not None:
                self.data.move_to_end(key)
            return found

    def put(self, key, value) -> None:
        with self.lock:
            self.data[key] = value
            while len(self.data) > self.size:
                self.data.popitem(last=False)


_laws = Lru(65536)  # what a law is made of, by identity -> (law token, the objects named)
_results = Lru(16384)  # (law token, anchors, today) -> Result
_tokens = iter(range(1, 1 << 62))


def law(jur: Jurisdiction) -> int:
    """A token naming the jurisdiction's law: equal for jurisdictions whose
    deadlines can differ only in their id (those extending the same shared
    sets and adding nothing share the loader's rule, election and holiday
    objects)."""
    parts = (jur.rules, jur.elections, jur.triggers, jur.holidays, jur.time_law, jur.office_hours)
    key = (*(tuple((k, id(v)) for k, v in table.items()) for table in parts[:3]), *map(id, parts[3:]),
           jur.timezone, jur.overrides, jur.order)
    found = _laws.get(key)
    if found is None:
        found = (next(_tokens), parts)  # holding the objects keeps their ids from being reused
        _laws.put(key, found)
    return found[0]


def compute(
    jur: Jurisdiction,
    *,
    election: date | None = None,
    primary: date | None = None,
    events: Mapping[str, Moment] | None = None,
    overrides: Sequence[Override] = (),
    today: date,
) -> Result:
    """:func:`deadlines.core.engine.compute`, once per law and anchors."""
    key = (law(jur), election, primary, tuple(sorted((events or {}).items())), tuple(overrides), today)
    found = _results.get(key)
    if found is None:
        found = engine.compute(jur, election=election, primary=primary, events=events, overrides=overrides, today=today)
        _results.put(key, found)
    return rebind(found, jur)


def rebind(result: Result, jur: Jurisdiction) -> Result:
    """``result`` (computed for a jurisdiction of the same law) as ``jur``'s own."""
    if result.jurisdiction is jur:
        return result
    return Result(jur, result.held, result.cycle, result.anchors,
                  tuple([rebind_deadline(d, jur) for d in result.deadlines]), result.warnings, result.pending)


def rebind_deadline(d: Deadline, jur: Jurisdiction) -> Deadline:
    """``d`` as a deadline of ``jur`` (of the same law)."""
    return d if d.jurisdiction == jur.id else Deadline(jur.id, *_REST(d))
