"""The service's results cache: the engine's results per law, anchors and day.

Thousands of jurisdictions share one state's rule set: those whose law is the
same (equal :attr:`~deadlines.core.jurisdiction.Jurisdiction.law_key`: the same
files less the government's identity, and the same local facts laid on the
law) get the same deadlines for the same anchors. :func:`compute` computes
them once and hands each jurisdiction its own copy (its id in each deadline,
so UIDs stay its own). A jurisdiction without a law key shares with none.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass
from datetime import date
from operator import attrgetter
from typing import Mapping

from deadlines.caches import Lru
from deadlines.core import engine
from deadlines.core.computed import Deadline, Result
from deadlines.core.jurisdiction import Jurisdiction

_REST = attrgetter(*(f.name for f in fields(Deadline)[1:]))  # every field after ``jurisdiction``
assert fields(Deadline)[0].name == "jurisdiction" and fields(Deadline)[-1].name == "place"

_results = Lru(16384)  # (law key, anchors, today) -> Result


def law_key(jur: Jurisdiction) -> str:
    """The key naming the jurisdiction's law (:attr:`Jurisdiction.law_key`):
    equal for jurisdictions whose deadlines can differ only in their identity
    (the engine's notes never hold a government's name: the words that name
    it are filled from each result's own); the jurisdiction's own id where it
    has no law key (it shares with none)."""
    return jur.law_key if jur.law_key is not None else f"own:{jur.id}"


_PLAIN = (str, int, date, type(None))  # hashable as they are (a datetime is a date)


def _frozen(value):
    """``value`` as a hashable key: mappings and sequences as sorted or ordered
    tuples, dataclasses (a case holds mappings) field by field."""
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, Mapping):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if is_dataclass(value):
        return (type(value).__name__, *(_frozen(getattr(value, f.name)) for f in fields(value)))
    return value


def compute(jur: Jurisdiction, *, today: date, **anchors) -> Result:
    """:func:`deadlines.core.engine.compute` (the same keyword arguments), once
    per law, anchors and day (every time for a jurisdiction without a law key)."""
    if jur.law_key is None:
        return engine.compute(jur, today=today, **anchors)
    key = (jur.law_key, today, _frozen(anchors))
    found = _results.get(key)
    if found is None:
        found = engine.compute(jur, today=today, **anchors)
        _results.put(key, found)
    return rebind(found, jur)


_RESULT = attrgetter(*(f.name for f in fields(Result)))
_DEADLINES = [f.name for f in fields(Result)].index("deadlines")
assert fields(Result)[0].name == "jurisdiction"


def rebind(result: Result, jur: Jurisdiction) -> Result:
    """``result`` (computed for a jurisdiction of the same law) as ``jur``'s own."""
    if result.jurisdiction is jur:
        return result
    values = list(_RESULT(result))
    values[0] = jur
    values[_DEADLINES] = tuple([rebind_deadline(d, jur) for d in result.deadlines])
    return Result(*values)


def rebind_deadline(d: Deadline, jur: Jurisdiction) -> Deadline:
    """``d`` as a deadline of ``jur`` (of the same law): its id and name."""
    if d.jurisdiction == jur.id and d.place == jur.name:
        return d
    return Deadline(jur.id, *_REST(d)[:-1], jur.name)
