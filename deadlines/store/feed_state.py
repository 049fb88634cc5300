"""The version of every published feed event, persisted so that SEQUENCE and
LAST-MODIFIED survive restarts and agree between web workers.

Table ``feed_event_state``: per UID, the hash of the event's content, its
SEQUENCE (0 when first published, +1 each time the hash changes, never lower),
LAST-MODIFIED (the time of that change; never earlier than before) and the
basis of that content (the records revision it was computed from).
The table is created by the Alembic migrations (:mod:`deadlines.store`).
Content already published as it is costs a read (no write lock: a page
rendered again by another worker, or by this one after a restart). Writes are
one ``INSERT ... ON CONFLICT DO UPDATE ... WHERE hash differs and
basis is not older`` (SQLite and PostgreSQL), so concurrent workers publishing
the same content change nothing, a change is counted once, and content computed
from older records than the last published is refused (:class:`Superseded`:
compute again) instead of being stored under a newer SEQUENCE.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Mapping

from sqlalchemy import BigInteger, Column, DateTime, Engine, Integer, MetaData, String, Table, case, select
from sqlalchemy.dialects import postgresql, sqlite

from deadlines.store.db import writer

metadata = MetaData()

feed_event_state = Table(
    "feed_event_state",
    metadata,
    Column("uid", String(300), primary_key=True),
    Column("content_hash", String(64), nullable=False),
    Column("sequence", Integer, nullable=False),
    Column("last_modified", DateTime(timezone=True), nullable=False),
    Column("basis", BigInteger, nullable=False, server_default="0"),
)


@dataclass(frozen=True)
class Stamp:
    """The version of one event: SEQUENCE and the (UTC) time it last changed
    (what :func:`deadlines.publish.ical.stamp` writes into the event)."""

    sequence: int
    last_modified: datetime


_INSERT = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}


class Superseded(Exception):
    """Content computed from older records than the version already published
    (a clerk write landed while it was computed): nothing was stored."""

    def __init__(self, uids: list[str]):
        super().__init__(f"newer content is published for {', '.join(uids[:3])}")
        self.uids = uids


class FeedState:
    """Stamps for event UIDs, kept in ``feed_event_state``."""

    def __init__(self, db: Engine):
        if db.dialect.name not in _INSERT:
            raise ValueError(f"feed state needs SQLite or PostgreSQL, not {db.dialect.name}")
        self.db = db

    def stamps(self, hashes: Mapping[str, str], now: datetime | None = None,
               bases: Mapping[str, int] | None = None) -> dict[str, Stamp]:
        """Record each UID's content hash, computed from records of revision
        ``bases[uid]`` (0 when absent); return each UID's stamp after the
        change. :class:`Superseded` (nothing stored) when a UID already has
        other content from a newer basis."""
        if not hashes:
            return {}
        t = feed_event_state
        with self.db.connect() as conn:  # a read first: content published already changes nothing (no write lock)
            rows = list(conn.execute(select(t.c.uid, t.c.sequence, t.c.last_modified, t.c.content_hash)
                                     .where(t.c.uid.in_(list(hashes)))))
        if len(rows) == len(hashes) and all(h == hashes[uid] for uid, _, _, h in rows):
            return {uid: Stamp(seq, _utc(lm)) for uid, seq, lm, _ in rows}
        now = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
        bases = bases or {}
        insert = _INSERT[self.db.dialect.name]
        stmt = insert(t).values(
            [{"uid": u, "content_hash": h, "sequence": 0, "last_modified": now, "basis": bases.get(u, 0)}
             for u, h in sorted(hashes.items())]
        )
        stmt = stmt.on_conflict_do_update(
            index_elements=[t.c.uid],
            set_={
                "content_hash": stmt.excluded.content_hash,
                "sequence": t.c.sequence + 1,
                "basis": stmt.excluded.basis,
                "last_modified": case(
                    (stmt.excluded.last_modified > t.c.last_modified, stmt.excluded.last_modified),
                    else_=t.c.last_modified,
                ),
            },
            where=(t.c.content_hash != stmt.excluded.content_hash) & (stmt.excluded.basis >= t.c.basis),
        )
        with writer(self.db).begin() as conn:
            conn.execute(stmt)
            rows = list(conn.execute(select(t.c.uid, t.c.sequence, t.c.last_modified, t.c.content_hash)
                                     .where(t.c.uid.in_(list(hashes)))))
            refused = sorted(uid for uid, _, _, h in rows if h != hashes[uid])
            if refused:
                raise Superseded(refused)  # rolls the transaction back: nothing half-stored
            return {uid: Stamp(seq, _utc(lm)) for uid, seq, lm, _ in rows}


def _utc(moment: datetime) -> datetime:
    """SQLite hands back naive UTC; PostgreSQL an aware value."""
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment.astimezone(timezone.utc)
