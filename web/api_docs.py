"""The API reference, ``/api/v1/docs``: an HTML page rendered on the server
from the service's own OpenAPI document (:func:`web.openapi.document`, the
one ``/api/v1/openapi.json`` serves), so it cannot say other than the API
does and needs neither JavaScript nor another site: every operation with its
parameters, request body (schema and example), answers (schema and example)
and the token it needs, then every schema with its fields. The page's own
words are in the reader's language; the document's descriptions stay English
(marked so). ``/api``, ``/api/v1`` and ``/docs`` lead to it (302).

Rendered once per language and change of the calendars (the document's
trigger parameters come from them)."""
from __future__ import annotations

import json
import re

from flask import Blueprint, Response, current_app, redirect, render_template, url_for
from markupsafe import Markup, escape

from deadlines.caches import Lru

from web.common import registry
from web.language import lang, said
from web.openapi import document

bp = Blueprint("docs", __name__)

#: The document's tags, in the order the page shows them (an operation without one is a public read).
GROUPS = ("public", "clerk", "reports")
METHODS = ("get", "put", "post", "patch", "delete")


@bp.get("/api")
@bp.get("/api/")
@bp.get("/api/v1")
@bp.get("/api/v1/")
@bp.get("/docs")
def to_reference() -> Response:
    """The API's roots: to the reference (which links the document)."""
    return redirect(url_for("docs.reference"), 302)


@bp.get("/api/v1/docs")
def reference() -> str:
    pages = current_app.extensions.setdefault("docs_pages", Lru(8))
    key = (lang(), registry().signature())
    page = pages.get(key)
    if page is None:
        page = render_template("api_docs.html", **_view(document(registry().all())))
        pages.put(key, page)
    return page


def described(text: str | None) -> Markup:
    """A description of the document: escaped, its `code` spans as code."""
    if not text:
        return Markup("")
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(text))))


def example_text(value) -> str:
    """JSON as the API answers it, indented one space a level (deep objects stay readable on a phone)."""
    return json.dumps(value, indent=1, ensure_ascii=False)


class Types:
    """A schema in a few words: its type, the schema it refers to (a link to
    its description on the page), its choices, format and limits."""

    def __init__(self, components: dict):
        self.components, self.w = components, said()

    def __call__(self, schema: dict | None) -> Markup:
        if not schema:
            return Markup(escape(self.w._("any")))
        ref = schema.get("$ref")
        if ref:
            name = ref.rsplit("/", 1)[1]
            return Markup('<a href="#schema-%s">%s</a>') % (name, name)
        for key in ("anyOf", "oneOf"):
            if key in schema:
                branches = schema[key]
                real = [b for b in branches if b.get("type") != "null"]
                said_ = [self(b) for b in real]
                if len(real) < len(branches):
                    said_.append(Markup("<code>null</code>"))
                return Markup(" %s " % escape(self.w._("or"))).join(said_)
        if "allOf" in schema:
            return Markup(", ").join(self(b) for b in schema["allOf"])
        if "const" in schema:
            return (Markup(escape(self.w._("empty"))) if schema["const"] == ""
                    else Markup("<code>%s</code>") % json.dumps(schema["const"]))
        if "enum" in schema:
            choices = Markup(", ").join(Markup("<code>%s</code>") % json.dumps(v) for v in schema["enum"])
            return Markup(escape(self.w._("one of"))) + Markup(" ") + choices
        kind = schema.get("type")
        if isinstance(kind, list):
            return Markup(" %s " % escape(self.w._("or"))).join(Markup("<code>%s</code>") % k for k in kind)
        if kind == "array":
            return Markup(escape(self.w._("list of"))) + Markup(" ") + self(schema.get("items"))
        if kind == "object" and "additionalProperties" in schema and "properties" not in schema:
            extra = schema["additionalProperties"]
            if isinstance(extra, dict):
                return Markup(escape(self.w._("object of"))) + Markup(" ") + self(extra)
        out = Markup("<code>%s</code>") % (kind or "any")
        limits = [f"{schema['format']}"] if "format" in schema else []
        if "minimum" in schema and "maximum" in schema:
            limits.append(f"{schema['minimum']:,}–{schema['maximum']:,}")
        if "maxLength" in schema:
            limits.append(self.w._("at most {n} characters", n=schema["maxLength"]))
        return out + (Markup(" (%s)") % ", ".join(limits) if limits else Markup(""))


def _fields(schema: dict, types: Types) -> list[dict]:
    required = set(schema.get("required", []))
    return [{"name": name, "type": types(prop), "required": name in required, "deprecated": prop.get("deprecated"),
             "description": described(prop.get("description")),
             "default": example_text(prop["default"]) if "default" in prop and prop["default"] is not None else None}
            for name, prop in schema.get("properties", {}).items()]


def _media(content: dict, types: Types, components: dict) -> list[dict]:
    out = []
    for mime, media in content.items():
        schema = media.get("schema")
        example = media.get("example")
        if example is None and schema and "$ref" in schema:  # a body's example, from its model
            example = components.get(schema["$ref"].rsplit("/", 1)[1], {}).get("example")
        out.append({"mime": mime, "type": types(schema), "example": None if example is None else example_text(example),
                    "asked": media.get("x-example-request")})
    return out


def _operation(path: str, method: str, op: dict, types: Types, components: dict) -> dict:
    body = op.get("requestBody")
    return {
        "id": op["operationId"], "method": method.upper(), "path": path, "summary": described(op.get("summary")),
        "description": described(op.get("description")), "token": bool(op.get("security")),
        "deprecated": op.get("deprecated", False),
        "parameters": [{"name": p["name"], "in": p["in"], "required": p.get("required", False),
                        "type": types(p.get("schema")), "description": described(p.get("description")),
                        "default": example_text(p["schema"]["default"]) if "default" in p.get("schema", {}) else None}
                       for p in op.get("parameters", [])],
        "by_jurisdiction": len(op.get("x-parameters-by-jurisdiction", {})),
        "body": None if body is None else {"description": described(body.get("description")),
                                           "required": body.get("required", False),
                                           "media": _media(body.get("content", {}), types, components)},
        "responses": [{"status": status, "description": described(r.get("description")),
                       "media": _media(r.get("content", {}), types, components),
                       "headers": [(name, described(h.get("description"))) for name, h in r.get("headers", {}).items()]}
                      for status, r in sorted(op["responses"].items())],
    }


def _view(doc: dict) -> dict:
    components = doc["components"]["schemas"]
    types = Types(components)
    groups: dict[str, list[dict]] = {g: [] for g in GROUPS}
    for path, ops in doc["paths"].items():
        for method in METHODS:
            if method in ops:
                tag = (ops[method].get("tags") or ["public"])[0]
                groups.setdefault(tag, []).append(_operation(path, method, ops[method], types, components))
    schemas = [{"name": name, "description": described(s.get("description")), "fields": _fields(s, types),
                "type": None if "properties" in s else types(s),
                "example": example_text(s["example"]) if "example" in s else None}
               for name, s in sorted(components.items())]
    bearer = doc["components"].get("securitySchemes", {}).get("bearerAuth", {})
    return {"doc": doc, "info": doc["info"], "groups": [(g, ops) for g, ops in groups.items() if ops],
            "schemas": schemas, "bearer": described(bearer.get("description")),
            "count": sum(len(ops) for ops in groups.values())}
