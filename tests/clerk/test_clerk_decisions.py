"""A clerk's decision on a choice the law gives per cycle (Utah's ranked-choice
pilot, issue 8 item 4), through the clerk API and the real database: undecided,
decided, replaced and deleted, said alike by the API, the feed and the history.

The pilot ran for elections from January 1, 2019 until January 1, 2026
(Utah Code 20A-4-602(2)); the city's calendar file records 2021, 2023 and 2025
and nothing for 2019, where research has only the lieutenant governor's list
(calendars/facts/ut-lists.csv: Payson and Vineyard, so the city's `no`), which
the clerk's own record overrides.
Dates worked by hand from calendars/salt-lake-city-ut.toml and the shared
utah-election-code [choices.ranked-choice]:

- 2019 cycle: the first Tuesday after the first Monday of November 2019
  (Monday November 4) is Tuesday November 5.
- Own rule (subsections B and E): June 1-7 "of any odd numbered year", 5:00 p.m.;
  June 7, 2019 is a Friday, so no extension: due Friday June 7, 5:00 p.m. MDT.
- The pilot's period: Tuesdays of August 2019 are the 6th, 13th, 20th, 27th, so
  the 2nd Tuesday opens it (August 13, 8:00 a.m.) and the 3rd closes it
  (August 20, 5:00 p.m. MDT).
- Objection (subsection I.1): 5 days after the last day for filing. June 7 + 5 =
  Wednesday June 12; August 20 + 5 = Sunday August 25 -> Utah Code 68-3-7, the
  next business day, Monday August 26 (close of office hours, 5:00 p.m.).
"""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.desk_helpers import bearer
from tests.ical_readers import read_icalendar
from web import create_app

API = "/api/v1/jurisdictions/salt-lake-city-ut"
DECISION = f"{API}/decisions/2019-11-05/ranked-choice"
FEED = "/calendars/salt-lake-city-ut/2019-11-05.ics"
UID = "salt-lake-city-ut/2019-11-05/{}@deadlines"
DENVER = ZoneInfo("America/Denver")
FILINGS = ("declaration-filing", "nomination-petition-filing")


def at(*args) -> str:
    return datetime(*args, tzinfo=DENVER).isoformat()


def utc(*args) -> str:
    return datetime(*args, tzinfo=DENVER).astimezone(ZoneInfo("UTC")).strftime("%Y-%m-%dT%H:%M:%SZ")


@pytest.fixture
def app(tmp_path):
    # today is before the 2019 filing periods, so the cycle is the one the feeds publish
    return create_app({"TESTING": True, "TODAY": "2019-01-02", "DATABASE_URL": f"sqlite:///{tmp_path / 'd.sqlite3'}"})


def deadlines(client) -> dict:
    resp = client.get(f"{API}/deadlines?election=2019-11-05")
    assert resp.status_code == 200, resp.get_data(as_text=True)
    return {d["id"]: d for d in resp.json["deadlines"]}


def assert_from_the_list(client) -> None:
    # Not on the 2019 list: the June period alone, and the steps say why.
    d = deadlines(client)
    for rid in FILINGS:
        w = d[rid]
        assert w["due"] == w["safe_due"] == at(2019, 6, 7, 17)
        assert not any("20A-4-602(6)" in r["cite"] for r in w["readings"])
        assert not any("no choice is recorded" in x for x in w["warnings"])
        assert any("not on the lieutenant governor's list of 2019 participants" in s for s in w["steps"])
    assert d["objection-filing"]["due"] == at(2019, 6, 12, 17)
    ics = read_icalendar(client.get(FEED).data)
    assert ics[UID.format("declaration-filing")]["start"] == utc(2019, 6, 7, 17)
    assert ics[UID.format("objection-filing")]["start"] == utc(2019, 6, 12, 17)


