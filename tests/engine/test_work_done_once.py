"""Work done once, not once per visitor (issue 19, item 5). After a clerk
write, the bulk listing is computed once however many ask at once (the others
wait for it); a printable calendar (PDF) is rendered once per change, by the
same key as a feed (file, records, day), however many ask; a page's first
render loads its government and looks its cycle up once."""
from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy.orm import Session

from deadlines.across import Across
from deadlines.store import tokens
from web import printing

BULK = "/api/v1/deadlines?from=2026-01-01&to=2026-12-31&state=CO"
PDF = "/calendars/model-city/2026-11-03.pdf"


def _counting(monkeypatch, owner, name: str) -> list:
    """Count calls of ``owner.name``, each made slow enough for the askers to overlap."""
    calls, real = [], getattr(owner, name)

    def counted(*args, **kwargs):
        calls.append(threading.get_ident())
        time.sleep(0.3)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def _at_once(app, path: str, n: int = 8) -> list:
    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(lambda _: app.test_client().get(path), range(n)))


def _clerk_write(app, at: str) -> None:
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "model-city")
    resp = app.test_client().post("/api/v1/jurisdictions/model-city/events", json={"name": "ordinance-adopted", "at": at},
                                  headers={"Authorization": f"Bearer {secret}"})
    assert resp.status_code == 201


def test_the_bulk_listing_after_a_write_is_computed_once(app, monkeypatch):
    calls = _counting(monkeypatch, Across, "_compute")
    first = _at_once(app, BULK)
    assert len(calls) == 1 and {r.status_code for r in first} == {200}
    _clerk_write(app, "2026-05-04")
    app.extensions["records"].forget("model-city")
    after = _at_once(app, BULK)
    assert len(calls) == 2 and len({r.data for r in after}) == 1


def test_a_pdf_is_rendered_once_per_change(app, monkeypatch):
    calls = _counting(monkeypatch, printing, "printed")  # the layout, in a printing process
    first = _at_once(app, PDF)
    assert len(calls) == 1 and {r.status_code for r in first} == {200} and len({r.data for r in first}) == 1
    assert first[0].data.startswith(b"%PDF") and first[0].mimetype == "application/pdf"
    assert app.test_client().get(PDF).data == first[0].data and len(calls) == 1
    _clerk_write(app, "2026-05-04")  # the records changed: one new render
    after = _at_once(app, PDF)
    assert len(calls) == 2 and len({r.data for r in after}) == 1 and after[0].data != first[0].data


def test_a_page_loads_its_government_once_and_looks_its_cycle_up_once(app, monkeypatch):
    """A page's first render: one registry load of the government and one
    look-up of its cycle, whose result also says which rows link to their
    event in the published calendar; a typed trigger event is not the
    published calendar, so that look-up is made beside the page's."""
    from deadlines.core.registry import Registry
    from web import form, form_records

    loads, lookups = [], []
    real_get, real_lookup = Registry.get, form.lookup

    def get(self, jid):
        loads.append(jid)
        return real_get(self, jid)

    def lookup(jur, **kw):
        lookups.append(kw.get("election"))
        return real_lookup(jur, **kw)

    monkeypatch.setattr(Registry, "get", get)
    monkeypatch.setattr(form, "lookup", lookup)
    monkeypatch.setattr(form_records, "lookup", lookup)
    page = app.test_client().get("/?jurisdiction=salt-lake-city-ut&election=2027-11-02")
    assert page.status_code == 200 and b"/calendars/salt-lake-city-ut/2027-11-02/" in page.data
    assert loads == ["salt-lake-city-ut"] and len(lookups) == 1
    typed = app.test_client().get("/?jurisdiction=model-city&ordinance-adopted=2025-04-14")
    assert typed.status_code == 200 and len(lookups) == 3
