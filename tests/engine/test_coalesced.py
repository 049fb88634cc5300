"""Coalesced (deadlines/core/coalesced.py): threads that ask at once share
one computation, and every answer was computed wholly after its call began,
so nothing changed before a call is missing from its answer."""
from __future__ import annotations

import itertools
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from deadlines.core.coalesced import Coalesced


def test_one_caller_gets_a_new_computation_each_time():
    count = itertools.count(1)
    fresh = Coalesced(lambda: next(count))
    assert [fresh(), fresh(), fresh()] == [1, 2, 3]


def test_callers_at_once_share_computations_each_begun_after_they_asked():
    begun = []

    def compute():
        begun.append(time.monotonic())
        time.sleep(0.05)
        return begun[-1]

    fresh = Coalesced(compute)

    def ask(_):
        asked = time.monotonic()
        return asked, fresh()

    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(ask, range(64)))
    assert all(began >= asked for asked, began in answers)  # never an answer begun before the call
    assert len(begun) < 64 / 4  # shared: far fewer computations than calls
    assert len(begun) == len(set(began for _, began in answers))  # every computation answered someone


def test_a_failure_reaches_its_caller_and_the_next_call_computes_again():
    calls = []

    def compute():
        calls.append(1)
        if len(calls) == 1:
            raise OSError("the folder went away")
        return "stamp"

    fresh = Coalesced(compute)
    with pytest.raises(OSError):
        fresh()
    assert fresh() == "stamp" and len(calls) == 2


def test_a_waiter_computes_when_the_running_computation_fails():
    started, release = threading.Event(), threading.Event()
    calls = []

    def compute():
        calls.append(1)
        if len(calls) == 1:
            started.set()
            release.wait(5)
            raise OSError("the first scan fails")
        return "second"

    fresh = Coalesced(compute)
    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(fresh)
        started.wait(5)
        second = pool.submit(fresh)
        time.sleep(0.05)  # the second caller is waiting on the first
        release.set()
        with pytest.raises(OSError):
            first.result(5)
        assert second.result(5) == "second"
