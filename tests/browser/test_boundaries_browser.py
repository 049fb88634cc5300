"""Where you stand in headless Chromium (Debian's, never a downloaded one):
"Use my location" with geolocation granted goes to ``/?near=LAT,LON`` and
lists the governments of that point; refused, it says so; without
JavaScript the button is not shown and ``/?near=`` works as it is.

The app is served on a database where the Census place file of Michigan is
imported; the expected government is the one whose boundary in that file
(read here with pyshp and shapely) holds the point."""
from __future__ import annotations

import pytest
import shapefile
from shapely.geometry import Point, shape

from deadlines.core.registry import Registry
from deadlines.geo.load import import_paths, make_joiner
from deadlines.store.db import get_db
from tests.boundary_files import PLACES, YPSILANTI, row
from tests.browser_helpers import ARTIFACTS
from web import create_app

from conftest import BASE_URL, TODAY


@pytest.fixture
def app(tmp_path):
    """The conftest app, its database holding Michigan's places."""
    url = f"sqlite:///{tmp_path / 'test.sqlite3'}"
    assert import_paths(get_db(url), [PLACES["MI"]], make_joiner(Registry().roster().entries.values()),
                        echo=lambda _: None) == []
    return create_app({"TESTING": True, "TODAY": TODAY, "DATABASE_URL": url, "BASE_URL": BASE_URL})


def city_at(lat: float, lon: float) -> str:
    """The name (NAMELSAD) of the Michigan place whose boundary holds the point."""
    r = shapefile.Reader(str(PLACES["MI"]))
    try:
        return next(sr.record["NAMELSAD"] for sr in r.iterShapeRecords()
                    if shape(sr.shape.__geo_interface__).contains(Point(lon, lat)))
    finally:
        r.close()


def test_use_my_location_lists_the_governments_there(browser, live_server):
    assert city_at(*YPSILANTI) == "Ypsilanti city"
    name = row("MI", "ypsilanti-mi")["name"]
    context = browser.new_context(geolocation={"latitude": YPSILANTI[0], "longitude": YPSILANTI[1]},
                                  permissions=["geolocation"], viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server + "/")
    button = page.get_by_role("button", name="Use my location")
    assert button.is_visible()
    with page.expect_navigation():
        button.click()
    assert "near=42.24110,-83.61300" in page.url
    section = page.locator("#near")
    link = section.get_by_role("link", name=name)
    assert link.get_attribute("href") == "/?jurisdiction=ypsilanti-mi"
    township = section.locator("li", has=page.get_by_role("link", name="Ypsilanti Charter Township"))
    assert "may govern this place: its boundary is not loaded" in township.inner_text()
    assert "may govern" not in section.locator("li", has=page.get_by_role("link", name=name)).inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "where-you-stand-390.png"), full_page=True)
    link.click()
    assert page.url.endswith("/?jurisdiction=ypsilanti-mi")
    assert page.locator("select[name=jurisdiction]").input_value() == "ypsilanti-mi"
    context.close()


def test_use_my_location_in_spanish(browser, live_server):
    context = browser.new_context(geolocation={"latitude": YPSILANTI[0], "longitude": YPSILANTI[1]},
                                  permissions=["geolocation"])
    page = context.new_page()
    page.goto(live_server + "/?lang=es")
    with page.expect_navigation():
        page.get_by_role("button", name="Usar mi ubicación").click()
    assert "lang=es" in page.url and "near=" in page.url
    assert "puede gobernar este lugar: su límite no está cargado" in page.locator("#near").inner_text()
    context.close()


def test_a_refused_permission_is_said_plainly(browser, live_server):
    context = browser.new_context()  # geolocation not granted: the browser refuses
    page = context.new_page()
    page.goto(live_server + "/")
    page.get_by_role("button", name="Use my location").click()
    message = page.locator("#locate-message")
    message.filter(has_text="permission refused").wait_for(timeout=10_000)
    assert "did not share your location" in message.inner_text()
    assert page.url == live_server + "/"
    context.close()


def test_without_javascript_no_button_and_near_still_works(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server + "/")
    assert page.get_by_role("button", name="Use my location").count() == 0  # hidden: it needs JavaScript
    page.goto(live_server + f"/?near={YPSILANTI[0]},{YPSILANTI[1]}")
    assert page.locator("#near").get_by_role("link", name=row("MI", "ypsilanti-mi")["name"]).is_visible()
    context.close()
