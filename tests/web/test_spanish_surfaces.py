"""The surfaces in Spanish (issue 16): ``?lang=es``, then ``Accept-Language``,
on the form, results, print view, PDF, CSV, embed and /about; ``lang=es`` on
feeds; a subscriber's language for its emails. English stays as it was.

Worked dates (Salt Lake City Code as quoted in calendars/salt-lake-city-ut.toml):
declarations are filed June 1-7 of an odd year until 5:00 p.m.; June 7, 2027
is a Monday, so the filing closes at 5:00 p.m. on Monday, June 7, 2027. A
nomination may be withdrawn "up to twenty three (23) days before" the
election of November 2, 2027: Sunday, October 10, 2027; the safe reading
takes the business day before, Friday, October 8, 2027."""
from __future__ import annotations

import csv
import html
import io
import re
import subprocess
from datetime import datetime, timedelta, timezone

import icalendar
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.reminders.plan import replan
from deadlines.reminders.scheduler import Worker
from deadlines.store.tables import Reminder, Subscription
from tests.reminders_fixtures import settings_for, smtp_server, sqlite_url  # noqa: F401
from web import create_app

SLC = "/?jurisdiction=salt-lake-city-ut&election=2027-11-02"
NOTE = "Texto de la ley en su idioma original (inglés)."


@pytest.fixture
def app(sqlite_url):
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": "2027-05-01",
                       "BASE_URL": "https://deadlines.example"})


@pytest.fixture
def client(app):
    return app.test_client()


def _text(r) -> str:
    return r.get_data(as_text=True)


def test_lang_es_says_the_results_in_spanish_and_links_keep_it(client):
    r = client.get(SLC + "&lang=es")
    page = _text(r)
    assert r.status_code == 200 and r.headers["Content-Language"] == "es"
    assert '<html lang="es">' in page
    assert "<h1>Fechas límite electorales</h1>" in page
    assert "Salt Lake City, Utah: elección del martes, 2 de noviembre de 2027" in page
    row = page[page.index('id="declaration-filing"'):page.index('id="nomination-petition-filing"')]
    assert "cierra: 5:00 p.m., lunes, 7 de junio de 2027 (MDT)" in row
    withdrawal = page[page.index('id="withdrawal"'):]
    assert "A más tardar: 5:00 p.m., viernes, 8 de octubre de 2027 (MDT)" in withdrawal
    assert "la ley podría permitir: 5:00 p.m., martes, 12 de octubre de 2027 (MDT)" in withdrawal
    assert "actúe según la lectura más temprana" in withdrawal
    # quoted law stays English, marked so, and the page says so in Spanish
    assert '<blockquote lang="en">' in row and NOTE in row and "shall file a declaration" in row
    assert '<p class="row-cite" lang="en">Salt Lake City Code' in row
    # links keep the language; the GET forms carry it; the switch offers English with the query kept
    assert re.search(r'href="/calendars/salt-lake-city-ut/2027-11-02\.pdf\?lang=es"', page)
    assert re.search(r'href="/calendars/salt-lake-city-ut/2027-11-02\.csv\?lang=es"', page)
    assert re.search(r'href="/jurisdictions/salt-lake-city-ut\?election=2027-11-02&amp;lang=es"', page)
    assert 'https://deadlines.example/calendars/salt-lake-city-ut.ics?lang=es' in page
    assert page.count('<input type="hidden" name="lang" value="es">') == 2
    english = re.search(r'<a href="([^"]+)" lang="en" hreflang="en">English</a>', page).group(1)
    assert "jurisdiction=salt-lake-city-ut" in english and "election=2027-11-02" in english and "lang=en" in english
    assert '<span aria-current="true" lang="es">Español</span>' in page


