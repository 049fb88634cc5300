"""Expensive work cannot starve the rest (web.costly): a client's share, the
queue and its wait, and on the app: feeds of many governments, printable
calendars and listings across governments refused while the client's share
runs, cheap reads answered meanwhile; feeds of many built from each
government's part, computed once and shared."""
from __future__ import annotations

import threading
import time

import pytest

from web.costly import Busy, Gate, share_of


def _hold(gate: Gate, who: str):
    """Occupy one of ``who``'s slots until the returned event is set (at most 300 s: under load a
    request can take over 10 s to reach the gate, and a hold that ended early let it through)."""
    started, release = threading.Event(), threading.Event()
    thread = threading.Thread(target=gate.run, args=(who, lambda: (started.set(), release.wait(300))), daemon=True)
    thread.start()
    assert started.wait(5)
    return release, thread


def test_a_client_past_its_share_is_refused_with_429_others_are_not(tmp_path):
    gate = Gate(tmp_path, slots=4, per_client=1, queue=8, wait=5)
    release, thread = _hold(gate, "10.0.0.1")
    with pytest.raises(Busy) as refused:
        gate.run("10.0.0.1", lambda: "never")
    assert refused.value.status == 429 and refused.value.retry_after > 0 and refused.value.code == "busy.client_share"
    assert gate.run("10.0.0.2", lambda: "answered") == "answered"  # another client is not held back
    release.set()
    thread.join(5)
    assert gate.run("10.0.0.1", lambda: "again") == "again"


def test_a_full_queue_and_a_wait_that_runs_out_are_503(tmp_path):
    gate = Gate(tmp_path, slots=1, per_client=5, queue=1, wait=0.3)
    release, thread = _hold(gate, "a")  # the only slot
    waiting = threading.Thread(target=lambda: pytest.raises(Busy, gate.run, "b", lambda: None), daemon=True)
    waiting.start()  # waits for the slot (the one place in the queue), then gives up
    time.sleep(0.05)
    with pytest.raises(Busy) as full:
        gate.run("c", lambda: None)
    assert (full.value.status, full.value.code) == (503, "busy.queue_full")
    waiting.join(5)
    with pytest.raises(Busy) as waited:  # the queue has room again, but the slot stays taken past the wait
        gate.run("c", lambda: None)
    assert (waited.value.status, waited.value.code) == (503, "busy.wait_over")
    release.set()
    thread.join(5)
    assert gate.run("c", lambda: "free") == "free"


def test_a_process_holds_at_most_its_share_of_threads_and_refuses_at_once_past_it(tmp_path):
    """A request waiting here holds one of its process's threads: past
    ``per_process`` (running or waiting, whoever asks) the next is 503 at
    once, not queued, so the process keeps threads for cheap reads; another
    process on the same folder still finds the slots, and a finished request
    gives its place back."""
    gate = Gate(tmp_path, slots=4, per_client=1, queue=8, wait=5, per_process=2)
    first, t1 = _hold(gate, "10.0.0.1")
    second, t2 = _hold(gate, "10.0.0.2")
    began = time.monotonic()
    with pytest.raises(Busy) as refused:
        gate.run("10.0.0.3", lambda: "never")
    assert refused.value.status == 503 and refused.value.retry_after > 0
    assert time.monotonic() - began < 1  # refused, not left waiting for the wait's 5 s
    assert refused.value.code == "busy.process_share" and refused.value.facts == {"count": 2}
    other_process = Gate(tmp_path, slots=4, per_client=1, queue=8, wait=5, per_process=2)
    assert other_process.run("10.0.0.3", lambda: "answered") == "answered"
    first.set()
    t1.join(5)
    assert gate.run("10.0.0.3", lambda: "its turn") == "its turn"
    second.set()
    t2.join(5)


def test_a_failing_computation_gives_its_slot_back(tmp_path):
    gate = Gate(tmp_path, slots=1, per_client=1, queue=1, wait=1)
    with pytest.raises(ZeroDivisionError):
        gate.run("a", lambda: 1 / 0)
    assert gate.run("a", lambda: "free") == "free"


