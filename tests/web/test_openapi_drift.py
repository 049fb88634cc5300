"""The OpenAPI document against the API's real answers (issue 16, part 5):
every documented operation is called with realistic requests on the seed
jurisdictions, with clerk records (events, cases, a moved election, a
decision, overrides, a cancellation, subscriptions) so that the optional
objects appear, and every answer must fit the schema the document declares
for its status and content type: no key it does not declare, none it
requires missing (:mod:`tests.openapi_walk`). The walker is shown to catch
a synthetic extra key, a missing one, and the drift the hand-written
document had (``cycle`` missing from ``Result``)."""
from __future__ import annotations

import copy
import re

import pytest
from sqlalchemy.orm import Session

from deadlines.across import QUERY
from deadlines.store import tokens
from tests.openapi_walk import Walk
from web import create_app
from web.api import PLACE_PARAMS

from conftest import TODAY

JIDS = ("salt-lake-city-ut", "ypsilanti-mi", "colorado-local", "model-city", "orem-ut")
J = "/api/v1/jurisdictions/{jid}"
ORDER = {"authority": "Roe v. Model City, No. 27-114 (Cir. Ct. July 1, 2027)", "reason": "the office was flooded"}


class Calls:
    """The app's answers, each kept with the documented path and method it was asked of."""

    def __init__(self, app, auth: dict[str, dict]):
        self.client, self.auth, self.answers = app.test_client(), auth, []

    def __call__(self, method: str, template: str, *, jid: str | None = None, token: str | None = "own",
                 query: dict | None = None, **kw):
        values = {"jid": jid, **kw.pop("path", {})}
        headers = {**({} if token is None else self.auth[jid if token == "own" else token]), **kw.pop("headers", {})}
        resp = getattr(self.client, method)(template.format(**values), query_string=query, headers=headers, **kw)
        self.answers.append((template, method, resp))
        return resp


@pytest.fixture(scope="module")
def answered(tmp_path_factory):
    """Every documented operation asked, with records that make every optional object appear."""
    mp = pytest.MonkeyPatch()
    mp.setenv("DEADLINES_WEBHOOK_ALLOW_NETS", "127.0.0.0/8")
    url = f"sqlite:///{tmp_path_factory.mktemp('drift')}/drift.sqlite3"
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "test", "TESTING": True, "TODAY": TODAY})
    _boundaries(app)
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        auth = {jid: {"Authorization": f"Bearer {tokens.create(s, jid, 'City Clerk')[1]}"} for jid in JIDS}
    call = Calls(app, auth)
    _clerk_writes(call)
    _reads(call)
    _errors(call)
    _reports(call)
    _office(call)
    _notices(call)
    mp.undo()
    return call.client.get("/api/v1/openapi.json").get_json(), call.answers


def _boundaries(app) -> None:
    """Michigan's places loaded, so that a point's governments carry ``where`` (inside, may)."""
    from deadlines.geo.load import COMMITTED, import_paths, make_joiner

    reg = app.extensions["registry"]
    assert import_paths(app.extensions["records"].db, [COMMITTED / "tl_2019_26_place.zip"],
                        make_joiner(reg.roster().entries.values()), echo=lambda _: None) == []


