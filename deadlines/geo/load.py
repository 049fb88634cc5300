"""Importing boundary files into the store, with a report per file, and the
files a deployment starts with.

Each file replaces the rows it brought before (same layer, same file name);
every feature that is a government's boundary is stored, joined or not (a
roster row added later, a special district, joins it when the index is next
built, :mod:`deadlines.geo.where`); features that are no government
(census-designated places and the like, :mod:`deadlines.geo.files`) are
counted and left out.

The shipped files: ``DEADLINES_BOUNDARY_SOURCE`` (a folder, or one file),
else ``../shared/data/boundaries`` where it lies beside the repository, else
the copies committed in ``boundaries/`` (a fresh clone on its own).
``deadlines serve`` imports them at its first start, where no boundary is
loaded (:func:`import_defaults_once`).
"""
from __future__ import annotations

import logging
import os
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import shapely
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from deadlines.geo.files import BoundaryFile, Layer, Unreadable, open_file
from deadlines.geo.join import Joiner, county_names, joiner
from deadlines.store import boundaries as stored
from deadlines.store.db import writer

REPO = Path(__file__).resolve().parents[2]
COMMITTED = REPO / "boundaries"
SHARED = REPO.parent / "shared" / "data" / "boundaries"
SUFFIXES = (".zip", ".shp", ".geojson", ".json")
PROGRESS_EVERY = 500
SHOWN = 5  # unjoined features named in a report
STATE_NAMES = {"MI": "Michigan", "CO": "Colorado", "UT": "Utah"}
log = logging.getLogger(__name__)


def default_source() -> Path:
    """Where the boundary files a deployment starts with are (see the module)."""
    given = os.environ.get("DEADLINES_BOUNDARY_SOURCE")
    if given:
        return Path(given)
    return SHARED if SHARED.is_dir() else COMMITTED


def files_in(source: Path) -> list[Path]:
    """The boundary files of a folder (by name), or the one file given."""
    if source.is_file():
        return [source]
    return sorted(p for p in source.iterdir() if p.is_file() and p.suffix.lower() in SUFFIXES) if source.is_dir() else []


def make_joiner(roster_entries) -> Joiner:
    """The join of the roster rows, with the county names of the Open Civic Data list."""
    from deadlines.roster_import import default_source as roster_source

    return joiner(roster_entries, county_names(roster_source()))


@dataclass
class Report:
    file: str
    layer: Layer
    features: int = 0
    joined: int = 0
    states: Counter = field(default_factory=Counter)
    not_government: Counter = field(default_factory=Counter)  # why -> how many
    unjoined: list[tuple[str, str]] = field(default_factory=list)  # (key, name)
    seconds: float = 0.0

    def lines(self) -> list[str]:
        """The report in words: the layer, how many joined, which did not."""
        what = "a county" if self.layer.code == "county" else "a government"
        where = ", ".join(STATE_NAMES[s] for s in STATE_NAMES if self.states.get(s))
        head = (f"{self.file}: layer {self.layer.code} ({self.layer.title}; by {self.layer.key.upper()}), "
                f"{self.features:,} feature(s){f' in {where}' if where else ''}: {self.joined:,} joined to {what}, "
                f"{sum(self.not_government.values()):,} not a government, {len(self.unjoined):,} not joined "
                f"({self.seconds:.1f} s)")
        out = [head]
        for why, n in sorted(self.not_government.items(), key=lambda kv: -kv[1]):
            out.append(f"  not a government: {n:,} {why}")
        if self.unjoined:
            shown = ", ".join(f"{key} ({name})" for key, name in self.unjoined[:SHOWN])
            more = f" and {len(self.unjoined) - SHOWN:,} more" if len(self.unjoined) > SHOWN else ""
            out.append(f"  not joined: {len(self.unjoined):,}, no roster row with that {self.layer.key.upper()}: "
                       f"{shown}{more}")
        return out


