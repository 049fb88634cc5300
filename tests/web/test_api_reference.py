"""The integrator's way in (issue 27, part 5): the API reference at
``/api/v1/docs``, rendered on the server from the service's own OpenAPI
document (every operation readable without JavaScript), reached from
``/api``, ``/api/v1`` and ``/docs`` and from every page's footer, in English
and Spanish; and the document's response examples, real answers of the app
(``web/api_examples.json``, written by ``scripts/api_examples.py``), each
fitting the schema it illustrates."""
from __future__ import annotations

import importlib.util
import json
import re
from html import unescape
from pathlib import Path

import pytest

from tests.openapi_walk import Walk

ROOT = Path(__file__).resolve().parents[2]
DOCS = "/api/v1/docs"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def _bare(html: str) -> str:
    """The words alone: no tags, no backticks, no spaces (a `code` span reads the same as code)."""
    return re.sub(r"[\s`]+", "", unescape(re.sub(r"<[^>]+>", "", html)))


@pytest.fixture(scope="module")
def reference():
    """The document and the page, asked of one app (module-wide: the page walks 28 operations)."""
    import tempfile

    from web import create_app
    from conftest import BASE_URL, TODAY

    app = create_app({"TESTING": True, "TODAY": TODAY, "BASE_URL": BASE_URL,
                      "DATABASE_URL": f"sqlite:///{tempfile.mkdtemp()}/ref.sqlite3"})
    client = app.test_client()
    doc = client.get("/api/v1/openapi.json").get_json()
    page = client.get(DOCS)
    return client, doc, page


def test_the_reference_is_an_html_page_of_every_operation(reference):
    _, doc, page = reference
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert "<main" in html and "<script" not in html  # read without JavaScript: nothing of it needs script
    text = _text(html)
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            anchor = f'id="op-{op["operationId"]}"'
            assert anchor in html, (method, path)
            section = html[html.index(anchor):]
            section = section[:section.index("</section>")]
            assert f"{method.upper()}" in section and path in unescape(section)
            assert _bare(op["summary"]) in _bare(section), op["operationId"]  # its `code` spans as code
            for p in op.get("parameters", []):
                assert f">{p['name']}<" in section, (op["operationId"], p["name"])
            for status in op["responses"]:
                assert f'id="op-{op["operationId"]}-{status}"' in section, (op["operationId"], status)
            if "requestBody" in op:
                assert "Request body" in _text(section), op["operationId"]
    # a table of contents linking every operation, and every schema described with its fields
    for name, schema in doc["components"]["schemas"].items():
        assert f'id="schema-{name}"' in html, name
        for prop in schema.get("properties", {}):
            assert f'<code>{prop}</code>' in html.split(f'id="schema-{name}"', 1)[1].split("</section>", 1)[0]
    assert text.count("GET /api/v1/jurisdictions") >= 2  # in the contents and as its heading
    assert 'href="/api/v1/openapi.json"' in html


def test_the_reference_shows_the_request_examples_and_the_response_examples(reference):
    _, doc, page = reference
    html = page.get_data(as_text=True)
    listing = html[html.index('id="op-listJurisdictions"'):].split("</section>", 1)[0]
    example = doc["paths"]["/api/v1/jurisdictions"]["get"]["responses"]["200"]["content"]["application/json"]["example"]
    assert json.dumps(example["items"][0]["id"]) in unescape(listing)
    record = html[html.index('id="op-recordEvent"'):].split("</section>", 1)[0]
    assert "ordinance-adopted" in record and "Ordinance 2026-11" in unescape(record)  # EventIn's example
    # the bulk listing's old keys are marked deprecated where its schema is described
    listing_schema = html[html.index('id="schema-Listing"'):].split("</section>", 1)[0]
    for old in ("deadlines", "cursor"):
        row = listing_schema[listing_schema.index(f"<code>{old}</code>"):].split("</tr>", 1)[0]
        assert "deprecated" in row.lower(), old


@pytest.mark.parametrize("path", ["/api", "/api/", "/api/v1", "/api/v1/", "/docs"])
def test_the_api_roots_lead_to_the_reference(client, path):
    resp = client.get(path)
    assert resp.status_code == 302 and resp.headers["Location"].endswith(DOCS)
    assert f'href="{DOCS}"' in resp.get_data(as_text=True)


@pytest.mark.parametrize("path", [
    "/", "/?jurisdiction=ypsilanti-mi&election=2026-11-03", "/?q=orem", "/jurisdictions/salt-lake-city-ut",
    "/deadlines", "/subscribe", "/clerk/request?jurisdiction=ypsilanti-mi", "/no-such-page", "/clerk/", "/subscribe/confirm/unknown", DOCS,
])
def test_every_page_links_the_reference_from_its_footer(client, path):
    html = client.get(path).get_data(as_text=True)
    footer = re.search(r"<footer[^>]*>(.*?)</footer>", html, re.S)
    assert footer, path
    assert re.search(rf'<a href="{DOCS}"[^>]*>API reference</a>', footer.group(1)), path


def test_the_reference_in_spanish(client):
    resp = client.get(DOCS + "?lang=es")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and '<html lang="es">' in html
    text = _text(html)
    assert "Referencia de la API" in text and "Parámetros" in text and "Respuestas" in text
    assert "API reference" not in text
    # the document's own descriptions stay English, marked so
    assert 'lang="en"' in html and "Find governments: by name words" in text
    footer = re.search(r"<footer[^>]*>(.*?)</footer>", client.get("/?lang=es").get_data(as_text=True), re.S).group(1)
    assert re.search(rf'<a href="{DOCS}\?lang=es"[^>]*>Referencia de la API</a>', footer)


def _examples(doc: dict):
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            for status, answer in op["responses"].items():
                for mime, media in answer.get("content", {}).items():
                    if "example" in media:
                        yield f"{method.upper()} {path} {status}", media["schema"], media["example"]


def test_the_main_answers_carry_examples_that_fit_their_schemas(reference):
    _, doc, _ = reference
    found = {where: (schema, example) for where, schema, example in _examples(doc)}
    for where in ("GET /api/v1/jurisdictions 200", "GET /api/v1/jurisdictions/{jid}/deadlines 200",
                  "GET /api/v1/deadlines 200", "GET /api/v1/jurisdictions/{jid}/deadlines 404",
                  "GET /api/v1/jurisdictions 400"):
        assert where in found, where
    walk = Walk(doc)
    for where, (schema, example) in found.items():
        assert walk.drift(example, schema) == [], where
    result = found["GET /api/v1/jurisdictions/{jid}/deadlines 200"][1]
    assert result["jurisdiction"]["id"] == "ypsilanti-mi" and result["cycle"] == "2026-11-03"
    assert [d["id"] for d in result["deadlines"]] == ["filing-notice", "petition-filing"]
    listing = found["GET /api/v1/deadlines 200"][1]
    assert listing["items"] and listing["items"] == listing["deadlines"] and listing["next"]
    unknown = found["GET /api/v1/jurisdictions/{jid}/deadlines 404"][1]
    assert unknown["suggestions"] == ["ypsilanti-mi"]


def test_the_examples_are_the_apps_answers_today():
    """``scripts/api_examples.py --check`` captures them again from the app and compares."""
    spec = importlib.util.spec_from_file_location("api_examples", ROOT / "scripts" / "api_examples.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    kept = json.loads((ROOT / "web" / "api_examples.json").read_text())
    assert script.capture() == kept, "stale: run .venv/bin/python scripts/api_examples.py"
