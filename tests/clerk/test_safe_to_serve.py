"""Every write the clerk API accepts can be served by every surface
(issue 19, item 3): an election held far from its cycle is refused with words
saying why, and so is any write after which a cycle could not be computed;
a property test feeds random writes and then asks every surface (pages,
feeds, PDF, CSV, SVG, the APIs and the reminder emails); another feeds random
calendar files, checked by `deadlines check`'s own validation, to them all."""
from __future__ import annotations

import itertools
import json
import os
import shutil
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st
from sqlalchemy.orm import Session

from deadlines.core.loader import check_jurisdiction
from deadlines.reminders import email
from deadlines.reminders.notice import subject_and_body
from deadlines.reminders.plan import plan_subscription
from deadlines.reminders.settings import Settings
from deadlines.service import upcoming
from deadlines.store import tokens
from deadlines.words import words
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
            f"/calendars/{jid}/{cycle}.csv", f"/calendars/{jid}/{cycle}.pdf", f"{API}/{jid}/deadlines?election={cycle}",
            f"/jurisdictions/{jid}", f"/calendars/combined.ics?j={jid},model-city",
            "/api/v1/deadlines?from=2025-01-01&to=2026-12-31"]


def _emails(app, jid: str) -> int:
    """Every reminder email a subscriber to ``jid`` would get, built as sent
    (text and HTML): the email surface. Returns how many."""
    with app.app_context():
        jur = app.extensions["registry"].get(jid)
        results = upcoming(jur, today=date.fromisoformat(TODAY), years_ahead=4, records=app.extensions["records"])
    sub = SimpleNamespace(id=1, deadline_ids="", audience=None, leads="30,7,1", notice_lead=3,
                          confirmed_at=datetime(2000, 1, 1, tzinfo=timezone.utc))
    settings = Settings(base_url="https://deadlines.example")
    planned = plan_subscription(sub, jur, results, settings)
    for p in planned:
        subject, body = subject_and_body(p.payload, now=p.fire_at, late=False, unsubscribe_url="https://x/u/t",
                                         w=words("en"))
        email.build(settings, "someone@example.org", subject, body, p.key, "https://x/u/t", "en").as_bytes()
    return len(planned)


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
@example(write=("PUT", f"{SLC}/elections/2027-11-02", {"general": "2028-01-01"}))  # another cycle's: refused
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
    _emails(app, jid)


# --------------------------------------------------------------------------- checked files

MODEL = Path("calendars/model-city.toml").read_text()
COUNT = st.integers(-10, 10).map(lambda n: 10 ** abs(n) * (1 if n >= 0 else -1)) | st.integers(-5000, 5000)
NAME, SOURCE, DUE = MODEL.splitlines()[1], MODEL.splitlines()[5], 'due = { days_after = 30, of = "ordinance-adopted" }'
WORDS = TEXT | st.sampled_from(["Model\nCity", "Model\r\nCity", "a\u2028b", "x\x00y", "tab\there", " ", ""])
FIELDS = {  # a line of model-city.toml -> what may stand there instead
    NAME: WORDS.map(lambda t: f"name = {json.dumps(t)}"),
    SOURCE: WORDS.map(lambda t: f"source = {json.dumps(t)}"),
    DUE: st.one_of(
        st.tuples(st.sampled_from(["days_after", "days_before", "business_days_after", "nth_weekday_after",
                                   "months_after", "years_after"]), COUNT)
        .map(lambda k: f'due = {{ {k[0]} = {k[1]}, of = "ordinance-adopted"'
                       + (', weekday = "tuesday"' if "weekday" in k[0] else "") + " }")),
    "month = 11": st.integers(-2, 14).map(lambda m: f"month = {m}"),
    'title = "Ordinance adopted by the Council"': WORDS.map(lambda t: f"title = {json.dumps(t)}"),
    "covers = { from = 2000 }": st.integers(1, 3000).map(lambda y: f"covers = {{ from = {y} }}"),
}


@pytest.fixture(scope="module")
def own_calendars(tmp_path_factory):
    folder = tmp_path_factory.mktemp("checked")
    shutil.copytree("calendars", folder / "calendars")
    app = create_app({"DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}", "SECRET_KEY": "t", "TESTING": True,
                      "TODAY": TODAY, "BASE_URL": "https://deadlines.example", "CALENDARS_DIR": folder / "calendars"})
    return app, folder / "calendars" / "model-city.toml", itertools.count(1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(changes=st.fixed_dictionaries({}, optional=FIELDS))
@example(changes={NAME: 'name = "Model\\nCity"'})  # the findings of issue 19, item 4, always among the examples
@example(changes={SOURCE: 'source = "Code\\u0000 of the city"'})
@example(changes={DUE: 'due = { nth_weekday_after = 999999999, weekday = "tuesday", of = "ordinance-adopted" }'})
def test_every_checked_file_is_served_by_every_surface(own_calendars, changes):
    """What `deadlines check` passes, every surface serves (the jurisdiction's
    own pages 200); what it refuses stops only that jurisdiction (no 500 anywhere)."""
    app, path, edits = own_calendars
    text = MODEL
    for line, replacement in changes.items():
        assert line in text
        text = text.replace(line, replacement, 1)
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    stamp = 1_700_000_000 + next(edits)
    os.utime(path, (stamp, stamp))  # a new version, however fast the edits come
    _, problems = check_jurisdiction(path)
    client = app.test_client()
    for url in _surfaces("model-city", "2026-11-03"):
        got, said = client.get(url), (changes, url)
        if "model-city" not in url:  # everyone's pages: whatever this one file holds
            assert got.status_code == 200, said
        elif problems:  # refused by the check: its last good version, or "not available" (503), never a failure
            assert got.status_code < 500 or got.status_code == 503 and b"calendar file has a problem" in got.data, said
        else:
            assert got.status_code == 200 if "2026-11-03" not in url else got.status_code < 500, said
    if not problems:
        _emails(app, "model-city")
