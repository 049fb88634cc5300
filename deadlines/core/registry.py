"""Finding and caching jurisdictions: ``calendars/<id>.toml`` and the rows
of the rosters (``calendars/roster/``, :mod:`deadlines.core.roster`).

A jurisdiction is a file, a roster row, or both (the government's own file
read over its row). Rows of one kind share one validated model (built once
per change of the roster or the shared sets, then copied with each row's
identity), so thousands of rows cost little more than one file.

The calendars folder is the repository's ``calendars/`` unless the
``DEADLINES_CALENDARS`` environment variable names another. A file is parsed
and validated once per modification time (its shared rule sets once for all
the jurisdictions extending them, see :mod:`deadlines.core.loader`) and kept in
a process-wide cache, so a request never rereads a file: it costs a stat.

A file that becomes invalid while the service runs does not take its
jurisdiction down: the registry keeps serving the last good version it
loaded, logs the problems once per change, and says so for that jurisdiction
alone (:meth:`Registry.trouble`: its own page shows it). A file invalid from
the start has no good version: its jurisdiction alone is not available
(``deadlines serve`` reports it at start and serves the others).

Listing every jurisdiction (:meth:`Registry.ids`, :meth:`Registry.load_all`)
reads a snapshot of the folder: rescanned at once when the folder itself
changes (a file added, removed or renamed into place) and in the background
every ``scan_ttl`` seconds (an edit in place), so thousands of files cost no
request a scan. :meth:`Registry.get` stats its one file on every call.
"""
from __future__ import annotations

import gc
import hashlib
import logging
import os
import re
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from dataclasses import replace

from deadlines.core import facts
from deadlines.core.roster import Entry, Kind, ROSTER_DIR, Roster, read as read_roster, stamp as roster_stamp
from deadlines.core.coalesced import Coalesced
from deadlines.core.errors import CalendarError, InputError, Problem
from deadlines.core.loader import SHARED_DIR, check_document, check_jurisdiction
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.places import PlaceIndex, place_of
from deadlines.core.spelling import Spellings

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")
DEFAULT_DIR = Path(__file__).resolve().parents[2] / "calendars"
log = logging.getLogger(__name__)


def calendars_dir() -> Path:
    return Path(os.environ.get("DEADLINES_CALENDARS", DEFAULT_DIR))


def state_of(jur: Jurisdiction) -> str | None:
    """The US state whose law a jurisdiction sits on (``MI``): the ``state`` its
    shared state rule set (or its own file) gives; None where none is named."""
    return jur.state


FACTS_MARK = ("facts", 0)  # where the research facts' stamps begin in a shared stamp
_loaded: dict[str, tuple[tuple, Jurisdiction | CalendarError]] = {}  # file path or row key -> (stamps, the outcome)
_loaded_lock = threading.Lock()


def _load(path: str, stamps: tuple, defaults: dict | None = None, found: tuple = ()) -> Jurisdiction | CalendarError:
    """The jurisdiction at ``path`` as of ``stamps`` (its own and its shared
    sets' modification times), or its problems: loaded once per change.
    ``defaults``: its roster row's document, which the file is read over;
    ``found``: its research facts (:func:`deadlines.core.facts.laid_on`)."""
    seen = _loaded.get(path)
    if seen is None or seen[0] != stamps:
        jur, problems = check_jurisdiction(path, defaults)
        outcome: Jurisdiction | CalendarError = CalendarError(problems) if problems else facts.laid_on(jur, found)
        with _loaded_lock:
            _loaded[path] = seen = (stamps, outcome)
    return seen[1]


def check_row(root: Path, entry: Entry, kind: Kind) -> tuple[Jurisdiction | None, list[Problem]]:
    """Validate a roster row as the calendar file it stands for; a problem of
    the row itself (not of a shared set) names its kind in the kinds file."""
    virtual = root / f"{entry.id}.toml"
    jur, problems = check_document(entry.document(kind), virtual)
    kinds_file = str(root / ROSTER_DIR / f"kinds-{kind.state.lower()}.toml")
    return jur, [Problem(kinds_file, f"{kind.law}: {p.where}" if p.where else kind.law, p.message)
                 if p.path == str(virtual) else p for p in problems]


