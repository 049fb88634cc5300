"""Issue 27, "a calendar on any phone": the subscribe action sits beside the
answer (within the first two screens of a phone), its steps say how to add the
feed on an iPhone, on Android with Google Calendar, on Google Calendar on the
web and in Outlook, with a webcal:// link as well as https; and the subscribe
page lets one choose whose deadlines the feed carries (candidates, the clerk,
everything), the feed at that link holding only that audience's deadlines.

Browser tests run Debian's Chromium at 390x844 (an iPhone-sized viewport),
never a downloaded one; screenshots go to test-artifacts/."""
from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import icalendar
import pytest

from conftest import BASE_URL
from tests.browser_helpers import axe, overflow
from web import create_app

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
OREM = "/?jurisdiction=orem-ut&election=2027-11-02"
#: Orem's deadlines of the 2027 cycle and whom each is for (calendars/orem-ut.toml by way of Utah's code)
CANDIDATES_ONLY = {"declaration-filing", "write-in-declaration"}
CLERK_ONLY = {"filing-notice"}  # the notice the clerk publishes: no reminder of it for candidates

#: what each language's page says, to the letter, where a step names a menu
STEPS = {
    "en": {
        "short": "Subscribe to these dates",
        "iphone": ["Settings → Apps → Calendar → Calendar Accounts → Add Account → Other → Add Subscribed Calendar",
                   "Settings → Calendar → Accounts → Add Account → Other"],
        "android": ["Google Calendar app cannot add a calendar", "Google Calendar on the web", "turn on Sync",
                    "tap the webcal link"],
        "google": ["calendar.google.com", "Other calendars press + → From URL", "Add calendar"],
        "outlook": ["outlook.com, Add calendar → Subscribe from web", "Add Calendar → From Internet"],
    },
    "es": {
        "short": "Suscribirse a estas fechas",
        "iphone": ["Configuración → Apps → Calendario → Cuentas de calendario → Agregar cuenta → Otra → "
                   "Agregar calendario suscrito", "Configuración → Calendario → Cuentas → Agregar cuenta → Otra"],
        "android": ["Google Calendar no puede agregar un calendario", "Google Calendar en la web", "active Sincronizar",
                    "toque el enlace webcal"],
        "google": ["calendar.google.com", "Otros calendarios pulse + → Desde URL", "Agregar calendario"],
        "outlook": ["outlook.com, Agregar calendario → Suscribirse desde la web", "Agregar calendario → Desde Internet"],
    },
}


@pytest.fixture
def app(tmp_path):
    """The app on the issue's day (2026-12-02): Orem's 2027 cycle is the next one."""
    return create_app({"TESTING": True, "TODAY": "2026-12-02", "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}",
                       "BASE_URL": BASE_URL})


def _rules(feed: bytes) -> dict[str, set[str]]:
    """The feed's rules (``orem-ut/2027-11-02/filing-notice/window@deadlines``
    is rule ``filing-notice``) and the categories of their events."""
    found: dict[str, set[str]] = {}
    for e in icalendar.Calendar.from_ical(feed).walk("VEVENT"):
        rule = str(e["uid"]).split("@")[0].split("/")[2]
        cats = e.get("categories")
        found.setdefault(rule, set()).update(str(c) for c in (cats.cats if cats else []))
    return found


def _audiences(client) -> dict[str, set[str]]:
    """Whom each of Orem's 2027 deadlines is for, as the JSON API says."""
    body = client.get("/api/v1/jurisdictions/orem-ut/deadlines?election=2027-11-02").get_json()
    return {d["id"]: set(d["audience"]) for d in body["deadlines"]}