def test_the_counts_are_shared_by_every_process_using_the_folder(tmp_path):
    """Another process (a second gunicorn worker) holding the client's share and every slot."""
    import subprocess
    import sys

    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time; sys.path.insert(0, '.'); from web.costly import Gate; "
        f"g = Gate({str(tmp_path)!r}, slots=1, per_client=1, queue=1, wait=1); "
        "g.run('10.0.0.1', lambda: (print('held', flush=True), time.sleep(30)))")],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        gate = Gate(tmp_path, slots=1, per_client=1, queue=1, wait=0.2)
        with pytest.raises(Busy) as share:
            gate.run("10.0.0.1", lambda: None)
        assert share.value.status == 429
        with pytest.raises(Busy) as slot:  # another client: a place in the queue, but no slot within the wait
            gate.run("10.0.0.2", lambda: None)
        assert slot.value.status == 503
    finally:
        holder.kill()
        holder.wait()
    assert Gate(tmp_path, slots=1, per_client=1, queue=1, wait=1).run("10.0.0.1", lambda: "free") == "free"  # a dead holder's locks are gone


COMBINED = "/calendars/combined.ics?j=orem-ut,provo-ut,lehi-ut"


@pytest.fixture
def busy(app, tmp_path):
    """The test client's share of expensive work taken (its address is 127.0.0.1)."""
    gate = Gate(tmp_path / "costly", slots=4, per_client=1, queue=8, wait=5)
    app.extensions["costly"] = gate
    release, thread = _hold(gate, "127.0.0.1")
    yield
    release.set()
    thread.join(5)


@pytest.mark.parametrize("url", [
    COMBINED,
    "/calendars/combined.ics?state=UT&kind=town",  # a feed of one event per shared deadline
    "/calendars/orem-ut/2027-11-02.pdf",
    "/deadlines?state=MI&from=2028-01-01&to=2028-03-31",
    "/api/v1/deadlines?from=2028-01-01&to=2028-03-31&state=CO",
])
def test_expensive_requests_wait_their_turn_and_cheap_ones_do_not(busy, client, url):
    refused = client.get(url)
    assert refused.status_code == 429, url
    assert int(refused.headers["Retry-After"]) > 0
    if url.startswith("/deadlines"):  # a page for people: the page says it
        assert refused.mimetype == "text/html" and refused.headers["Cache-Control"] == "no-store"
        assert "This client already has as many expensive requests being computed as it may (1:" in refused.get_data(as_text=True)
    else:
        assert refused.mimetype == "application/problem+json"
        assert refused.get_json()["code"] == "busy.client_share"
    for cheap in ("/api/v1/jurisdictions/orem-ut/deadlines?election=2027-11-02", "/calendars/orem-ut.ics",
                  "/?jurisdiction=orem-ut&election=2027-11-02"):
        assert client.get(cheap).status_code == 200, cheap


def test_an_answer_already_computed_is_never_held_back(app, client, tmp_path):
    assert client.get(COMBINED).status_code == 200
    gate = Gate(tmp_path / "costly", slots=1, per_client=1, queue=1, wait=1)
    app.extensions["costly"] = gate
    release, thread = _hold(gate, "127.0.0.1")
    try:
        again = client.get(COMBINED)
        assert again.status_code == 200 and b"BEGIN:VEVENT" in again.data
    finally:
        release.set()
        thread.join(5)


