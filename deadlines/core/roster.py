"""The rosters: every local government of a state as one row on the shared
rule sets of its kind.

``calendars/roster/<st>.csv`` (written by ``scripts/import_rosters.py``)
holds one row per government: ``id``, ``ocd_id``, ``name``, ``kind``,
``law``, ``county`` (several separated by ``;``), ``timezone`` and
``listed_from`` (the list it was read from), and where the lists give them
``subtype`` (of a special district), ``website``, ``geoid`` (Census) and
``lgid`` (Colorado DOLA). ``calendars/roster/kinds-<st>.toml``
says, per ``law`` key, which shared rule sets a government of that kind sits
on::

    [township]
    title = "Michigan township"
    extends = ["michigan-election-law", "michigan-township"]

A row is read as a calendar file holding only its identity and that
``extends`` list. A government's own file ``calendars/<id>.toml`` (a
charter's rule, its office hours, a decision) wins over its row: what the
file leaves out (name, zone, kind, county, OCD id, ``extends``) comes from
the row. A row with a problem is left out and reported; the others serve.
"""
from __future__ import annotations

import csv
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from deadlines.core.errors import Problem
from deadlines.core.jurisdiction import GOVERNMENT_KINDS
from deadlines.core.notes import Note

ROSTER_DIR = "roster"
COLUMNS = ("id", "ocd_id", "name", "kind", "law", "county", "timezone", "listed_from", "subtype", "website", "geoid", "lgid")
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")
OCD_PATTERN = re.compile(r"^ocd-division/country:us(/[a-z_]+:[^/\s:A-Z]+)+$")  # ids keep their letters (cañon_city)
LISTS = {
    "ocd-places": "Open Civic Data division ids (census places, about 2014)",
    "ocd-places+dola": "Open Civic Data division ids; Colorado DOLA local government list (legal type)",
    "ocd-school-districts": "Open Civic Data school district ids (NCES)",
    "dola": "Colorado DOLA local government list",
    "dola-directory": "Colorado DOLA local government directory (2026), its special districts",
    "dola-colleges": "Colorado DOLA local government directory (2026), its local district colleges",
    "utah-tax-districts": "Utah State Tax Commission's list of taxing districts (2025)",
    "community-colleges": "Michigan's community college districts (calendars/roster/community-colleges-mi.csv)",
}


@dataclass(frozen=True)
class Kind:
    """One ``[law]`` table of a kinds file: the shared sets of a kind of government."""

    state: str  # postal code, MI
    law: str
    title: str
    extends: tuple[str, ...]


@dataclass(frozen=True)
class Entry:
    """One government of a roster."""

    id: str
    ocd_id: str
    name: str
    kind: str
    law: str
    counties: tuple[str, ...]
    timezone: str
    listed_from: str
    state: str  # postal code, MI
    file: str  # the roster file it is listed in
    subtype: str = ""  # the kind of special district ("fire protection")
    website: str = ""
    geoid: str = ""  # Census GEOID, joining it to a boundary
    lgid: str = ""  # Colorado DOLA local-government id

    @property
    def county(self) -> str | None:
        return self.counties[0] if self.counties else None

    def document(self, kind: Kind) -> dict:
        """The calendar document the row stands for (a government's own file
        is read over it)."""
        listed = LISTS.get(self.listed_from, self.listed_from)
        doc = {"id": self.id, "name": self.name, "timezone": self.timezone, "ocd_id": self.ocd_id,
               "kind": self.kind, "extends": list(kind.extends),
               "source": f"{kind.title} under its state's law; listed in {Path(self.file).name} from {listed}"}
        if self.counties:
            doc["county"] = list(self.counties)
        return doc

    def source_note(self, kind: Kind) -> Note:
        """``document(kind)["source"]`` as a fact (``roster.source``), to be said
        in any language: the kind of government (the kinds file's words), the
        roster file and the list it was read from (``roster.listed.<key>``)."""
        listed = Note(f"roster.listed.{self.listed_from}") if self.listed_from in LISTS else self.listed_from
        return Note("roster.source", (("kind", kind.title), ("file", Path(self.file).name), ("listed", listed)))


@dataclass(frozen=True)
class Roster:
    entries: dict[str, Entry] = field(default_factory=dict)
    kinds: dict[tuple[str, str], Kind] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()

    def kind_of(self, entry: Entry) -> Kind:
        return self.kinds[(entry.state, entry.law)]


def stamp(root: Path) -> tuple:
    """The roster files' names and modification times (a cache key)."""
    try:
        with os.scandir(root / ROSTER_DIR) as it:
            return tuple(sorted((e.name, e.stat().st_mtime_ns) for e in it
                                if e.is_file() and e.name.endswith((".csv", ".toml"))))
    except FileNotFoundError:
        return ()


