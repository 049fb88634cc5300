"""Reports from the public on the clerk's desk (issue 27 item 6, issue 25
part 5): a signed-in clerk sees her jurisdiction's open reports (what was
reported, by whom if given, the link and the words quoted, when) and accepts
or rejects each with one button (CSRF-checked, with the desk's one-time
submission key), through the same store functions as ``deadlines reports
accept/reject``; a report of another government is never decided from her desk.

Ypsilanti 2026 (as in tests/clerk/test_reports.py): nominating petitions are due
4:00 p.m. on the 15th Tuesday before the August 4 primary, Tuesday April 21,
2026; the report says the city published Friday April 17, 4:00 p.m., so once
accepted the deadline's basis is ``departs`` with the report's link as its source."""
from __future__ import annotations

import html
import re

import pytest
from sqlalchemy.orm import Session

from deadlines.store import history, reports
from deadlines.store.tables import DateReport
from tests.desk_helpers import csrf_of, signed_in
from tests.reminders_fixtures import sqlite_url  # noqa: F401
from web import create_app

from conftest import TODAY

J = "ypsilanti-mi"
SOURCE = "https://cityofypsilanti.com/DocumentCenter/View/2026-petition-notice"
QUOTE = "Nominating petitions must be filed in the City Clerk's office by 4:00 p.m. on Friday, April 17, 2026."
REPORT = {"deadline": "petition-filing", "election": "2026-11-03", "due": "2026-04-17T16:00:00-04:00",
          "source": SOURCE, "quote": QUOTE, "email": "watcher@example.org"}
CLERK = "R. Roe (desk)"
DESK = f"/clerk/{J}"


@pytest.fixture
def app(sqlite_url, monkeypatch):
    monkeypatch.setenv("DEADLINES_SMTP_PORT", "1")  # the replan after a decision mails nothing anyway
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY})


def _report(app, body=REPORT) -> int:
    r = app.test_client().post(f"/api/v1/jurisdictions/{J}/reports", json=body)
    assert r.status_code == 202
    return r.get_json()["id"]


def _row(app, report_id) -> DateReport:
    with Session(app.extensions["records"].db) as s:
        return s.get(DateReport, report_id)


def _history(app, jid=J) -> list:
    with Session(app.extensions["records"].db) as s:
        return [(e.action, e.target, e.by, e.authority, e.reason) for e in history.listing(s, jid)]


def _filing(app) -> dict:
    body = app.test_client().get(f"/api/v1/jurisdictions/{J}/deadlines?election=2026-11-03").get_json()
    rows = body.get("items") or body.get("deadlines")
    return next(d for d in rows if d["id"] == "petition-filing")


def _form(page: str, action: str, report_id: int) -> str:
    """The form of ``action`` for report ``report_id`` on the desk page."""
    for form in re.findall(r"<form .*?</form>", page, re.S):
        if f"/{action}?" in form and f'name="report" value="{report_id}"' in form:
            return form
    raise AssertionError(f"no {action} form for report {report_id}")


def _decide(client, action, report_id, page, **extra):
    form = _form(page, action, report_id)
    target = html.unescape(re.search(r'action="([^"]+)"', form).group(1))
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    return client.post(target, data={**fields, **extra}), fields


def test_the_desk_lists_the_open_reports_with_what_who_where_and_when(app):
    report_id = _report(app)
    anonymous = _report(app, {**REPORT, "due": "2026-04-20", "email": None})
    client, _ = signed_in(app, J, "clerk@ypsilanti.test")
    page = client.get(DESK).get_data(as_text=True)
    listed = page[page.index('id="open-reports"'):page.index("</ul>", page.index('id="open-reports"'))]
    first = listed[listed.index(f'id="report-{report_id}"'):listed.index(f'id="report-{anonymous}"')]
    assert "Nominating petitions due" in first and "election of Tuesday, November 3, 2026" in first
    assert "4:00 p.m., Friday, April 17, 2026 (EDT)" in first  # what was reported, in the city's zone
    assert f'<a href="{SOURCE}"' in first and QUOTE in html.unescape(first)
    assert "from watcher@example.org" in first and "received" in first
    assert "no address given" in listed[listed.index(f'id="report-{anonymous}"'):]
    for action in ("report-accept", "report-reject"):
        form = _form(page, action, report_id)  # one button each, with the CSRF token and a one-time key
        assert 'name="csrf_token"' in form and 'name="submission" value="desk-' in form
        assert 'name="step" value="save"' in form and "cycle=2026-11-03" in form
    assert 'name="reason" required' in _form(page, "report-reject", report_id)