def _href(html: str, element_id: str) -> str:
    found = re.search(rf'<a href="([^"]+)" id="{element_id}"', html)
    assert found, f"no link #{element_id}"
    return unescape(found.group(1))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_phone_finds_subscribe_within_two_screens(browser, live_server, lang):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
    page = context.new_page()
    page.goto(live_server + OREM + ("&lang=es" if lang == "es" else ""))
    assert page.locator("#results-heading").is_visible()
    # every link to subscribing, wherever it points (the section below, /subscribe, a feed), by its place on the page
    tops = page.eval_on_selector_all(
        "a[href*='subscribe'], a[href^='webcal:']",
        "links => links.filter(a => a.offsetParent !== null)"
        ".map(a => ({id: a.id, text: a.textContent.trim(), top: a.getBoundingClientRect().top + window.scrollY}))")
    first = min(tops, key=lambda t: t["top"])
    assert first["top"] < 2 * PHONE["height"], tops
    assert first["id"] == "subscribe-short" and first["text"] == STEPS[lang]["short"]
    # the table comes after it: the action is beside the answer, not after the long list
    assert first["top"] < page.locator("#deadlines-heading").bounding_box()["y"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"subscribe-phone-{lang}.png"))

    page.locator("#subscribe-short").click()
    assert page.url.endswith("#subscribe")
    heading = page.locator("#subscribe-heading")
    box = heading.bounding_box()
    assert -1 < box["y"] < PHONE["height"] - box["height"], box  # scrolled to: the heading is on the screen
    for item, says in STEPS[lang].items():
        if item == "short":
            continue
        text = page.locator(f"#steps-{item}").inner_text()
        for words in says:
            assert words in text, (item, words, text)
    page.screenshot(path=str(ARTIFACTS / f"subscribe-steps-{lang}.png"))

    webcal, https = page.get_attribute("#subscribe-webcal", "href"), page.get_attribute("#subscribe-https", "href")
    # the live server is plain http; deployed, the same link is https (BASE_URL)
    assert webcal.startswith("webcal://127.0.0.1:") and https.startswith(live_server + "/calendars/orem-ut.ics")
    assert webcal.split("://", 1)[1] == https.split("://", 1)[1]
    assert page.locator("#subscribe-url").inner_text() == https  # the address to paste, shown whole
    assert ("lang=es" in https) == (lang == "es")
    feed = context.request.get(https)
    assert feed.status == 200 and feed.headers["content-type"] == "text/calendar; charset=utf-8"
    assert {"declaration-filing", "filing-notice"} <= set(_rules(feed.body()))
    context.close()


def test_the_subscribe_page_chooses_whose_deadlines_without_javascript(browser, live_server):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server + "/subscribe?jurisdiction=orem-ut")
    assert page.locator("#calendar-feed input[name=audience][value='']").is_checked()  # everything, by default
    assert "audience" not in page.get_attribute("#subscribe-webcal", "href")
    page.locator("#calendar-feed input[name=audience][value=candidates]").check()
    page.locator("#calendar-feed button[type=submit]").click()
    query = parse_qs(urlsplit(page.url).query)
    assert query == {"jurisdiction": ["orem-ut"], "audience": ["candidates"]} and page.url.endswith("#calendar-feed")
    webcal, https = page.get_attribute("#subscribe-webcal", "href"), page.get_attribute("#subscribe-https", "href")
    assert webcal.startswith("webcal://") and webcal.endswith("/calendars/orem-ut.ics?audience=candidates")
    assert https == live_server + "/calendars/orem-ut.ics?audience=candidates"
    assert "for candidates only" in page.locator(".feed-audience").inner_text()
    rules = _rules(context.request.get(https).body())
    assert CANDIDATES_ONLY <= set(rules) and not CLERK_ONLY & set(rules)
    context.close()


@pytest.mark.parametrize("path", [OREM, OREM + "&lang=es", "/subscribe?jurisdiction=orem-ut&audience=clerk",
                                  "/subscribe?jurisdiction=orem-ut&audience=candidates&lang=es",
                                  "/subscribe?jurisdiction=orem-ut&audience=voters"])
def test_the_new_parts_reflow_and_pass_axe(browser, live_server, path):
    """The subscribe action, the steps and the audience choice: no sideways
    scrolling at 320 and 390 px (WCAG 1.4.10) and nothing axe-core finds."""
    for width in (320, 390):
        context = browser.new_context(viewport={"width": width, "height": 844}, bypass_csp=True)
        page = context.new_page()
        page.goto(live_server + path)
        assert overflow(page) <= 0, f"{path} scrolls sideways by {overflow(page)}px at {width}px"
        assert axe(page) == [], (path, width)
        context.close()


@pytest.mark.parametrize("audience", ["candidates", "clerk", "petitioners", "public"])
def test_the_feed_at_the_chosen_link_holds_only_that_audience(client, audience):
    html = client.get(f"/subscribe?jurisdiction=orem-ut&audience={audience}").get_data(as_text=True)
    assert re.search(rf'<input type="radio" name="audience" value="{audience}" checked>', html)
    https, webcal = _href(html, "subscribe-https"), _href(html, "subscribe-webcal")
    assert https == f"{BASE_URL}/calendars/orem-ut.ics?audience={audience}"
    assert webcal == f"webcal://{BASE_URL.split('://')[1]}/calendars/orem-ut.ics?audience={audience}"
    feed = client.get(https.removeprefix(BASE_URL))
    assert feed.status_code == 200
    rules = _rules(feed.data)
    whom = _audiences(client)
    assert set(rules) == {rid for rid, who in whom.items() if audience in who}  # all of them, and only they
    for rid, categories in rules.items():
        assert audience in categories, (rid, categories)


