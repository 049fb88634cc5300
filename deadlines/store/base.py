"""The declarative base every table shares (:mod:`deadlines.store.tables`,
:mod:`deadlines.store.office_tables`) and the column types they repeat."""
from __future__ import annotations

from sqlalchemy import String
from sqlalchemy.orm import DeclarativeBase

JID = String(100)


class Base(DeclarativeBase):
    pass
