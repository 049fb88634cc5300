"""The feeds' fast path (web.feed_fast.FastPath): a feed asked again is answered
from the render cache before routing, byte for byte as the view answers, and
never once anything it depends on has changed."""
from __future__ import annotations

from sqlalchemy.orm import Session

from deadlines.store import tokens

FEED = "/calendars/model-city.ics"


def _view_must_not_run(app, endpoint="feeds.jurisdiction_feed"):
    def refuse(**_):
        raise AssertionError("the view ran although the cached feed was current")

    app.view_functions[endpoint] = refuse


def _same(a, b) -> None:
    assert (a.status_code, a.data, sorted(a.headers.items())) == (b.status_code, b.data, sorted(b.headers.items()))


def test_answered_before_routing_as_the_view_answers(app, client):
    first = client.get(FEED)
    first_304 = client.get(FEED, headers={"If-None-Match": first.headers["ETag"]})
    assert first.status_code == 200 and first_304.status_code == 304
    _view_must_not_run(app)
    _same(client.get(FEED), first)
    _same(client.get(FEED, headers={"If-None-Match": first.headers["ETag"]}), first_304)
    since = client.get(FEED, headers={"If-Modified-Since": first.headers["Last-Modified"]})
    assert since.status_code == 304


def test_a_clerk_write_reaches_the_view(app, client):
    before = client.get(FEED)
    assert b"BEGIN:VEVENT" not in before.data  # its one deadline waits for an ordinance
    with Session(app.extensions["records"].db, expire_on_commit=False) as s, s.begin():
        _, secret = tokens.create(s, "model-city")
    resp = client.post("/api/v1/jurisdictions/model-city/events", json={"name": "ordinance-adopted", "at": "2025-04-14"},
                       headers={"Authorization": f"Bearer {secret}"})
    assert resp.status_code == 201
    after = client.get(FEED)
    assert after.status_code == 200 and b"BEGIN:VEVENT" in after.data and after.headers["ETag"] != before.headers["ETag"]
    assert client.get(FEED, headers={"If-None-Match": before.headers["ETag"]}).status_code == 200


def test_a_new_day_reaches_the_view(app, client):
    client.get(FEED)
    ran = []
    view = app.view_functions["feeds.jurisdiction_feed"]
    app.view_functions["feeds.jurisdiction_feed"] = lambda **kw: ran.append(kw) or view(**kw)
    app.config["TODAY"] = "2025-03-02"
    assert client.get(FEED).status_code == 200 and ran == [{"jid": "model-city"}]


def test_other_hosts_queries_and_methods_go_to_the_app(app, client):
    client.get(FEED)
    ran = []
    view = app.view_functions["feeds.jurisdiction_feed"]
    app.view_functions["feeds.jurisdiction_feed"] = lambda **kw: ran.append(kw) or view(**kw)
    client.get(FEED, base_url="http://other.example")  # the events link to the host asked
    client.get(FEED + "?audience=clerk")
    client.head(FEED)
    assert len(ran) == 3