def test_candidates_and_the_clerk_get_different_feeds(client):
    """The issue's case: a candidate's feed has no notice the clerk publishes;
    the clerk's has it and no candidate-only filing; everything has both."""
    feeds = {}
    for audience in ("candidates", "clerk", ""):
        html = client.get(f"/subscribe?jurisdiction=orem-ut&audience={audience}").get_data(as_text=True)
        feeds[audience] = set(_rules(client.get(_href(html, "subscribe-https").removeprefix(BASE_URL)).data))
    assert CANDIDATES_ONLY <= feeds["candidates"] and not CLERK_ONLY & feeds["candidates"]
    assert CLERK_ONLY <= feeds["clerk"] and not CANDIDATES_ONLY & feeds["clerk"]
    assert feeds[""] == feeds["candidates"] | feeds["clerk"]  # Orem's others are also for one of them
    assert "withdrawal" in feeds["candidates"] & feeds["clerk"]  # for both


def test_an_unknown_audience_is_said_and_not_passed_on(client):
    response = client.get("/subscribe?jurisdiction=orem-ut&audience=voters")
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'id="audience-error"' in html and "candidates, clerk, public, petitioners" in html
    assert _href(html, "subscribe-https") == f"{BASE_URL}/calendars/orem-ut.ics"  # every deadline, not "voters"


def test_no_jurisdiction_no_links(client):
    """Without a jurisdiction the page has one jurisdiction list (the sign-up's)
    and says where each government's calendar is."""
    html = client.get("/subscribe?audience=clerk").get_data(as_text=True)
    assert 'id="subscribe-https"' not in html and 'class="audience-choice"' not in html  # (the sign-up's own audience stays)
    assert html.count('name="jurisdiction"') == 1
    assert '<a href="/">find your government</a>, then choose “Subscribe to these dates”' in html


def test_the_chooser_names_the_government(client):
    html = client.get("/subscribe?jurisdiction=orem-ut&audience=clerk").get_data(as_text=True)
    assert "Or subscribe to City of Orem's calendar" in html
    assert '<input type="hidden" name="jurisdiction" value="orem-ut">' in html  # the sign-up's list stays the only one
    assert html.count('<select') == 1


def test_the_subscribe_page_in_spanish(client):
    html = client.get("/subscribe?jurisdiction=orem-ut&audience=clerk&lang=es").get_data(as_text=True)
    assert "Fechas límite para" in html and "O suscríbase al calendario de City of Orem" in html
    assert "Estos enlaces dan solo las fechas límite para el secretario(a)." in html
    assert _href(html, "subscribe-https") == f"{BASE_URL}/calendars/orem-ut.ics?audience=clerk&lang=es"
    chooser = html[html.index('class="audience-choice"'):html.index("</form>", html.index('class="audience-choice"'))]
    assert '<input type="hidden" name="lang" value="es">' in chooser  # the choice keeps the language
    assert "Agregar calendario suscrito" in html and "Suscribirse desde la web" in html
    for english in ("Deadlines for", "These links give", "Show the calendar links", "Settings → Apps"):
        assert english not in html


def test_the_reminder_sign_up_chooses_whose_deadlines(client):
    """Email reminders keep an audience too (tests/reminders/test_subscriptions.py plans them)."""
    html = client.get("/subscribe?jurisdiction=orem-ut&audience=candidates").get_data(as_text=True)
    choice = html[html.index('id="reminders-audience"'):html.index("</fieldset>", html.index('id="reminders-audience"'))]
    assert "Remind me of the deadlines for" in choice
    assert '<input type="radio" name="audience" value="candidates" checked>' in choice  # the audience asked for
    assert 'value="clerk"' in choice and 'value=""' in choice


def test_the_form_page_passes_its_audience_on(client):
    html = client.get(OREM + "&audience=candidates").get_data(as_text=True)
    assert _href(html, "subscribe-https") == f"{BASE_URL}/calendars/orem-ut.ics?audience=candidates"
    assert _href(html, "subscribe-webcal") == "webcal://deadlines.example/calendars/orem-ut.ics?audience=candidates"
    assert _href(html, "subscribe-audience") == "/subscribe?jurisdiction=orem-ut&audience=candidates#calendar-feed"
    assert "These links give the deadlines for candidates only." in html
    assert html.index('id="subscribe-short"') < html.index('id="deadlines-heading"') < html.index('id="subscribe"')
    everything = client.get(OREM).get_data(as_text=True)
    assert "These links give every deadline." in everything
    assert _href(everything, "subscribe-audience") == "/subscribe?jurisdiction=orem-ut#calendar-feed"
    # the ids other tools rely on stay
    for element_id in ("subscribe-heading", "subscribe-webcal", "subscribe-https", "subscribe-email"):
        assert f'id="{element_id}"' in everything
