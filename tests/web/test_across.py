"""Deadlines across jurisdictions: the bulk API (sorted, paginated, the same
deadlines as the per-jurisdiction API), `deadlines upcoming`, and the combined
feed (the same events as the jurisdictions' own feeds)."""
from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner
from icalendar import Calendar
from sqlalchemy.orm import Session

from tests.synthetic_calendars import make_calendars, town_id
from deadlines.cli import main
from deadlines.store import tokens
from web import create_app

from conftest import TODAY

BULK = "/api/v1/deadlines"
SEEDS = ["colorado-local", "model-city", "salt-lake-city-ut", "ypsilanti-mi"]


@pytest.fixture
def app(tmp_path, own_files_calendars, monkeypatch):
    """The four jurisdictions with files of their own, whose listings are worked
    out by hand below (the rosters' governments: tests/calendars/test_rosters.py)."""
    monkeypatch.setenv("DEADLINES_CALENDARS", str(own_files_calendars))  # the CLI's too
    return create_app({"TESTING": True, "TODAY": TODAY, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
                       "BASE_URL": "https://deadlines.example", "CALENDARS_DIR": str(own_files_calendars)})


def _all_pages(client, query: str, limit: int) -> list[dict]:
    items, url, seen = [], f"{BULK}?{query}&limit={limit}", 0
    while url:
        body = client.get(url).get_json()
        assert len(body["deadlines"]) <= limit
        items += body["deadlines"]
        url, seen = body["next"], seen + 1
        assert seen < 500
    return items


def _key(item: dict) -> tuple:
    d = item["deadline"]
    return (item["at"][:10], item["at"], item["jurisdiction"]["id"], item["cycle"], d["id"])


def test_april_2026_by_hand(client):
    # Ypsilanti: the 15th Tuesday preceding the August 4, 2026 primary is April 21, 2026 (4:00 p.m.);
    # the notice window closes 7 days before it, April 14; a withdrawal by 4 o'clock on the third day after
    # the last day for filing (MCL 168.322a), Friday April 24. Nothing else of the four falls in April 2026.
    body = client.get(f"{BULK}?from=2026-04-01&to=2026-04-30").get_json()
    assert [(i["deadline"]["uid"], i["deadline"]["safe_due"]) for i in body["deadlines"]] == [
        ("ypsilanti-mi/2026-11-03/filing-notice", "2026-04-14"),
        ("ypsilanti-mi/2026-11-03/petition-filing", "2026-04-21T16:00:00-04:00"),
        ("ypsilanti-mi/2026-11-03/withdrawal", "2026-04-24T16:00:00-04:00"),
    ]
    assert body["total"] == 3 and body["next"] is None and body["cursor"] is None and body["warnings"] == []
    assert body["deadlines"][1]["jurisdiction"] == {"id": "ypsilanti-mi", "name": "City of Ypsilanti, Michigan",
                                                    "timezone": "America/Detroit", "state": "MI",
                                                    "ocd_id": None, "kind": None, "county": None}  # not on a roster here


# General elections by rule, 2022-2028: the Tuesday after the first Monday in November (Colorado's odd-year
# coordinated election is the first Tuesday of November, the same day in 2023, 2025 and 2027): every year in
# Colorado and model-city, odd years in Salt Lake City, even years in Ypsilanti.
NOVEMBER = {2022: "2022-11-08", 2023: "2023-11-07", 2024: "2024-11-05", 2025: "2025-11-04", 2026: "2026-11-03",
            2027: "2027-11-02", 2028: "2028-11-07"}
CYCLES = {"colorado-local": list(NOVEMBER.values()), "model-city": list(NOVEMBER.values()),
          "salt-lake-city-ut": [d for y, d in NOVEMBER.items() if y % 2], "ypsilanti-mi": [d for y, d in NOVEMBER.items() if not y % 2]}


def test_same_deadlines_as_the_per_jurisdiction_api(client):
    items = _all_pages(client, "from=2025-01-01&to=2026-12-31", 1000)
    expected, expected_all = [], []
    for jid, cycles in CYCLES.items():
        for cycle in cycles:
            body = client.get(f"/api/v1/jurisdictions/{jid}/deadlines?election={cycle}").get_json()
            assert body["cycle"] == cycle
            expected += [{"jurisdiction": jid, "cycle": cycle, "deadline": d} for d in body["deadlines"]
                         if "2025-01-01" <= d["safe_due"][:10] <= "2026-12-31"]
            expected_all += [{"deadline": d} for d in body["deadlines"]]
    got = [{"jurisdiction": i["jurisdiction"]["id"], "cycle": i["cycle"], "deadline": i["deadline"]} for i in items
           if i["edge"] == "closing"]
    assert all(i["at"] == i["deadline"]["safe_due"] for i in items if i["edge"] == "closing")
    # a window is listed at its opening too, where that falls in the range (and only there)
    opened = sorted((i["deadline"]["uid"], i["at"]) for i in items if i["edge"] == "opening")
    assert opened == sorted((e["deadline"]["uid"], e["deadline"]["start"]) for e in expected_all
                            if e["deadline"]["start"] and "2025-01-01" <= e["deadline"]["start"][:10] <= "2026-12-31")
    assert len(got) >= 10 and {g["jurisdiction"] for g in got} == {"colorado-local", "salt-lake-city-ut", "ypsilanti-mi"}
    assert sorted(got, key=lambda x: x["deadline"]["uid"]) == sorted(expected, key=lambda x: x["deadline"]["uid"])


