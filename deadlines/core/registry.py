"""Finding and caching jurisdictions: ``calendars/<id>.toml``.

The calendars folder is the repository's ``calendars/`` unless the
``DEADLINES_CALENDARS`` environment variable names another. A file is parsed
and validated once per modification time (its shared rule sets once for all
the jurisdictions extending them, see :mod:`deadlines.core.loader`) and kept in
a process-wide cache, so a request never rereads a file: it costs a stat.

A file that becomes invalid while the service runs does not take its
jurisdiction down: the registry keeps serving the last good version it
loaded and logs the problems once per change (``deadlines serve`` refuses to
start with an invalid file, so a running service always has one).

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

from deadlines.core.errors import CalendarError, InputError
from deadlines.core.loader import SHARED_DIR, load_jurisdiction
from deadlines.core.model import Jurisdiction

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")
DEFAULT_DIR = Path(__file__).resolve().parents[2] / "calendars"
log = logging.getLogger(__name__)


def calendars_dir() -> Path:
    return Path(os.environ.get("DEADLINES_CALENDARS", DEFAULT_DIR))


def state_of(jur: Jurisdiction) -> str | None:
    """The US state whose law a jurisdiction sits on (``MI``): the ``state`` its
    shared state rule set (or its own file) gives; None where none is named."""
    return jur.state


_loaded: dict[str, tuple[tuple, Jurisdiction | CalendarError]] = {}  # file path -> (stamps, the outcome)
_loaded_lock = threading.Lock()


def _load(path: str, stamps: tuple) -> Jurisdiction | CalendarError:
    """The jurisdiction at ``path`` as of ``stamps`` (its own and its shared
    sets' modification times), or its problems: loaded once per change."""
    seen = _loaded.get(path)
    if seen is None or seen[0] != stamps:
        try:
            outcome: Jurisdiction | CalendarError = load_jurisdiction(path)
        except CalendarError as exc:
            outcome = exc
        with _loaded_lock:
            _loaded[path] = seen = (stamps, outcome)
    return seen[1]


class Registry:
    """The jurisdictions of one calendars folder."""

    def __init__(self, root: Path | None = None, scan_ttl: float = 2.0):
        self.root = Path(root) if root is not None else calendars_dir()
        self.scan_ttl = scan_ttl
        self._scanning = threading.Lock()  # held while a background rescan runs
        self._good: dict[str, Jurisdiction] = {}
        self._reported: dict[str, CalendarError] = {}
        self._scan: tuple | None = None  # (folder stamp, when, id -> mtime, shared stamp, signature)

    def ids(self) -> list[str]:
        return list(self._snapshot()[2])

    def path(self, jid: str) -> Path:
        self.stamp(jid)
        return self.root / f"{jid}.toml"

    def stamp(self, jid: str) -> int:
        """The jurisdiction file's modification time in ns (one stat: feeds ask on
        every request); :class:`InputError` for an unknown or malformed id."""
        if not ID_PATTERN.match(jid or ""):
            raise InputError(f"'{jid}' is not a jurisdiction id (lower-case letters, digits and hyphens)", "jurisdiction")
        try:
            return (self.root / f"{jid}.toml").stat().st_mtime_ns
        except FileNotFoundError:
            known = self.ids()
            listed = ", ".join(known[:20]) + (f" and {len(known) - 20} more" if len(known) > 20 else "")
            raise InputError(f"unknown jurisdiction '{jid}'; known: {listed}", "jurisdiction") from None

    def get(self, jid: str) -> Jurisdiction:
        """The validated jurisdiction; :class:`InputError` if there is none,
        :class:`~deadlines.core.errors.CalendarError` if its file is invalid."""
        return self._served(jid, _load(f"{self.root}/{jid}.toml", (self.stamp(jid), self._shared_stamp())))

    def _served(self, jid: str, loaded: Jurisdiction | CalendarError) -> Jurisdiction:
        """``loaded``, or for an invalid file the last good version (the problems
        logged once per change); its :class:`CalendarError` when there is none."""
        if isinstance(loaded, Jurisdiction):
            self._good[jid] = loaded
            return loaded
        good = self._good.get(jid)
        if self._reported.get(jid) is not loaded:
            self._reported[jid] = loaded
            log.error("calendar file %s is invalid (%s):\n%s", self.root / f"{jid}.toml",
                      "still serving the last good version" if good else "not served", loaded)
        if good is None:
            raise loaded
        return good

    def all(self) -> list[Jurisdiction]:
        """Every jurisdiction that can be served (an invalid file without a
        good version is left out, and logged)."""
        return self.load_all()[0]

    def load_all(self) -> tuple[list[Jurisdiction], dict[str, CalendarError]]:
        """Every jurisdiction that can be served, and the errors of the files
        left out (invalid, with no good version) by id: one folder scan, no
        stat per file."""
        _, _, mtimes, shared, _ = self._snapshot()
        found, invalid, root = [], {}, str(self.root)
        with collector_paused():
            for jid, mtime in mtimes.items():
                try:
                    found.append(self._served(jid, _load(f"{root}/{jid}.toml", (mtime, shared))))
                except CalendarError as exc:
                    invalid[jid] = exc
        return found, invalid

    def signature(self) -> tuple:
        """Changes whenever a file of the folder is added, removed or edited (as
        of the last scan, about ``scan_ttl`` old): a cache key for results
        over every jurisdiction."""
        return self._snapshot()[4]

    def _shared_stamp(self) -> tuple:
        """Modification times of the shared rule sets: an edit to one reloads
        every jurisdiction (cheap: a handful of files)."""
        return tuple(sorted((e.name, e.stat().st_mtime_ns) for e in _entries(self.root / SHARED_DIR)))

    def _snapshot(self) -> tuple:
        """The folder's files and modification times. Rescanned at once when the
        folder changes (a file added, removed or renamed into place); rescanned
        in the background, the last scan answering meanwhile, once it is
        ``scan_ttl`` old (an edit in place shows then): no request waits for
        a scan of thousands of files."""
        try:
            st = self.root.stat()
        except FileNotFoundError:
            return ((), 0.0, {}, (), ())
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
            self._scan = scan = (folder, clock, mtimes, shared, _digest(mtimes, shared))
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
