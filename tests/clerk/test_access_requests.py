"""A clerk asks for the desk at /clerk/request (issue 25, part 5): an
address on the government's own domain gets its sign-in link at once (a real
SMTP server, aiosmtpd), any other waits for the operator (`deadlines clerk
requests --json`, `approve ID`, `deny ID --reason R`); the answer's words are
the same whatever happened; rate limits per client and per mailbox; the form
refuses a post without its CSRF token; English and Spanish.

Durango Fire Protection District's roster row gives its website as
``www.durangofire.org`` (no scheme): ``clerk@durangofire.org`` is on its domain.
Ypsilanti's file names no website: no address is on its domain."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.cli import main
from deadlines.domains import Sites, on_own_domain
from deadlines.store import clerks
from deadlines.store.tables import AccessRequest, ClerkAccount
from tests.reminders_fixtures import smtp_server  # noqa: F401
from web import create_app

from conftest import TODAY

BASE = "https://deadlines.example"
DURANGO = "durango-fire-protection-district-co"
ANSWER = ("If this address may act for {place}, a sign-in link is on its way; otherwise an operator reviews the "
          "request.")


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'requests.sqlite3'}"


@pytest.fixture
def app(db_url, smtp_server, monkeypatch):
    for key, value in {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(smtp_server.port), "DATABASE_URL": db_url,
                       "BASE_URL": BASE}.items():
        monkeypatch.setenv(f"DEADLINES_{key}", value)
    return create_app({"DATABASE_URL": db_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY,
                       "BASE_URL": BASE})


def csrf_of(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def ask(client, jid: str, email: str, *, name="Ann Roe", role="District Clerk", lang: str | None = None):
    query = f"?jurisdiction={jid}" + (f"&lang={lang}" if lang else "")
    page = client.get(f"/clerk/request{query}")
    assert page.status_code == 200
    return client.post(f"/clerk/request{query}", data={
        "csrf_token": csrf_of(page.get_data(as_text=True)), "jurisdiction": jid, "name": name, "email": email,
        "role": role})


def cli(*args: str):
    out = CliRunner().invoke(main, list(args))
    assert out.exit_code == 0, out.output
    return out.output


def requests_listed() -> list[dict]:
    return json.loads(cli("clerk", "requests", "--json"))


def link_in(message) -> str:
    return re.search(rf"{re.escape(BASE)}(/clerk/sign-in/\S+)", message.get_body(("plain",)).get_content()).group(1)


def signs_in(app, path: str, jid: str) -> None:
    """The mailed link opens the desk of ``jid``."""
    client = app.test_client()
    page = client.get(path)
    assert page.status_code == 200
    r = client.post(path, data={"csrf_token": csrf_of(page.get_data(as_text=True))})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/clerk/{jid}")
    assert client.get(f"/clerk/{jid}").status_code == 200


def count(app, model) -> int:
    with Session(app.extensions["records"].db) as s:
        return s.scalar(select(func.count()).select_from(model))


def test_an_address_on_the_governments_own_domain_gets_its_sign_in_link_at_once(app, smtp_server):
    r = ask(app.test_client(), DURANGO, "Clerk@DurangoFire.org", name="Ann Roe")
    assert r.status_code == 200
    assert ANSWER.format(place="Durango Fire Protection District") in r.get_data(as_text=True)
    [mail] = smtp_server.messages
    assert mail["To"] == "clerk@durangofire.org"
    assert "Durango Fire Protection District" in mail.get_body(("plain",)).get_content()
    signs_in(app, link_in(mail), DURANGO)
    [row] = requests_listed()
    assert (row["state"], row["decided_by"], row["email"], row["role"]) == (
        "approved", "domain durangofire.org", "clerk@durangofire.org", "District Clerk")


def test_another_address_waits_and_the_operator_approves_it_with_the_link_invite_mails(app, smtp_server):
    r = ask(app.test_client(), DURANGO, "ann.roe@gmail.com")
    assert r.status_code == 200 and ANSWER.format(place="Durango Fire Protection District") in r.get_data(as_text=True)
    assert smtp_server.messages == []
    [row] = requests_listed()
    assert {k: row[k] for k in ("jurisdiction", "name", "email", "role", "state", "reason", "decided_at")} == {
        "jurisdiction": DURANGO, "name": "Ann Roe", "email": "ann.roe@gmail.com", "role": "District Clerk",
        "state": "pending", "reason": None, "decided_at": None}
    said = cli("clerk", "approve", str(row["id"]))
    assert f"approved request {row['id']}: ann.roe@gmail.com keeps the desk of {DURANGO}" in said
    [mail] = smtp_server.messages
    assert mail["To"] == "ann.roe@gmail.com" and mail["Subject"] == "You are invited to the clerk's desk"  # as invite's
    signs_in(app, link_in(mail), DURANGO)
    [row] = requests_listed()
    assert (row["state"], row["decided_by"]) == ("approved", "operator")
    again = CliRunner().invoke(main, ["clerk", "approve", str(row["id"])])
    assert again.exit_code != 0 and "approved already" in again.output


def test_an_address_of_a_government_without_a_website_always_waits(app, smtp_server):
    ask(app.test_client(), "ypsilanti-mi", "clerk@cityofypsilanti.com", role="City Clerk")
    assert smtp_server.messages == []
    assert [r["state"] for r in requests_listed()] == ["pending"]


def test_a_denied_request_records_why_and_the_requester_is_told_in_their_language(app, smtp_server):
    ask(app.test_client(), DURANGO, "someone@example.org", name="Bo Diaz", lang="es")
    [row] = requests_listed()
    assert row["lang"] == "es"
    said = cli("clerk", "deny", str(row["id"]), "--reason", "The district's board has no such officer")
    assert f"denied request {row['id']}" in said
    [mail] = smtp_server.messages
    body = mail.get_body(("plain",)).get_content()
    assert mail["To"] == "someone@example.org" and mail["Content-Language"] == "es"
    assert "no fue concedida" in body and "The district's board has no such officer" in body
    [row] = requests_listed()
    assert (row["state"], row["reason"], row["decided_by"]) == (
        "denied", "The district's board has no such officer", "operator")
    assert count(app, ClerkAccount) == 0
    again = CliRunner().invoke(main, ["clerk", "approve", str(row["id"])])
    assert again.exit_code != 0 and "denied already" in again.output
    no_reason = CliRunner().invoke(main, ["clerk", "deny", str(row["id"])])
    assert no_reason.exit_code != 0


def _answer(resp) -> str:
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def test_the_answer_says_the_same_words_whatever_happened(app, smtp_server, monkeypatch):
    """Link mailed to a new account, to a live one, to none (revoked, waiting,
    another domain, the mailbox asked for too often, the mail server down):
    one answer, byte for byte."""
    app.config["RATELIMIT_ACCESS_REQUEST"] = "100 per minute"
    client = app.test_client()
    answers = {"new account on the domain": _answer(ask(client, DURANGO, "clerk@durangofire.org"))}
    answers["live account on the domain"] = _answer(ask(client, DURANGO, "clerk@durangofire.org"))
    assert len(smtp_server.messages) == 2  # an invitation, then a sign-in link
    with Session(app.extensions["records"].db) as s, s.begin():
        clerks.invite(s, DURANGO, "old@durangofire.org")
        clerks.revoke(s, "old@durangofire.org")
    answers["revoked account on the domain"] = _answer(ask(client, DURANGO, "old@durangofire.org"))
    answers["another domain"] = _answer(ask(client, DURANGO, "ann@elsewhere.test"))
    for _ in range(4):  # the 4th within the day: not stored, nothing mailed
        answers["asked too often"] = _answer(ask(client, DURANGO, "many@elsewhere.test"))
    assert len(smtp_server.messages) == 2  # nothing for the revoked account nor the other addresses
    monkeypatch.setenv("DEADLINES_SMTP_PORT", "1")  # nothing listens there
    answers["mail server down"] = _answer(ask(client, DURANGO, "new@durangofire.org"))
    assert len(set(answers.values())) == 1, answers.keys()
    states = {r["email"]: r["state"] for r in requests_listed()}
    assert states == {"clerk@durangofire.org": "approved", "old@durangofire.org": "pending",
                      "ann@elsewhere.test": "pending", "many@elsewhere.test": "pending",
                      "new@durangofire.org": "pending"}  # the link not sent: it waits for the operator


def test_a_mailbox_is_asked_for_a_few_times_a_day_at_most_and_a_client_a_few_times_a_minute(app, smtp_server):
    client = app.test_client()
    for address in ("clerk@durangofire.org", "clerk+1@durangofire.org", "CLERK+2@durangofire.org"):
        assert ask(client, DURANGO, address).status_code == 200
    assert len(smtp_server.messages) == 3
    quiet = _answer(ask(client, DURANGO, "clerk+3@durangofire.org"))  # one mailbox, asked for a 4th time today
    assert ANSWER.format(place="Durango Fire Protection District") in quiet
    assert len(smtp_server.messages) == 3 and count(app, AccessRequest) == 3
    app.config["RATELIMIT_ACCESS_REQUEST"] = "2 per minute"
    other = app.test_client()  # the same client address
    assert ask(other, DURANGO, "a@elsewhere.test").status_code == 200
    assert ask(other, DURANGO, "b@elsewhere.test").status_code == 200
    r = ask(other, DURANGO, "c@elsewhere.test")
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
    assert "Please wait" in r.get_data(as_text=True)
    assert count(app, AccessRequest) == 5


def test_a_post_without_its_csrf_token_is_refused_and_nothing_is_stored(app, smtp_server):
    client = app.test_client()
    client.get(f"/clerk/request?jurisdiction={DURANGO}")
    body = {"jurisdiction": DURANGO, "name": "Ann Roe", "email": "clerk@durangofire.org", "role": "Clerk"}
    for data in (body, {**body, "csrf_token": "forged"}):
        r = client.post(f"/clerk/request?jurisdiction={DURANGO}", data=data)
        assert r.status_code == 400 and "The form was refused" in r.get_data(as_text=True)
    assert count(app, AccessRequest) == 0 and smtp_server.messages == []


def test_the_form_and_its_answer_speak_spanish_and_bad_fields_are_said(app):
    client = app.test_client()
    page = client.get(f"/clerk/request?jurisdiction={DURANGO}&lang=es")
    html = page.get_data(as_text=True)
    assert page.headers["Content-Language"] == "es" and "Pedir acceso" in html and "Su cargo" in html
    assert f'action="/clerk/request?jurisdiction={DURANGO}&amp;lang=es"' in html
    r = ask(client, DURANGO, "x@elsewhere.test", lang="es")
    assert "va en camino un enlace de acceso; si no, un operador revisa la solicitud" in r.get_data(as_text=True)
    bad = ask(client, DURANGO, "not an address", lang="es")
    assert bad.status_code == 422 and "Esa no es una dirección de correo electrónico" in bad.get_data(as_text=True)
    blank = ask(client, DURANGO, "x@elsewhere.test", role="  ")
    assert blank.status_code == 422 and "Give your role" in blank.get_data(as_text=True)
    assert client.get("/clerk/request?jurisdiction=atlantis").status_code == 404
    assert client.get("/clerk/request").status_code == 404


def test_the_results_page_links_the_clerk_to_the_request_form(app):
    client = app.test_client()
    page = client.get("/?jurisdiction=ypsilanti-mi").get_data(as_text=True)
    assert '<a href="/clerk/request?jurisdiction=ypsilanti-mi">Are you the clerk? Ask for access</a>' in page
    spanish = client.get("/?jurisdiction=ypsilanti-mi&lang=es").get_data(as_text=True)
    assert "/clerk/request?jurisdiction=ypsilanti-mi&amp;lang=es" in spanish and "Pida acceso" in spanish


@pytest.mark.parametrize("address, website, expected", [
    ("clerk@durangofire.org", "www.durangofire.org", "durangofire.org"),
    ("clerk@DURANGOFIRE.ORG", "https://www.durangofire.org/board", "durangofire.org"),
    ("clerk@mail.durangofire.org", "durangofire.org", "durangofire.org"),
    ("clerk@slc.gov", "https://www.slc.gov/recorder/", "slc.gov"),  # the registrable domain of the site's host
    ("clerk@durangofire.org.evil.test", "www.durangofire.org", None),
    ("clerk@notdurangofire.org", "www.durangofire.org", None),
    ("clerk@durangofire.org", None, None),
    ("clerk@durangofire.org", "", None),
    ("clerk@gmail.com", "sites.google.com/view/district", None),
    ("any@colorado.gov", "colorado.gov/townofx", None),  # a host many governments' sites share
    ("any@specialdistrict.org", "2000hollymd.specialdistrict.org/", None),  # a platform's domain proves nothing
    ("board@2000hollymd.specialdistrict.org", "2000hollymd.specialdistrict.org/", "2000hollymd.specialdistrict.org"),
])
def test_an_address_is_on_the_governments_domain_only_where_that_domain_is_its_own(address, website, expected):
    sites = Sites.of(["www.durangofire.org", "www.slc.gov", "colorado.gov/townofx", "colorado.gov/townofy",
                      "2000hollymd.specialdistrict.org/", "232metropolitan.specialdistrict.org",
                      "sites.google.com/view/district"])
    assert on_own_domain(address, website, sites) == expected


def test_approving_mails_what_deadlines_clerk_invite_mails(app, smtp_server):
    cli("clerk", "invite", DURANGO, "first@elsewhere.test", "--name", "Ann Roe")
    ask(app.test_client(), DURANGO, "second@elsewhere.test", name="Ann Roe")
    [row] = requests_listed()
    cli("clerk", "approve", str(row["id"]))
    invited, approved = smtp_server.messages
    words = [re.sub(r"/clerk/sign-in/\S+", "LINK", m.get_body(("plain",)).get_content()) for m in (invited, approved)]
    assert invited["Subject"] == approved["Subject"] and words[0] == words[1]
    signs_in(app, link_in(invited), DURANGO)
