"""The clerk's desk speaks Spanish (issues 24 item 4, 27 item 6): with
``?lang=es`` (or ``Accept-Language: es``) its pages, its previews, its flash
messages, its errors and its history lines are Spanish, its links, forms and
redirects keep ``lang=es``, ``<html lang>`` follows; without them the desk is
English as it was."""
from __future__ import annotations

import re
from html import unescape

import pytest
from sqlalchemy.orm import Session

from deadlines.store import clerks
from web import create_app

from conftest import TODAY

CYCLE = "2027-11-02"  # Salt Lake City's municipal general election of 2027 (its office hours come with its law)
DESK = "/clerk/salt-lake-city-ut"


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'desk.sqlite3'}", "SECRET_KEY": "test",
                       "TESTING": True, "TODAY": TODAY})


def _csrf(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def _signed_in(app, query: str = "", jid: str = "salt-lake-city-ut", email: str = "recorder@slc.test"):
    """A test client signed in to ``jid``'s desk through an invitation link (``query``: ``?lang=es`` or none)."""
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        secret = clerks.link(s, clerks.invite(s, jid, email, "R. Roe"), clerks.INVITE_VALID)
    client = app.test_client()
    page = client.get(f"/clerk/sign-in/{secret}{query}")
    assert page.status_code == 200
    r = client.post(f"/clerk/sign-in/{secret}{query}", data={"csrf_token": _csrf(page.get_data(as_text=True))})
    assert r.status_code == 302
    return client, page.get_data(as_text=True), r


def _visible(html: str) -> str:
    """The page's text as a reader sees it: no tags, scripts, styles, nor the
    parts marked English (the law quoted, a citation, a notice to publish)."""
    html = re.sub(r"<(script|style|textarea)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<(?!html\b)(\w+)[^>]*\blang="en"[^>]*>.*?</\1>', " ", html, flags=re.S)
    html = re.sub(r'<option value="(overridden|cancelled)">', "<option>", html)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


#: English words that would show an untranslated string of the desk (the names of places, deadlines
#: and people, dates and addresses aside)
ENGLISH = re.compile(r"\b(the|The|Record an event|Save|Check the|Reason|Delete|Remove|Sign out|Signed in|"
                     r"Subscribers|History|Office hours|Opens|Closes|Authority|reminders?|of this cycle|"
                     r"scheduled|tentative|overridden|Times are|Today is|Election cycle|Show|Make a token|"
                     r"Revoke|Deadline|Due|Status|calendar file|README)\b")


def test_the_desk_in_spanish_has_spanish_headings_labels_and_statuses(app):
    client, confirm, signed = _signed_in(app, "?lang=es")
    assert '<html lang="es">' in confirm and "Iniciar sesión en el despacho del secretario(a)" in confirm
    assert "lang=es" in signed.headers["Location"]  # the redirect after signing in keeps the language
    r = client.get(f"{DESK}?cycle={CYCLE}&lang=es")
    assert r.status_code == 200 and r.headers["Content-Language"] == "es"
    html = r.get_data(as_text=True)
    assert '<html lang="es">' in html
    text = _visible(html)
    for said in ("Salt Lake City, Utah: el despacho del secretario(a)", "Ciclo electoral", "Las horas se indican en "
                 "hora de la Montaña (America/Denver", "Lo que calcula el servicio para la elección del", "Registrar un hecho",
                 "Una orden judicial o proclamación", "La oficina: horario y cierres", "Horario de la oficina",
                 "Mientras usted no registre otro horario: abierta de 8:00 a.m. a 5:00 p.m.",
                 "Días en que la oficina está cerrada", "Fechas informadas por el público",
                 "Suscriptores y sus recordatorios", "Historial de este ciclo", "Tokens de la API",
                 "Sesión iniciada como R. Roe", "Cerrar sesión", "lunes", "viernes", "Revisar el horario",
                 "Motivo", "Fecha límite", "Vence", "Estado"):
        assert said in text, said
    # the statuses are words in Spanish, never the codes
    statuses = re.findall(r'<td data-label="Estado">(.*?)</td>', html, flags=re.S)
    assert statuses and not {s.strip() for s in statuses} & {"scheduled", "tentative", "overridden", "cancelled"}
    left = ENGLISH.findall(text)
    assert not left, left
    # the forms post with lang=es, and the links of the desk keep it
    forms = re.findall(r'<form method="post" action="([^"]+)"', html)
    assert forms and all("lang=es" in unescape(a) for a in forms), forms
    assert f'href="/clerk/?lang=es"' in html
    # the switch to English
    assert 'hreflang="en"' in html


def test_the_desk_follows_accept_language(app):
    client, _, _ = _signed_in(app)
    html = client.get(f"{DESK}?cycle={CYCLE}", headers={"Accept-Language": "es-US,es;q=0.9,en;q=0.5"}).get_data(
        as_text=True)
    assert '<html lang="es">' in html and "Registrar un hecho" in html


def test_office_hours_and_a_closure_in_spanish_preview_flash_and_history(app):
    client, _, _ = _signed_in(app, "?lang=es")
    page = client.get(f"{DESK}?cycle={CYCLE}&lang=es").get_data(as_text=True)
    token = _csrf(page)
    shown = client.post(f"{DESK}/office-hours?cycle={CYCLE}&lang=es", data={
        "csrf_token": token, "open": "07:30", "close": "16:30", "days": ["monday", "tuesday", "wednesday", "thursday",
                                                                         "friday"],
        "authority": "Horario publicado, 2027"})
    html = unescape(shown.get_data(as_text=True))
    assert shown.status_code == 200
    assert "Revise antes de guardar" in html and "Esto cambia:" in html
    assert "Se registró el horario de la oficina: abierta de 7:30 a.m. a 4:30 p.m." in html
    moves = re.search(r'<ul id="preview-moves">(.*?)</ul>', html, flags=re.S).group(1)
    assert "martes" in moves and "→" in moves and "Tuesday" not in moves and "(due as before)" not in moves
    # June 7, 2027, a Monday: the city code's 5:00 p.m., which Utah Code 10-3-301(3)(b)(i) keeps the office open
    # for, stays the law's; the office's own 4:30 p.m. close that day is the earlier reading (test_office_records)
    assert "4:30 p.m., lunes, 7 de junio de 2027 (MDT)" in moves
    assert "el día de la ley sigue siendo 5:00 p.m., lunes, 7 de junio de 2027 (MDT)" in moves
    assert '<button type="submit" id="save">Guardar</button>' in html
    saved = client.post(f"{DESK}/office-hours?cycle={CYCLE}&lang=es", data={
        "csrf_token": token, "open": "07:30", "close": "16:30", "days": "monday,tuesday,wednesday,thursday,friday",
        "authority": "Horario publicado, 2027", "step": "save"})
    assert saved.status_code == 302 and "lang=es" in saved.headers["Location"]  # the redirect keeps the language
    desk = unescape(client.get(saved.headers["Location"]).get_data(as_text=True))
    assert '<p class="notice" role="status">Se registró el horario de la oficina: abierta de 7:30 a.m. a 4:30 p.m.</p>' \
        in desk
    assert "Registrado: abierta de 7:30 a.m. a 4:30 p.m. (Horario publicado, 2027)." in desk
    # a closure: shown, then saved, in Spanish
    checked = unescape(client.post(f"{DESK}/closure?cycle={CYCLE}&lang=es", data={
        "csrf_token": token, "day": "2027-06-07", "reason": "Rotura de una tubería"}).get_data(as_text=True))
    assert "Se registró que la oficina está cerrada el lunes, 7 de junio de 2027." in checked
    assert "actuar a más tardar" in checked and "el día de la ley sigue siendo" in checked
    closed = client.post(f"{DESK}/closure?cycle={CYCLE}&lang=es", data={
        "csrf_token": token, "day": "2027-06-07", "reason": "Rotura de una tubería", "step": "save"})
    assert closed.status_code == 302 and "lang=es" in closed.headers["Location"]
    desk = unescape(client.get(closed.headers["Location"]).get_data(as_text=True))
    assert "Se registró que la oficina está cerrada el lunes, 7 de junio de 2027." in desk
    history = re.search(r'<ul class="clerk-history">(.*?)</ul>', desk, flags=re.S).group(1)
    assert "registró el horario de oficina" in history or "registró el horario de la oficina" in history, history
    assert "recorded" not in history and "Authority" not in history
    # a form error beside its field, in Spanish
    bad = client.post(f"{DESK}/closure-delete?cycle={CYCLE}&lang=es", data={
        "csrf_token": token, "closure": "999999", "reason": "por error", "step": "save"})
    assert bad.status_code == 422
    assert "closure: no hay ningún cierre registrado con ese número" in unescape(bad.get_data(as_text=True))


def test_a_subscriber_count_is_a_plural_in_either_language(app):
    from deadlines.store import subscriptions
    with Session(app.extensions["records"].db) as s, s.begin():
        subscriptions.create(s, app.extensions["registry"].get("salt-lake-city-ut"), channel="email",
                             target="vecina@example.org", confirmed=True)
    client, _, _ = _signed_in(app, "?lang=es")
    es = _visible(client.get(f"{DESK}?cycle={CYCLE}&lang=es").get_data(as_text=True))
    assert re.search(r"correo electrónico: ve\*\*\*@example\.org — confirmada; \d+ recordatorios? por enviar", es), es
    en = _visible(client.get(f"{DESK}?cycle={CYCLE}&lang=en").get_data(as_text=True))
    assert re.search(r"email: ve\*\*\*@example\.org — confirmed; \d+ reminders? to send", en)


def test_the_english_desk_is_unchanged(app):
    client, confirm, signed = _signed_in(app)
    assert '<html lang="en">' in confirm and "Sign in to the clerk's desk" in confirm
    assert signed.headers["Location"].endswith(DESK)  # no lang where none was asked
    html = client.get(f"{DESK}?cycle={CYCLE}").get_data(as_text=True)
    assert '<html lang="en">' in html
    text = _visible(html)
    for said in ("Salt Lake City, Utah: the clerk's desk", "Election cycle", "Times are Mountain Time (America/Denver, "
                 "as calendar programs name it).", "Record an event", "A court order or proclamation",
                 "The office: hours and closures", "Until you record others: open 8:00 a.m. to 5:00 p.m.",
                 "Subscribers and their reminders", "History of this cycle", "API tokens", "Signed in as R. Roe"):
        assert said in text, said
    assert "lang=" not in "".join(re.findall(r'<form method="post" action="([^"]+)"', html))
    token = _csrf(html)
    shown = unescape(client.post(f"{DESK}/closure?cycle={CYCLE}", data={
        "csrf_token": token, "day": "2027-06-07", "reason": "Water main break"}).get_data(as_text=True))
    assert "Check before saving" in shown and "This moves:" in shown
    assert "Recorded that the office is closed on Monday, June 7, 2027." in shown
    saved = client.post(f"{DESK}/closure?cycle={CYCLE}", data={
        "csrf_token": token, "day": "2027-06-07", "reason": "Water main break", "step": "save"})
    assert saved.status_code == 302 and "lang=" not in saved.headers["Location"]
    desk = unescape(client.get(saved.headers["Location"]).get_data(as_text=True))
    assert '<p class="notice" role="status">Recorded that the office is closed on Monday, June 7, 2027.</p>' in desk
    assert "recorded that the office is closed on Monday, June 7, 2027 (Water main break)" in desk


def test_the_sign_in_page_and_the_sign_out_message_in_spanish(app):
    client = app.test_client()
    page = client.get("/clerk/?lang=es").get_data(as_text=True)
    assert '<html lang="es">' in page and "El despacho del secretario(a)" in page
    assert "Enviarme un enlace de acceso" in page and 'action="/clerk/sign-in?lang=es"' in page
    assert not ENGLISH.findall(_visible(page)), ENGLISH.findall(_visible(page))
    signed, _, _ = _signed_in(app, "?lang=es")
    home = signed.get(f"{DESK}?lang=es").get_data(as_text=True)
    out = signed.post("/clerk/sign-out?lang=es", data={"csrf_token": _csrf(home)}).get_data(as_text=True)
    assert "Sesión cerrada" in out and "Volver al despacho" in out and '<html lang="es">' in out
    # signed out, the desk asks to sign in, in Spanish
    again = signed.get(f"{DESK}?lang=es", follow_redirects=True).get_data(as_text=True)
    assert "Inicie sesión para llevar el registro." in again


def test_a_date_that_is_not_on_the_calendar_is_said_in_spanish_beside_its_form(app):
    client, _, _ = _signed_in(app, "?lang=es", "model-city", "clerk@model-city.test")
    token = _csrf(client.get("/clerk/model-city?lang=es").get_data(as_text=True))
    body = {"csrf_token": token, "name": "ordinance-adopted", "date": "2027-02-30"}
    es = client.post("/clerk/model-city/event?cycle=2027-11-02&lang=es", data=body)
    assert es.status_code == 422
    error = unescape(re.search(r'<p class="error" role="alert" id="event-error">(.*?)</p>', es.get_data(as_text=True)).group(1))
    assert error.startswith("Escriba la fecha con día, mes y año") and "Esa fecha no existe en el calendario." in error
    en = client.post("/clerk/model-city/event?cycle=2027-11-02&lang=en", data=body)
    assert en.status_code == 422 and "2027-02-30" in en.get_data(as_text=True)  # the terse English, as before
    # a preview in Spanish: the event and what it adds
    shown = unescape(client.post("/clerk/model-city/event?cycle=2027-11-02&lang=es", data={
        **body, "date": "2027-05-03", "label": "Ordenanza 2027-4"}).get_data(as_text=True))
    assert "Se registró «Ordenanza aprobada por el Concejo» del lunes, 3 de mayo de 2027 («Ordenanza 2027-4»)." in shown
    assert ("Fecha límite para presentar la petición de referéndum (Ordenanza 2027-4): nueva, miércoles, 2 de junio de "
            "2027.") in shown