def _clerk_writes(call: Calls) -> None:
    mc, slc = "model-city", "salt-lake-city-ut"
    ev = f"{J}/events"
    first = call("post", ev, jid=mc, json={"name": "ordinance-adopted", "at": "2027-05-03", "label": "Ordinance 2027-4"})
    second = call("post", ev, jid=mc, json={"name": "ordinance-adopted", "at": "2027-06-10", "label": "Ordinance 2027-9"},
                  headers={"Idempotency-Key": "o-9"})
    assert first.status_code == second.status_code == 201, (first.json, second.json)
    call("put", f"{ev}/{{event_id}}", jid=mc, path={"event_id": second.json["id"]},
         json={"name": "ordinance-adopted", "at": "2027-06-11", "label": "Ordinance 2027-9"})
    gone = call("post", ev, jid=mc, json={"name": "ordinance-adopted", "at": "2027-07-01", "label": "Ordinance 2027-12"})
    assert call("delete", f"{ev}/{{event_id}}", jid=mc, path={"event_id": gone.json["id"]},
                query={"reason": "entered in error"}).status_code == 204
    over = f"{J}/overrides/{{cycle}}/{{deadline}}"
    rule = {"cycle": "2027-11-02", "deadline": "referendum-petition-filing"}
    assert call("put", over, jid=mc, path=rule, json={**ORDER, "due": "2027-07-20T17:00"}).status_code == 409
    assert call("put", over, jid=mc, path=rule,
                json={**ORDER, "due": "2027-07-20T17:00", "case": second.json["case"]}).status_code == 200
    assert call("post", ev, jid=slc, json={"name": "objection-filed", "at": "2027-06-10T10:00"}).status_code == 201
    assert call("put", f"{J}/elections/{{cycle}}", jid=slc, path={"cycle": "2027-11-02"},
                json={"general": "2027-11-09", "authority": "Proclamation of the governor", "reason": "flood"}
                ).status_code == 200
    assert call("put", over, jid=slc, path={"cycle": "2027-11-02", "deadline": "withdrawal"},
                json={**ORDER, "due": "2027-10-15T17:00"}).status_code == 200
    cancel = {"cycle": "2027-11-02", "deadline": "declaration-filing"}
    assert call("put", over, jid=slc, path=cancel, json={**ORDER, "status": "cancelled"}).status_code == 200
    choice = f"{J}/decisions/{{cycle}}/{{choice}}"
    rcv = {"cycle": "2019-11-05", "choice": "ranked-choice"}
    assert call("put", choice, jid=slc, path=rcv, json={"taken": True, "authority": "Resolution 5 of 2019"}
                ).status_code == 201
    assert call("put", choice, jid=slc, path=rcv, json={"taken": False, "authority": "Resolution 6"}).status_code == 200
    assert call("delete", choice, jid=slc, path=rcv, query={"reason": "entered in error"}).status_code == 204
    subs = f"{J}/subscriptions"
    hook = call("post", subs, jid="ypsilanti-mi", json={"channel": "webhook", "target": "http://127.0.0.1:9/hook",
                                                       "leads": [7, 1], "deadlines": ["petition-filing"]})
    assert hook.status_code == 201 and hook.json["secret"]
    assert call("post", subs, jid="ypsilanti-mi", json={"channel": "email", "target": "clerk@example.org"}
                ).status_code == 201
    assert call("delete", f"{subs}/{{sub_id}}", jid="ypsilanti-mi", path={"sub_id": hook.json["id"]}).status_code == 204
    moved = {"cycle": "2026-11-03"}
    assert call("put", f"{J}/elections/{{cycle}}", jid="ypsilanti-mi", path=moved, json={"general": "2026-11-10"}
                ).status_code == 200
    assert call("delete", f"{J}/elections/{{cycle}}", jid="ypsilanti-mi", path=moved).status_code == 204
    assert call("put", over, jid="colorado-local", path={"cycle": "2025-11-04", "deadline": "petition-filing"},
                json={**ORDER, "due": "2025-09-02"}).status_code == 200
    assert call("delete", over, jid="colorado-local", path={"cycle": "2025-11-04", "deadline": "petition-filing"}
                ).status_code == 204


