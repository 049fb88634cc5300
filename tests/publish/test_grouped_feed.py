"""A whole state in one subscription: more governments than the 500 a
combined feed lists one by one get one event per deadline they share
(web.feeds_combined._grouped_feed, deadlines.publish.grouped).

Worked examples:
- Colorado special districts, regular election Tuesday, May 4, 2027
  (C.R.S. 1-13.5-111: the Tuesday after the first Monday of May in odd
  years): the self-nomination and acceptance form is filed "not less than
  sixty-seven days before the regular election" (1-13.5-303(1)); May 4, 2027
  less 67 days is Friday, February 26, 2027. Every special district of the
  state shares that day, so the state's feed holds it once, counting them.
- The City of Escalante, Utah, municipal general election Tuesday,
  November 2, 2027: the declaration of candidacy is filed "during office
  hours and not later than the close of normal office hours, between June 1
  and June 7" (Utah Code 20A-9-203(3)(a)(i)); with no hours recorded the
  law's 5:00 p.m. is used, the day shared with the other cities and towns;
  once the clerk records 8:00 a.m. to 12:00 p.m., Escalante's period ends at
  noon on Monday, June 7, 2027, and the state's feed gives Escalante an event
  of its own, so its earlier hour is never hidden under the others' 5:00 p.m.
- Michigan's townships in Spanish: "The township clerk shall receive
  nominating petitions up to 4 p.m. of the fifteenth Tuesday before the
  August primary" (MCL 168.349(1)). The August primary of 2028 is Tuesday,
  August 8 (August 1, 2028 is a Tuesday, the first Monday is August 7);
  fifteen Tuesdays (105 days) before it: August 8 back to July 8 is 31 days,
  to June 8 61, to May 8 92, to April 25 105: Tuesday, April 25, 2028, 4:00
  p.m. Eastern Daylight Time (20:00 UTC).
"""
from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

import icalendar
import pytest
from sqlalchemy.orm import Session

from deadlines.results import law_key
from deadlines.core.registry import Registry, state_of
from deadlines.publish import grouped, ical, place_words
from deadlines.service import upcoming
from deadlines.store import tokens
from deadlines.words import words
from tests.ical_readers import read_every_client, read_words
from tests.reminders_fixtures import sqlite_url  # noqa: F401 (a fixture)
from web import create_app

from conftest import BASE_URL

TODAY = "2026-12-02"


@pytest.fixture
def app(sqlite_url):  # noqa: F811
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY,
                       "BASE_URL": BASE_URL})


def _events(body: bytes) -> dict[str, icalendar.Event]:
    return {str(e["uid"]): e for e in icalendar.Calendar.from_ical(body).walk("VEVENT")}


def test_a_whole_state_is_one_event_per_shared_deadline(app, tmp_path):
    client = app.test_client()
    resp = client.get("/calendars/combined.ics?state=CO")
    assert resp.status_code == 200 and resp.mimetype == "text/calendar"
    assert len(resp.data) < 10_000_000  # the goal of issue 26 (it was 49 MB one event per government)
    read_every_client(resp.data, tmp_path)  # every client reads it alike, no UID twice
    events = _events(resp.data)
    form = events["combined/state-co/2027-05-04/petition-filing@deadlines"]
    assert form.decoded("dtstart").date().isoformat() == "2027-02-26"
    count = int(re.search(r"\(([\d,]+) governments\)$", str(form["summary"])).group(1).replace(",", ""))
    districts = [j for j in Registry().all() if state_of(j) == "CO" and j.kind == "special-district"]
    assert 3000 < count <= len(districts)
    description = str(form["description"])
    assert description.startswith(f"{count:,} governments: ") and f"and {count - 20:,} more." in description
    assert "Law: C.R.S. 1-13.5-303" in description
    assert str(form["url"]) == f"{BASE_URL}/deadlines?state=CO&from=2027-02-26&to=2027-02-26"
    assert client.get("/calendars/combined.ics?state=CO").data == resp.data  # served again as it was


def test_grouping_by_law_gives_what_each_government_alone_gives():
    """The feed computes one government per law and local facts and lets the
    others share its result (web.feeds_combined._shares); computed for each government
    alone, the groups hold the same governments on the same dates."""
    today = date.fromisoformat(TODAY)
    chosen = [j for j in Registry().all() if j.county == "La Plata" or j.county == "Dickinson"]
    assert len(chosen) > 20
    alone = grouped.groups([(upcoming(j, today=today), [j]) for j in chosen])
    by_law: dict = {}
    for j in chosen:
        by_law.setdefault((law_key(j), j.facts), []).append(j)
    shared = grouped.groups([(upcoming(m[0], today=today), m) for m in by_law.values()])
    assert len(by_law) < len(chosen)  # some sharing happened

    def membership(groups):
        return sorted((g.tail, g.event.decoded("dtstart").isoformat(), tuple(j.id for j in g.members)) for g in groups)

    assert membership(shared) == membership(alone)
    # and every government's own deadline is in exactly one group of its tail, on its own safe date
    for j in chosen[:10]:
        for r in upcoming(j, today=today):
            for d in r.deadlines:
                tail = d.key
                holding = [g for g in shared if g.tail == tail and j in g.members]
                assert len(holding) == 1, (j.id, tail)
                assert holding[0].event.decoded("dtstart") == (d.safe_due or d.due)


