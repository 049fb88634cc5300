"""Issue 19, item 4: one bad file stops only itself. A live edit that leaves
a calendar file undecodable (one invalid UTF-8 byte) or nested too deeply
keeps its last good version, says so on that jurisdiction's page (with the
time of the version shown), and every other surface keeps answering; a file
invalid from the start is "not available" on its own page alone."""
from __future__ import annotations

import os
import shutil

import pytest

from web import create_app

from conftest import BASE_URL, TODAY

API = "/api/v1/jurisdictions"
EVERYONE = ["/", "/api/v1/deadlines?from=2026-01-01&to=2026-12-31&state=MI",
            "/calendars/combined.ics?j=model-city,ypsilanti-mi,salt-lake-city-ut", "/calendars/ypsilanti-mi.ics"]
BREAKS = {
    "an invalid UTF-8 byte": lambda text: text.encode().replace(b"title", b"ti\xfftle", 1),
    "deep nesting": lambda text: (text + "\nx = " + "[" * 5000 + "]" * 5000 + "\n").encode(),
}


@pytest.fixture
def site(tmp_path):
    calendars = tmp_path / "calendars"
    shutil.copytree("calendars", calendars)
    app = create_app({"TESTING": True, "TODAY": TODAY, "BASE_URL": BASE_URL, "CALENDARS_DIR": calendars,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'c.sqlite3'}"})
    return app, calendars


@pytest.mark.parametrize("how", BREAKS)
def test_a_live_edit_that_breaks_a_file_keeps_its_last_good_version(site, how):
    app, calendars = site
    client = app.test_client()
    good = client.get(f"{API}/model-city/deadlines?ordinance-adopted=2026-05-04").get_json()
    feed = client.get("/calendars/model-city.ics").data
    assert "has a problem" not in client.get("/?jurisdiction=model-city").get_data(as_text=True)
    path = calendars / "model-city.toml"
    os.utime(path, (1_750_000_000, 1_750_000_000))  # the good version: written June 15, 2025, 10:06 a.m. Central
    assert client.get("/?jurisdiction=model-city").status_code == 200
    path.write_bytes(BREAKS[how](path.read_text()))
    page = client.get("/?jurisdiction=model-city")
    assert page.status_code == 200
    assert ("This calendar file has a problem; the last good version from Sunday, June 15, 2025, 10:06 a.m. "
            "(America/Chicago) is shown.") in page.get_data(as_text=True)
    about = client.get("/jurisdictions/model-city")
    assert about.status_code == 200 and "This calendar file has a problem; the last good version" in about.get_data(as_text=True)
    assert client.get(f"{API}/model-city/deadlines?ordinance-adopted=2026-05-04").get_json() == good
    assert client.get("/calendars/model-city.ics").data == feed
    for other in EVERYONE:
        assert client.get(other).status_code == 200, other


def test_a_file_invalid_from_the_start_is_not_available_on_its_own_page_alone(site):
    app, calendars = site
    (calendars / "model-city.toml").write_bytes(b"id = \"model-city\"\ntitle = \"\xff\"\n")
    client = app.test_client()
    page = client.get("/?jurisdiction=model-city")
    assert page.status_code == 400
    assert "This calendar file has a problem: &#39;model-city&#39; is not available" in page.get_data(as_text=True)
    about = client.get("/jurisdictions/model-city")
    assert about.status_code == 503 and "&#39;model-city&#39; is not available" in about.get_data(as_text=True)
    for other in EVERYONE:
        assert client.get(other).status_code == 200, other
    assert "has a problem" not in client.get("/?jurisdiction=ypsilanti-mi").get_data(as_text=True)
    combined = client.get(EVERYONE[2]).get_data(as_text=True).replace("\r\n ", "")
    assert "Left out for now (the calendar file has a problem): model-city." in combined