def _reads(call: Calls) -> None:
    elections = {"salt-lake-city-ut": ["2027-11-02", "2019-11-05", "2025-11-04"], "ypsilanti-mi": ["2026-11-03"],
                 "colorado-local": ["2025-11-04"], "model-city": ["2027-11-02", "2025-11-04"]}
    for query in ({"q": "ypsilanti"}, {"state": "UT", "limit": "3"}, {"ocd_id": "ocd-division/country:us/state:mi"},
                  {"lat": "42.2411", "lon": "-83.6130", "limit": "3"}):
        assert call("get", "/api/v1/jurisdictions", token=None, query=query).status_code == 200
    for jid, days in elections.items():
        assert call("get", J, jid=jid, token=None).status_code == 200
        for day in days:
            assert call("get", f"{J}/deadlines", jid=jid, token=None, query={"election": day}).status_code == 200
        for what in ("events", "history", "elections", "overrides", "decisions", "subscriptions"):
            assert call("get", f"{J}/{what}", jid=jid).status_code == 200
    # a filing fee research recorded (calendars/facts/ut.csv: Orem's "Mayor shall pay $150 ... Council ... $75")
    fees = call("get", f"{J}/deadlines", jid="orem-ut", token=None, query={"election": "2027-11-02"}).json
    assert "filing_fee" in {d["id"]: d for d in fees["deadlines"]}["declaration-filing"]
    # a government whose office keeps other hours on Fridays (research: calendars/facts/ut.csv)
    assert call("get", J, jid="perry-ut", token=None).json["office_hours"]["other"][0]["day"] == "friday"
    for query in ({"from": "2027-05-01", "to": "2027-12-31", "include": "cancelled", "limit": "40"},
                  {"from": "2025-03-01", "to": "2025-12-31", "state": "CO", "audience": "candidates"}):
        assert call("get", "/api/v1/deadlines", token=None, query=query).status_code == 200


def _errors(call: Calls) -> None:
    mc = "model-city"
    for template, jid, query in [(J, "atlantis", None), (f"{J}/deadlines", "atlantis", None),
                                 (f"{J}/deadlines", "ypsilanti-mi", {"election": "2026-02-30"}),
                                 ("/api/v1/jurisdictions", None, {"kind": "kingdom"}),
                                 ("/api/v1/jurisdictions", None, {"lat": "91", "lon": "0"}),
                                 ("/api/v1/deadlines", None, {"from": "2027-01-01"})]:
        assert call("get", template, jid=jid, token=None, query=query).status_code in (400, 404)
    ev = f"{J}/events"
    assert call("post", ev, jid=mc, json={"name": "ordinance-vetoed", "at": "2027-05-03"}).status_code == 422
    assert call("post", ev, jid=mc, json={"name": "ordinance-adopted"}).status_code == 422
    assert call("post", ev, jid=mc, token=None, json={"name": "ordinance-adopted", "at": "2027-05-03"}).status_code == 401
    assert call("post", ev, jid=mc, token="ypsilanti-mi", json={"name": "x", "at": "y"}).status_code == 403
    assert call("post", ev, jid=mc, json=["not", "an", "object"]).status_code == 400
    assert call("post", ev, jid=mc, data="name=x", content_type="application/x-www-form-urlencoded").status_code == 415
    assert call("delete", f"{J}/subscriptions/{{sub_id}}", jid=mc, path={"sub_id": 999}).status_code == 404


def _reports(call: Calls) -> None:
    """A public report of a published date (no token): received, and refused."""
    report = {"deadline": "petition-filing", "election": "2026-11-03", "due": "2026-04-17T16:00:00-04:00",
              "source": "https://cityofypsilanti.com/notice", "quote": "by 4:00 p.m. on Friday, April 17, 2026"}
    rep = f"{J}/reports"
    assert call("post", rep, jid="ypsilanti-mi", token=None, json=report).status_code == 202
    assert call("post", rep, jid="ypsilanti-mi", token=None, json={**report, "due": "2026-04-17T16:00"}
                ).status_code == 422
    assert call("post", rep, jid="atlantis", token=None, json=report).status_code == 404
    assert call("post", rep, jid="ypsilanti-mi", token=None, json=["no"]).status_code == 400


