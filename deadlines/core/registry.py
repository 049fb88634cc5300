"""Finding and caching jurisdictions: ``calendars/<id>.toml``.

The calendars folder is the repository's ``calendars/`` unless the
``DEADLINES_CALENDARS`` environment variable names another. Files are loaded
on first use and cached by their modification time and that of the shared
rule sets, so thousands of jurisdictions cost nothing until asked for and an
edited file is read again.

A file that becomes invalid while the service runs does not take its
jurisdiction down: the registry keeps serving the last good version it
loaded and logs the problems once per change (``deadlines serve`` refuses to
start with an invalid file, so a running service always has one).
"""
from __future__ import annotations

import logging
import os
import re
from functools import lru_cache
from pathlib import Path

from deadlines.core.errors import CalendarError, InputError
from deadlines.core.loader import load_jurisdiction
from deadlines.core.model import Jurisdiction

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")
DEFAULT_DIR = Path(__file__).resolve().parents[2] / "calendars"
log = logging.getLogger(__name__)


def calendars_dir() -> Path:
    return Path(os.environ.get("DEADLINES_CALENDARS", DEFAULT_DIR))


class Registry:
    """The jurisdictions of one calendars folder."""

    def __init__(self, root: Path | None = None):
        self.root = Path(root) if root is not None else calendars_dir()
        self._good: dict[str, Jurisdiction] = {}
        self._reported: dict[str, CalendarError] = {}

    def ids(self) -> list[str]:
        return sorted(p.stem for p in self.root.glob("*.toml"))

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
            raise InputError(f"unknown jurisdiction '{jid}'; known: {', '.join(self.ids())}", "jurisdiction") from None

    def get(self, jid: str) -> Jurisdiction:
        """The validated jurisdiction; :class:`InputError` if there is none,
        :class:`~deadlines.core.errors.CalendarError` if its file is invalid."""
        loaded = _load(self.root / f"{jid}.toml", self.stamp(jid), self._shared_stamp())
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

    def _shared_stamp(self) -> tuple:
        """Modification times of the shared rule sets: an edit to one reloads
        every jurisdiction (cheap: a handful of files)."""
        return tuple((p.name, p.stat().st_mtime_ns) for p in sorted((self.root / "shared").glob("*.toml")))

    def all(self) -> list[Jurisdiction]:
        """Every jurisdiction that can be served (an invalid file without a
        good version is left out; :meth:`get` logged it)."""
        out = []
        for jid in self.ids():
            try:
                out.append(self.get(jid))
            except (CalendarError, InputError):
                continue
        return out


@lru_cache(maxsize=None)
def _load(path: Path, mtime_ns: int, shared_stamp: tuple) -> Jurisdiction | CalendarError:
    """The file's jurisdiction, or its problems (kept too, so a broken file is
    parsed once per change, not once per request)."""
    try:
        return load_jurisdiction(path)
    except CalendarError as exc:
        return exc