def test_a_clerk_decides_the_ranked_choice_pilot_for_a_cycle_and_takes_it_back(app):
    client, auth = app.test_client(), bearer(app, "salt-lake-city-ut", "City Recorder")
    assert_from_the_list(client)

    body = {"taken": True, "authority": "City Council, Resolution 9 of 2019", "reason": "joined the pilot"}
    put = client.put(DECISION, headers=auth, json=body)
    assert put.status_code == 201, put.get_data(as_text=True)
    assert {k: put.json[k] for k in ("choice", "cycle", "taken", "authority")} == {
        "choice": "ranked-choice", "cycle": "2019-11-05", "taken": True, "authority": body["authority"]}
    assert client.get(f"{API}/decisions", headers=auth).json["items"] == [put.json]
    d = deadlines(client)
    for rid in FILINGS:
        w = d[rid]
        assert (w["start"], w["due"], w["safe_due"]) == (at(2019, 8, 13, 8), at(2019, 8, 20, 17), at(2019, 8, 20, 17))
        assert w["readings"] == [] and not any("no choice is recorded" in x for x in w["warnings"])
        assert any("chose" in s and body["authority"] in s for s in w["steps"])
        # the change in plain words (issue 17): who, and that the city takes the choice
        assert any("City Recorder: recorded that" in c and " takes “" in c for c in w["changes"]), w["changes"]
    assert d["objection-filing"]["due"] == at(2019, 8, 26, 17)
    ics = read_icalendar(client.get(FEED).data)  # the feed agrees with the API
    for rid in FILINGS:
        assert ics[UID.format(rid)]["start"] == utc(2019, 8, 20, 17)
        assert ics[UID.format(f"{rid}/window")]["start"] == "2019-08-13"
    assert ics[UID.format("objection-filing")]["start"] == utc(2019, 8, 26, 17)

    declined = client.put(DECISION, headers=auth, json={"taken": False, "authority": "City Council, Resolution 10 of 2019"})
    assert declined.status_code == 200 and declined.json["taken"] is False  # replaced, not a second row
    w = deadlines(client)["declaration-filing"]
    assert w["due"] == at(2019, 6, 7, 17) and not any("20A-4-602(6)" in r["cite"] for r in w["readings"])
    assert not any("no choice is recorded" in x for x in w["warnings"])
    assert any("did not choose" in s and "Resolution 10 of 2019" in s for s in w["steps"])

    assert client.delete(f"{DECISION}?reason=entered in error", headers=auth).status_code == 204
    assert client.delete(DECISION, headers=auth).status_code == 404
    assert client.get(f"{API}/decisions", headers=auth).json["items"] == []
    assert_from_the_list(client)
    history = client.get(f"{API}/history", headers=auth).json["items"]
    assert [(h["action"], h["target"], h["before"], h["after"]) for h in history] == [
        ("decision.delete", "decision:2019-11-05/ranked-choice", {"taken": False}, None),
        ("decision.put", "decision:2019-11-05/ranked-choice", {"taken": True}, {"taken": False}),
        ("decision.put", "decision:2019-11-05/ranked-choice", None, {"taken": True})]
    assert history[0]["reason"] == "entered in error" and history[2]["reason"] == "joined the pilot"
    assert all(h["by"] == "City Recorder" for h in history)


@pytest.mark.parametrize("path,body,field", [
    ("decisions/2019-11-05/instant-runoff", {"taken": True, "authority": "a"}, "choice"),
    ("decisions/2019-11-06/ranked-choice", {"taken": True, "authority": "a"}, "cycle"),  # not a cycle
    ("decisions/2027-11-02/ranked-choice", {"taken": True, "authority": "a"}, "cycle"),  # the pilot ended
    ("decisions/2017-11-07/ranked-choice", {"taken": True, "authority": "a"}, "cycle"),  # before it began
    ("decisions/2019-11-05/ranked-choice", {"taken": True}, "authority"),
    ("decisions/2019-11-05/ranked-choice", {"taken": True, "authority": "  "}, "authority"),
    ("decisions/2019-11-05/ranked-choice", {"taken": "yes", "authority": "a"}, "taken"),
    ("decisions/2019-11-05/ranked-choice", {"authority": "a"}, "taken"),
])
def test_a_bad_decision_names_the_field_and_stores_nothing(app, path, body, field):
    client, auth = app.test_client(), bearer(app, "salt-lake-city-ut", "City Recorder")
    resp = client.put(f"{API}/{path}", headers=auth, json=body)
    assert resp.status_code == 422 and resp.json["field"] == field, resp.get_data(as_text=True)
    assert client.delete(f"{API}/{path}", headers=auth).status_code in (404, 422)
    assert client.get(f"{API}/decisions", headers=auth).json["items"] == []
    assert client.get(f"{API}/history", headers=auth).json["items"] == []
    assert app.extensions["records"].revision("salt-lake-city-ut") == "0"


def test_decisions_need_the_jurisdictions_token(app):
    client = app.test_client()
    body = {"taken": True, "authority": "a"}
    assert client.put(DECISION, json=body).status_code == 401
    assert client.put(DECISION, json=body, headers=bearer(app, "model-city", "Clerk")).status_code == 403
    assert client.delete(DECISION, headers=bearer(app, "model-city", "Clerk")).status_code == 403