def test_accept_language_chooses_when_no_lang_is_given_and_says_it_varies(client):
    es = client.get(SLC, headers={"Accept-Language": "fr-CA, es-US;q=0.8, en;q=0.5"})
    assert "Accept-Language" in es.headers["Vary"] and "<h1>Fechas límite electorales</h1>" in _text(es)
    assert 'href="/calendars/salt-lake-city-ut/2027-11-02.pdf"' in _text(es)  # the header chooses again there
    assert "salt-lake-city-ut.ics?lang=es" in _text(es)  # a calendar program sends no Accept-Language: a feed keeps it
    assert "declaration-filing.ics?lang=es" in _text(es)
    asked = client.get(SLC + "&lang=en", headers={"Accept-Language": "es"})
    assert "<h1>Election deadlines</h1>" in _text(asked) and "Accept-Language" not in asked.headers.get("Vary", "")
    plain = client.get(SLC)
    assert '<html lang="en">' in _text(plain) and "Accept-Language" in plain.headers["Vary"]
    assert _text(client.get(SLC, headers={"Accept-Language": "de"})) == _text(plain)


def test_the_answer_cache_keeps_each_language_apart(client):
    """The same URL, asked in Spanish then in English by its header, gives each its own words."""
    assert "Fechas límite" in _text(client.get(SLC, headers={"Accept-Language": "es"}))
    assert "Fechas límite" not in _text(client.get(SLC, headers={"Accept-Language": "en"}))


def test_csv_headings_and_words_in_spanish(client):
    english = _text(client.get("/calendars/salt-lake-city-ut/2027-11-02.csv")).lstrip("\ufeff")
    assert english.splitlines()[0].startswith("jurisdiction,jurisdiction_id,id,title,kind,audience,opens,safe_date")
    r = client.get("/calendars/salt-lake-city-ut/2027-11-02.csv?lang=es")
    rows = list(csv.reader(io.StringIO(_text(r).lstrip("\ufeff"))))
    assert rows[0][:4] == ["Jurisdicción", "Id de la jurisdicción", "Id", "Título"]
    assert "Fecha segura" in rows[0] and "Estado" in rows[0] and "Cita legal" in rows[0]
    by_id = {row[2]: dict(zip(rows[0], row)) for row in rows[1:]}
    assert by_id["declaration-filing"]["Fecha segura en palabras"] == "5:00 p.m., lunes, 7 de junio de 2027 (MDT)"
    assert by_id["declaration-filing"]["Estado"] == "programada"
    assert by_id["withdrawal"]["Estado"] == "provisional"
    assert by_id["withdrawal"]["Fecha segura"] == "2027-10-08"  # ISO dates and ids are the same in every language
    assert by_id["withdrawal"]["Cita legal"].startswith("Salt Lake City Code")
    assert "Accept-Language" in client.get("/calendars/salt-lake-city-ut/2027-11-02.csv").headers["Vary"]


def _pdf_text(body: bytes, tmp_path) -> str:
    path = tmp_path / "calendar.pdf"
    path.write_bytes(body)
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_printable_calendar_in_spanish_read_back_from_the_pdf(client, tmp_path):
    r = client.get("/calendars/salt-lake-city-ut/2027-11-02.pdf?lang=es")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    text = " ".join(_pdf_text(r.data, tmp_path).split())
    assert "CALENDARIO ELECTORAL" in text and "Elección del martes, 2 de noviembre de 2027" in text
    assert "lunes, 7 de junio de 2027, 5:00 p.m. MDT" in text
    assert "viernes, 8 de octubre de 2027, 5:00 p.m. MDT" in text
    assert "FECHA Y HORA" in text.upper() and "Registrado por el secretario(a)" in text
    # three pages since each candidate's row also says where to file (Salt Lake City's researched filing office)
    assert "Las citas legales están en su idioma original (inglés)." in text and "Página 1 de 3" in text
    assert "Se presenta en: " in text and "File with:" not in text
    assert "ELECTION CALENDAR" not in text and "Page 1 of" not in text
    # the English calendar is its own render, not the Spanish one from the cache
    english = " ".join(_pdf_text(client.get("/calendars/salt-lake-city-ut/2027-11-02.pdf").data, tmp_path).split())
    assert "ELECTION CALENDAR" in english and "Friday, October 8, 2027, 5:00 p.m. MDT" in english
    assert "CALENDARIO ELECTORAL" not in english and "Page 1 of" in english


