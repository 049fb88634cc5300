"""The version of every published feed event, persisted so that SEQUENCE and
LAST-MODIFIED survive restarts and agree between web workers.

Table ``feed_event_state``: per UID, the hash of the event's content, its
SEQUENCE (0 when first published, +1 each time the hash changes, never lower)
and LAST-MODIFIED (the time of that change; never earlier than before).
The table is created by the first Alembic migration (:mod:`deadlines.store`).
Writes are one ``INSERT ... ON CONFLICT DO UPDATE ... WHERE hash differs``
(SQLite and PostgreSQL), so concurrent workers publishing the same content
change nothing and a change is counted once.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Mapping

from sqlalchemy import Column, DateTime, Engine, Integer, MetaData, String, Table, case, select
from sqlalchemy.dialects import postgresql, sqlite

from deadlines.publish.ical import Stamp
from deadlines.store.db import writer

metadata = MetaData()

feed_event_state = Table(
    "feed_event_state",
    metadata,
    Column("uid", String(300), primary_key=True),
    Column("content_hash", String(64), nullable=False),
    Column("sequence", Integer, nullable=False),
    Column("last_modified", DateTime(timezone=True), nullable=False),
)

_INSERT = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}


class FeedState:
    """Stamps for event UIDs, kept in ``feed_event_state``."""

    def __init__(self, db: Engine):
        if db.dialect.name not in _INSERT:
            raise ValueError(f"feed state needs SQLite or PostgreSQL, not {db.dialect.name}")
        self.db = db

    def stamps(self, hashes: Mapping[str, str], now: datetime | None = None) -> dict[str, Stamp]:
        """Record each UID's content hash; return each UID's stamp after the change."""
        if not hashes:
            return {}
        now = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
        t = feed_event_state
        insert = _INSERT[self.db.dialect.name]
        stmt = insert(t).values(
            [{"uid": u, "content_hash": h, "sequence": 0, "last_modified": now} for u, h in sorted(hashes.items())]
        )
        stmt = stmt.on_conflict_do_update(
            index_elements=[t.c.uid],
            set_={
                "content_hash": stmt.excluded.content_hash,
                "sequence": t.c.sequence + 1,
                "last_modified": case(
                    (stmt.excluded.last_modified > t.c.last_modified, stmt.excluded.last_modified),
                    else_=t.c.last_modified,
                ),
            },
            where=t.c.content_hash != stmt.excluded.content_hash,
        )
        with writer(self.db).begin() as conn:
            conn.execute(stmt)
            rows = conn.execute(select(t.c.uid, t.c.sequence, t.c.last_modified).where(t.c.uid.in_(list(hashes))))
            return {uid: Stamp(seq, _utc(lm)) for uid, seq, lm in rows}


def _utc(moment: datetime) -> datetime:
    """SQLite hands back naive UTC; PostgreSQL an aware value."""
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment.astimezone(timezone.utc)