def test_a_clerks_hours_give_the_government_an_event_of_its_own(app):
    client = app.test_client()
    url = "/calendars/combined.ics?state=UT"
    before = _events(client.get(url).data)
    main = "combined/state-ut/2027-11-02/declaration-filing@deadlines"
    own = "combined/state-ut/2027-11-02/declaration-filing/with-escalante-ut@deadlines"
    assert own not in before
    assert before[main].decoded("dtstart").isoformat() == "2027-06-07T17:00:00-06:00"
    assert "City of Escalante" in str(before[main]["description"])
    counted = int(re.search(r"\((\d+) governments\)", str(before[main]["summary"])).group(1))

    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "escalante-ut")
    put = client.put("/api/v1/jurisdictions/escalante-ut/office-hours", headers={"Authorization": f"Bearer {secret}"},
                     json={"open": "08:00", "close": "12:00", "authority": "City council, office hours"})
    assert put.status_code == 200, put.get_json()

    after = _events(client.get(url).data)
    assert after[own].decoded("dtstart").isoformat() == "2027-06-07T12:00:00-06:00"
    assert str(after[own]["summary"]).startswith("City of Escalante: ")
    assert "City of Escalante" not in str(after[main]["description"])
    assert f"({counted - 1} governments)" in str(after[main]["summary"])
    assert int(after[main]["sequence"]) == int(before[main]["sequence"]) + 1  # a new version: its list changed


def test_a_list_of_ids_stays_at_most_500_and_a_small_filter_names_each_government(client):
    ids = [p["id"] for p in client.get("/api/v1/jurisdictions?state=CO&limit=501").get_json()["items"]]
    too_many = client.get("/calendars/combined.ics?j=" + ",".join(ids))
    assert too_many.status_code == 400 and too_many.get_json()["field"] == "j"
    small = _events(client.get("/calendars/combined.ics?state=CO&county=La+Plata&kind=special-district").data)
    assert "durango-fire-protection-district-co/2027-05-04/petition-filing@deadlines" in small
    assert not any(uid.startswith("combined/") for uid in small)


def test_the_newsroom_page_offers_the_whole_state(client):
    page = client.get("/deadlines?state=CO&from=2027-02-01&to=2027-02-28").get_data(as_text=True)
    assert "one event per deadline they share" in page
    assert 'id="subscribe-https"' in page and "combined.ics?state=CO" in page


def test_neutral_events_name_no_government():
    """A share's events are said for a neutral place: the first government's
    name is nowhere in them (it would be wrong for the others)."""
    jur = Registry().get("durango-fire-protection-district-co")
    found = grouped.groups([(upcoming(jur, today=date.fromisoformat(TODAY)), [jur])])
    assert found and all("Durango" not in ical.serialize(g.event).decode() for g in found)


def test_a_whole_states_feed_in_spanish_is_the_english_feed_said_in_spanish(app, tmp_path):
    """``lang=es`` on a feed of more governments than a combined feed lists one by one (Michigan's townships):
    the same events as in English (UIDs, instants, versions, as every client reads them), their titles,
    descriptions, the feed's name and its description in Spanish, the law cited as it is written."""
    client = app.test_client()
    url = "/calendars/combined.ics?state=MI&kind=township"
    english, spanish = client.get(url).data, client.get(url + "&lang=es").data
    assert spanish != english
    read = read_every_client(spanish, tmp_path)
    assert read == read_every_client(english, tmp_path)
    uid = "combined/state-mi/kind-township/2028-11-07/petition-filing@deadlines"
    assert read[uid]["start"] == "2028-04-25T20:00:00Z"  # Tuesday, April 25, 2028, 4:00 p.m. EDT
    name, said = read_words(spanish)
    assert re.fullmatch(r"Fechas límite electorales: Municipios \(townships\) de Michigan \([\d,]+ gobiernos\)", name)
    title, description = said[uid]
    count = int(re.search(r"\(([\d,]+) gobiernos\)$", title).group(1).replace(",", ""))
    assert count > 1000 and title.startswith("Fecha límite para entregar peticiones de candidatura")
    assert description.startswith(f"{count:,} gobiernos: ") and f"; y {count - 20:,} más.\n" in description
    assert "Vence: 4:00 p.m. del martes, 25 de abril de 2028" in description
    assert "\n\nLey: MCL 168.349(1), (2)\nLa fila de cada gobierno (la ley transcrita" in description
    assert description.endswith("&from=2028-04-25&to=2028-04-25&lang=es")
    for title, description in said.values():
        for english_words in ("governments", "Law:", "Due:", "Each government", " more."):
            assert english_words not in title + description, (english_words, title)
    calendar = icalendar.Calendar.from_ical(spanish)
    assert str(calendar["x-wr-caldesc"]).startswith("Fechas límite de los 1,240 gobiernos de esta selección (")
    assert client.get(url + "&lang=es").data == spanish and client.get(url).data == english  # each kept as it is