def test_sorted_and_paginated(client):
    whole = client.get(f"{BULK}?from=2025-01-01&to=2026-12-31&limit=1000").get_json()["deadlines"]
    assert [_key(i)[0] for i in whole] == sorted(_key(i)[0] for i in whole)  # by the day to act
    paged = _all_pages(client, "from=2025-01-01&to=2026-12-31", 2)
    assert paged == whole
    assert len({(i["deadline"]["uid"], i["edge"]) for i in paged}) == len(paged)


def test_filters(client):
    co = client.get(f"{BULK}?from=2025-01-01&to=2026-12-31&state=co").get_json()
    assert co["state"] == "CO" and {i["jurisdiction"]["id"] for i in co["deadlines"]} == {"colorado-local"}
    wyoming = client.get(f"{BULK}?from=2025-01-01&to=2026-12-31&state=WY")  # a state it does not know: as a bad kind
    assert wyoming.status_code == 400 and wyoming.get_json()["field"] == "state"
    public = client.get(f"{BULK}?from=2025-01-01&to=2026-12-31&audience=public").get_json()["deadlines"]
    assert public and all("public" in i["deadline"]["audience"] for i in public)
    assert {i["deadline"]["id"] for i in public} == {"filing-notice", "objection-filing"}  # Ypsilanti, Salt Lake City


@pytest.mark.parametrize("query, field", [
    ("to=2026-01-01", "from"),
    ("from=2026-01-01", "to"),
    ("from=2026-02-30&to=2026-03-01", "from"),
    ("from=2026-03-01&to=2026-02-01", "to"),
    ("from=2026-01-01&to=2029-01-01", "to"),
    ("from=2026-01-01&to=2026-02-01&state=Michigan", "state"),
    ("from=2026-01-01&to=2026-02-01&audience=voters", "audience"),
    ("from=2026-01-01&to=2026-02-01&limit=0", "limit"),
    ("from=2026-01-01&to=2026-02-01&cursor=bm9wZQ", "cursor"),
    ("from=2026-01-01&to=2026-02-01&election=2026-11-03", "election"),
    ("from=2026-01-01&to=2026-02-01&include=deleted", "include"),
])
def test_bad_queries_are_problems(client, query, field):
    resp = client.get(f"{BULK}?{query}")
    assert resp.status_code == 400 and resp.mimetype == "application/problem+json"
    assert resp.get_json()["field"] == field


def test_a_recorded_event_shows_at_once(app, client):
    # model-city: within 30 days after adoption on May 7, 2026 is Saturday June 6; the prior-business-day
    # reading gives Friday June 5, the safe date.
    query = f"{BULK}?from=2026-06-01&to=2026-06-10"
    assert client.get(query).get_json()["deadlines"] == []
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "model-city")
    resp = client.post("/api/v1/jurisdictions/model-city/events", json={"name": "ordinance-adopted", "at": "2026-05-07"},
                       headers={"Authorization": f"Bearer {secret}"})
    assert resp.status_code == 201
    [item] = client.get(query).get_json()["deadlines"]
    assert (item["deadline"]["id"], item["deadline"]["due"], item["deadline"]["safe_due"]) == (
        "referendum-petition-filing", "2026-06-06", "2026-06-05")


def test_a_deleted_event_leaves_the_default_listing_and_stays_on_include_cancelled(app, client):
    # the event of the example above, deleted as a mistake: its deadline is cancelled
    query = f"{BULK}?from=2026-06-01&to=2026-06-10"
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "model-city")
    auth = {"Authorization": f"Bearer {secret}"}
    event = client.post("/api/v1/jurisdictions/model-city/events", json={"name": "ordinance-adopted", "at": "2026-05-07"},
                        headers=auth).get_json()
    assert client.delete(f"/api/v1/jurisdictions/model-city/events/{event['id']}?reason=typo",
                         headers=auth).status_code in (200, 204)
    assert client.get(query).get_json()["deadlines"] == []
    body = client.get(f"{query}&include=cancelled").get_json()
    assert [(i["deadline"]["id"], i["deadline"]["status"], i["deadline"]["safe_due"]) for i in body["deadlines"]] == [
        ("referendum-petition-filing", "cancelled", "2026-06-05")]
    assert body["total"] == 1
    spec = client.get("/api/v1/openapi.json").get_json()["paths"]["/api/v1/deadlines"]["get"]["parameters"]
    assert {"name": "include", "in": "query", "required": False, "schema": {"enum": ["cancelled"]}}.items() <= \
        next(p for p in spec if p["name"] == "include").items()


