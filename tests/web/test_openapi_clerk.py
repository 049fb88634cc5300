"""The clerk's write API against its OpenAPI description (``web/openapi_clerk.py``, bodies from ``web/schemas``):
schemathesis-generated requests, without a token (always 401, never 5xx) and
with a valid token for the jurisdiction in the path (never 5xx, every answer
as documented: status, content type, body schema, headers)."""
from __future__ import annotations

import re
from datetime import date
from types import SimpleNamespace

import pytest
import schemathesis
from hypothesis import strategies as st
from schemathesis import GenerationMode
from sqlalchemy.orm import Session

from deadlines.core.registry import Registry
from deadlines.service import cycles
from deadlines.store import tokens
from web import create_app

from conftest import TODAY
from tests.reminders_fixtures import fresh_pg_database
from tests.engine_helpers import one_per_law
from tests.openapi_fuzz import fuzz

# per law (the rows of one kind share one), less the appointed boards: no deadline to write anything for
IDS = sorted(jid for jid in one_per_law(Registry()) if Registry().get(jid).rules)


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def env(request, tmp_path_factory):
    """An app on SQLite, then on PostgreSQL, with a clerk token per jurisdiction."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('clerk')}/clerk-openapi.sqlite3"
    else:
        databases = fresh_pg_database()
        url = next(databases)
        request.addfinalizer(lambda: next(databases, None))
    app = create_app({"TODAY": TODAY, "DATABASE_URL": url, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False})
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        tokens_by_jid = {jid: f"Bearer {tokens.create(s, jid, 'schemathesis')[1]}" for jid in IDS}
    return SimpleNamespace(app=app, tokens=tokens_by_jid, registry=app.extensions["registry"])


def _schema(app, with_security_parameters: bool):
    statuses = schemathesis.Config().projects.get_default().checks.negative_data_rejection.expected_statuses
    config = schemathesis.Config.from_dict({
        "generation": {"with-security-parameters": with_security_parameters},
        # a body over 16 KiB (a generated one can be) is rightly a 413
        "checks": {"negative_data_rejection": {"expected-statuses": [*statuses, "413"]}},
    })
    return schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app, config=config).include(tag="clerk")


# Without a token: schemathesis also tries malformed Authorization headers. With one: the header is always the
# jurisdiction's valid token, so only path and body vary (negative cases too, which must be 4xx).
# A well-formed body can still be wrong for the jurisdiction (an event it does not have, a date that names no
# cycle): that is a documented 422, not a failure. Without a token every valid input is rightly a 401.
NOT_ACCEPTANCE = [schemathesis.checks.positive_data_acceptance]


def test_every_clerk_route_is_documented(env):
    app = env.app
    documented = {(m.upper(), p) for p, ops in _schema(app, False).raw_schema["paths"].items() for m, op in ops.items()
                  if "clerk" in op.get("tags", ())}
    served = {(m, "/api/v1/jurisdictions/{jid}/" + re.sub(r"<(?:[^:<>]+:)?(\w+)>", r"{\1}", r.rule.split("/<jid>/", 1)[1]))
              for r in app.url_map.iter_rules() if r.endpoint.startswith("clerk.")
              for m in r.methods - {"HEAD", "OPTIONS"}}
    assert documented == served


def test_security_scheme(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    assert doc["components"]["securitySchemes"]["bearerAuth"]["type"] == "http"
    assert doc["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"
    for path, ops in doc["paths"].items():
        for op in ops.values():
            assert (op.get("security") == [{"bearerAuth": []}]) == ("clerk" in op.get("tags", ())), path


def test_clerk_routes_without_a_token_are_401(env):
    anonymous = _schema(env.app, True)

    @anonymous.hook
    def flatmap_case(context, case):
        """A jurisdiction that exists (an unknown one is a 404 before any token is looked at)."""
        return st.sampled_from(IDS).map(lambda jid: _with_jid(case, jid))

    def check(case):
        resp = case.call_and_validate(excluded_checks=NOT_ACCEPTANCE)
        headers = {k.lower(): v[0] for k, v in resp.headers.items()}
        assert headers.get("content-type") == "application/problem+json"
        if resp.status_code != 401:
            # No clerk route matched: a method the path lacks (the generator tries TRACE, PATCH ...: 405),
            # or a '/' in a path value (404). Nothing of the clerk's code ran.
            assert resp.status_code in (404, 405), resp.status_code
            assert "www-authenticate" not in headers
        else:  # OPTIONS too: Flask's automatic OPTIONS passes through the clerk's authentication
            assert headers["www-authenticate"] == 'Bearer realm="deadlines"'
    assert fuzz(anonymous, 8, check) >= 10


def _with_jid(case, jid):
    case.path_parameters["jid"] = jid
    return case


@st.composite
def _real_values(draw, case, registry):
    """A jurisdiction that exists and, every other case, values it knows, so that writes get past validation
    and are stored (otherwise nearly every generated write is a 422)."""
    jid = draw(st.sampled_from(IDS))
    case.path_parameters["jid"] = jid
    if case.meta is not None and case.meta.generation.mode != GenerationMode.POSITIVE:
        return case  # keep what makes it invalid
    if not draw(st.booleans()):
        return case
    jur = registry.get(jid)
    if "cycle" in case.path_parameters:
        known = cycles(jur, date(2025, 1, 1), date(2030, 12, 31))
        case.path_parameters["cycle"] = draw(st.sampled_from(known)).isoformat()
    if "deadline" in case.path_parameters:
        case.path_parameters["deadline"] = draw(st.sampled_from(jur.order))
    for name in ("event_id", "sub_id"):  # ids that earlier examples may have created
        if name in case.path_parameters:
            case.path_parameters[name] = draw(st.integers(1, 30))
    body = case.body if isinstance(case.body, dict) else None
    if body is None:
        return case
    if case.path.endswith(("/events", "/events/{event_id}")):
        if jur.triggers:
            trigger = draw(st.sampled_from(sorted(jur.triggers.values(), key=lambda t: t.name)))
            day = draw(st.dates(date(2025, 1, 1), date(2030, 6, 30))).isoformat()
            body.update(name=trigger.name, at=day + ("T10:00" if trigger.type == "instant" else ""))
    elif case.path.endswith("/subscriptions"):
        body.update(channel="email", target=draw(st.sampled_from(["clerk@example.org", "a.b@city.gov"])))
        if "deadlines" in body:
            body["deadlines"] = draw(st.lists(st.sampled_from(jur.order), max_size=2, unique=True))
    elif case.path.endswith("/elections/{cycle}"):
        body["general"] = draw(st.dates(date(2025, 1, 1), date(2030, 12, 31))).isoformat()
        if "primary" not in jur.elections:
            body.pop("primary", None)
    elif case.path.endswith("/overrides/{cycle}/{deadline}"):
        body.update(authority="Order of the circuit court", reason="ballot printing",
                    due=draw(st.dates(date(2025, 1, 1), date(2030, 12, 31))).isoformat())
    return case


def test_clerk_api_matches_openapi(env):
    clerk = _schema(env.app, False)

    @clerk.hook("flatmap_case")
    def _clerk_case(context, case):
        return _real_values(case, env.registry)

    def check(case):
        case.call_and_validate(headers={"Authorization": env.tokens[case.path_parameters["jid"]]},
                               excluded_checks=NOT_ACCEPTANCE)
    assert fuzz(clerk, 25, check) >= 10


# Inputs that once answered 500 (found by this test's generated run): each must be a 4xx.
_ONCE_5XX = [
    ("post", "model-city/events", {"name": "ordinance-adopted", "at": "9999-01-01"}),
    ("post", "model-city/subscriptions", {"channel": "webhook", "target": "http://[::1/hook"}),
    ("post", "model-city/subscriptions", {"channel": "webhook", "target": "http://example.org:port/hook"}),
    ("post", "model-city/subscriptions", {"channel": "webhook", "target": f"http://{'a' * 64}.org/hook"}),
    # 1e400 is valid JSON; Python reads it as inf
    ("post", "model-city/subscriptions", '{"channel": "email", "target": "a@example.org", "leads": [1e400]}'),
    ("put", "model-city/events/9223372036854775808", {"name": "ordinance-adopted", "at": "2026-05-04"}),
    ("delete", "model-city/events/9223372036854775808", None),
    ("delete", "model-city/subscriptions/9223372036854775808", None),
]


@pytest.mark.parametrize("method, path, body", _ONCE_5XX)
def test_inputs_that_once_gave_5xx_are_4xx(env, method, path, body):
    payload = {"data": body, "content_type": "application/json"} if isinstance(body, str) else {"json": body}
    resp = getattr(env.app.test_client(), method)(f"/api/v1/jurisdictions/{path}", **payload,
                                                  headers={"Authorization": env.tokens["model-city"]})
    assert 400 <= resp.status_code < 500