def import_file(db: Engine, bf: BoundaryFile, join: Joiner,
                progress: Callable[[str], None] | None = None) -> Report:
    """Read ``bf``, join its features and store them in place of what the
    same file brought before; :class:`Unreadable` where it breaks midway
    (nothing of it is then stored)."""
    clock = time.monotonic()
    report = Report(bf.name, bf.layer)
    rows = []
    for n, f in enumerate(bf.features(), start=1):
        if progress is not None and bf.count > PROGRESS_EVERY and n % PROGRESS_EVERY == 0:
            progress(f"{bf.name}: {n:,} of {bf.count:,} features read")
        report.features += 1
        if f.state:
            report.states[f.state] += 1
        if f.not_government:
            report.not_government[f.not_government] += 1
            continue
        jid = county = None
        if bf.layer.code == "county":
            found = join.county(f.key)
            county = found[1] if found else None
        else:
            jid = join.government(bf.layer.code, f.key)
        if jid or county:
            report.joined += 1
        else:
            report.unjoined.append((f.key, f.name))
        x0, y0, x1, y1 = f.geometry.bounds
        rows.append({"jurisdiction_id": jid, "county": county, "state": f.state, "layer": bf.layer.code,
                     "key_type": bf.layer.key, "key": f.key[:20], "name": f.name[:200], "source": bf.name[:255],
                     "geometry": shapely.to_wkb(f.geometry), "min_lon": x0, "min_lat": y0, "max_lon": x1,
                     "max_lat": y1})
    with Session(writer(db)) as s, s.begin():
        stored.replace(s, bf.layer.code, bf.name[:255], rows, report.features, report.joined)
    report.seconds = time.monotonic() - clock
    return report


def import_paths(db: Engine, paths: list[Path], join: Joiner, echo: Callable[[str], None],
                 progress: Callable[[str], None] | None = None) -> list[str]:
    """Import each file, ``echo`` its report; the files that could not be
    read are each one line, returned (every file is opened before any is
    imported, so one that is not a boundary file stops the run at once)."""
    opened, failed = [], []
    for p in paths:
        try:
            opened.append(open_file(p))
        except Unreadable as exc:
            failed.append(str(exc))
    if failed:
        for bf in opened:
            bf.close()
        return failed
    for bf in opened:
        try:
            for line in import_file(db, bf, join, progress).lines():
                echo(line)
        except Unreadable as exc:
            failed.append(str(exc))
    return failed


def loaded(db: Engine) -> bool:
    with Session(db) as s:
        return stored.revision(s)[0] > 0


def import_defaults_once(db: Engine, roster_entries, echo: Callable[[str], None] = log.info,
                         background: bool = True) -> threading.Thread | None:
    """Where no boundary is loaded, import the files of :func:`default_source`
    (in a thread by default: the service answers meanwhile, with no
    boundaries until they are in), saying what it does through ``echo``."""
    if loaded(db):
        return None
    source = default_source()
    paths = files_in(source)
    if not paths:
        echo(f"Boundaries: none loaded, and no boundary files in {source} (DEADLINES_BOUNDARY_SOURCE); "
             f"`deadlines boundaries import FILE...` loads them")
        return None

    def run() -> None:
        clock = time.monotonic()
        echo(f"Boundaries: none loaded; importing the {len(paths)} file(s) of {source} "
             f"({', '.join(p.name for p in paths)})")
        try:
            failed = import_paths(db, paths, make_joiner(roster_entries), echo)
        except Exception:  # noqa: BLE001 -- the service goes on without boundaries, and says why
            log.exception("Boundaries: the import of %s failed", source)
            echo(f"Boundaries: the import of {source} failed (see the log); the service answers without them")
            return
        for line in failed:
            echo(f"Boundaries: {line}")
        echo(f"Boundaries: imported in {time.monotonic() - clock:.1f} s")

    if not background:
        run()
        return None
    thread = threading.Thread(target=run, name="boundaries-import", daemon=True)
    thread.start()
    return thread

