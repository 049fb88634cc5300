"""The combined feed of 500 jurisdictions, the documented maximum, on SQLite and
PostgreSQL (issue 19, item 7 of the findings: its state key is a digest, and
``j`` may be as long as 500 ids)."""
from __future__ import annotations

import pytest

from tests.reminders_fixtures import pg_url, sqlite_url  # noqa: F401
from web import create_app

from conftest import TODAY


def _combined_of_500(url: str) -> None:
    app = create_app({"DATABASE_URL": url, "TESTING": True, "TODAY": TODAY, "BASE_URL": "https://deadlines.example"})
    ids = sorted(j for j in app.extensions["registry"].ids() if j.endswith("-township-washtenaw-mi") or j.endswith("-mi"))[:500]
    assert len(ids) == 500 and len(",".join(ids)) > 2000  # past the old cap on a query value
    client = app.test_client()
    resp = client.get("/calendars/combined.ics?j=" + ",".join(ids))
    assert resp.status_code == 200, resp.data[:300]
    assert resp.data.count(b"BEGIN:VEVENT") >= 500
    again = client.get("/calendars/combined.ics?j=" + ",".join(reversed(ids)), headers={"If-None-Match": resp.headers["ETag"]})
    assert again.status_code == 304  # the same feed whatever the order
    assert client.get("/calendars/combined.ics?j=" + ",".join(ids + ["orem-ut"])).status_code == 400  # 501


def test_combined_feed_of_500_ids_on_sqlite(sqlite_url):
    _combined_of_500(sqlite_url)


@pytest.mark.postgres
def test_combined_feed_of_500_ids_on_postgres(pg_url):
    _combined_of_500(pg_url)