def test_a_government_alone_in_its_group_is_one_in_spanish_and_the_place_is_said_in_spanish():
    """A group of one government is titled with its name and counts "1 gobierno"; a share's events are said
    for "cada gobierno", never for the government whose results they are."""
    jur = Registry().get("durango-fire-protection-district-co")
    es = words("es")
    found = grouped.groups([(upcoming(jur, today=date.fromisoformat(TODAY)), [jur])], w=es)
    pairs = grouped.events(found, scope="combined/test", w=es)
    assert pairs and all(str(e["summary"]).startswith("Durango Fire Protection District: ") for e, _ in pairs)
    assert all(str(e["description"]).startswith("1 gobierno: Durango Fire Protection District.\n") for e, _ in pairs)
    english = grouped.events(found, scope="combined/test")
    assert [str(e["uid"]) for e, _ in pairs] == [str(e["uid"]) for e, _ in english]
    assert all(str(e["description"]).startswith("1 government: Durango Fire Protection District.\n")
               for e, _ in english)
    spoken = [ical.serialize(g.said["es"]).decode() for g in found]
    assert all("Durango" not in s and "each government" not in s for s in spoken)


def test_combined_feeds_are_named_by_what_they_hold(client):
    """Two combined feeds in one calendar app no longer read alike ("Election
    deadlines: 21 jurisdictions" twice): each says its filter or its governments."""
    def name(query: str) -> str:
        return str(icalendar.Calendar.from_ical(client.get(f"/calendars/combined.ics?{query}").data)["x-wr-calname"])

    assert name("state=MI&county=Kent+County&kind=township") == (
        "Election deadlines: Townships of Kent County, Michigan (21 governments)")
    assert name("state=MI&county=kent&kind=township") == name("state=MI&county=Kent+County&kind=township")
    assert name("state=CO").startswith("Election deadlines: Governments of Colorado (3,9")
    assert name("j=ypsilanti-mi,felch-township-dickinson-mi") == (
        "Election deadlines: Felch Township and City of Ypsilanti, Michigan (2 governments)")


def test_same_named_governments_in_a_group_are_told_apart_by_their_county(app):
    """Michigan has three Adams Townships (Arenac, Hillsdale and Houghton
    counties, calendars/roster): the township feed's petition event, which all
    share (MCL 168.349(1): 4:00 p.m., Tuesday, April 25, 2028), named them
    "Adams Township; Adams Township; Adams Township". Where a name repeats in a
    group each is named with its county, as the search names same-named places
    (deadlines.publish.place_words); a name said once stays bare. The UID is the
    one it had (the description's change only raises its version)."""
    client = app.test_client()
    url = "/calendars/combined.ics?state=MI&kind=township"
    uid = "combined/state-mi/kind-township/2028-11-07/petition-filing@deadlines"
    english, spanish = read_words(client.get(url).data)[1], read_words(client.get(url + "&lang=es").data)[1]
    assert uid in english and uid in spanish
    listed = english[uid][1].split("\n", 1)[0]
    count = re.match(r"([\d,]+) governments: ", listed).group(1)
    assert int(count.replace(",", "")) > 1000  # nearly every township of the state shares the day
    assert listed.startswith(f"{count} governments: Acme Township; Ada Township; Adams Township (Arenac County); "
                             "Adams Township (Hillsdale County); Adams Township (Houghton County); "), listed
    assert "Adams Township; " not in listed
    names = listed.split(": ", 1)[1].split("; and ")[0].split("; ")
    assert len(names) == len(set(names)) == grouped.NAMED
    assert spanish[uid][1].startswith(f"{count} gobiernos: Acme Township; Ada Township; Adams Township (condado de "
                                      "Arenac); Adams Township (condado de Hillsdale); "), spanish[uid][1][:300]


def test_a_name_repeated_in_two_counties_says_both():
    """A government in two counties is named with both, in the search's words
    ("Kent and Ottawa Counties"); the English and Spanish agree."""
    reg = Registry()
    adams = [j for j in reg.all() if j.name == "Adams Township"]
    assert sorted(j.county for j in adams) == ["Arenac", "Hillsdale", "Houghton"]
    twin = replace(adams[0], id="adams-township-two-counties-mi", counties=("Kent", "Ottawa"))
    said = place_words.told_apart([*adams[1:], twin], words("en"))
    assert said == ["Adams Township (Hillsdale County)", "Adams Township (Houghton County)",
                    "Adams Township (Kent and Ottawa Counties)"]
    assert place_words.told_apart([twin], words("es")) == ["Adams Township"]  # alone: no county needed
    assert place_words.told_apart(adams[:2], words("es"))[0] == "Adams Township (condado de Arenac)"
