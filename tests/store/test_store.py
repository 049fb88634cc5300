"""Storage: migrations on first start, anchors handed to the engine, tokens."""
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

from deadlines.core.errors import InputError
from deadlines.core.registry import Registry
from deadlines.service import lookup
from deadlines import commands
from deadlines.recorded import DbRecords
from deadlines.store import tokens
from deadlines.store.db import get_db
from deadlines.store.tables import TriggerEvent
from tests.reminders_fixtures import pg_url, sqlite_url  # noqa: F401

REG = Registry()


def test_first_start_creates_the_sqlite_file_and_every_table(sqlite_url):
    path = Path(sqlite_url.removeprefix("sqlite:///"))
    assert not path.exists()
    db = get_db(sqlite_url)
    assert path.exists()
    names = set(inspect(db).get_table_names())
    assert {"alembic_version", "feed_event_state", "trigger_event", "override", "election_date", "clerk_token",
            "subscription", "reminder", "delivery_log"} <= names
    cols = {c["name"]: c for c in inspect(db).get_columns("feed_event_state")}
    assert list(cols) == ["uid", "content_hash", "sequence", "last_modified", "basis"]
    assert not any(c["nullable"] for c in cols.values())
    assert inspect(db).get_pk_constraint("feed_event_state")["constrained_columns"] == ["uid"]


@pytest.mark.postgres
def test_postgres_feed_state_column_types(pg_url):
    db = get_db(pg_url)
    cols = {c["name"]: c["type"] for c in inspect(db).get_columns("feed_event_state")}
    assert {k: str(v) for k, v in cols.items()} == {"uid": "VARCHAR(300)", "content_hash": "VARCHAR(64)",
                                                     "sequence": "INTEGER", "last_modified": "TIMESTAMP",
                                                     "basis": "BIGINT"}
    assert cols["last_modified"].timezone is True


def _write(db, fn, *args):
    with Session(db, expire_on_commit=False) as s, s.begin():
        return fn(s, *args)


def test_recorded_anchors_reach_the_engine_and_change_the_revision(sqlite_url):
    db = get_db(sqlite_url)
    src = DbRecords(db, revision_ttl=0)
    slc, city = REG.get("salt-lake-city-ut"), REG.get("model-city")
    r0 = src.revision("model-city")
    _write(db, commands.record_event, city, "ordinance-adopted", "2026-05-04")
    r1 = src.revision("model-city")
    assert r1 != r0 and src.revision("salt-lake-city-ut") == "0"
    res = lookup(city, today=date(2026, 5, 5), records=src)
    assert {d.id: d.due for d in res.deadlines}["referendum-petition-filing"] == date(2026, 6, 3)

    _write(db, commands.record_event, slc, "objection-filed", "2027-06-10T10:00")
    _write(db, commands.put_override, slc, "2027-11-02", "withdrawal",
           {"due": "2027-10-15T17:00", "authority": "Order of the Third District Court", "reason": "ballot printing"})
    res = lookup(slc, today=date(2027, 1, 5), records=src)
    by_id = {d.id: d for d in res.deadlines}
    assert by_id["objection-decision"].due == datetime(2027, 6, 12, 10, 0, tzinfo=ZoneInfo("America/Denver"))
    assert by_id["withdrawal"].status == "overridden" and by_id["withdrawal"].override.authority.startswith("Order")

    ypsi = REG.get("ypsilanti-mi")
    _write(db, commands.set_election, ypsi, "2026-11-03", None, "2026-08-11")
    res = lookup(ypsi, today=date(2026, 1, 5), records=src)
    assert res.anchors["primary"].value == date(2026, 8, 11)
    before = src.revision("ypsilanti-mi")
    assert _write(db, commands.delete_election, ypsi, "2026-11-03")
    assert src.revision("ypsilanti-mi") != before


@pytest.mark.parametrize("name,value", [
    ("ordinance-repealed", "2026-05-04"),  # unknown event
    ("ordinance-adopted", "2026-13-40"),  # malformed date
    ("ordinance-adopted", "2026-05-04T10:00"),  # a date event given an instant
    ("ordinance-adopted", 20260504),  # not a string
])
def test_bad_events_are_refused_and_nothing_is_stored(sqlite_url, name, value):
    db = get_db(sqlite_url)
    with pytest.raises(InputError):
        _write(db, commands.record_event, REG.get("model-city"), name, value)
    with Session(db) as s:
        assert s.scalars(select(TriggerEvent)).all() == []
    assert DbRecords(db).revision("model-city") == "0"


def test_instant_events_need_a_time(sqlite_url):
    with pytest.raises(InputError) as exc:
        _write(get_db(sqlite_url), commands.record_event, REG.get("salt-lake-city-ut"), "objection-filed", "2027-06-10")
    assert exc.value.code == "event.needs_time"


def test_override_needs_authority_and_a_known_deadline_and_cycle(sqlite_url):
    db, slc = get_db(sqlite_url), REG.get("salt-lake-city-ut")
    good = {"due": "2027-10-15", "authority": "court", "reason": "r"}
    for cycle, deadline, body in [("2027-11-02", "no-such", good), ("2027-11-03", "withdrawal", good),
                                  ("2027-11-02", "withdrawal", {**good, "authority": ""}),
                                  ("2027-11-02", "withdrawal", {**good, "due": None})]:
        with pytest.raises(InputError):
            _write(db, commands.put_override, slc, cycle, deadline, body)
    assert DbRecords(db).recorded("salt-lake-city-ut").overrides == ()


def test_tokens_are_stored_hashed_and_revocable(sqlite_url):
    db = get_db(sqlite_url)
    row, secret = _write(db, tokens.create, "model-city", "clerk")
    with Session(db) as s:
        assert secret not in {t.token_hash for t in tokens.listing(s)}
        assert tokens.verify(s, secret).jurisdiction_id == "model-city"
        assert tokens.verify(s, secret + "x") is None
    assert _write(db, tokens.revoke, row.id)
    with Session(db) as s:
        assert tokens.verify(s, secret) is None


def test_revision_is_remembered_briefly_and_forgotten_on_request(sqlite_url):
    db = get_db(sqlite_url)
    src, city = DbRecords(db, revision_ttl=3600), REG.get("model-city")
    r0 = src.revision("model-city")
    _write(db, commands.record_event, city, "ordinance-adopted", "2026-05-04")
    assert src.revision("model-city") == r0  # within the memo's lifetime
    src.forget("model-city")
    assert src.revision("model-city") != r0


def test_a_moved_election_is_named_by_either_date(sqlite_url):
    # Utah 2023: by rule Nov 7, held Nov 21 (calendars/shared/utah-election-code.toml);
    # both dates name the one cycle, keyed by the date by rule.
    db, slc = get_db(sqlite_url), REG.get("salt-lake-city-ut")
    entry = _write(db, commands.set_election, slc, "2023-11-21", "2023-11-22", None)
    assert entry.cycle == date(2023, 11, 7)
    again = _write(db, commands.set_election, slc, "2023-11-07", "2023-11-21", None)
    assert again.id == entry.id
    with pytest.raises(InputError) as exc:
        _write(db, commands.set_election, slc, "2023-11-14", "2023-11-21", None)
    assert (exc.value.code, exc.value.field) == ("cycle.not_general", "election")
