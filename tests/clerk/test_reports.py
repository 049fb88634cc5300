"""Anyone may report a date a government published (issue 25, part 5):
``POST /api/v1/jurisdictions/<id>/reports`` answers 202 with its id; it is
listed by ``deadlines reports --json`` and changes nothing until ``deadlines
reports accept ID``: then the store's records hold it as a published notice
with its source, the history says so and the jurisdiction's records revision
moves (every surface computes again). ``reject ID --reason R`` keeps the
reason. Bad bodies are 4xx naming the field; too many from one client, 429.
The clerk's office hours and closures are local facts too.

Ypsilanti 2026: nominating petitions are due 4:00 p.m. on the 15th Tuesday
before the August 4 primary, Tuesday April 21, 2026; the report says the city
published Friday April 17, 4:00 p.m. (its notice differs from the statute)."""
from __future__ import annotations

import json
from datetime import date, datetime, timezone
from zoneinfo import ZoneInfo

import pytest
from click.testing import CliRunner
from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.cli import main
from deadlines.core.jurisdiction import Fact, PublishedNotice
from deadlines import commands
from deadlines.change_notes import words as change_words
from deadlines.words import words as english
from deadlines.store import history
from deadlines.store.db import now
from deadlines.store.tables import DateReport, JurisdictionState
from web import create_app

from conftest import TODAY

J = "ypsilanti-mi"
URL = f"/api/v1/jurisdictions/{J}/reports"
SOURCE = "https://cityofypsilanti.com/DocumentCenter/View/2026-petition-notice"
QUOTE = "Nominating petitions must be filed in the City Clerk's office by 4:00 p.m. on Friday, April 17, 2026."
REPORT = {"deadline": "petition-filing", "election": "2026-11-03", "due": "2026-04-17T16:00:00-04:00",
          "source": SOURCE, "quote": QUOTE, "email": "watcher@example.org"}


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'reports.sqlite3'}"


@pytest.fixture
def app(db_url, monkeypatch):
    monkeypatch.setenv("DEADLINES_DATABASE_URL", db_url)
    monkeypatch.setenv("DEADLINES_SMTP_PORT", "1")  # the replan after a decision mails nothing anyway
    return create_app({"DATABASE_URL": db_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY})


def cli(*args: str) -> str:
    out = CliRunner().invoke(main, list(args))
    assert out.exit_code == 0, out.output
    return out.output


def listed() -> list[dict]:
    return json.loads(cli("reports", "--json"))


def revision(app) -> int:
    with Session(app.extensions["records"].db) as s:
        return s.scalar(select(JurisdictionState.anchors_rev).where(JurisdictionState.jurisdiction_id == J)) or 0


def filing(app) -> dict:
    body = app.test_client().get(f"/api/v1/jurisdictions/{J}/deadlines?election=2026-11-03").get_json()
    return next(d for d in body["deadlines"] if d["id"] == "petition-filing")


def test_a_report_is_202_listed_and_changes_nothing_until_accepted(app):
    before = filing(app)
    r = app.test_client().post(URL, json=REPORT)
    assert r.status_code == 202 and r.get_json() == {"id": 1, "status": "pending"}
    again = app.test_client().post(URL, json=REPORT)  # the same report while it waits: the same one
    assert again.status_code == 202 and again.get_json()["id"] == 1
    [row] = listed()
    assert {k: row[k] for k in ("id", "jurisdiction", "deadline", "election", "due", "source", "quote", "email",
                                "status", "reason")} == {
        "id": 1, "jurisdiction": J, "deadline": "petition-filing", "election": "2026-11-03",
        "due": "2026-04-17T16:00:00-04:00", "source": SOURCE, "quote": QUOTE, "email": "watcher@example.org",
        "status": "pending", "reason": None}
    assert app.extensions["records"].recorded(J).notices == ()
    assert revision(app) == 0 and filing(app) == before