def _from_row(root: Path, entry: Entry, kind: Kind, stamps: tuple,
              found: tuple = ()) -> Jurisdiction | CalendarError:
    """A roster row's jurisdiction: its kind's model (validated once per kind,
    zone and change) with the row's identity and its research facts ``found``."""
    key = f"{root}/{ROSTER_DIR}/{entry.id}"
    seen = _loaded.get(key)
    if seen is not None and seen[0] == stamps:
        return seen[1]
    doc = entry.document(kind)
    model_key = f"{root}/{ROSTER_DIR}/kinds-{kind.state.lower()}.toml#{kind.law}@{entry.timezone}"
    model = _loaded.get(model_key)
    if model is None or model[0] != stamps:
        jur, problems = check_row(root, entry, kind)
        with _loaded_lock:
            _loaded[model_key] = model = (stamps, CalendarError(problems) if problems else jur)
    outcome = model[1]
    if isinstance(outcome, Jurisdiction):
        outcome = replace(outcome, id=entry.id, name=entry.name, timezone=entry.timezone, source=doc["source"],
                          source_note=entry.source_note(kind), ocd_id=entry.ocd_id, kind=entry.kind,
                          counties=entry.counties, subtype=entry.subtype or None, website=entry.website or None,
                          lgid=entry.lgid or None)
        outcome = facts.laid_on(outcome, found)
    with _loaded_lock:
        _loaded[key] = (stamps, outcome)
    return outcome


_reported_rows: set[Problem] = set()


