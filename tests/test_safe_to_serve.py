"""Every write the clerk API accepts can be served by every surface
(issue 19, item 3): an election held far from its cycle is refused with words
saying why, and so is any write after which a cycle could not be computed;
a property test feeds random writes and then asks every surface."""
from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from sqlalchemy.orm import Session

from deadlines.store import tokens
from tests.reminders_fixtures import sqlite_url  # noqa: F401
from web import create_app

from conftest import TODAY

API = "/api/v1/jurisdictions"
SLC = "salt-lake-city-ut"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('safe') / 'db.sqlite3'}"
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "t", "TESTING": True, "TODAY": TODAY,
                      "BASE_URL": "https://deadlines.example", "RATELIMIT_ENABLED": False})
    headers = {}
    for jid in (SLC, "model-city", "ypsilanti-mi"):
        with Session(app.extensions["records"].db) as s, s.begin():
            _, secret = tokens.create(s, jid)
        headers[jid] = {"Authorization": f"Bearer {secret}"}
    return app, headers


def _surfaces(jid: str, cycle: str) -> list[str]:
    return ["/", f"/?jurisdiction={jid}", f"/?jurisdiction={jid}&election={cycle}", f"/embed/{jid}",
            f"/calendars/{jid}.ics", f"/calendars/{jid}/{cycle}.ics", f"/calendars/{jid}/{cycle}.svg",
            f"/calendars/{jid}/{cycle}.csv", f"{API}/{jid}/deadlines?election={cycle}", f"/jurisdictions/{jid}",
            f"/calendars/combined.ics?j={jid},model-city", "/api/v1/deadlines?from=2025-01-01&to=2026-12-31"]


def test_an_election_far_from_its_cycle_is_refused_and_the_site_keeps_serving(served):
    app, headers = served
    client = app.test_client()
    resp = client.put(f"{API}/{SLC}/elections/2027-11-02", json={"general": "2000-01-04"}, headers=headers[SLC])
    assert resp.status_code == 422
    assert "2000-01-04 is 10164 days from the 2027-11-02 cycle's election by rule" in resp.json["detail"]
    ok = client.put(f"{API}/{SLC}/elections/2023-11-07", json={"general": "2023-11-21", "authority": "Utah HB 2023"},
                    headers=headers[SLC])
    assert ok.status_code == 200  # Utah 2023: two weeks later
    for path in _surfaces(SLC, "2027-11-02"):
        assert client.get(path).status_code == 200, path


DAYS = st.dates(min_value=date(2000, 1, 1), max_value=date(2099, 12, 31)).map(date.isoformat)
NEAR = st.integers(-400, 400).map(lambda n: (date(2027, 11, 2) + timedelta(days=n)).isoformat())
TEXT = st.text(max_size=40)
WRITES = st.one_of(
    st.tuples(st.just("PUT"), st.just(f"{SLC}/elections/2027-11-02"),
              st.fixed_dictionaries({"general": st.one_of(DAYS, NEAR)}, optional={"authority": TEXT})),
    st.tuples(st.just("POST"), st.just(f"{SLC}/events"),
              st.fixed_dictionaries({"name": st.sampled_from(["objection-filed", "objection-sustained"]),
                                     "at": st.one_of(DAYS, NEAR)}, optional={"label": TEXT})),
    st.tuples(st.just("POST"), st.just("model-city/events"),
              st.fixed_dictionaries({"name": st.just("ordinance-adopted"), "at": DAYS}, optional={"label": TEXT})),
    st.tuples(st.just("PUT"), st.sampled_from([f"{SLC}/overrides/2027-11-02/withdrawal",
                                               "ypsilanti-mi/overrides/2026-11-03/petition-filing"]),
              st.fixed_dictionaries({"due": st.one_of(DAYS, NEAR), "authority": TEXT, "reason": TEXT})),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(write=WRITES)
def test_every_accepted_write_is_served_by_every_surface(served, write):
    app, headers = served
    client = app.test_client()
    method, path, body = write
    jid = path.split("/")[0]
    resp = client.open(f"{API}/{path}", method=method, json=body, headers=headers[jid])
    assert resp.status_code < 500, (write, resp.data)
    cycle = "2026-11-03" if jid == "ypsilanti-mi" else "2027-11-02" if jid == SLC else "2026-11-03"
    for url in _surfaces(jid, cycle):
        got = client.get(url)
        assert got.status_code < 500 and (got.status_code == 200 or jid == "model-city"), (write, url, got.data[:300])
