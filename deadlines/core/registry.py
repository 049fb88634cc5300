"""Finding and caching jurisdictions: ``calendars/<id>.toml``.

The calendars folder is the repository's ``calendars/`` unless the
``DEADLINES_CALENDARS`` environment variable names another. Files are loaded
on first use and cached by their modification time and that of the shared
rule sets, so thousands of jurisdictions cost nothing until asked for and an
edited file is read again.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from deadlines.core.errors import InputError
from deadlines.core.loader import load_jurisdiction
from deadlines.core.model import Jurisdiction

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")
DEFAULT_DIR = Path(__file__).resolve().parents[2] / "calendars"


def calendars_dir() -> Path:
    return Path(os.environ.get("DEADLINES_CALENDARS", DEFAULT_DIR))


class Registry:
    """The jurisdictions of one calendars folder."""

    def __init__(self, root: Path | None = None):
        self.root = Path(root) if root is not None else calendars_dir()

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
        return _load(self.root / f"{jid}.toml", self.stamp(jid), self._shared_stamp())

    def _shared_stamp(self) -> tuple:
        """Modification times of the shared rule sets: an edit to one reloads
        every jurisdiction (cheap: a handful of files)."""
        return tuple((p.name, p.stat().st_mtime_ns) for p in sorted((self.root / "shared").glob("*.toml")))

    def all(self) -> list[Jurisdiction]:
        return [self.get(jid) for jid in self.ids()]


@lru_cache(maxsize=None)
def _load(path: Path, mtime_ns: int, shared_stamp: tuple) -> Jurisdiction:
    return load_jurisdiction(path)
