"""The imported boundaries (tables ``boundary`` and ``boundary_import``).

Only storage: what a feature is and where it lies is worked out by
:mod:`deadlines.geo`, which hands rows in (geometry as WKB bytes) and reads
them back. A file imported again replaces the rows it brought before (same
layer, same file name) in one transaction, so a reader sees the old rows or
the new, never half; every import takes a new ``boundary_import`` id, so
:func:`revision` changes with each.
"""
from __future__ import annotations

from datetime import datetime
from typing import Iterable, Iterator

from sqlalchemy import delete, func, insert, select
from sqlalchemy.orm import Session

from deadlines.store.db import now
from deadlines.store.tables import Boundary, BoundaryImport

COLUMNS = ("jurisdiction_id", "county", "state", "layer", "key_type", "key", "name", "source", "geometry",
           "min_lon", "min_lat", "max_lon", "max_lat")
BATCH = 500


def replace(s: Session, layer: str, source: str, rows: Iterable[dict], features: int, joined: int,
            at: datetime | None = None) -> BoundaryImport:
    """Store ``rows`` (dicts of :data:`COLUMNS`) as the features of file
    ``source`` in ``layer``, in place of what it brought before."""
    s.execute(delete(Boundary).where(Boundary.layer == layer, Boundary.source == source))
    s.execute(delete(BoundaryImport).where(BoundaryImport.layer == layer, BoundaryImport.source == source))
    done = BoundaryImport(layer=layer, source=source, features=features, joined=joined, imported_at=at or now())
    s.add(done)
    batch: list[dict] = []
    for row in rows:
        batch.append({c: row[c] for c in COLUMNS})
        if len(batch) == BATCH:
            s.execute(insert(Boundary), batch)
            batch = []
    if batch:
        s.execute(insert(Boundary), batch)
    s.flush()
    return done


def revision(s: Session) -> tuple[int, int]:
    """(imports, the last import's id): changes whenever a file is imported."""
    count, last = s.execute(select(func.count(BoundaryImport.id), func.max(BoundaryImport.id))).one()
    return int(count or 0), int(last or 0)


def imports(s: Session) -> list[BoundaryImport]:
    """Every imported file, by layer and name."""
    return list(s.scalars(select(BoundaryImport).order_by(BoundaryImport.layer, BoundaryImport.source)))


def rows(s: Session) -> Iterator[tuple]:
    """Every stored feature as (jurisdiction_id, county, state, layer, key, geometry WKB), by id."""
    q = select(Boundary.jurisdiction_id, Boundary.county, Boundary.state, Boundary.layer, Boundary.key,
               Boundary.geometry).order_by(Boundary.id)
    yield from s.execute(q.execution_options(yield_per=1000))
