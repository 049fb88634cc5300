"""Which governments a point lies in: an STRtree (shapely 2) over every
stored boundary, built once per change of the stored boundaries (their
revision, read at most once a second) or of the roster (the registry's
signature), never per request.

For a point the answer is:

- ``inside``: the governments whose loaded boundary holds it (a point on a
  boundary line is in both sides).
- ``may``: the governments with no boundary loaded at all (townships of
  Michigan where no county subdivision layer is loaded, school districts
  where no school layer is, special districts not in a loaded district file,
  a municipality newer than the place file) that lie in the point's county:
  they may govern the place, and nothing loaded says either way.
- The county: the loaded county layer's feature that holds the point, else
  the county the governments holding it lie in (the one they all share; all
  of theirs where they share none). No county found, no ``may``.

A boundary row whose government is no longer a roster row is left out; one
stored without a government (its roster row came later) is joined again by
its key when the index is built.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import shapely
from shapely import STRtree

from deadlines.core.jurisdiction import GOVERNMENT_KINDS
from deadlines.geo.join import joiner
from deadlines.store import boundaries as stored

from sqlalchemy.orm import Session


@dataclass(frozen=True)
class Stand:
    """Where a point is: ids of the governments, best first (by kind, then name)."""

    inside: tuple[str, ...]
    may: tuple[str, ...]
    counties: tuple[tuple[str, str], ...]  # (state, county name)
    county_from: str  # "county layer", "governments" or "" (none found)


@dataclass
class _Index:
    key: tuple
    tree: STRtree | None
    owners: list[tuple]  # per geometry: ("gov", id) or ("county", state, name)
    bounded: frozenset[str] = field(default_factory=frozenset)  # every government with a boundary loaded


class Where:
    """The point look-up over the boundaries stored in ``db`` and the
    governments of ``registry``."""

    def __init__(self, db, registry, revision_ttl: float = 1.0):
        self.db, self.registry, self.revision_ttl = db, registry, revision_ttl
        self._revision: tuple[tuple, float] | None = None
        self._index: _Index | None = None
        self._lock = threading.Lock()

    def forget(self) -> None:
        """Read the stored revision afresh next time (after an import by this process)."""
        self._revision = None

    def revision(self) -> tuple:
        seen, clock = self._revision, time.monotonic()
        if seen is not None and clock - seen[1] < self.revision_ttl:
            return seen[0]
        with Session(self.db) as s:
            rev = stored.revision(s)
        self._revision = (rev, clock)
        return rev

    def index(self) -> _Index:
        key = (self.revision(), self.registry.signature())
        found = self._index
        if found is not None and found.key == key:
            return found
        with self._lock:
            found = self._index
            if found is None or found.key != key:
                self._index = found = self._build(key)
        return found

    def _build(self, key: tuple) -> _Index:
        roster = self.registry.roster()
        known = set(roster.entries) | set(self.registry.file_ids())
        join = joiner(roster.entries.values())
        wkbs, owners = [], []
        with Session(self.db) as s:
            for jid, county, state, layer, fkey, wkb in stored.rows(s):
                if layer == "county":
                    if not county:
                        continue
                    owner = ("county", state, county)
                else:
                    jid = jid if jid in known else join.government(layer, fkey)
                    if jid is None:
                        continue
                    owner = ("gov", jid)
                wkbs.append(wkb)
                owners.append(owner)
        if not wkbs:
            return _Index(key, None, [], frozenset())
        # not prepared: GEOS prepared geometries build their indexes lazily and are not safe to share
        # between the server's threads; each query prepares its own point instead
        geoms = shapely.from_wkb(wkbs)
        bounded = frozenset(o[1] for o in owners if o[0] == "gov")
        tree = STRtree(geoms)
        tree.query(shapely.Point(0, 0))  # built now, under the lock, before any thread shares it
        return _Index(key, tree, owners, bounded)

    def at(self, lat: float, lon: float) -> Stand:
        idx = self.index()
        if idx.tree is None:
            return Stand((), (), (), "")
        hits = sorted(int(i) for i in idx.tree.query(shapely.Point(lon, lat), predicate="intersects"))
        places = self.registry.places()
        inside = list(dict.fromkeys(idx.owners[i][1] for i in hits if idx.owners[i][0] == "gov"))
        inside = [jid for jid in inside if jid in places.by_id]
        counties = {(idx.owners[i][1], idx.owners[i][2]) for i in hits if idx.owners[i][0] == "county"}
        county_from = "county layer" if counties else ""
        if not counties:
            theirs = [{(p.state, c) for c in p.counties} for p in (places.by_id[j] for j in inside) if p.counties]
            if theirs:
                counties = set.intersection(*theirs) or set.union(*theirs)
                county_from = "governments"
        taken = set(inside)
        may = []
        for state, county in sorted(counties):
            for p in places.search(state=state, county=county):
                if p.id not in taken and p.id not in idx.bounded:
                    taken.add(p.id)
                    may.append(p.id)
        return Stand(tuple(_ranked(inside, places)), tuple(_ranked(may, places)), tuple(sorted(counties)), county_from)


def _ranked(ids: list[str], places) -> list[str]:
    def rank(jid: str) -> tuple:
        p = places.by_id[jid]
        kind = GOVERNMENT_KINDS.index(p.kind) if p.kind in GOVERNMENT_KINDS else len(GOVERNMENT_KINDS)
        return (kind, p.name, p.id)

    return sorted(ids, key=rank)