def test_a_feed_of_many_is_made_of_parts_computed_once(app, client, monkeypatch):
    from deadlines.publish import ical

    made = []
    real = ical.events
    monkeypatch.setattr(ical, "events", lambda r, **k: made.append(r.jurisdiction.id) or real(r, **k))
    first = client.get("/calendars/combined.ics?j=orem-ut,provo-ut")
    assert first.status_code == 200 and set(made) == {"orem-ut", "provo-ut"}
    made.clear()
    other = client.get("/calendars/combined.ics?j=lehi-ut,orem-ut,provo-ut")  # another set: only Lehi is new
    assert other.status_code == 200 and set(made) == {"lehi-ut"}
    got = other.get_data(as_text=True)
    for jid, name in (("orem-ut", "City of Orem"), ("provo-ut", "City of Provo"), ("lehi-ut", "City of Lehi")):
        assert f"@{jid}" in got or f"{jid}/" in got, jid  # each government's events are in it
    assert got.count("BEGIN:VEVENT") == first.get_data(as_text=True).count("BEGIN:VEVENT") + \
        client.get("/calendars/lehi-ut.ics").get_data(as_text=True).count("BEGIN:VEVENT")


def test_the_parts_cache_is_bounded_in_bytes(app):
    parts = app.extensions["feed_parts"]
    assert parts.budget == app.config["FEED_PARTS_MB"] << 20
    for name in ("feed_cache", "bulk_pages", "pdf_cache", "answers", "feed_renders"):
        cache = app.extensions[name]
        assert getattr(cache, "budget", None) or cache.cache.budget, name


def test_an_lru_with_a_budget_holds_at_most_that_many_bytes():
    from deadlines.caches import Lru

    cache = Lru(100, budget=10)
    cache.put("a", b"12345")
    cache.put("b", b"12345")
    cache.get("a")  # used: b is now the oldest
    cache.put("c", b"1")
    assert cache.get("b") is None and cache.get("a") == b"12345" and cache.held == 6
    cache.put("a", b"x" * 11)  # bigger than the whole budget: not kept, nor its old value
    assert cache.get("a") is None and cache.held == 1


def test_one_client_never_holds_every_slot_whatever_its_share_is_set_to(tmp_path):
    for slots in (2, 3, 4, 8):
        for asked in (None, 1, slots, 2 * slots):
            share = share_of(slots, asked)
            assert 1 <= share <= slots // 2 < slots, (slots, asked)
            assert Gate(tmp_path / f"{slots}-{asked}", slots, asked or share, queue=8, wait=1).per_client == share
    assert share_of(1) == 1  # one slot: a share of none would serve no one


def test_on_two_slots_a_second_client_is_served_while_the_first_saturates_its_share(tmp_path):
    """The default of a 2-CPU machine (2 slots, the share as the app sets it
    when COSTLY_PER_CLIENT is not given): the first client holds every
    computation it may and is refused one more; the second is still served."""
    from web import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
                      "COSTLY_SLOTS": 2, "COSTLY_DIR": str(tmp_path / "costly"), "COSTLY_PER_CLIENT": None})
    gate = app.extensions["costly"]
    assert (gate.slots, gate.per_client) == (2, 1)
    release, thread = _hold(gate, "127.0.0.1")  # its whole share, running
    try:
        client = app.test_client()
        refused = client.get(COMBINED)
        assert refused.status_code == 429
        other = client.get(COMBINED, environ_base={"REMOTE_ADDR": "127.0.0.2"})
        assert other.status_code == 200 and b"BEGIN:VEVENT" in other.data
    finally:
        release.set()
        thread.join(5)


def test_a_refusal_is_said_in_the_language_asked_for(busy, client):
    """For software the code stays and the detail is Spanish under ``lang=es``
    (English otherwise, whatever Accept-Language says: tools match on it); a
    page for people follows the reader's language."""
    english = client.get(COMBINED, headers={"Accept-Language": "es"}).get_json()
    spanish = client.get(COMBINED + "&lang=es").get_json()
    assert english["code"] == spanish["code"] == "busy.client_share"
    assert english["detail"].startswith("this client already has")
    assert spanish["detail"].startswith("este cliente ya tiene en cálculo") and "(1:" in spanish["detail"]
    page = client.get("/deadlines?state=MI&from=2028-01-01&to=2028-03-31", headers={"Accept-Language": "es"})
    assert page.status_code == 429
    text = page.get_data(as_text=True)
    assert "No disponible por un momento" in text and "Este cliente ya tiene en cálculo" in text
