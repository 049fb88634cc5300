"""Capture the OpenAPI document's response examples from the app itself.

Each example is a real answer of the service for a small case, asked of a
fresh app (an empty database, "today" pinned to 2025-03-01, the repository's
calendars) and trimmed only where the case would be long (Ypsilanti's 2026
cycle keeps two of its deadlines). Written to ``web/api_examples.json``,
which :mod:`web.openapi` reads; ``tests/web/test_api_reference.py`` checks that
the file is what this script captures today and that every example fits
its schema.

Run ``.venv/bin/python scripts/api_examples.py`` after a change to the law
or to the answers' shape; ``--check`` writes nothing and exits 1 when the
file is stale."""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

OUT = ROOT / "web" / "api_examples.json"
TODAY = "2025-03-01"
KEEP_DEADLINES = 2

#: operationId -> status -> the request whose answer illustrates it.
CASES = {
    "listJurisdictions": {"200": "/api/v1/jurisdictions?q=ypsilanti&limit=2",
                          "400": "/api/v1/jurisdictions?state=XX"},
    "getDeadlines": {"200": "/api/v1/jurisdictions/ypsilanti-mi/deadlines?election=2026-11-03",
                     "404": "/api/v1/jurisdictions/ypsilanti/deadlines"},
    "listDeadlines": {"200": "/api/v1/deadlines?from=2026-04-21&to=2026-04-21&state=MI&county=Washtenaw&kind=city"
                             "&limit=1"},
}


#: operationId -> status -> (the clerk's writes first, the request), with a token of model-city's: the answers
#: hold no instant (when a write was recorded), so the example is the same each time it is captured.
CLERK_CASES = {
    "listElections": {"200": ([("PUT", "/api/v1/jurisdictions/model-city/elections/2026-11-03",
                                {"general": "2026-11-10", "authority": "Resolution 2026-14 of the city council",
                                 "reason": "The election was moved by the county"}),
                               ("PUT", "/api/v1/jurisdictions/model-city/elections/2028-11-07",
                                {"general": "2028-11-14", "authority": "Resolution 2028-3 of the city council",
                                 "reason": "The election was moved by the county"})],
                              "/api/v1/jurisdictions/model-city/elections?limit=1")},
}


def _clerk(app, client, out: dict) -> None:
    """The clerk API's cases (:data:`CLERK_CASES`), with a new token (never written out)."""
    from sqlalchemy.orm import Session

    from deadlines.store import tokens

    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "model-city", "examples")
    auth = {"Authorization": f"Bearer {secret}"}
    for operation, statuses in CLERK_CASES.items():
        for status, (writes, url) in statuses.items():
            for method, path, body in writes:
                done = client.open(path, method=method, json=body, headers=auth)
                if done.status_code >= 300:
                    raise SystemExit(f"{method} {path}: answered {done.status_code}")
            resp = client.get(url, headers=auth)
            if str(resp.status_code) != status:
                raise SystemExit(f"{url}: answered {resp.status_code}, not {status}")
            out.setdefault(operation, {})[status] = {"request": f"GET {url}", "answer": resp.get_json()}


def _trim(operation: str, answer: dict) -> dict:
    if operation == "getDeadlines" and "deadlines" in answer:
        return {**answer, "deadlines": answer["deadlines"][:KEEP_DEADLINES]}
    return answer


def capture() -> dict:
    """Every case's request and (trimmed) answer, asked of a fresh app."""
    from web import create_app

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "TODAY": TODAY, "DATABASE_URL": f"sqlite:///{folder}/examples.sqlite3",
                          "RATELIMIT_ENABLED": False})
        client = app.test_client()
        out: dict = {}
        for operation, statuses in CASES.items():
            for status, url in statuses.items():
                resp = client.get(url)
                if str(resp.status_code) != status:
                    raise SystemExit(f"{url}: answered {resp.status_code}, not {status}")
                out.setdefault(operation, {})[status] = {"request": f"GET {url}",
                                                         "answer": _trim(operation, resp.get_json())}
        _clerk(app, client, out)
        app.extensions["records"].db.dispose()
    return out


def text(examples: dict) -> str:
    return json.dumps(examples, indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when web/api_examples.json is stale; write nothing")
    args = ap.parse_args()
    fresh = text(capture())
    if args.check:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != fresh:
            print(f"{OUT.relative_to(ROOT)} is stale: run scripts/api_examples.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(fresh, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
