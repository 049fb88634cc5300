"""The OpenAPI 3.1 description of ``/api/v1``. Built from the registry, so the
trigger-event query parameters it lists are the ones the server reads."""
from __future__ import annotations

from deadlines.model import AUDIENCES, KINDS, STATUSES, Jurisdiction

STR, DATE = {"type": "string"}, {"type": "string", "format": "date"}
DAY = r"20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
INPUT_DATE = {"anyOf": [{**DATE, "pattern": f"^{DAY}$"}, {"const": ""}]}  # 2000-2099; empty: not given
EVENT = {"date": INPUT_DATE,
         "instant": {"anyOf": [{"type": "string", "pattern": f"^{DAY}T([01][0-9]|2[0-3]):[0-5][0-9]$"}, {"const": ""}]}}
NSTR = {"type": ["string", "null"]}
MOMENT = {"type": "string", "description": "A date (YYYY-MM-DD, all-day) or an instant with its UTC offset"}
NMOMENT = {**MOMENT, "type": ["string", "null"]}


def _obj(props: dict, required: list[str] | None = None) -> dict:
    return {"type": "object", "properties": props, "required": list(props) if required is None else required}


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _array(item: dict) -> dict:
    return {"type": "array", "items": item}


LINKS = _obj({"self": STR, "deadlines": STR, "calendar": STR})
DEADLINE = _obj({
    "id": STR, "uid": STR, "title": STR, "kind": {"enum": list(KINDS)},
    "audience": _array({"enum": list(AUDIENCES)}), "start": NMOMENT, "statutory_start": NSTR, "due": MOMENT,
    "ends": STR, "safe_due": NMOMENT, "status": {"enum": list(STATUSES)}, "citation": STR, "text": STR,
    "steps": _array(STR),
    "readings": _array(_obj({"name": STR, "roll": STR, "due": MOMENT, "cite": STR, "why": STR,
                             "safe": {"type": "boolean"}})),
    "warnings": _array(STR), "thresholds": _array({"type": "object"}),
    "override": {"type": ["object", "null"]}, "rule_effective": NSTR, "source": STR,
})
RESULT = _obj({
    "jurisdiction": _obj({"id": STR, "name": STR, "timezone": STR}),
    "election": DATE,
    "anchors": {"type": "object", "additionalProperties": _obj({"title": STR, "value": MOMENT, "how": STR})},
    "time_law": _obj({"roll": STR, "cite": STR}),
    "deadlines": _array(_ref("Deadline")),
    "pending": _array(_obj({"id": STR, "waiting_for": _array(STR)})),
    "warnings": _array(STR),
})
JURISDICTION = _obj({
    "id": STR, "name": STR, "timezone": STR, "source": STR, "links": LINKS,
    "time_law": _obj({"roll": STR, "cite": STR, "text": STR}),
    "office_hours": {"oneOf": [{"type": "null"}, _obj({"open": STR, "close": STR, "cite": STR})]},
    "elections": _array(_obj({"name": STR, "title": STR, "rule": STR, "cite": STR, "next": DATE})),
    "triggers": _array(_obj({"name": STR, "title": STR, "type": {"enum": ["date", "instant"]}, "cite": STR})),
    "rules": _array(_obj({"id": STR, "title": STR, "kind": STR, "audience": _array(STR), "effective": NSTR,
                          "citation": STR, "text": STR})),
    "holidays": _obj({"country": STR, "subdivision": NSTR, "cite": STR,
                      "closed": _array(_obj({"date": DATE, "name": STR}))}),
})
PROBLEM = _obj({"type": STR, "title": STR, "status": {"type": "integer"}, "detail": STR, "instance": STR,
                "field": STR}, ["title", "status", "detail"])


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _problem(description: str) -> dict:
    return {"description": description, "content": {"application/problem+json": {"schema": _ref("Problem")}}}


JID = {"name": "jid", "in": "path", "required": True, "schema": STR, "description": "Jurisdiction id",
       "example": "ypsilanti-mi"}


def _date_param(name: str, what: str) -> dict:
    return {"name": name, "in": "query", "required": False, "schema": INPUT_DATE,
            "description": f"{what} (YYYY-MM-DD, 2000-01-01 to 2099-12-31); default (or empty): the next by rule"}


def document(jurisdictions: list[Jurisdiction]) -> dict:
    triggers: dict[str, tuple[str, list[str]]] = {}
    for jur in jurisdictions:
        for t in jur.triggers.values():
            triggers.setdefault(t.name, (t.type, []))[1].append(jur.id)
    event_params = [
        {"name": name, "in": "query", "required": False, "schema": EVENT[kind],
         "description": f"Trigger event {'date and time, local (YYYY-MM-DDTHH:MM)' if kind == 'instant' else 'date'}. "
                        f"Only for: {', '.join(ids)} (elsewhere a 400)."}
        for name, (kind, ids) in sorted(triggers.items())
    ]
    return {
        "openapi": "3.1.0",
        "info": {"title": "Election deadline service", "version": "1.0.0",
                 "description": "Deadlines derived from election law, with citations, counting steps and readings."},
        "paths": {
            "/api/v1/jurisdictions": {"get": {
                "operationId": "listJurisdictions", "summary": "Every jurisdiction",
                "responses": {"200": _json(_obj({"jurisdictions": _array(
                    _obj({"id": STR, "name": STR, "timezone": STR, "links": LINKS}))}), "The jurisdictions")},
            }},
            "/api/v1/jurisdictions/{jid}": {"get": {
                "operationId": "getJurisdiction", "summary": "Rules, elections and holidays in force",
                "parameters": [JID],
                "responses": {"200": _json(_ref("Jurisdiction"), "The jurisdiction"),
                              "404": _problem("Unknown jurisdiction")},
            }},
            "/api/v1/jurisdictions/{jid}/deadlines": {"get": {
                "operationId": "getDeadlines", "summary": "Deadlines of one election cycle (as `deadlines compute --json`)",
                "parameters": [JID, _date_param("election", "General election date"),
                               _date_param("primary", "Primary election date"), *event_params],
                "responses": {"200": _json(_ref("Result"), "The computed deadlines"),
                              "400": _problem("Bad input (the field is named)"),
                              "404": _problem("Unknown jurisdiction")},
            }},
        },
        "components": {"schemas": {"Deadline": DEADLINE, "Result": RESULT, "Jurisdiction": JURISDICTION,
                                   "Problem": PROBLEM}},
    }
