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
from dataclasses import fields, is_dataclass
from datetime import date
from operator import attrgetter
from typing import Callable, Mapping

from deadlines.core import engine
from deadlines.core.model import Deadline, Jurisdiction, Result

_REST = attrgetter(*(f.name for f in fields(Deadline)[1:]))  # every field after ``jurisdiction``
assert fields(Deadline)[0].name == "jurisdiction" and fields(Deadline)[-1].name == "place"


def payload_size(value) -> int:
    """The bytes a cached value holds, roughly: the length of a ``bytes`` or
    ``str`` (or of the ``body`` of an object that has one), the sum over a
    tuple or list of them, 1,024 for anything else (a small object)."""
    if isinstance(value, (bytes, bytearray, str)):
        return len(value)
    if isinstance(value, (tuple, list)):
        return sum(payload_size(v) for v in value)
    body = getattr(value, "body", None)
    return len(body) if isinstance(body, (bytes, str)) else 1024


class Lru:
    """A small thread-safe LRU mapping of at most ``size`` entries and, given a
    ``budget``, at most that many bytes of values as :func:`payload_size` (or
    ``weigh``) counts them: the least recently used go first, and a value
    bigger than the whole budget is not kept at all."""

    def __init__(self, size: int, budget: int | None = None, weigh: Callable[[object], int] = payload_size):
        self.size, self.data, self.lock = size, OrderedDict(), threading.Lock()
        self.budget, self.weigh, self.weights, self.held = budget, weigh, {}, 0

    def get(self, key):
        with self.lock:
            found = self.data.get(key)
            if found is not None:
                self.data.move_to_end(key)
            return found

    def put(self, key, value) -> None:
        with self.lock:
            if self.budget is None:
                self.data[key] = value
                self.data.move_to_end(key)
                while len(self.data) > self.size:
                    self.data.popitem(last=False)
                return
            self.held -= self.weights.pop(key, 0)
            self.data.pop(key, None)
            weight = self.weigh(value)
            if weight > self.budget:
                return
            self.data[key], self.weights[key] = value, weight
            self.held += weight
            while len(self.data) > self.size or self.held > self.budget:
                old, _ = self.data.popitem(last=False)
                self.held -= self.weights.pop(old)


class Computed:
    """An :class:`Lru` whose missing values are computed once: while one
    thread computes a key, the others asking for it wait for its answer."""

    def __init__(self, size: int, budget: int | None = None):
        self.cache = Lru(size, budget)
        self._computing: dict = {}  # key -> the lock held while one thread computes it
        self._lock = threading.Lock()

    def get(self, key, compute: Callable[[], object]):
        found = self.cache.get(key)
        if found is not None:
            return found
        with self._lock:
            once = self._computing.setdefault(key, threading.Lock())
        try:
            with once:  # the first computes; the others wait here, then find its answer
                found = self.cache.get(key)
                if found is None:
                    found = compute()
                    self.cache.put(key, found)
        finally:
            with self._lock:
                if self._computing.get(key) is once:
                    del self._computing[key]
        return found


_laws = Lru(65536)  # what a law is made of, by identity -> (law token, the objects named)
_results = Lru(16384)  # (law token, anchors, today) -> Result
_tokens = iter(range(1, 1 << 62))
_law_of = Lru(16384)  # id(jurisdiction) -> (the jurisdiction, its law token): a roster's thousands asked again


def law(jur: Jurisdiction) -> int:
    """A token naming the jurisdiction's law: equal for jurisdictions whose
    deadlines can differ only in their id (those extending the same shared
    sets and adding nothing share the loader's rule, election and holiday
    objects). The name is not part of it: the engine's notes never hold it
    (the words that name the jurisdiction are filled from each result's own)."""
    seen = _law_of.get(id(jur))
    if seen is not None and seen[0] is jur:
        return seen[1]
    parts = (jur.rules, jur.elections, jur.triggers, jur.choices, jur.holidays, jur.time_law, jur.office_hours)
    key = (*(tuple((k, id(v)) for k, v in table.items()) for table in parts[:4]), *map(id, parts[4:]),
           jur.timezone, jur.overrides, jur.decisions, jur.order, jur.caveats)
    found = _laws.get(key)
    if found is None:
        found = (next(_tokens), parts)  # holding the objects keeps their ids from being reused
        _laws.put(key, found)
    _law_of.put(id(jur), (jur, found[0]))  # holding it keeps its id from being reused
    return found[0]


def _frozen(value):
    """``value`` as a hashable key: mappings and sequences as sorted or ordered
    tuples, dataclasses (a case holds mappings) field by field."""
    if isinstance(value, Mapping):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if is_dataclass(value):
        return (type(value).__name__, *(_frozen(getattr(value, f.name)) for f in fields(value)))
    return value


def compute(jur: Jurisdiction, *, today: date, **anchors) -> Result:
    """:func:`deadlines.core.engine.compute` (the same keyword arguments), once
    per law, anchors and day."""
    key = (law(jur), today, _frozen(anchors))
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