def test_print_view_in_spanish_opens_every_row(client):
    page = _text(client.get(SLC + "&print=1&lang=es"))
    assert "<details open>" in page and "Cómo se cuenta la fecha" in page and NOTE in page


def test_embed_and_about_in_spanish(client):
    embed = _text(client.get("/embed/salt-lake-city-ut?lang=es"))
    assert '<html lang="es">' in embed and "Salt Lake City, Utah: próximas fechas límite electorales" in embed
    assert "5:00 p.m., lunes, 7 de junio de 2027 (MDT)" in embed
    assert "salt-lake-city-ut.ics?lang=es" in embed and "Recordatorios por correo electrónico" in embed
    about = _text(client.get("/jurisdictions/salt-lake-city-ut?election=2027-11-02&lang=es"))
    assert '<html lang="es">' in about and "Cómo se calculan las fechas de Salt Lake City, Utah" in about
    assert "Días feriados legales, del " in about and "Horario de la oficina" in about
    assert '<blockquote lang="en">' in about and NOTE in about
    assert "pasa al siguiente día hábil" in about
    english = _text(client.get("/jurisdictions/salt-lake-city-ut?election=2027-11-02"))
    assert "How Salt Lake City, Utah's dates are computed" in english and NOTE not in english
    assert '<blockquote lang="en">' not in english and '<td lang="en">' not in english  # all English: nothing marked


def _events(body: bytes) -> dict:
    return {str(e["uid"]): e for e in icalendar.Calendar.from_ical(body).walk("VEVENT")}


def test_feed_in_spanish_same_uids_and_versions(client):
    en = client.get("/calendars/salt-lake-city-ut.ics")
    es = client.get("/calendars/salt-lake-city-ut.ics?lang=es")
    cal = icalendar.Calendar.from_ical(es.data)
    assert str(cal["X-WR-CALNAME"]) == "Salt Lake City, Utah: fechas límite electorales"
    assert str(cal["X-WR-CALDESC"]).startswith("Fechas límite calculadas a partir de")
    en_events, es_events = _events(en.data), _events(es.data)
    assert set(en_events) == set(es_events)
    uid = "salt-lake-city-ut/2027-11-02/withdrawal@deadlines"
    assert uid in es_events
    withdrawal = es_events[uid]
    # each title starts with the government's name (as in a feed of many: a phone's list shows whose date it is)
    assert str(en_events[uid]["summary"]) == "Salt Lake City, Utah: Last day to withdraw a nomination"
    assert str(withdrawal["summary"]) == "Salt Lake City, Utah: Último día para retirar una candidatura"  # the calendar words' catalog
    description = str(withdrawal["description"])
    assert "FECHA SEGURA: 5:00 p.m. del viernes, 8 de octubre de 2027" in description
    assert NOTE in description and "withdraw the nomination by filing a written affidavit" in description
    assert "Cómo se cuenta:" in description
    window = es_events["salt-lake-city-ut/2027-11-02/declaration-filing/window@deadlines"]
    assert str(window["summary"]).startswith("Salt Lake City, Utah: Abierto: ")
    closing = "salt-lake-city-ut/2027-11-02/declaration-filing@deadlines"  # a window's closing event says it is the last day
    assert str(en_events[closing]["summary"]).startswith("Salt Lake City, Utah: Last day: ")
    assert str(es_events[closing]["summary"]).startswith("Salt Lake City, Utah: Último día: ")
    assert withdrawal.decoded("dtstart") == en_events[uid].decoded("dtstart")
    assert en.headers["ETag"] != es.headers["ETag"]
    # switching language back and forth never moves a version
    for _ in range(2):
        again_en, again_es = _events(client.get("/calendars/salt-lake-city-ut.ics").data), \
            _events(client.get("/calendars/salt-lake-city-ut.ics?lang=es").data)
        for u in en_events:
            assert int(again_en[u]["sequence"]) == int(again_es[u]["sequence"]) == int(en_events[u]["sequence"])
    assert client.get("/calendars/salt-lake-city-ut.ics?lang=es", headers={"If-None-Match": es.headers["ETag"]}
                      ).status_code == 304
    # a feed ignores Accept-Language (calendar programs send none that means the subscriber's choice)
    assert client.get("/calendars/salt-lake-city-ut.ics", headers={"Accept-Language": "es"}).data == en.data


