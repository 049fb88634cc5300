"""Where the boundary tests' data is (imported by name; no fixtures): the
shipped boundary files (the shared data folder when present, else the
repository's boundaries/), the Census place file of each state, a point in
Ypsilanti, and the roster CSVs' rows (read here with csv)."""
from __future__ import annotations

import csv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data" / "boundaries"
SHIPPED = SHARED if SHARED.is_dir() else ROOT / "boundaries"
PLACES = {st: SHIPPED / f"tl_2019_{fips}_place.zip" for st, fips in (("MI", "26"), ("CO", "08"), ("UT", "49"))}
YPSILANTI = (42.2411, -83.6130)


def roster_rows(state: str) -> list[dict]:
    with (ROOT / "calendars" / "roster" / f"{state.lower()}.csv").open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def row(state: str, jid: str) -> dict:
    return next(r for r in roster_rows(state) if r["id"] == jid)
