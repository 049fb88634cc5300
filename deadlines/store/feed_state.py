"""The version of every published feed event, persisted so that SEQUENCE and
LAST-MODIFIED survive restarts and agree between web workers.

Table ``feed_event_state``: per UID, the hash of the event's content, its
SEQUENCE (0 when first published, +1 each time the hash changes, never lower),
LAST-MODIFIED (the time of that change; never earlier than before) and the
basis of that content (the records revision it was computed from).
The table is created by the Alembic migrations (:mod:`deadlines.store`).
Content already published as it is costs a read (no write lock: a page
rendered again by another worker, or by this one after a restart). A render
reads the versions it needs as it goes and writes, at its end, in one short
transaction, only the UIDs new or changed (:class:`Publication`): one
``INSERT ... ON CONFLICT DO UPDATE ... WHERE hash differs and basis is not
older`` (SQLite and PostgreSQL), so concurrent workers publishing the same
content change nothing, a change is counted once, and content computed from
older records than the last published is refused (:class:`Superseded`:
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


def _upsert(dialect: str):
    """Insert a version, or where its UID is stored with other content from
    no newer basis, take the new content with the next SEQUENCE (and the
    later LAST-MODIFIED); run once per row (executemany), so the statement is
    compiled once per process rather than once per render as a multi-row
    VALUES of each render's own length was."""
    t = feed_event_state
    stmt = _INSERT[dialect](t)
    return stmt.on_conflict_do_update(
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


_UPSERT = {name: _upsert(name) for name in _INSERT}


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
        pub = self.publication(now)
        stamps = pub.stamps(hashes, bases)
        return {**stamps, **pub.store()}

    def publication(self, now: datetime | None = None) -> "Publication":
        """The versions of one render, read as it goes and stored together at its end (:class:`Publication`)."""
        return Publication(self, (now or datetime.now(timezone.utc)).astimezone(timezone.utc))


@dataclass(frozen=True)
class _Row:
    uid: str
    content_hash: str
    basis: int


class Publication:
    """The versions of one render (its events and the feed's own): each
    :meth:`stamps` only reads, and says the stamp each UID will have once
    stored (the one published when its content is; the next SEQUENCE when it
    changed); :meth:`store` then writes, in one short transaction, only the
    UIDs new or changed, or nothing at all when every one is published
    already (the common path: another worker's render, a restart, another
    language of the same events). :meth:`settle` stores, unless what would
    be stored differs from what was said (a concurrent render published
    first): then nothing is stored (:class:`Overtaken`), and the render is
    made again and reads what is stored."""

    def __init__(self, state: FeedState, now: datetime):
        self.state, self.now = state, now
        self._pending: dict[str, _Row] = {}
        self._said: dict[str, Stamp] = {}

    def stamps(self, hashes: Mapping[str, str], bases: Mapping[str, int] | None = None) -> dict[str, Stamp]:
        """Each UID's stamp once this publication is stored (:class:`Superseded`,
        nothing read further, when other content from a newer basis is published)."""
        if not hashes:
            return {}
        t, bases = feed_event_state, bases or {}
        with self.state.db.connect() as conn:  # a read: no write lock
            rows = {uid: (seq, _utc(lm), h, basis) for uid, seq, lm, h, basis in conn.execute(
                select(t.c.uid, t.c.sequence, t.c.last_modified, t.c.content_hash, t.c.basis)
                .where(t.c.uid.in_(list(hashes))))}
        out, refused = {}, []
        for uid, h in hashes.items():
            basis = bases.get(uid, 0)
            seen = rows.get(uid)
            if seen is None:
                out[uid] = Stamp(0, self.now)
            elif seen[2] == h:
                out[uid] = Stamp(seen[0], seen[1])
                continue
            elif basis < seen[3]:
                refused.append(uid)
                continue
            else:
                out[uid] = Stamp(seen[0] + 1, max(self.now, seen[1]))
            self._pending[uid] = _Row(uid, h, basis)
        if refused:
            raise Superseded(sorted(refused))
        self._said.update(out)
        return out

    def store(self, as_said: bool = False) -> dict[str, Stamp]:
        """Write what is new or changed (nothing: no transaction); the stamps
        stored for those UIDs. ``as_said``: stored only if every stamp is the
        one :meth:`stamps` said, else nothing is (:class:`Overtaken`)."""
        if not self._pending:
            return {}
        t, pending = feed_event_state, sorted(self._pending.values(), key=lambda r: r.uid)
        rows = [{"uid": r.uid, "content_hash": r.content_hash, "sequence": 0, "last_modified": self.now,
                 "basis": r.basis} for r in pending]
        with writer(self.state.db).begin() as conn:
            conn.execute(_UPSERT[self.state.db.dialect.name], rows)
            rows = list(conn.execute(select(t.c.uid, t.c.sequence, t.c.last_modified, t.c.content_hash)
                                     .where(t.c.uid.in_([r.uid for r in pending]))))
            refused = sorted(uid for uid, _, _, h in rows if h != self._pending[uid].content_hash)
            if refused:
                raise Superseded(refused)  # rolls the transaction back: nothing half-stored
            stored = {uid: Stamp(seq, _utc(lm)) for uid, seq, lm, _ in rows}
            differ = sorted(uid for uid, stamp in stored.items() if self._said.get(uid) != stamp)
            if as_said and differ:
                raise Overtaken(differ)  # rolled back: no version of a feed that is not served
        self._pending.clear()
        return stored

    def settle(self) -> None:
        """:meth:`store` as said (:class:`Overtaken`, nothing stored, when
        another render stored some of the same UIDs first under other stamps)."""
        self.store(as_said=True)


class Overtaken(Superseded):
    """Another render published some of the same UIDs first, under other
    stamps than a render said: what it stored stands, nothing of this render
    is stored, and the render is made again."""


def _utc(moment: datetime) -> datetime:
    """SQLite hands back naive UTC; PostgreSQL an aware value."""
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment.astimezone(timezone.utc)