def test_an_invalid_file_is_named_not_silently_dropped(tmp_path):
    folder = tmp_path / "calendars"
    shutil.copytree(make_calendars(tmp_path / "src", 8), folder)
    (folder / f"{town_id(4)}.toml").write_text('id = "town-00004"\n')
    app = create_app({"TESTING": True, "TODAY": TODAY, "CALENDARS_DIR": str(folder),
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    body = app.test_client().get(f"{BULK}?from=2026-04-01&to=2026-04-30&state=MI").get_json()
    # the seed's copy and Ypsilanti (the May cities' own files fall in April too: tests/law/mi)
    seeds = [i for i in body["deadlines"] if i["jurisdiction"]["id"] in ("town-00000", "ypsilanti-mi")]
    ids = [i["jurisdiction"]["id"] for i in seeds]
    assert ids == ["town-00000", "ypsilanti-mi"] * 3  # the same day and hour: by jurisdiction id
    assert [i["deadline"]["id"] for i in seeds] == [
        "filing-notice", "filing-notice", "petition-filing", "petition-filing", "withdrawal", "withdrawal"]
    assert body["warnings"] == [f"{town_id(4)} is left out: its calendar file is invalid (5 problem(s); run `deadlines check`)"]


def test_upcoming_cli_is_the_api(client, tmp_path, monkeypatch):
    monkeypatch.setenv("DEADLINES_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.delenv("DEADLINES_DATABASE_URL", raising=False)
    res = CliRunner().invoke(main, ["upcoming", "--from", "2025-01-01", "--to", "2026-12-31", "--json"])
    assert res.exit_code == 0, res.output
    cli = json.loads(res.stdout)
    assert cli["deadlines"] == _all_pages(client, "from=2025-01-01&to=2026-12-31", 5)
    table = CliRunner().invoke(main, ["upcoming", "--from", "2026-04-01", "--to", "2026-04-30", "--state", "MI"])
    assert table.stdout.splitlines() == [
        "Tuesday, April 14, 2026\typsilanti-mi\tfiling-notice\tPublish notice of the petition filing deadline",
        "4:00 p.m. on Tuesday, April 21, 2026\typsilanti-mi\tpetition-filing\tNominating petitions due",
        "4:00 p.m. on Friday, April 24, 2026\typsilanti-mi\twithdrawal\t"
        "Last day to withdraw after filing (written notice to the city clerk)",
    ]
    bad = CliRunner().invoke(main, ["upcoming", "--from", "2026-04-01", "--to", "2026-03-01"])
    assert bad.exit_code == 2 and "the range ends before it starts" in bad.output


def _events(data: bytes) -> dict[str, tuple]:
    cal = Calendar.from_ical(data)
    return {str(e["UID"]): (e.decoded("DTSTART"), str(e["SUMMARY"]), int(e["SEQUENCE"]), str(e["DESCRIPTION"]))
            for e in cal.walk("VEVENT")}


def test_combined_feed_is_the_union_of_the_feeds(client):
    combined = client.get("/calendars/combined.ics?j=salt-lake-city-ut,ypsilanti-mi,colorado-local&audience=candidates")
    assert combined.status_code == 200 and combined.mimetype == "text/calendar"
    expected = {}
    for jid in ("salt-lake-city-ut", "ypsilanti-mi", "colorado-local"):
        name = client.get(f"/api/v1/jurisdictions/{jid}").get_json()["name"]
        own = _events(client.get(f"/calendars/{jid}.ics?audience=candidates").data)
        assert own and all(summary.startswith(f"{name}: ") for _, summary, _, _ in own.values())  # named in its own feed too
        expected.update(own)  # the same events: the same dates, titles (each starting with its government's name), versions
    got = _events(combined.data)
    assert got.keys() == expected.keys() and len(got) > 10
    for uid, (start, summary, seq, about) in got.items():  # the same dates, titles and versions
        assert (start, summary, seq) == expected[uid][:3]
        # the dates and the citation as in the government's own feed; the quoted law by a link to the row
        # (meant to change: 500 governments quoting one law made Colorado's feed 16 MB)
        head, law = expected[uid][3].split("\n\nLaw: ")
        citation, quoted = law.split("\n")[:2]
        assert about.startswith(f"{head}\n\nLaw: {citation}\nThe law, how the date is counted and its readings: https://")
        assert quoted not in about and "#" in about
    again = client.get("/calendars/combined.ics?j=colorado-local,ypsilanti-mi,salt-lake-city-ut&audience=candidates",
                       headers={"If-None-Match": combined.headers["ETag"]})
    assert again.status_code == 304  # the same set in another order is the same feed


@pytest.mark.parametrize("query, status, field", [
    ("", 400, "j"), ("j=", 400, "j"), ("j=ypsilanti-mi,atlantis", 404, "jurisdiction"),
    ("j=ypsilanti-mi&audience=voters", 400, "audience"),
])
def test_combined_feed_errors(client, query, status, field):
    resp = client.get(f"/calendars/combined.ics?{query}")
    assert resp.status_code == status and resp.get_json()["field"] == field
