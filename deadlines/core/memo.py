"""The engine, memoised per law and anchors.

Thousands of jurisdictions share one state's rule set: those whose law is the
same (the same rules, elections, triggers, holidays, time law, office hours,
zone and overrides; only the id, name and source differ) get the same
deadlines for the same anchors. :func:`compute` computes them once and hands
each jurisdiction its own copy (its id in each deadline, so UIDs stay its own).

A law is recognised by the identity of the objects the loader shares (cheap),
else by their content (hashed once per jurisdiction object). Both tables and
the results are bounded LRUs that hold what their keys name, so an id in a key
can never be reused by another object while the key is in use.
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


class _Lru:
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


_by_identity = _Lru(65536)  # identity key -> (law token, the objects it names)
_by_content = _Lru(65536)  # content key -> law token
_results = _Lru(16384)  # (law token, anchors, today) -> Result
_tokens = iter(range(1, 1 << 62))


def _parts(jur: Jurisdiction) -> tuple:
    return (jur.rules, jur.elections, jur.triggers, jur.holidays, jur.time_law, jur.office_hours)


def law(jur: Jurisdiction) -> int:
    """A token naming the jurisdiction's law: equal for jurisdictions whose
    deadlines can differ only in their id."""
    parts = _parts(jur)
    ident = (*map(id, parts), jur.timezone, jur.overrides, jur.order)
    found = _by_identity.get(ident)
    if found is not None:
        return found[0]
    content = (tuple(jur.rules.items()), tuple(jur.elections.items()), tuple(jur.triggers.items()), jur.holidays,
               jur.time_law, jur.office_hours, jur.timezone, jur.overrides, jur.order)
    token = _by_content.get(content)
    if token is None:
        token = next(_tokens)
        _by_content.put(content, token)
    _by_identity.put(ident, (token, parts))
    return token


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
    if found.jurisdiction is jur:
        return found
    jid = jur.id
    return Result(jur, found.held, found.cycle, found.anchors,
                  tuple([Deadline(jid, *_REST(d)) for d in found.deadlines]), found.warnings, found.pending)