def test_accepting_a_report_does_what_the_command_line_does(app):
    report_id = _report(app)
    assert _filing(app)["basis"]["status"] == "law"
    client, _ = signed_in(app, J, "clerk@ypsilanti.test")
    page = client.get(DESK).get_data(as_text=True)
    r, _ = _decide(client, "report-accept", report_id, page)
    assert r.status_code == 302 and r.headers["Location"].endswith(f"{DESK}?cycle=2026-11-03")
    after = client.get(r.headers["Location"]).get_data(as_text=True)
    assert (f"Accepted report {report_id}: City of Ypsilanti, Michigan published 2026-04-17T16:00:00-04:00 for "
            f"“Nominating petitions due” (election of Tuesday, November 3, 2026), per {SOURCE}.") in after
    row = _row(app, report_id)
    assert (row.state, row.decided_by, str(row.decided_on), row.reason) == ("accepted", CLERK, TODAY, None)
    assert _history(app) == [("report.accept", f"report:2026-11-03/petition-filing/{report_id}", CLERK, SOURCE, "")]
    assert 'id="open-reports">No report waits for a decision.' in after
    assert f"Report {report_id} (accepted {TODAY} by {CLERK})" in after
    assert "accepted the public report that City of Ypsilanti, Michigan published" in after  # the desk's history
    # every surface computes again: the API's basis, the public row
    basis = _filing(app)["basis"]
    assert basis["status"] == "departs"
    assert any(f["source"] == SOURCE and f["by"] == "report" for f in basis["facts"])
    public = app.test_client().get(f"/?jurisdiction={J}&election=2026-11-03").get_data(as_text=True)
    row_html = public[public.index('id="petition-filing"'):]
    row_html = row_html[:row_html.index("</li>")]
    assert "basis-departs" in row_html


def test_a_decision_sent_twice_stores_once_and_a_decided_report_is_not_decided_again(app):
    report_id = _report(app)
    client, _ = signed_in(app, J, "clerk@ypsilanti.test")
    page = client.get(DESK).get_data(as_text=True)
    r, fields = _decide(client, "report-accept", report_id, page)
    assert r.status_code == 302
    again = client.post(f"{DESK}/report-accept?cycle=2026-11-03", data=fields)  # a double click
    assert again.status_code == 302
    assert [a for a, *_ in _history(app)] == ["report.accept"]
    # rejecting it now is refused beside its form, as the command line refuses it
    refused = client.post(f"{DESK}/report-reject?cycle=2026-11-03",
                          data={**fields, "reason": "changed my mind"})
    assert refused.status_code == 422 and "accepted already" in refused.get_data(as_text=True)
    assert _row(app, report_id).state == "accepted" and len(_history(app)) == 1


def test_rejecting_a_report_needs_a_reason_and_changes_no_date(app):
    report_id = _report(app)
    before = _filing(app)
    client, _ = signed_in(app, J, "clerk@ypsilanti.test")
    page = client.get(DESK).get_data(as_text=True)
    bare, _ = _decide(client, "report-reject", report_id, page, reason="  ")
    said = bare.get_data(as_text=True)
    assert bare.status_code == 422 and f'id="report-reject-{report_id}-error"' in said and "reason" in said
    assert 'aria-invalid="true"' in _form(said, "report-reject", report_id)
    assert _row(app, report_id).state == "pending" and _history(app) == []
    r, _ = _decide(client, "report-reject", report_id, page, reason="The linked notice gives April 21, not April 17")
    assert r.status_code == 302
    assert f"Rejected report {report_id}" in client.get(r.headers["Location"]).get_data(as_text=True)
    row = _row(app, report_id)
    assert (row.state, row.reason, row.decided_by) == ("rejected", "The linked notice gives April 21, not April 17",
                                                       CLERK)
    assert _history(app) == [("report.reject", f"report:2026-11-03/petition-filing/{report_id}", CLERK, "",
                              "The linked notice gives April 21, not April 17")]
    assert app.extensions["records"].recorded(J).notices == ()
    after = _filing(app)
    assert after["basis"] == before["basis"] and after["due"] == before["due"]


def test_a_report_of_another_jurisdiction_is_never_decided_from_this_desk(app):
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        other, _ = reports.receive(s, app.extensions["registry"].get("salt-lake-city-ut"), {
            "deadline": "declaration-filing", "election": "2027-11-02", "due": "2027-06-07",
            "source": "https://www.slc.gov/recorder/notice", "quote": "Declarations are due June 7."}, client="test")
    mine = _report(app)
    client, _ = signed_in(app, J, "clerk@ypsilanti.test")
    page = client.get(DESK).get_data(as_text=True)
    assert "slc.gov" not in page  # not listed either
    token = csrf_of(page)
    for action, extra in (("report-accept", {}), ("report-reject", {"reason": "not ours"})):
        body = {"csrf_token": token, "report": str(other.id), "step": "save", **extra}
        assert client.post(f"{DESK}/{action}?cycle=2027-11-02", data=body).status_code == 404  # through her desk
        assert client.post(f"/clerk/salt-lake-city-ut/{action}?cycle=2027-11-02", data=body).status_code == 403
        for bad in ("999", "0", "x", ""):
            assert client.post(f"{DESK}/{action}", data={**body, "report": bad}).status_code == 404
    assert _row(app, other.id).state == "pending" and _row(app, mine).state == "pending"
    assert _history(app) == [] and _history(app, "salt-lake-city-ut") == []


def test_a_decision_without_its_csrf_token_is_refused(app):
    report_id = _report(app)
    client, _ = signed_in(app, J, "clerk@ypsilanti.test")
    for token in (None, "forged"):
        body = {"report": str(report_id), "step": "save", **({"csrf_token": token} if token else {})}
        r = client.post(f"{DESK}/report-accept?cycle=2026-11-03", data=body)
        assert r.status_code == 400 and "CSRF" in r.get_data(as_text=True)
    assert _row(app, report_id).state == "pending"
    anonymous = app.test_client()  # not signed in: to the sign-in page, nothing decided
    r = anonymous.post(f"{DESK}/report-accept", data={"report": str(report_id), "step": "save"})
    assert r.status_code in (302, 400, 401)
    assert _row(app, report_id).state == "pending"
