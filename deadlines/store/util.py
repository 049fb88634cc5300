"""Small helpers shared by the store modules."""
from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from deadlines.store.tables import JurisdictionState


def insert(session: Session, table):
    """A dialect insert that supports ``on_conflict_do_nothing``."""
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    return dialect.insert(table)


def bump(session: Session, jid: str, column: str) -> None:
    """Count a change for ``jid`` (``anchors_rev`` or ``subs_rev``)."""
    session.execute(insert(session, JurisdictionState).values(jurisdiction_id=jid, anchors_rev=0, subs_rev=0)
                    .on_conflict_do_nothing())
    col = getattr(JurisdictionState, column)
    session.execute(update(JurisdictionState).where(JurisdictionState.jurisdiction_id == jid).values({col: col + 1}))
