"""The filing office a clerk records (issue 25: where a candidate files),
beside :mod:`deadlines.store.tables` (the same metadata; the migrations
create it as they create those)."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column

from deadlines.store.db import UTC
from deadlines.store.base import JID, Base


class FilingOfficeEntry(Base):
    """The office a candidate files with, as a clerk recorded it: its name, its
    address, its phone, and where in it a candidate files ("Room 415, the
    Recorder's counter"), on an authority; one per jurisdiction (a change is
    in the history, its before and after)."""

    __tablename__ = "filing_office"
    jurisdiction_id: Mapped[str] = mapped_column(JID, primary_key=True)
    office: Mapped[str] = mapped_column(Text)
    address: Mapped[str] = mapped_column(Text)
    phone: Mapped[str | None] = mapped_column(String(40))
    where: Mapped[str | None] = mapped_column(Text)
    authority: Mapped[str] = mapped_column(Text)
    recorded_at: Mapped[datetime] = mapped_column(UTC)
