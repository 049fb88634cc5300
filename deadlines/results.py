"""The service's results cache: the engine's results per law, anchors and day.

Thousands of jurisdictions share one state's rule set: those whose law is the
same (equal :attr:`~deadlines.core.jurisdiction.Jurisdiction.law_key`: the same
files less the government's identity, and the same local facts laid on the
law) get the same deadlines for the same anchors. :func:`compute` computes
them once; each jurisdiction gets a :class:`Result` naming it around the one
tuple of deadlines, which name no government. A jurisdiction without a law
key shares with none.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from datetime import date
from typing import Mapping

from deadlines.caches import Lru
from deadlines.core import engine
from deadlines.core.computed import Result
from deadlines.core.jurisdiction import Jurisdiction

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


def rebind(result: Result, jur: Jurisdiction) -> Result:
    """``result`` (computed for a jurisdiction of the same law) as ``jur``'s:
    the same deadlines, which name no government (:func:`deadlines.core.computed.uid`
    and the words take the government from the result)."""
    return result if result.jurisdiction is jur else replace(result, jurisdiction=jur)