def _office(call: Calls) -> None:
    """The office's hours and closures through the clerk API: written, read, deleted."""
    slc, base = "salt-lake-city-ut", f"{J}/office-hours"
    assert call("put", base, jid=slc, json={"open": "07:30", "close": "16:30", "days": ["monday", "tuesday"],
                                            "authority": "Recorder's posted hours"}).status_code == 200
    assert call("get", base, jid=slc).status_code == 200
    assert call("put", base, jid=slc, json={"open": "07:00", "close": "18:00", "days": ["monday", "friday"],
                                            "other": {"friday": "09:00-13:00"},
                                            "authority": "Recorder's posted hours"}).status_code == 200
    assert call("get", base, jid=slc).json["other"] == {"friday": "09:00-13:00"}
    assert call("delete", base, jid=slc, query={"reason": "posted by mistake"}).status_code == 204
    office = f"{J}/filing-office"
    assert call("get", office, jid=slc).status_code == 404
    assert call("put", office, jid=slc, json={"office": "City Recorder", "address": "451 S State St, Room 415",
                                              "phone": "801-535-7671", "authority": "the city's notice"}
                ).status_code == 200
    assert call("get", office, jid=slc).status_code == 200
    assert call("delete", office, jid=slc, query={"reason": "moved"}).status_code == 204
    closed = call("post", f"{J}/closures", jid=slc, json={"day": "2027-06-07", "reason": "Water main break"})
    assert closed.status_code == 201
    assert call("get", f"{J}/closures", jid=slc).status_code == 200
    assert call("delete", f"{J}/closures/{{closure_id}}", jid=slc, path={"closure_id": closed.json["id"]},
                query={"reason": "reopened"}).status_code == 204


def _notices(call: Calls) -> None:
    """A notice marked published through the clerk API, sent again, refused, listed and undone: Orem's 2025
    notice of offices (Utah Code 10-3-301(2)(a): January 1 to May 1, 2025; "today" is March 1, 2025)."""
    orem, mark = "orem-ut", f"{J}/notices/{{cycle}}/{{deadline}}"
    notice = {"cycle": "2025-11-04", "deadline": "filing-notice"}
    body = {"published_on": "2025-02-14", "where": "Utah Public Notice Website"}
    assert call("put", mark, jid=orem, path=notice, json=body).status_code == 201
    assert call("put", mark, jid=orem, path=notice, json=body).status_code == 200
    assert call("put", mark, jid=orem, path=notice, json={**body, "published_on": "2025-02-15"}).status_code == 409
    assert call("put", mark, jid=orem, path=notice, json={**body, "published_on": "2025-03-02"}).status_code == 422
    assert call("get", f"{J}/notices", jid=orem).status_code == 200
    assert call("delete", mark, jid=orem, path=notice, query={"reason": "marked by mistake"}).status_code == 204
    assert call("delete", mark, jid=orem, path=notice).status_code == 404


def _schema(doc: dict, template: str, method: str, resp) -> dict | None:
    """The schema the document declares for this answer (None: declared without a body)."""
    answers = doc["paths"][template][method]["responses"]
    assert str(resp.status_code) in answers, f"{method.upper()} {template}: {resp.status_code} is not documented"
    content = answers[str(resp.status_code)].get("content")
    if content is None:
        assert not resp.data, f"{method.upper()} {template}: {resp.status_code} has a body the document does not declare"
        return None
    assert resp.mimetype in content, f"{method.upper()} {template}: {resp.mimetype} is not documented"
    return content[resp.mimetype]["schema"]


def _drift(doc: dict, answers) -> tuple[list[str], Walk]:
    walk, found = Walk(doc), []
    for template, method, resp in answers:
        schema = _schema(doc, template, method, resp)
        if schema is not None:
            found += [f"{method.upper()} {resp.request.full_path} {resp.status_code}: {p}"
                      for p in walk.drift(resp.get_json(), schema)]
    return found, walk


def test_every_documented_operation_was_asked(answered):
    doc, answers = answered
    documented = {(p, m) for p, ops in doc["paths"].items() for m in ops}
    assert documented == {(t, m) for t, m, _ in answers}


