"""A new web process computes the landing page before it answers anyone
(web/warmup.py): its first visitor, in either language, costs no listing
and no load of the roster; and what it holds by then is left out of the
garbage collector's full collections."""
from __future__ import annotations

import gc

import pytest

from deadlines.across import Across
from deadlines.core.registry import Registry
from web.warmup import warm


@pytest.fixture(autouse=True)
def unfrozen():
    """The test process collects as before once a test has frozen its objects."""
    yield
    gc.unfreeze()


def _counting(monkeypatch, cls, name: str) -> list:
    calls = []
    original = getattr(cls, name)

    def counted(self, *args, **kwargs):
        calls.append(name)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(cls, name, counted)
    return calls


def test_after_the_warm_up_the_landing_page_computes_no_listing_and_loads_no_roster(app, monkeypatch):
    listings = _counting(monkeypatch, Across, "_compute")
    loads = _counting(monkeypatch, Registry, "load_all")
    warm(app)
    assert listings and loads, "the warm-up computed the listings (the test's counters see the work)"
    listings.clear(), loads.clear()
    client = app.test_client()
    for path in ("/", "/?lang=es"):
        resp = client.get(path)
        assert resp.status_code == 200
    assert listings == [] and loads == []


def test_a_failing_warm_up_is_logged_and_the_page_still_answers(app, monkeypatch, caplog):
    def broken(self, *args, **kwargs):
        raise RuntimeError("listing failed")

    monkeypatch.setattr(Across, "_compute", broken)
    warm(app)
    assert "warm-up of the landing page failed" in caplog.text
    monkeypatch.undo()
    assert app.test_client().get("/").status_code == 200


def test_the_warm_up_sets_aside_what_the_process_holds_from_full_collections(app):
    gc.unfreeze()
    warm(app)
    frozen = gc.get_freeze_count()
    assert frozen > 100_000  # the registry, the laws and the place directory of every roster
    assert len(gc.get_objects(generation=2)) < frozen  # what a full collection walks now: the rest
