"""Issue 19, item 8: versions never go back. A feed render that read the
records before a clerk write, and publishes after a render that read them after
it, is computed again: the older content is never stored or served under a
newer SEQUENCE or ETag."""
from __future__ import annotations

import hashlib
import threading

from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.store.feed_state import feed_event_state
from deadlines.store import tokens

FEED = "/calendars/model-city.ics"


def test_a_render_overtaken_by_a_clerk_write_serves_the_newer_content(app, client):
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "model-city")
    rec = app.extensions["records"]
    read, overtaken = rec.recorded, {}

    def recorded(jid):
        stored = read(jid)  # the records as they were ...
        if not overtaken:  # ... then a clerk writes and another visitor's render publishes first
            def meanwhile():
                other = app.test_client()
                overtaken["write"] = other.post("/api/v1/jurisdictions/model-city/events",
                                                json={"name": "ordinance-adopted", "at": "2026-05-04"},
                                                headers={"Authorization": f"Bearer {secret}"}).status_code
                overtaken["feed"] = other.get(FEED, headers={"Cache-Control": "no-cache"})
            overtaken["started"] = True
            t = threading.Thread(target=meanwhile)
            t.start()
            t.join()
        return stored

    rec.recorded = recorded
    slow = client.get(FEED)
    rec.recorded = read
    assert overtaken["write"] == 201
    newer = overtaken["feed"]
    assert b"ordinance" in newer.data.lower()
    assert slow.status_code == 200 and slow.data == newer.data and slow.headers["ETag"] == newer.headers["ETag"]
    with app.extensions["records"].db.connect() as conn:  # the version stored is the newer content's
        stored = conn.execute(select(feed_event_state.c.content_hash, feed_event_state.c.sequence)
                              .where(feed_event_state.c.uid == "feed:" + FEED)).one()
    assert stored == (hashlib.sha256(newer.data).hexdigest(), 0)
