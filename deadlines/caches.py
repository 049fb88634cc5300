"""The bounded caches the service and its surfaces keep (the list, with what
keys each, is DESIGN.md's "Caches"): :class:`Lru`, least recently used first
out, bounded in entries and in bytes, and :class:`Computed`, whose missing
values are computed once however many threads ask."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable


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