def test_an_accepted_report_is_a_published_notice_with_its_source_and_every_surface_computes_again(app):
    client = app.test_client()
    report_id = client.post(URL, json=REPORT).get_json()["id"]
    assert filing(app)["basis"]["status"] == "law"
    said = cli("reports", "accept", str(report_id))
    assert f"accepted report {report_id}" in said and SOURCE in said
    today = now().astimezone(ZoneInfo("America/Detroit")).date()
    [notice] = app.extensions["records"].recorded(J).notices
    assert isinstance(notice, PublishedNotice)
    assert (notice.deadline, notice.cycle, notice.due) == (
        "petition-filing", date(2026, 11, 3), datetime(2026, 4, 17, 20, tzinfo=timezone.utc))
    assert notice.fact == Fact(fact="published:petition-filing", value="2026-04-17T16:00:00-04:00", source=SOURCE,
                               quote=QUOTE, by="report", as_of=notice.fact.as_of)
    assert abs((notice.fact.as_of - today).days) <= 1  # the day accepted, in Ypsilanti
    assert revision(app) == 1
    app.extensions["records"].forget(J)  # as the web process does once its revision_ttl has passed
    basis = filing(app)["basis"]  # the API computed again: the published date stands beside the statute's
    assert basis["status"] in ("published", "departs")
    assert any(f["source"] == SOURCE and f["by"] == "report" for f in basis["facts"])
    [row] = listed()
    assert (row["status"], row["decided_by"]) == ("accepted", "operator (command line)")
    with Session(app.extensions["records"].db) as s:
        [entry] = history.listing(s, J)
        assert (entry.action, entry.target, entry.by, entry.authority) == (
            "report.accept", f"report:2026-11-03/petition-filing/{report_id}", "operator (command line)", SOURCE)
        words = change_words(entry, app.extensions["registry"].get(J), None, english("en"))
    assert ("accepted the public report that City of Ypsilanti, Michigan published 4:00 p.m. on Friday, April 17, "
            f"2026 for “Nominating petitions due”. Authority: {SOURCE}.") in words
    again = CliRunner().invoke(main, ["reports", "accept", str(report_id)])
    assert again.exit_code != 0 and "accepted already" in again.output


def test_a_rejected_report_keeps_its_reason_and_changes_nothing(app):
    client = app.test_client()
    first = client.post(URL, json=REPORT).get_json()["id"]
    second = client.post(URL, json={**REPORT, "due": "2026-04-20"}).get_json()["id"]
    cli("reports", "reject", str(first), "--reason", "The linked notice gives April 21, not April 17")
    assert app.extensions["records"].recorded(J).notices == ()
    assert revision(app) == 1  # the history moved: surfaces compute again, to the same dates
    rows = listed()
    assert [(r["id"], r["status"]) for r in rows] == [(second, "pending"), (first, "rejected")]  # pending first
    assert rows[1]["reason"] == "The linked notice gives April 21, not April 17"
    with Session(app.extensions["records"].db) as s:
        [entry] = history.listing(s, J)
        assert (entry.action, entry.reason) == ("report.reject", "The linked notice gives April 21, not April 17")
    assert CliRunner().invoke(main, ["reports", "reject", str(second)]).exit_code != 0  # a reason is required
    assert CliRunner().invoke(main, ["reports", "accept", "999"]).exit_code != 0
    assert json.loads(cli("reports", "--json", "--state", "pending"))[0]["id"] == second


@pytest.mark.parametrize("change, status, field", [
    ({"deadline": "nomination-papers"}, 422, "deadline"),
    ({"deadline": None}, 422, "deadline"),
    ({"election": "2026-11-04"}, 422, "election"),  # not a general election of Ypsilanti
    ({"election": "soon"}, 422, "election"),
    ({"due": "2026-04-17T16:00"}, 422, "due"),  # a time without its UTC offset
    ({"due": "April 17"}, 422, "due"),
    ({"due": "2035-04-17"}, 422, "due"),  # not of the 2026 cycle
    ({"source": "ftp://cityofypsilanti.com/notice"}, 422, "source"),
    ({"source": "cityofypsilanti.com/notice"}, 422, "source"),
    ({"source": ""}, 422, "source"),
    ({"quote": "   "}, 422, "quote"),
    ({"email": "not an address"}, 422, "email"),
    ({"quote": "x" * 2001}, 400, "quote"),
])
def test_a_bad_body_is_a_problem_naming_the_field_and_nothing_is_stored(app, change, status, field):
    body = {k: v for k, v in {**REPORT, **change}.items()}
    r = app.test_client().post(URL, json=body)
    assert r.status_code == status and r.mimetype == "application/problem+json"
    assert r.get_json()["field"] == field, r.get_json()
    with Session(app.extensions["records"].db) as s:
        assert s.scalars(select(DateReport)).first() is None