def _csrf(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def test_a_spanish_sign_up_gets_its_emails_in_spanish(app, smtp_server):
    db = app.extensions["records"].db
    client = app.test_client()
    form = _text(client.get("/subscribe?jurisdiction=salt-lake-city-ut&lang=es"))
    assert "Recordatorios por correo electrónico de las fechas límite electorales" in form
    assert 'action="/subscribe?lang=es"' in form
    page = client.post("/subscribe?lang=es", data={"csrf_token": _csrf(form), "jurisdiction": "salt-lake-city-ut",
                                                   "email": "votante@example.org", "leads": ["14"]})
    assert page.status_code == 200 and "Revise su correo electrónico" in _text(page)
    with Session(db) as s:
        [sub] = s.scalars(select(Subscription)).all()
        assert sub.lang == "es"
    settings = settings_for(smtp_server)
    worker = Worker(db, app.extensions["registry"], settings, lambda: datetime.now(timezone.utc))
    assert worker.tick() == {"sent": 1}
    [confirm] = smtp_server.messages
    assert confirm["Subject"].strip() == "Confirme sus recordatorios de fechas límite para Salt Lake City, Utah"
    assert confirm["Content-Language"] == "es"
    body = confirm.get_body(("plain",)).get_content()
    assert "Para confirmar, abra este enlace y presione Confirmar:" in body
    link = re.search(r"https?://[^/\s]+(/subscribe/confirm/\S+)", body).group(1)
    assert link.endswith("?lang=es")
    confirm_page = _text(client.get(link))
    assert "Confirme sus recordatorios" in confirm_page and '<html lang="es">' in confirm_page
    assert f'action="{link}"' in confirm_page  # the confirmation's answer is in Spanish too
    # a reminder, 14 days before the declaration filing closes (Monday, June 7, 2027, 5:00 p.m.)
    assert "Recordatorios confirmados" in _text(client.post(link, data={"csrf_token": _csrf(confirm_page)}))
    with Session(db, expire_on_commit=False) as s, s.begin():  # planning counts from the sign-up: long ago
        s.get(Subscription, sub.id).confirmed_at = datetime(2020, 1, 1, tzinfo=timezone.utc)
    replan(db, app.extensions["registry"], "salt-lake-city-ut", now=datetime(2027, 5, 1, tzinfo=timezone.utc),
           settings=settings)
    with Session(db) as s:
        reminder = s.scalars(select(Reminder).where(
            Reminder.deadline_uid == "salt-lake-city-ut/2027-11-02/declaration-filing", Reminder.kind == "deadline",
            Reminder.state == "pending")).first()
    assert reminder is not None
    clock = reminder.fire_at + timedelta(seconds=30)
    assert Worker(db, app.extensions["registry"], settings, lambda: clock).tick()["sent"] >= 1
    sent = smtp_server.messages[1:]
    assert sent and all(m["Subject"].strip().startswith("Recordatorio: ") for m in sent)
    [mail] = [m for m in sent if "7 de junio de 2027" in m.get_body(("plain",)).get_content()
              and "Declaración de candidatura" in m["Subject"]][:1]
    body = mail.get_body(("plain",)).get_content()
    assert "en 14 días (Salt Lake City, Utah)" in mail["Subject"]
    assert "lunes, 7 de junio de 2027, a las 5:00 p.m." in body
    assert "Abre: martes, 1 de junio de 2027, a las 8:00 a.m." in body
    assert "Ley: Salt Lake City Code" in body and "Cancelar la suscripción: http://deadlines.test/unsubscribe/" in body
    assert "?lang=es" in mail["List-Unsubscribe"]
    assert '<html lang="es">' in mail.get_body(("html",)).get_content()


def test_an_unknown_subscriber_language_is_refused(app):
    from deadlines.core.errors import InputError

    with Session(app.extensions["records"].db) as s, pytest.raises(InputError) as exc:
        commands.subscribe(s, app.extensions["registry"].get("salt-lake-city-ut"), channel="email",
                           target="a@example.org", lang="fr")
    assert exc.value.field == "lang"


def test_landing_and_place_search_in_spanish(client):
    landing = _text(client.get("/?lang=es"))
    assert "Calendarios codificados a partir de su propia ley" in landing
    assert "Todos los gobiernos locales, por estado" in landing and "Próxima elección general: " in landing
    found = _text(client.get("/?q=orem&state=UT&lang=es"))
    # the City of Orem, and the Orem Metropolitan Water District (a district whose board is appointed)
    assert "2 lugares coinciden" in found and "“orem” · estado: UT" in found
    assert '<span class="hint">ciudad, condado de Utah, UT</span>' in found
    english = _text(client.get("/"))
    assert "Calendars encoded from their own law" in english and "Calendarios" not in english


def test_a_roster_governments_source_in_spanish_on_its_feed_and_about_page(client):
    """The roster composes a government's source (kind of government, roster
    file, the list it was read from) as a fact: said in Spanish on the feed and
    /jurisdictions, the very same English words elsewhere."""
    english = "Utah city, town or metro township under its state's law; listed in ut.csv from Open Civic Data"
    spanish = ("Ciudad, pueblo o municipio metropolitano (metro township) de Utah según la ley de su estado; "
               "en la lista ut.csv, tomada de los identificadores de división de Open Civic Data")
    es = icalendar.Calendar.from_ical(client.get("/calendars/orem-ut.ics?lang=es").data)
    en = icalendar.Calendar.from_ical(client.get("/calendars/orem-ut.ics").data)
    assert spanish in str(es["X-WR-CALDESC"]) and "under its state's law" not in str(es["X-WR-CALDESC"])
    assert english in str(en["X-WR-CALDESC"])
    assert spanish in html.unescape(_text(client.get("/jurisdictions/orem-ut?lang=es")))
    assert english in html.unescape(_text(client.get("/jurisdictions/orem-ut")))
    assert client.get("/api/v1/jurisdictions/orem-ut").get_json()["source"].startswith(english)


def test_every_roster_source_says_in_english_what_the_roster_wrote():
    from deadlines.core.registry import Registry
    from deadlines.words import words

    en = words("en")
    rows = [j for j in Registry().all() if j.source_note is not None]
    assert len(rows) > 3000
    assert [j.id for j in rows if en.source(j) != j.source] == []


def test_a_county_no_government_has_is_said_in_the_pages_language(client):
    """The listing's county error had a code but no template: its English
    came through a Spanish page; the nearest names are joined in Spanish too."""
    es = html.unescape(_text(client.get("/deadlines?state=MI&county=Kentt", headers={"Accept-Language": "es"})))
    assert "'Kentt' no es un condado de MI que este servicio conozca (¿quiso decir Kent?)" in es
    assert "is not a county" not in es
    en = html.unescape(_text(client.get("/deadlines?state=MI&county=Kentt")))
    assert "'Kentt' is not a county of MI this service knows (did you mean Kent?)" in en