class Registry:
    """The jurisdictions of one calendars folder."""

    def __init__(self, root: Path | None = None, scan_ttl: float = 2.0):
        self.root = Path(root) if root is not None else calendars_dir()
        self.scan_ttl = scan_ttl
        self._scanning = threading.Lock()  # held while a background rescan runs
        self._good: dict[str, Jurisdiction] = {}
        self._good_since: dict[str, float] = {}  # when each good version was written (its file's mtime) or loaded
        self._failing: dict[str, CalendarError] = {}  # the problems of each file invalid as last read
        self._reported: dict[str, CalendarError] = {}
        self._reported_errors: tuple[CalendarError, ...] = ()  # logged already (the last few)
        self._places: tuple | None = None  # (signature, places)
        self._shared_stamp = Coalesced(self._scan_shared)
        self._spellings: tuple | None = None  # (every id, them as Spellings): the nearest ids of an unknown one
        # (folder stamp, when, file id -> mtime, shared and roster stamp, signature, every id, roster, ocd id -> id)
        self._scan: tuple | None = None

    def ids(self) -> list[str]:
        """Every id: the files' and the roster rows', sorted."""
        return self._snapshot()[5]

    def file_ids(self) -> list[str]:
        """The ids that have a calendar file of their own (as of the last scan)."""
        return list(self._snapshot()[2])

    def roster(self) -> Roster:
        """The rosters as of the last scan."""
        return self._snapshot()[6]

    def path(self, jid: str) -> Path:
        """The file that holds the jurisdiction: its own, else its roster's."""
        self.stamp(jid)
        own = self.root / f"{jid}.toml"
        entry = self.roster().entries.get(jid)
        return own if entry is None or own.exists() else Path(entry.file)

    def resolve(self, key: str) -> str:
        """The id a jurisdiction id or an Open Civic Data division id names
        (``ocd-division/country:us/state:ut/place:orem`` -> ``orem-ut``);
        :class:`InputError` naming ``jurisdiction`` where none does."""
        if not (key or "").startswith("ocd-division/"):
            return key
        found = self._snapshot()[7].get(key.lower())
        if found is None:  # a government's own file not on a roster may carry one
            found = next((j.id for j in self.load_all()[0] if j.ocd_id and j.ocd_id.lower() == key.lower()), None)
        if found is None:
            raise InputError.of("jurisdiction.unknown_ocd", "jurisdiction", id=key)
        return found

    def stamp(self, jid: str) -> int:
        """The jurisdiction's modification stamp (one stat for a file; a roster
        row's is its roster's and shared sets' as of the last scan): feeds
        ask on every request. :class:`InputError` for an unknown or
        malformed id."""
        if not ID_PATTERN.match(jid or ""):
            raise InputError.of("jurisdiction.malformed", "jurisdiction", id=jid)
        scan = self._snapshot()
        if jid in scan[2] or jid not in scan[6].entries:  # a file of its own, or one added since the last scan
            try:
                return (self.root / f"{jid}.toml").stat().st_mtime_ns
            except FileNotFoundError:
                pass
        if jid in scan[6].entries:
            return scan[8]
        raise self.unknown(jid)

    def nearest(self, jid: str, n: int = 3) -> list[str]:
        """The known ids nearest an unknown ``jid``, closest first (none where
        nothing is close): what :meth:`unknown` suggests, as ids."""
        ids = self.ids()
        kept = self._spellings
        if kept is None or kept[0] != ids:
            self._spellings = kept = (ids, Spellings(ids))
        return kept[1].close(jid, n=n, cutoff=0.75)

    def unknown(self, jid: str) -> InputError:
        """The error of an unknown id, with what it may have meant: every id
        (where there are few), else the ids nearest it and where to look one up."""
        known = self.ids()
        if len(known) <= 20:
            return InputError.of("jurisdiction.unknown_of", "jurisdiction", id=jid, known=tuple(known))
        close, count = tuple(self.nearest(jid)), f"{len(known):,}"
        if close:
            return InputError.of("jurisdiction.unknown_near", "jurisdiction", id=jid, nearest=close, count=count)
        return InputError.of("jurisdiction.unknown", "jurisdiction", id=jid, count=count)

    def get(self, jid: str) -> Jurisdiction:
        """The validated jurisdiction (by id or Open Civic Data division id);
        :class:`InputError` if there is none,
        :class:`~deadlines.core.errors.CalendarError` if its file is invalid."""
        jid = self.resolve(jid)
        stamp = self.stamp(jid)
        scan = self._snapshot()
        shared = self._shared_stamp()  # now, not as of the last scan: an edit to a shared set shows at once
        roster = scan[6] if shared == scan[3] else read_roster(self.root)
        mtime = stamp if (self.root / f"{jid}.toml").exists() else None
        return self._served(jid, self._outcome(jid, mtime, roster, shared))

    def _outcome(self, jid: str, mtime: int | None, roster: Roster, shared: tuple) -> Jurisdiction | CalendarError:
        """The file's (``mtime`` given) or the row's jurisdiction, as loaded."""
        entry = roster.entries.get(jid)
        if mtime is not None:
            defaults = entry.document(roster.kind_of(entry)) if entry else None
            return _load(f"{self.root}/{jid}.toml", (mtime, shared), defaults, self._facts(shared).of(jid, entry))
        if entry is None:
            raise self.unknown(jid)
        return _from_row(self.root, entry, roster.kind_of(entry), shared, self._facts(shared).of(jid, entry))

    def _facts(self, shared: tuple) -> facts.FactBook:
        """The research facts as of ``shared`` (the stamp :meth:`_shared_stamp` gave, which ends with theirs)."""
        return facts.book(self.root, shared[shared.index(FACTS_MARK) + 1:] if FACTS_MARK in shared else ())

    def _served(self, jid: str, loaded: Jurisdiction | CalendarError) -> Jurisdiction:
        """``loaded``, or for an invalid file the last good version (the problems
        logged once per change); its :class:`CalendarError` when there is none."""
        if isinstance(loaded, Jurisdiction):
            if self._good.get(jid) is not loaded:
                self._good[jid] = loaded
                self._good_since[jid] = self._written(jid)
            self._failing.pop(jid, None)
            return loaded
        self._failing[jid] = loaded
        good = self._good.get(jid)
        if self._reported.get(jid) is not loaded:
            self._reported[jid] = loaded
            if any(e is loaded for e in self._reported_errors):  # rows of one kind share one model's problems
                if good is None:
                    raise loaded
                return good
            self._reported_errors = (*self._reported_errors[-63:], loaded)
            log.error("calendar of %s (%s) is invalid (%s):\n%s", jid, self.path(jid),
                      "still serving the last good version" if good else "not served", loaded)
        if good is None:
            raise loaded
        return good

    def _written(self, jid: str) -> float:
        try:
            return (self.root / f"{jid}.toml").stat().st_mtime
        except FileNotFoundError:  # a roster row: when it was loaded
            return time.time()

    def trouble(self, jid: str) -> tuple[CalendarError, float | None] | None:
        """For a jurisdiction whose file was invalid when last read: its problems
        and when the good version served instead was written (epoch seconds;
        None: there is none, the jurisdiction is not available). None when all is well."""
        failing = self._failing.get(jid)
        if failing is None:
            return None
        return failing, (self._good_since.get(jid) if jid in self._good else None)

    def all(self) -> list[Jurisdiction]:
        """Every jurisdiction that can be served (an invalid file without a
        good version is left out, and logged)."""
        return self.load_all()[0]

    def load_all(self) -> tuple[list[Jurisdiction], dict[str, CalendarError]]:
        """Every jurisdiction that can be served, and the errors of the files
        left out (invalid, with no good version) by id: one folder scan, no
        stat per file."""
        scan = self._snapshot()
        found, invalid, mtimes = [], {}, scan[2]
        with collector_paused():
            for jid in scan[5]:
                try:
                    found.append(self._served(jid, self._outcome(jid, mtimes.get(jid), scan[6], scan[3])))
                except CalendarError as exc:
                    invalid[jid] = exc
        return found, invalid

    def places(self) -> PlaceIndex:
        """Every jurisdiction that can be served, as a place to find, rebuilt
        when a file or the roster changes."""
        sig = self.signature()
        found = self._places
        if found is None or found[0] != sig:
            with collector_paused():
                self._places = found = (sig, PlaceIndex([place_of(j) for j in self.load_all()[0]]))
        return found[1]

    def signature(self) -> tuple:
        """Changes whenever a file of the folder is added, removed or edited (as
        of the last scan, about ``scan_ttl`` old): a cache key for results
        over every jurisdiction."""
        return self._snapshot()[4]

    def _scan_shared(self) -> tuple:
        """Modification times of the shared rule sets and the rosters: an edit
        to one reloads every jurisdiction (cheap: a handful of files, and one
        model per kind of government). Asked through ``_shared_stamp``
        (:class:`~deadlines.core.coalesced.Coalesced`): threads that ask at
        once share one scan begun after they asked."""
        shared = tuple(sorted((e.name, e.stat().st_mtime_ns) for e in _entries(self.root / SHARED_DIR)))
        return shared + roster_stamp(self.root) + (FACTS_MARK, *facts.stamp(self.root))

    def _snapshot(self) -> tuple:
        """The folder's files and modification times. Rescanned at once when the
        folder changes (a file added, removed or renamed into place); rescanned
        in the background, the last scan answering meanwhile, once it is
        ``scan_ttl`` old (an edit in place shows then): no request waits for
        a scan of thousands of files."""
        try:
            st = self.root.stat()
        except FileNotFoundError:
            return ((), 0.0, {}, (), (), [], Roster(), {}, 0)
        folder = (st.st_mtime_ns, st.st_ino)
        scan = self._scan
        if scan is None or scan[0] != folder:
            return self._rescan(folder)
        if time.monotonic() - scan[1] >= self.scan_ttl and self._scanning.acquire(blocking=False):
            threading.Thread(target=self._rescan, args=(folder, self._scanning), daemon=True).start()
        return scan

    def _rescan(self, folder: tuple, done: threading.Lock | None = None) -> tuple:
        try:
            clock = time.monotonic()
            mtimes = dict(sorted((e.name[:-5], e.stat().st_mtime_ns) for e in _entries(self.root)))
            shared = self._shared_stamp()
            roster = read_roster(self.root)
            fresh = [p for p in roster.problems if p not in _reported_rows]
            if fresh:
                _reported_rows.update(fresh)
                log.error("%d roster row(s) left out (`deadlines check` lists them all); the first: %s%s", len(fresh),
                          fresh[0], "".join(f"\n{p}" for p in fresh[1:5]))
            ids = sorted(set(mtimes) | set(roster.entries))
            by_ocd = {e.ocd_id.lower(): jid for jid, e in roster.entries.items()}
            rows = hash(shared) & ((1 << 62) - 1)  # every roster row's stamp: its roster's and shared sets'
            self._scan = scan = (folder, clock, mtimes, shared, _digest(mtimes, shared), ids, roster, by_ocd, rows)
            return scan
        finally:
            if done is not None:
                done.release()


@contextmanager
def collector_paused():
    """Python's cycle collector paused while thousands of files are loaded (or
    thousands of results cached): each full collection walks every object kept
    so far, which made loading grow faster than the number of files (what is
    kept holds no cycles to collect)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _digest(mtimes: dict[str, int], shared: tuple) -> str:
    return hashlib.blake2b(repr((tuple(mtimes.items()), shared)).encode(), digest_size=16).hexdigest()


def _entries(folder: Path) -> list[os.DirEntry]:
    try:
        with os.scandir(folder) as it:
            return [e for e in it if e.name.endswith(".toml") and e.is_file()]
    except FileNotFoundError:
        return []
