"""Joining a boundary to a government: by Census GEOID or by Colorado DOLA LGID.

A roster row (:class:`deadlines.core.roster.Entry`) carries ``geoid`` (the
Census GEOID without prefix: a place ``2689140`` is state FIPS + place FIPS,
a Michigan township the 10-digit county subdivision GEOID ``2616189440``, a
school district the 7-digit ``0806900``) and ``lgid`` (DOLA's id, ``66578``,
for Colorado's municipalities and special districts). A place GEOID and a
school district's can be the same seven digits, so a GEOID joins only a
government of the kinds its layer holds: places the municipalities, county
subdivisions the townships, the school layers the school districts. An LGID
is one government whatever its kind.

Counties are no government here: a county layer's feature joins to the
county's name as the rosters write it (``Washtenaw``), by its GEOID (state +
county FIPS) in the Open Civic Data list's county rows (``census_geoid``).
"""
from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

#: What each Census layer's GEOIDs name: a class of government kinds.
LAYER_CLASS = {"place": "place", "cousub": "township", "unsd": "school", "elsd": "school", "scsd": "school"}
KIND_CLASS = {"city": "place", "village": "place", "town": "place", "city-and-county": "place",
              "metro-township": "place", "township": "township", "school-district": "school"}
OCD_PLACES = "ocd_places_mi_co_ut.csv"


def keys_of(entry) -> tuple[str, str]:
    """A roster row's (GEOID, LGID), either empty where it has none."""
    geoid = str(getattr(entry, "geoid", "") or "").strip().removeprefix("place-")
    lgid = str(getattr(entry, "lgid", "") or "").strip()
    return geoid, (lgid.zfill(5) if lgid.isdigit() else lgid)


@dataclass
class Joiner:
    """Which government (or county) a feature of a layer is."""

    by_geoid: dict[tuple[str, str], str] = field(default_factory=dict)  # (class, GEOID) -> jurisdiction id
    by_lgid: dict[str, str] = field(default_factory=dict)  # LGID -> jurisdiction id
    counties: dict[str, tuple[str, str]] = field(default_factory=dict)  # county GEOID -> (state, name)

    def government(self, layer: str, key: str) -> str | None:
        """The jurisdiction id of feature ``key`` of ``layer``, None where none is."""
        if layer == "district":
            return self.by_lgid.get(key.zfill(5) if key.isdigit() else key)
        cls = LAYER_CLASS.get(layer)
        return None if cls is None else self.by_geoid.get((cls, key))

    def county(self, key: str) -> tuple[str, str] | None:
        """(state, the county's name as the rosters write it) of a county GEOID."""
        return self.counties.get(key)


def joiner(entries: Iterable, counties: dict[str, tuple[str, str]] | None = None) -> Joiner:
    """The join of the roster rows ``entries`` (by id order, the first of two
    rows sharing a key wins) and of the county names ``counties``."""
    out = Joiner(counties=dict(counties or {}))
    for entry in sorted(entries, key=lambda e: e.id):
        geoid, lgid = keys_of(entry)
        cls = KIND_CLASS.get(entry.kind)
        if geoid and cls:
            out.by_geoid.setdefault((cls, geoid), entry.id)
        if lgid:
            out.by_lgid.setdefault(lgid, entry.id)
    return out


def county_names(source: Path) -> dict[str, tuple[str, str]]:
    """County GEOID (``26161``) -> (state, name without "County": ``Washtenaw``)
    from the Open Civic Data list in the folder ``source``
    (:func:`deadlines.roster_import.default_source`); empty where it is missing."""
    path = Path(source) / OCD_PLACES
    if not path.exists():
        return {}
    out = {}
    with path.open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            ocd, name, geoid = row.get("id", ""), row.get("name", ""), (row.get("census_geoid") or "")
            last = ocd.rsplit("/", 1)[-1]
            if not last.startswith("county:") or "/state:" not in ocd:
                continue
            state = ocd.split("/state:", 1)[1][:2].upper()
            out[geoid.removeprefix("place-").removeprefix("county-")] = (state, name.removesuffix(" County").strip())
    return out