def test_every_answer_fits_its_schema_exactly(answered):
    doc, answers = answered
    found, walk = _drift(doc, answers)
    assert found == []
    # The answers held every object the document declares for them (not only the top ones): nested
    # objects, optional ones (an override, a threshold, a reading, a case) and the problem's 409 cases.
    assert _reachable(doc) - walk.seen == set()


def _reachable(doc: dict) -> set[str]:
    """The component schemas an answer of the document can hold."""
    names, todo = set(), [r["content"][c]["schema"] for ops in doc["paths"].values() for op in ops.values()
                          for r in op["responses"].values() for c in r.get("content", {})]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if ref and ref.rsplit("/", 1)[1] not in names:
                names.add(ref.rsplit("/", 1)[1])
                todo.append(doc["components"]["schemas"][ref.rsplit("/", 1)[1]])
            todo += list(node.values())
        elif isinstance(node, list):
            todo += node
    return names


def _result(doc, answers):
    """A Result answer with deadlines, readings and a case."""
    return next(r.get_json() for t, m, r in answers
                if t == f"{J}/deadlines" and r.status_code == 200 and r.get_json()["cases"])


def test_a_key_the_schema_does_not_declare_is_caught(answered):
    doc, answers = answered
    body, walk = copy.deepcopy(_result(doc, answers)), Walk(doc)
    schema = {"$ref": "#/components/schemas/Result"}
    assert walk.drift(body, schema) == []
    body["deadlines"][0]["readings"] = [*body["deadlines"][0]["readings"],
                                        {"name": "x", "roll": "r", "due": "2027-01-01", "cite": "c", "why": "w",
                                         "safe": True, "surprise": 1}]
    body["cases"][0]["events"][0]["colour"] = "red"
    assert sorted(walk.drift(body, schema)) == [
        "Result.cases[0].events[0].colour: not declared",
        f"Result.deadlines[0].readings[{len(body['deadlines'][0]['readings']) - 1}].surprise: not declared"]


def test_a_missing_required_key_and_a_wrong_type_are_caught(answered):
    doc, answers = answered
    body, walk = copy.deepcopy(_result(doc, answers)), Walk(doc)
    del body["deadlines"][1]["uid"]
    body["jurisdiction"]["timezone"] = 7
    assert sorted(walk.drift(body, {"$ref": "#/components/schemas/Result"})) == [
        "Result.deadlines[1].uid: required, missing", "Result.jurisdiction.timezone: 7 is not string"]


def test_the_drift_the_hand_written_document_had_is_caught(answered):
    """Its Result schema had no ``cycle``: a document without it fails on the real answers."""
    doc, answers = answered
    old = copy.deepcopy(doc)
    del old["components"]["schemas"]["Result"]["properties"]["cycle"]
    old["components"]["schemas"]["Result"]["required"].remove("cycle")
    found, _ = _drift(old, answers)
    assert found and all(p.endswith("Result.cycle: not declared") for p in found)


def test_every_api_route_served_is_documented(app):
    """Public and clerk alike (the document itself and its HTML reference, ``docs.*``, aside)."""
    doc = app.test_client().get("/api/v1/openapi.json").get_json()
    served = {(re.sub(r"<(?:[^:<>]+:)?(\w+)>", r"{\1}", r.rule), m.lower()) for r in app.url_map.iter_rules()
              if r.rule.startswith("/api/v1/") and r.endpoint != "api.openapi" and not r.endpoint.startswith("docs.")
              for m in r.methods - {"HEAD", "OPTIONS"}}
    assert served == {(p, m) for p, ops in doc["paths"].items() for m in ops}


def test_the_documented_query_parameters_are_the_ones_the_server_reads(app):
    paths = app.test_client().get("/api/v1/openapi.json").get_json()["paths"]
    query = {p: {q["name"] for q in paths[p]["get"]["parameters"] if q["in"] == "query"}
             for p in ("/api/v1/jurisdictions", "/api/v1/deadlines")}
    assert query == {"/api/v1/jurisdictions": set(PLACE_PARAMS), "/api/v1/deadlines": set(QUERY)}
