"""Small helpers shared by the store modules."""
from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from deadlines.store.tables import JurisdictionState


def insert(session: Session, table):
    """A dialect insert that supports ``on_conflict_do_nothing``."""
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    return dialect.insert(table)


def _state_row(session: Session, jid: str) -> None:
    session.execute(insert(session, JurisdictionState).values(jurisdiction_id=jid, anchors_rev=0, subs_rev=0)
                    .on_conflict_do_nothing())


def hold(session: Session, jid: str) -> None:
    """Take ``jid``'s change counters for the rest of the transaction, so that
    writes of one jurisdiction that read before they write (an idempotency
    key looked up, a label checked free) go one at a time and each reads what
    the one before committed: a row lock on PostgreSQL (readers do not wait
    for it); on SQLite a writer holds the whole database already."""
    _state_row(session, jid)
    session.execute(select(JurisdictionState.jurisdiction_id).where(JurisdictionState.jurisdiction_id == jid)
                    .with_for_update())


def bump(session: Session, jid: str, column: str) -> None:
    """Count a change for ``jid`` (``anchors_rev`` or ``subs_rev``)."""
    _state_row(session, jid)
    col = getattr(JurisdictionState, column)
    session.execute(update(JurisdictionState).where(JurisdictionState.jurisdiction_id == jid).values({col: col + 1}))
