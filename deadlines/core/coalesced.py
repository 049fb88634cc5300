"""One computation for everyone who asks at once, never a stale one.

:class:`Coalesced` wraps a function of no arguments whose answer can change
at any time (the modification times of the shared rule sets, the rosters and
the research facts: :meth:`deadlines.core.registry.Registry.get` asks on every
call, so that an edit shows at once). Each caller gets an answer computed
wholly after its call began, so anything changed before the call is in it;
but while one thread computes, the others that ask wait for the next
computation and share it, instead of each making its own. Under load that
is one scan at a time instead of one per request: each scan is about 85
``stat`` calls, each of which lets go of the interpreter and waits to get it
back behind the threads that are rendering.
"""
from __future__ import annotations

import threading
from typing import Callable, Generic, TypeVar

T = TypeVar("T")


class Coalesced(Generic[T]):
    """``compute()``, computed by one thread at a time for all who ask meanwhile."""

    def __init__(self, compute: Callable[[], T]):
        self._compute = compute
        self._turn = threading.Condition()
        self._begun = 0  # computations begun
        self._done = 0  # the number of the last one finished, whose answer is kept
        self._running = False
        self._answer: T | None = None

    def __call__(self) -> T:
        with self._turn:
            needed = self._begun + 1  # one that begins after this call did: the one running may not see all
            while self._done < needed:
                if not self._running:
                    self._running = True
                    self._begun += 1
                    mine = self._begun
                    break
                self._turn.wait()
            else:
                return self._answer
        try:
            answer = self._compute()
        except BaseException:
            with self._turn:
                self._running = False
                self._turn.notify_all()  # a waiter computes it instead
            raise
        with self._turn:
            self._answer, self._done, self._running = answer, mine, False
            self._turn.notify_all()
        return answer