def test_missing_fields_an_unknown_jurisdiction_and_bodies_that_are_no_object(app):
    client = app.test_client()
    for missing in ("deadline", "election", "due", "source", "quote"):
        r = client.post(URL, json={k: v for k, v in REPORT.items() if k != missing})
        assert r.status_code == 422 and r.get_json()["field"] == missing
    assert client.post("/api/v1/jurisdictions/atlantis/reports", json=REPORT).status_code == 404
    assert client.post(URL, json=["not", "an", "object"]).status_code == 400
    assert client.post(URL, data="deadline=x", content_type="application/x-www-form-urlencoded").status_code == 415
    assert client.post(URL, json={**REPORT, "email": None}).status_code == 202  # email is optional


def test_too_many_reports_from_one_client_are_429_with_retry_after(app):
    app.config["RATELIMIT_REPORTS"] = "3 per minute"
    client = app.test_client()
    for n in range(3):
        assert client.post(URL, json={**REPORT, "due": f"2026-04-1{n}"}).status_code == 202
    r = client.post(URL, json={**REPORT, "due": "2026-04-14"})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0 and r.mimetype == "application/problem+json"
    assert len(listed()) == 3


def test_the_clerks_office_hours_and_closures_are_local_facts_by_the_clerk(app):
    jur = app.extensions["registry"].get(J)
    with Session(app.extensions["records"].db) as s, s.begin():
        commands.set_office_hours(s, jur, {"open": "08:00", "close": "12:00", "authority": "City Council Resolution 2025-3"})
        commands.record_closure(s, jur, "2026-04-20", "Courthouse closed for repairs")
    facts = app.extensions["records"].recorded(J).facts
    assert [(f.fact, f.value, f.source, f.quote, f.by) for f in facts] == [
        ("office_hours", "08:00-12:00", "recorded by the clerk", "City Council Resolution 2025-3", "clerk"),
        ("closure", "2026-04-20", "recorded by the clerk", "Courthouse closed for repairs", "clerk")]
    assert all(isinstance(f.as_of, date) for f in facts)


def test_the_desk_lists_the_reports_of_its_jurisdiction(app):
    from tests.desk_helpers import signed_in

    app.test_client().post(URL, json=REPORT)
    client, _ = signed_in(app, J, "clerk@ypsilanti.test")
    page = client.get(f"/clerk/{J}").get_data(as_text=True)
    assert "Dates reported by the public" in page and SOURCE in page and "(pending)" in page


def test_a_report_decided_already_or_unknown_is_coded_and_said_in_spanish(app):
    from deadlines.core.errors import InputError
    from deadlines.store import reports
    from deadlines.words import words

    first = app.test_client().post(URL, json=REPORT).get_json()["id"]
    cli("reports", "reject", str(first), "--reason", "The linked notice gives April 21")
    with Session(app.extensions["records"].db) as s:
        with pytest.raises(InputError) as decided:
            reports.find(s, first)
        with pytest.raises(InputError) as unknown:
            reports.find(s, 999)
    e = decided.value
    assert (e.code, e.field) == ("report.rejected_already", "id")
    assert str(e).startswith(f"report {first} was rejected already (")  # the English the CLI says
    assert words("es").error(e).startswith(f"el reporte {first} ya se rechazó (")
    assert (unknown.value.code, str(unknown.value)) == ("report.unknown", "no report 999")
    assert words("es").error(unknown.value) == "no hay ningún reporte 999"