#: The rosters read so far: calendars folder -> (its roster files' stamp, the roster).
_read_rosters: dict[Path, tuple[tuple, Roster]] = {}


def read(root: Path) -> Roster:
    """The roster of the calendars folder ``root`` (read once per change)."""
    root = Path(root)
    stamps = stamp(root)
    seen = _read_rosters.get(root)
    if seen is None or seen[0] != stamps:
        _read_rosters[root] = seen = (stamps, _read(root, stamps))
    return seen[1]


def _read(root: Path, stamps: tuple) -> Roster:
    folder = root / ROSTER_DIR
    problems: list[Problem] = []
    kinds: dict[tuple[str, str], Kind] = {}
    for name, _ in stamps:
        if name.startswith("kinds-") and name.endswith(".toml"):
            kinds.update(_kinds(folder / name, name[6:-5].upper(), problems))
    entries: dict[str, Entry] = {}
    for name, _ in stamps:
        if re.fullmatch(r"[a-z]{2}\.csv", name):
            for entry in _rows(folder / name, name[:2].upper(), kinds, problems):  # noqa: B020
                if entry.id in entries:
                    problems.append(Problem(entry.file, f"id {entry.id}", f"listed twice (also in {entries[entry.id].file})"))
                    continue
                entries[entry.id] = entry
    return Roster(entries, kinds, tuple(problems))


def _kinds(path: Path, state: str, problems: list[Problem]) -> dict[tuple[str, str], Kind]:
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        problems.append(Problem(str(path), "", f"not valid TOML: {exc}"))
        return {}
    out = {}
    for law, t in doc.items():
        extends = t.get("extends") if isinstance(t, dict) else None
        title = t.get("title") if isinstance(t, dict) else None
        if not (isinstance(title, str) and title.strip() and "\n" not in title):
            problems.append(Problem(str(path), law, "expected a table with a one-line 'title' and 'extends'"))
        elif not (isinstance(extends, list) and extends and all(isinstance(x, str) for x in extends)):
            problems.append(Problem(str(path), f"{law}.extends", "expected a list of shared set names"))
        else:
            out[(state, law)] = Kind(state, law, title, tuple(extends))
    return out


def csv_rows(path: Path, columns: tuple[str, ...], problems: list[Problem]):
    """(line number, row) of the CSV file ``path`` whose header must be
    ``columns``; another header, or a file that is not UTF-8, is one problem
    in ``problems`` (and no row after it)."""
    try:
        with path.open(newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            if tuple(reader.fieldnames or ()) != columns:
                problems.append(Problem(str(path), "line 1", f"expected the columns {','.join(columns)}"))
                return
            yield from enumerate(reader, start=2)
    except UnicodeDecodeError as exc:
        problems.append(Problem(str(path), "", f"not UTF-8 text: {exc}"))


def _rows(path: Path, state: str, kinds: dict, problems: list[Problem]):
    for line, row in csv_rows(path, COLUMNS, problems):
        entry = _entry(row, state, str(path), f"line {line}", kinds, problems)
        if entry is not None:
            yield entry


def _entry(row: dict, state: str, file: str, where: str, kinds: dict, problems: list[Problem]) -> Entry | None:
    def bad(message: str) -> None:
        problems.append(Problem(file, f"{where} ({row.get('id') or 'no id'})", message))

    values = {k: (row.get(k) or "").strip() for k in COLUMNS}
    if any("\n" in v or "\x00" in v for v in values.values()):
        return bad("a value spans lines or holds a NUL byte")
    if not ID_PATTERN.match(values["id"]):
        return bad("id: lower-case letters, digits and hyphens")
    if not OCD_PATTERN.match(values["ocd_id"]) or f"/state:{state.lower()}" not in values["ocd_id"]:
        return bad(f"ocd_id: expected an Open Civic Data division id in state:{state.lower()}, got {values['ocd_id']!r}")
    if values["kind"] not in GOVERNMENT_KINDS:
        return bad(f"kind: expected one of {', '.join(GOVERNMENT_KINDS)}, got {values['kind']!r}")
    if (state, values["law"]) not in kinds:
        known = ", ".join(law for st, law in kinds if st == state) or "none"
        return bad(f"law: no [{values['law']}] in kinds-{state.lower()}.toml (known: {known})")
    if not values["name"]:
        return bad("name: empty")
    try:
        ZoneInfo(values["timezone"])
    except (ZoneInfoNotFoundError, ValueError):
        return bad(f"timezone: unknown time zone {values['timezone']!r}")
    counties = tuple(c.strip() for c in values["county"].split(";") if c.strip())
    return Entry(values["id"], values["ocd_id"], values["name"], values["kind"], values["law"], counties,
                 values["timezone"], values["listed_from"], state, file, values["subtype"], values["website"],
                 values["geoid"], values["lgid"])
