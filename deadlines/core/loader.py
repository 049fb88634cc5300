"""Reading and validating calendar files (``calendars/<id>.toml``).

Every problem in a file is collected and reported at once, each naming the file,
the place in it (``deadlines.withdrawal.due``) and what was expected. The
service loads rules only through :func:`load_jurisdiction`, so what
``deadlines check`` accepts is exactly what the engine runs.

A jurisdiction file may ``extends = ["<shared set>"]``: shared rule sets live in
``calendars/shared/<name>.toml`` (one state statute used by many local
governments). Elections, triggers and deadlines of all files are merged (an id
defined twice is an error); ``office_hours`` and ``time_law`` of the
jurisdiction file win over those of a shared set, and so does each key of
``holidays`` (a city adds its office closures to its state's legal holidays).
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from datetime import date, time, timedelta, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from deadlines.core import span
from deadlines.core.business_days import ROLLS
from deadlines.core.counting import weekday_number, WEEKDAYS
from deadlines.core.elections import named_cycle
from deadlines.core.holiday_law import OBSERVED, WEEKLY
from deadlines.core.operations import OPERATIONS
from deadlines.core.roster import OCD_PATTERN
from deadlines.core.errors import CalendarError, Problem
from deadlines.core.inputs import to_moment
from deadlines.core.model import (
    AUDIENCES,
    GOVERNMENT_KINDS,
    KINDS,
    Choice,
    Decision,
    ElectionDay,
    ElectionMove,
    ElectionRule,
    Expr,
    HandList,
    Holiday,
    HolidayLaw,
    HolidayReading,
    HolidayRule,
    Jurisdiction,
    OfficeHours,
    Override,
    Reading,
    Rule,
    Threshold,
    TimeLaw,
    Trigger,
    YEARS,
    years_overlap,
)

SHARED_DIR = "shared"
RESERVED_IDS = ("combined",)  # /calendars/<id>.ics would be another feed
ELECTION_RULES = ("tuesday_after_first_monday", "first_tuesday")

TOP_KEYS = {
    "state", "id", "name", "timezone", "source", "extends", "holidays", "office_hours", "time_law",
    "elections", "triggers", "deadlines", "overrides", "cite", "text", "choices", "decisions",
    "ocd_id", "kind", "county", "caveat",
}
IDENTITY_KEYS = {"id", "timezone", "extends", "ocd_id", "kind", "county"}  # a government's own; no shared set gives them
RULE_KEYS = {
    "title", "kind", "audience", "start", "start_at", "due", "at", "roll", "office_act",
    "readings", "thresholds", "effective", "cite", "text", "note", "warning", "url", "read", "replaces",
}
SET_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")

#: Keys whose text may run over several lines (the quoted law); every other
#: string is one line: it becomes a title, a name or an iCalendar property.
MULTILINE_KEYS = {"text"}
#: How deep tables and lists may nest (the format needs five levels).
MAX_DEPTH = 12
#: The largest count of each unit a rule may give: ten years of it. A count
#: past that is a typo, and would put a date outside any calendar.
MAX_COUNT = {"nth": 522, "days": 3_660, "hours": 87_840, "months": 120, "years": 10}
_CONTROL = {chr(c) for c in range(32)} - {"\t", "\n", "\r"} | {"\x7f"}


# --------------------------------------------------------------------------- checking helpers


class _Checker:
    """Collects problems for one file while converting its values."""

    def __init__(self, path: str):
        self.path = path
        self.problems: list[Problem] = []

    def fail(self, where: str, message: str) -> None:
        self.problems.append(Problem(self.path, where, message))

    def table(self, value: Any, where: str, allowed: set[str], required: tuple[str, ...] = ()) -> dict:
        if not isinstance(value, dict):
            self.fail(where, f"expected a table, got {_typename(value)}")
            return {}
        for key in sorted(set(value) - allowed):
            self.fail(f"{where}.{key}" if where else key, f"unknown key; expected one of: {', '.join(sorted(allowed))}")
        for key in required:
            if key not in value:
                self.fail(where, f"missing required key '{key}'")
        return value

    def string(self, value: Any, where: str, choices: tuple[str, ...] | None = None) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            self.fail(where, f"expected a non-empty string, got {_typename(value)}")
            return None
        if choices is not None and value not in choices:
            self.fail(where, f"expected one of {', '.join(choices)}; got '{value}'")
            return None
        return value

    def integer(self, value: Any, where: str, low: int = 0, high: int | None = None) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(where, f"expected an integer, got {_typename(value)}")
            return None
        if value < low:
            self.fail(where, f"expected an integer of at least {low}, got {value}")
            return None
        if high is not None and value > high:
            self.fail(where, f"expected an integer of at most {high:,}, got {value:,}")
            return None
        return value

    def text_values(self, value: Any, where: str = "", depth: int = 0) -> None:
        """Every string of a document, keys too: no NUL or other control
        character (tab and line breaks aside), one line unless its key is in
        :data:`MULTILINE_KEYS`; tables and lists nested at most :data:`MAX_DEPTH`."""
        if depth > MAX_DEPTH:
            self.fail(where, f"nested more than {MAX_DEPTH} levels deep")
            return
        if isinstance(value, dict):
            for key, item in value.items():
                at = f"{where}.{key}" if where else str(key)
                self._one_text(str(key), at, multiline=False)
                self.text_values(item, at, depth + 1)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                self.text_values(item, f"{where}[{i}]", depth + 1)
        elif isinstance(value, str):
            self._one_text(value, where, multiline=where.rsplit(".", 1)[-1] in MULTILINE_KEYS)

    def _one_text(self, value: str, where: str, multiline: bool) -> None:
        bad = next((ch for ch in value if ch in _CONTROL or "\ud800" <= ch <= "\udfff"), None)
        if bad is not None:
            self.fail(where, f"contains the character U+{ord(bad):04X}, which is not allowed")
        elif not multiline and ("\n" in value or "\r" in value):
            self.fail(where, "must be one line (a line break here would break titles, names and calendar files)")

    def boolean(self, value: Any, where: str, default: bool) -> bool:
        if value is None:
            return default
        if not isinstance(value, bool):
            self.fail(where, f"expected true or false, got {_typename(value)}")
            return default
        return value

    def day(self, value: Any, where: str) -> date | None:
        if value is None:
            return None
        if isinstance(value, date) and not hasattr(value, "hour"):
            return value
        if isinstance(value, str):
            try:
                return date.fromisoformat(value)
            except ValueError:
                pass
        self.fail(where, f"expected a date YYYY-MM-DD, got {value!r}")
        return None

    def clock(self, value: Any, where: str) -> time | None:
        if value is None:
            return None
        if isinstance(value, time):
            return value
        if isinstance(value, str):
            try:
                return time.fromisoformat(value)
            except ValueError:
                pass
        self.fail(where, f"expected a time of day HH:MM (24-hour), got {value!r}")
        return None

    def entries(self, value: Any, where: str) -> dict:
        """A table of named entries (any key is a name)."""
        return self.table(value, where, set(value) if isinstance(value, dict) else set())

    def items(self, value: Any, where: str) -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(where, f"expected a list, got {_typename(value)}")
            return []
        return value


def _typename(value: Any) -> str:
    return {dict: "a table", list: "a list", str: "a string", bool: "a boolean", int: "an integer"}.get(
        type(value), type(value).__name__
    )


# --------------------------------------------------------------------------- files


@dataclass(frozen=True, eq=False)
class _Part:
    """One file (a jurisdiction's or a shared set's) validated on its own: what
    it defines and what is wrong in it. A shared set is parsed and validated
    once per modification time (:func:`_shared`) and its part, rule objects
    included, is reused by every jurisdiction that extends it."""

    path: str
    doc: dict  # its top-level tables, as parsed
    ids: dict[str, tuple[str, ...]]  # each of NAMESPACES -> ids in file order, valid or not
    built: dict[str, dict]  # the same keys -> the valid definitions by id (choices: as written)
    time_law: TimeLaw | None
    office_hours: OfficeHours | None
    problems: tuple[Problem, ...]


NAMESPACES = ("elections", "triggers", "deadlines", "choices")  # one namespace of ids, in this order


def _parse(path: Path) -> tuple[dict | None, list[Problem]]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, [Problem(str(path), "", "file not found")]
    except OSError as exc:
        return None, [Problem(str(path), "", f"cannot be read: {exc.strerror or exc}")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        return None, [Problem(str(path), "", f"not UTF-8: byte 0x{raw[exc.start]:02x} on line {line} (save the file as UTF-8)")]
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as exc:
        return None, [Problem(str(path), "", f"not valid TOML: {exc}")]
    except RecursionError:
        return None, [Problem(str(path), "", f"not valid TOML: nested too deeply (at most {MAX_DEPTH} levels)")]


def _validate_part(path: str, doc: dict, allowed: set[str], required: tuple[str, ...] = ()) -> _Part:
    """Everything in one file that can be checked without the files it is
    combined with."""
    c = _Checker(path)
    c.text_values(doc)
    if any(p.message.startswith("nested more than") for p in c.problems):
        return _Part(path=path, doc={}, ids={k: () for k in NAMESPACES}, built={k: {} for k in NAMESPACES},
                     time_law=None, office_hours=None, problems=tuple(c.problems))
    doc = c.table(doc, "", allowed, required)
    ids, tables = {}, {}
    for key in NAMESPACES:
        table = doc.get(key, {})
        if not isinstance(table, dict):
            c.fail(key, f"expected a table, got {_typename(table)}")
            table = {}
        ids[key], tables[key] = tuple(table), table
    built = {
        "elections": {eid: rule for eid, value in tables["elections"].items() if (rule := _election(eid, value, c))},
        "triggers": {tid: trig for tid, value in tables["triggers"].items() if (trig := _trigger(tid, value, c))},
        "deadlines": _rules([(rid, value, c) for rid, value in tables["deadlines"].items()]),
        "choices": tables["choices"],  # checked in combination: a choice names the merged deadlines
    }
    return _Part(
        path=path, doc=doc, ids=ids, built=built,
        time_law=_time_law(doc["time_law"], c) if "time_law" in doc else None,
        office_hours=_office_hours(doc["office_hours"], c) if "office_hours" in doc else None,
        problems=tuple(c.problems),
    )


@lru_cache(maxsize=256)
def _shared(path: Path, mtime_ns: int) -> tuple[_Part | None, tuple[Problem, ...]]:
    """A shared rule set, parsed and validated once per modification time."""
    doc, problems = _parse(path)
    if doc is None:
        return None, tuple(problems)
    part = _validate_part(str(path), doc, TOP_KEYS - IDENTITY_KEYS)
    return part, part.problems


def check_shared(path: str | Path) -> list[Problem]:
    """Validate one shared rule set on its own (``deadlines check`` runs this
    on every file of ``calendars/shared/``)."""
    path = Path(path)
    try:
        mtime = path.stat().st_mtime_ns
    except FileNotFoundError:
        return [Problem(str(path), "", "file not found")]
    return list(_shared(path, mtime)[1])


def load_jurisdiction(path: str | Path) -> Jurisdiction:
    """Load and validate one jurisdiction file; raise :class:`CalendarError`
    listing every problem."""
    jurisdiction, problems = check_jurisdiction(path)
    if problems:
        raise CalendarError(problems)
    assert jurisdiction is not None
    return jurisdiction


def check_jurisdiction(path: str | Path, defaults: dict | None = None) -> tuple[Jurisdiction | None, list[Problem]]:
    """Validate one jurisdiction file with its shared sets; return the model
    (None when anything is wrong) and every problem found. ``defaults`` are
    top-level keys the file may leave out (a roster row's identity and its
    kind's ``extends``): what the file gives wins."""
    path = Path(path)
    doc, problems = _parse(path)
    if doc is None:
        return None, problems
    return check_document({**(defaults or {}), **doc}, path)


def check_document(doc: dict, path: Path) -> tuple[Jurisdiction | None, list[Problem]]:
    """:func:`check_jurisdiction` of a document already read: ``path`` names it
    in problems (its stem must be the id) and its folder holds ``shared/``."""
    problems: list[Problem] = []
    main = _validate_part(str(path), doc, TOP_KEYS, ("id", "name", "timezone"))
    problems.extend(main.problems)
    shared = []
    own = _Checker(str(path))
    for i, name in enumerate(own.items(main.doc.get("extends"), "extends")):
        if own.string(name, f"extends[{i}]") is None:
            continue
        if not SET_NAME.match(name):
            own.fail(f"extends[{i}]", f"expected a shared set's name (lower-case letters, digits and hyphens, calendars/shared/<name>.toml), got {name!r}")
            continue
        shared_path = path.parent / SHARED_DIR / f"{name}.toml"
        try:
            mtime = shared_path.stat().st_mtime_ns
        except FileNotFoundError:
            available = sorted(p.stem for p in (path.parent / SHARED_DIR).glob("*.toml"))
            own.fail(f"extends[{i}]", f"no shared rule set '{name}' (looked for {shared_path}; available: {', '.join(available) or 'none'})")
            continue
        part, shared_problems = _shared(shared_path, mtime)
        problems.extend(shared_problems)
        if part is not None:
            shared.append(part)
    problems.extend(own.problems)
    jurisdiction, combined = _build(path, [main, *shared], own)
    problems.extend(combined)
    return (None if problems else jurisdiction), problems


# --------------------------------------------------------------------------- building the model


def _build(path: Path, parts: list[_Part], c: _Checker) -> tuple[Jurisdiction, list[Problem]]:
    """The jurisdiction from its file (``parts[0]``) and its shared sets, each
    already validated on its own; returns the problems only the combination
    shows (duplicate ids, missing anchors, cycles, missing tables)."""
    main = parts[0]
    checkers = {p.path: (c if p is main else _Checker(p.path)) for p in parts}
    jid, name, tz = _identity(main.doc, path, c)
    merged, defined_in = _merge(parts, checkers)
    elections, triggers, rules = merged["elections"], merged["triggers"], merged["deadlines"]
    if "general" not in elections and not any("general" in p.ids["elections"] for p in parts):
        c.fail("elections", "missing 'elections.general': every jurisdiction needs its general election rule")
    first = {key: next((p for p in parts if key in p.doc), None)
             for key in ("time_law", "office_hours", "overrides", "decisions", "state")}
    holidays = _holiday_law(parts, checkers, c)
    if first["time_law"] is None:
        c.fail("time_law", "missing [time_law]: the computation-of-time law (roll, cite, text)")
    order = _graph(rules, elections, triggers, defined_in, checkers)

    def found(key: str):
        part = first[key]
        return (part.doc[key], checkers[part.path]) if part else None

    overrides = _overrides(found("overrides"), rules, elections.get("general"), ZoneInfo(tz) if tz else None)
    choices = {cid: ch for cid, value in merged["choices"].items()
               if (ch := _choice(cid, value, rules, checkers[defined_in[cid]]))}
    decisions = _decisions(found("decisions"), choices, elections.get("general"))
    ocd_id, kind, counties = _place(main.doc, c)
    jurisdiction = Jurisdiction(
        id=jid, name=name, timezone=tz, source=str(main.doc.get("source", "")),
        ocd_id=ocd_id, kind=kind, counties=counties, caveats=_caveats(parts, checkers),
        holidays=holidays,
        time_law=first["time_law"] and first["time_law"].time_law,
        elections=elections, triggers=triggers, rules=rules, order=order,
        office_hours=first["office_hours"] and first["office_hours"].office_hours,
        overrides=overrides, extends=tuple(main.doc.get("extends", ())),
        choices=choices, decisions=decisions, reach=span.reach(rules, order, choices.values()),
        state=_state(found("state")),
    )
    return jurisdiction, [p for chk in checkers.values() for p in chk.problems]


def _identity(doc: dict, path: Path, c: _Checker) -> tuple[str | None, str | None, str | None]:
    """``id`` (matching the file name), ``name`` and an IANA ``timezone``."""
    jid = c.string(doc.get("id"), "id")
    if jid is not None and jid != path.stem:
        c.fail("id", f"file name '{path.name}' does not match id '{jid}'; name the file '{jid}.toml'")
    if jid in RESERVED_IDS:
        c.fail("id", f"'{jid}' is reserved (/calendars/combined.ics is the feed of several jurisdictions); choose another id")
    name = c.string(doc.get("name"), "name")
    tz = c.string(doc.get("timezone"), "timezone")
    if tz is not None:
        try:
            ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError):
            c.fail("timezone", f"unknown time zone '{tz}'; expected an IANA name such as America/Denver")
            tz = None
    return jid, name, tz


def _place(doc: dict, c: _Checker) -> tuple[str | None, str | None, tuple[str, ...]]:
    """``ocd_id`` (an Open Civic Data division id), ``kind`` and ``county``
    (a name, or a list of names where it lies in several, the principal first)."""
    ocd_id = c.string(doc.get("ocd_id"), "ocd_id")
    if ocd_id is not None and not OCD_PATTERN.match(ocd_id):
        c.fail("ocd_id", f"expected an Open Civic Data division id (ocd-division/country:us/state:ut/place:orem), got {ocd_id!r}")
        ocd_id = None
    kind = c.string(doc.get("kind"), "kind", GOVERNMENT_KINDS)
    value = doc.get("county")
    names = value if isinstance(value, list) else [] if value is None else [value]
    counties = []
    for i, name in enumerate(names):
        where = f"county[{i}]" if isinstance(value, list) else "county"
        name = c.string(name, where)
        if name is not None and ("\n" in name or name.lower().endswith(" county")):
            c.fail(where, f"expected a county's name on one line without 'County' (Dickinson), got {name!r}")
        elif name is not None:
            counties.append(name)
    return ocd_id, kind, tuple(counties)


def _caveats(parts: list[_Part], checkers: dict[str, _Checker]) -> tuple[str, ...]:
    """Every file's ``caveat`` (its own first): sentences said with every result."""
    found = (checkers[p.path].string(p.doc["caveat"], "caveat") for p in parts if "caveat" in p.doc)
    return tuple(dict.fromkeys(text.strip() for text in found if text))


def _replaced(parts: list[_Part], checkers: dict[str, _Checker]) -> set[tuple[str, str]]:
    """(shared set path, deadline id) pairs the jurisdiction's own file replaces:
    its ``[deadlines.<id>]`` with ``replaces = "<set>"`` (a set it extends
    defining the same id; the government's own rule wins over its state's)."""
    main, out = parts[0], set()
    by_name = {Path(p.path).stem: p for p in parts[1:]}
    for rid, value in (main.doc.get("deadlines") or {}).items():
        versions = value if isinstance(value, list) else [value]
        for i, v in enumerate(versions):
            if not isinstance(v, dict) or "replaces" not in v:
                continue
            where = f"deadlines.{rid}.replaces" if isinstance(value, dict) else f"deadlines.{rid}[{i}].replaces"
            name = checkers[main.path].string(v["replaces"], where)
            part = by_name.get(name) if name else None
            if name and (part is None or rid not in part.ids["deadlines"]):
                checkers[main.path].fail(where, f"'{name}' is not a shared set this file extends that defines '{rid}' (extended: {', '.join(by_name) or 'none'})")
            elif part is not None:
                out.add((part.path, rid))
    return out


def _merge(parts: list[_Part], checkers: dict[str, _Checker]) -> tuple[dict[str, dict], dict[str, str]]:
    """Elections, triggers, deadlines and choices of all files in one namespace: an id
    defined twice is a problem in the later file (the jurisdiction's comes
    first, then its shared sets in the order extended), unless the
    jurisdiction's own deadline says it ``replaces`` that set's."""
    defined_in: dict[str, str] = {}  # every id -> the file defining it
    merged: dict[str, dict] = {key: {} for key in NAMESPACES}
    replaced = _replaced(parts, checkers)
    for key in NAMESPACES:
        for part in parts:
            for item_id in part.ids[key]:
                if key == "deadlines" and (part.path, item_id) in replaced:
                    continue
                if item_id in defined_in:
                    checkers[part.path].fail(f"{key}.{item_id}", f"duplicate id '{item_id}': also defined in {defined_in[item_id]}")
                    continue
                defined_in[item_id] = part.path
                if item_id in part.built[key]:
                    merged[key][item_id] = part.built[key][item_id]
    return merged, defined_in


def _rules(merged: list[tuple[str, Any, _Checker]]) -> dict[str, tuple[Rule, ...]]:
    """Each deadline's versions, oldest first (a list of tables is versioned by ``effective``)."""
    rules: dict[str, tuple[Rule, ...]] = {}
    for rid, value, chk in merged:
        versioned = isinstance(value, list)
        built = [
            rule for i, v in enumerate(value if versioned else [value])
            if (rule := _rule(rid, v, f"deadlines.{rid}" + (f"[{i}]" if versioned else ""), chk))
        ]
        if versioned:
            effs = [r.effective for r in built]
            if any(e is None for e in effs):
                chk.fail(f"deadlines.{rid}", "every version of a rule needs 'effective' (the date it took effect)")
            elif len(set(effs)) != len(effs):
                chk.fail(f"deadlines.{rid}", "two versions take effect on the same date")
            else:
                built.sort(key=lambda r: r.effective)
        if built:
            rules[rid] = tuple(built)
    return rules


HOLIDAY_KEYS = {"cite", "covers", "url", "read", "legal", "closures", "proclaimed", "one_off_closures", "readings"}
HOLIDAY_RULE_KEYS = {
    "name", "date", "nth", "last", "easter", "every", "plus_days", "years", "observed", "from", "until",
    "cite", "text", "url", "read", "reading",
}
HOW_KEYS = ("date", "nth", "last", "easter", "every")


_shared_holidays: dict[tuple, tuple[HolidayLaw, tuple[_Part, ...]]] = {}


def _holiday_law(parts: list[_Part], checkers: dict[str, _Checker], main: _Checker) -> HolidayLaw | None:
    """:func:`_holidays` of the merged ``[holidays]``; built once where every key
    comes from shared sets (thousands of jurisdictions then share one object)."""
    sources: dict[str, _Part] = {}
    for part in parts:
        if isinstance(part.doc.get("holidays"), dict):
            for key in part.doc["holidays"]:
                if key in HOLIDAY_KEYS:
                    sources.setdefault(key, part)
    key = tuple(sorted((k, id(p)) for k, p in sources.items()))
    shared = bool(sources) and all(p is not parts[0] for p in sources.values())
    held = tuple(p for _, p in sorted(sources.items()))
    if shared and key in _shared_holidays and all(a is b for a, b in zip(_shared_holidays[key][1], held)):
        return _shared_holidays[key][0]
    before = sum(len(chk.problems) for chk in checkers.values())
    law = _holidays(_holiday_parts(parts, checkers), main)
    if shared and law is not None and sum(len(chk.problems) for chk in checkers.values()) == before:
        _shared_holidays[key] = (law, held)  # holding the parts keeps their ids from being reused
    return law


def _state(found) -> str | None:
    """``state``: the postal code of the state whose law a jurisdiction sits on."""
    if found is None:
        return None
    value, c = found
    if not (isinstance(value, str) and len(value) == 2 and value.isascii() and value.isalpha() and value.isupper()):
        c.fail("state", f"expected a state's two-letter postal code in capitals (MI), got {value!r}")
        return None
    return value


def _holiday_parts(parts: list[_Part], checkers: dict[str, _Checker]) -> dict[str, tuple[Any, _Checker]]:
    """Each key of ``[holidays]`` from the first file giving it: a city may add
    its own closures to its state's legal holidays."""
    merged: dict[str, tuple[Any, _Checker]] = {}
    for part in parts:
        if "holidays" not in part.doc:
            continue
        c = checkers[part.path]
        for key, value in c.table(part.doc["holidays"], "holidays", HOLIDAY_KEYS).items():
            if key in HOLIDAY_KEYS:
                merged.setdefault(key, (value, c))
    return merged


def _holidays(found: dict[str, tuple[Any, _Checker]], main: _Checker) -> HolidayLaw | None:
    """The legal holidays as rules, the office closures, the hand-kept lists
    and the other readings of the law."""
    if not found:
        main.fail("holidays", "missing [holidays]: the legal holidays of the state's statute, as rules (see calendars/shared)")
        return None
    for key in ("cite", "covers", "legal"):
        if key not in found:
            main.fail("holidays", f"missing required key '{key}'")
    cite = found["cite"][1].string(found["cite"][0], "holidays.cite") if "cite" in found else None
    first_year = _covers(*found["covers"], "holidays.covers", ends=False)[0] if "covers" in found else None
    url = _url(*found["url"], "holidays.url") if "url" in found else None
    read = found["read"][1].day(found["read"][0], "holidays.read") if "read" in found else None
    readings = _holiday_readings(*found.get("readings", ({}, main)))
    legal = _holiday_rules(*found.get("legal", ({}, main)), "legal", {r.id for r in readings})
    closures = _holiday_rules(*found.get("closures", ({}, main)), "closures", set())
    ids = {r.id for r in legal}
    for reading in readings:
        for i, rid in enumerate(reading.drop):
            if rid not in ids:
                found["readings"][1].fail(f"holidays.readings.{reading.id}.drop[{i}]", f"no legal holiday '{rid}' here (known: {', '.join(sorted(ids))})")
    if "legal" in found and not legal and not found["legal"][1].problems:
        found["legal"][1].fail("holidays.legal", "no legal holidays: list the statute's holidays as rules")
    if not (cite and first_year):
        return None
    return HolidayLaw(
        cite=cite, first_year=first_year, legal=legal, closures=closures,
        proclaimed=_hand_list(found.get("proclaimed"), "proclaimed"),
        one_off_closures=_hand_list(found.get("one_off_closures"), "one_off_closures"),
        readings=readings, url=url, read=read,
    )


def _url(value, c: _Checker, where: str) -> str | None:
    """A citation's optional ``url``: where the text it quotes can be read
    (its ``read`` key gives the date it was read there)."""
    url = c.string(value, where)
    if url is not None and not url.startswith(("https://", "http://")):
        c.fail(where, f"expected a web address starting with https:// (where the quoted text can be read), got '{url}'")
        return None
    return url


def _covers(value, c: _Checker, where: str, ends: bool = True) -> tuple[int | None, int | None]:
    """``covers = { from = 2024, to = 2027 }``: the years a list (or, with only
    ``from``, the years a law's rules) are written for."""
    t = c.table(value, where, {"from", "to"} if ends else {"from"}, ("from", "to") if ends else ("from",))
    first = c.integer(t.get("from"), f"{where}.from", 1900, 2100)
    last = c.integer(t.get("to"), f"{where}.to", 1900, 2100) if ends else None
    if first and last and last < first:
        c.fail(where, f"ends ({last}) before it begins ({first})")
        return None, None
    return first, last


def _holiday_readings(value, c: _Checker) -> tuple[HolidayReading, ...]:
    out = []
    for rid, item in c.entries(value, "holidays.readings").items():
        where = f"holidays.readings.{rid}"
        t = c.table(item, where, {"name", "cite", "why", "drop"}, ("name", "cite", "why"))
        texts = [c.string(t.get(k), f"{where}.{k}") for k in ("name", "cite", "why")]
        drop = tuple(d for i, d in enumerate(c.items(t.get("drop"), f"{where}.drop")) if c.string(d, f"{where}.drop[{i}]"))
        if all(texts):
            out.append(HolidayReading(rid, *texts, drop=drop))
    return tuple(out)


def _holiday_rules(value, c: _Checker, key: str, readings: set[str]) -> tuple[HolidayRule, ...]:
    """``[holidays.<key>.<id>]``, or ``[[...]]`` for versions that take effect on their ``from`` dates."""
    out: list[HolidayRule] = []
    for rid, item in c.entries(value, f"holidays.{key}").items():
        versioned = isinstance(item, list)
        built = [
            r for i, v in enumerate(item if versioned else [item])
            if (r := _holiday_rule(rid, v, f"holidays.{key}.{rid}" + (f"[{i}]" if versioned else ""), c, key, readings))
        ]
        if versioned and any(r.start is None for r in built):
            c.fail(f"holidays.{key}.{rid}", "every version of a holiday needs 'from' (the date it took effect)")
        elif len({(r.start, r.reading) for r in built}) != len(built):
            c.fail(f"holidays.{key}.{rid}", "two versions take effect on the same date")
        out.extend(built)
    return tuple(out)


def _holiday_rule(rid: str, value, where: str, c: _Checker, key: str, readings: set[str]) -> HolidayRule | None:
    required = ("name", "cite", "text") if key == "legal" else ("name", "cite")
    t = c.table(value, where, HOLIDAY_RULE_KEYS if key == "legal" else HOLIDAY_RULE_KEYS - {"reading"}, required)
    hows = [k for k in HOW_KEYS if k in t]
    if len(hows) != 1:
        c.fail(where, f"expected exactly one way of finding the day ({', '.join(HOW_KEYS)}); got {', '.join(hows) or 'none'}")
        return None
    how = hows[0]
    found = _holiday_day(how, t[how], f"{where}.{how}", c)
    offset = c.integer(t.get("plus_days"), f"{where}.plus_days", -366, 366) or 0
    if "plus_days" in t and how not in ("nth", "last"):
        c.fail(f"{where}.plus_days", "only a weekday-of-the-month rule (nth, last) takes plus_days")
    observed = tuple(o for i, o in enumerate(c.items(t.get("observed"), f"{where}.observed"))
                     if c.string(o, f"{where}.observed[{i}]", tuple(OBSERVED)))
    if observed and how != "date":
        c.fail(f"{where}.observed", f"only a fixed date moves when it falls on a weekend; a rule by {how} takes no 'observed'")
    shifted = [wd for o in observed for wd in OBSERVED[o]]
    if len(shifted) != len(set(shifted)):
        c.fail(f"{where}.observed", "two observed-day rules move the same weekday")
    years = c.string(t.get("years"), f"{where}.years", YEARS) or "every"
    start, until = c.day(t.get("from"), f"{where}.from"), c.day(t.get("until"), f"{where}.until")
    if start and until and until < start:
        c.fail(f"{where}.until", f"ends ({until}) before it takes effect ({start})")
    reading = c.string(t.get("reading"), f"{where}.reading")
    if reading and reading not in readings:
        c.fail(f"{where}.reading", f"no reading '{reading}' in [holidays.readings] (known: {', '.join(sorted(readings)) or 'none'})")
    texts = {k: c.string(t.get(k), f"{where}.{k}") for k in ("name", "cite", "text")}
    url, read = _url(t.get("url"), c, f"{where}.url"), c.day(t.get("read"), f"{where}.read")
    if found is None or not all(texts[k] for k in required):
        return None
    return HolidayRule(
        id=rid, name=texts["name"], how=how, cite=texts["cite"], text=(texts["text"] or "").strip(),
        offset=found.get("offset", 0) + offset, years=years, observed=observed, start=start, until=until,
        url=url, read=read, reading=reading,
        **{k: v for k, v in found.items() if k != "offset"},
    )


def _holiday_day(how: str, value, where: str, c: _Checker) -> dict | None:
    """How the day is found: the fields of :class:`HolidayRule` it sets."""
    if how == "date":
        md = _month_day(value, where, c)
        return None if md is None else {"month": md[0], "day": md[1]}
    if how == "easter":
        offset = c.integer(value, where, -366, 366)
        return None if offset is None else {"offset": offset}
    if how == "every":
        weekday = c.string(value, where, WEEKLY)
        return None if weekday is None else {"weekday": weekday_number(weekday)}
    keys = {"n", "weekday", "month"} if how == "nth" else {"weekday", "month"}
    t = c.table(value, where, keys, tuple(sorted(keys)))
    weekday = c.string(t.get("weekday"), f"{where}.weekday", WEEKDAYS)
    month = _month(t.get("month"), f"{where}.month", c)
    n = c.integer(t.get("n"), f"{where}.n", 1) if how == "nth" else 1
    if n is not None and n > 4:
        c.fail(f"{where}.n", f"a month has a {n}th {weekday or 'weekday'} only in some years; use 'last' for the last one")
        n = None
    if not (weekday and month and n) or len(t) != len(keys):
        return None
    return {"weekday": weekday_number(weekday), "month": month, "n": n if how == "nth" else 0}


def _hand_list(found, key: str) -> HandList | None:
    """A hand-kept list: ``covers`` (the years it is kept for), ``cite`` and its ``days``."""
    if found is None:
        return None
    value, c = found
    where = f"holidays.{key}"
    t = c.table(value, where, {"covers", "cite", "days"}, ("covers", "cite"))
    first, last = _covers(t.get("covers"), c, f"{where}.covers") if "covers" in t else (None, None)
    cite = c.string(t.get("cite"), f"{where}.cite")
    days = []
    for i, item in enumerate(c.items(t.get("days"), f"{where}.days")):
        dw = f"{where}.days[{i}]"
        it = c.table(item, dw, {"date", "name", "cite"}, ("date", "name", "cite"))
        day = c.day(it.get("date"), f"{dw}.date")
        name, day_cite = c.string(it.get("name"), f"{dw}.name"), c.string(it.get("cite"), f"{dw}.cite")
        if day and first and last and not first <= day.year <= last:
            c.fail(f"{dw}.date", f"{day} is outside the years the list covers ({first}-{last})")
        elif day and name and day_cite:
            days.append(Holiday(day, name, day_cite))
    if not (first and last and cite):
        return None
    return HandList(key, first, last, cite, tuple(days), c.path)


def _month(value, where: str, c: _Checker) -> int | None:
    month = c.integer(value, where, 1)
    if month is not None and month > 12:
        c.fail(where, f"expected a month 1-12, got {month}")
        return None
    return month


def _month_day(value, where: str, c: _Checker) -> tuple[int, int] | None:
    """"MM-DD" that exists every year (February 29 does not)."""
    try:
        month, dom = (int(x) for x in str(value).split("-"))
        date(2001, month, dom)
    except ValueError:
        if str(value).strip() in ("02-29", "2-29"):
            c.fail(where, "February 29 exists only in leap years; a fixed date must exist every year")
        else:
            c.fail(where, f"expected a month and day MM-DD, got {value!r}")
        return None
    return month, dom


def _time_law(value, c: _Checker) -> TimeLaw:
    t = c.table(value, "time_law", {"roll", "cite", "text", "warning"}, ("roll", "cite", "text"))
    roll = c.string(t.get("roll"), "time_law.roll", ROLLS)
    return TimeLaw(roll=roll or "none", cite=str(t.get("cite", "")), text=str(t.get("text", "")), warning=t.get("warning"))


def _office_hours(value, c: _Checker) -> OfficeHours | None:
    t = c.table(value, "office_hours", {"open", "close", "cite", "confirm"}, ("open", "close", "cite"))
    opens, closes = c.clock(t.get("open"), "office_hours.open"), c.clock(t.get("close"), "office_hours.close")
    if opens and closes and opens >= closes:
        c.fail("office_hours", f"closes ({closes:%H:%M}) before it opens ({opens:%H:%M})")
        return None
    if not (opens and closes):
        return None
    return OfficeHours(opens, closes, str(t.get("cite", "")), c.string(t.get("confirm"), "office_hours.confirm"))


def _election(eid: str, value, c: _Checker) -> ElectionRule | None:
    """An election rule: ``rule``, ``month`` and ``years`` in the table, or
    ``ways``, a list of them, one per kind of year (each with its ``cite``)."""
    where = f"elections.{eid}"
    day_keys = {"rule", "month", "years"}
    t = c.table(value, where, {"title", "cite", "text", "moved", "ways"} | day_keys, ("title", "cite"))
    moves = []
    for i, m in enumerate(c.items(t.get("moved"), f"{where}.moved")):
        mw = f"{where}.moved[{i}]"
        mt = c.table(m, mw, {"from", "to", "authority"}, ("from", "to", "authority"))
        frm, to = c.day(mt.get("from"), f"{mw}.from"), c.day(mt.get("to"), f"{mw}.to")
        authority = c.string(mt.get("authority"), f"{mw}.authority")
        if frm and to and authority:
            moves.append(ElectionMove(frm, to, authority))
    cite = c.string(t.get("cite"), f"{where}.cite")
    if "ways" in t:
        for key in sorted(day_keys & set(t)):
            c.fail(f"{where}.{key}", "give either 'ways' (one per kind of year) or rule, month and years, not both")
        ways = [_election_day(w, f"{where}.ways[{i}]", c, None) for i, w in enumerate(c.items(t["ways"], f"{where}.ways"))]
        if not ways:
            c.fail(f"{where}.ways", "give at least one way (rule, month, years, cite)")
    else:
        missing = [k for k in ("rule", "month", "years") if k not in t]
        if missing:
            c.fail(where, f"missing required key '{missing[0]}' (or give 'ways')")
            return None
        ways = [_election_day(t, where, c, cite)]
    for i, a in enumerate(ways):
        for b in ways[i + 1:]:
            if a and b and years_overlap(a.years, b.years):
                c.fail(f"{where}.ways", f"two ways apply in the same years ({a.years} and {b.years}); give one per kind of year")
    title = c.string(t.get("title"), f"{where}.title")
    if not (title and cite and ways and all(ways)):
        return None
    return ElectionRule(eid, title, tuple(ways), cite, str(t.get("text", "")).strip(), tuple(moves))


def _election_day(value, where: str, c: _Checker, cite: str | None) -> ElectionDay | None:
    """``{ rule, month, years, cite }``: one way an election's day is fixed."""
    t = value if cite is not None else c.table(value, where, {"rule", "month", "years", "cite"}, ("rule", "month", "years", "cite"))
    how = c.string(t.get("rule"), f"{where}.rule", ELECTION_RULES)
    month = _month(t.get("month"), f"{where}.month", c)
    years = c.string(t.get("years"), f"{where}.years", YEARS)
    cite = cite if cite is not None else c.string(t.get("cite"), f"{where}.cite")
    if not (how and month and years and cite):
        return None
    return ElectionDay(how, month, years, cite)


def _trigger(tid: str, value, c: _Checker) -> Trigger | None:
    where = f"triggers.{tid}"
    t = c.table(value, where, {"title", "type", "cite"}, ("title", "type", "cite"))
    kind = c.string(t.get("type"), f"{where}.type", ("date", "instant"))
    title = c.string(t.get("title"), f"{where}.title")
    if not (kind and title):
        return None
    return Trigger(tid, title, kind, str(t.get("cite", "")))


def _expr(value, where: str, c: _Checker) -> Expr | None:
    """One way of counting (a key of :data:`~deadlines.core.operations.OPERATIONS`)
    with what it counts from."""
    t = c.table(value, where, set(OPERATIONS) | {"of", "weekday", "year_of", "month"})
    if not t:
        return None
    keys = [k for k in t if k in OPERATIONS]
    if len(keys) != 1:
        ways = ", ".join(k for k in OPERATIONS if k != "date")
        c.fail(where, f"expected exactly one way of counting ({ways}, or date with year_of); got {', '.join(keys) or 'none'}")
        return None
    op = OPERATIONS[keys[0]]
    if op.operand == "month_day":
        return _fixed_date_expr(t, where, c)
    if op.operand == "month_weekday":
        return _weekday_in_month_expr(t, where, c)
    if "year_of" in t:
        c.fail(f"{where}.year_of", "only a fixed 'date' or 'nth_weekday_in' takes 'year_of'")
    if "month" in t:
        c.fail(f"{where}.month", "only 'nth_weekday_in' takes 'month'")
    n = c.integer(t[op.key], f"{where}.{op.key}", 1, MAX_COUNT[op.key.split("_")[0]])
    of = c.string(t.get("of"), f"{where}.of")
    if of is None and "of" not in t:
        c.fail(where, "missing 'of': the election, trigger or deadline this is counted from")
    weekday = None
    if op.weekday:
        wd = c.string(t.get("weekday"), f"{where}.weekday", WEEKDAYS)
        if wd is None and "weekday" not in t:
            c.fail(where, f"missing 'weekday' for {op.key}")
        weekday = weekday_number(wd) if wd else None
        if weekday is None:
            return None
    elif "weekday" in t:
        c.fail(f"{where}.weekday", f"{op.key} takes no weekday")
    if n is None or of is None:
        return None
    return Expr(op.key, of, n=n, weekday=weekday)


def _fixed_date_expr(t: dict, where: str, c: _Checker) -> Expr | None:
    """``{ date = "06-07", year_of = "general" }``: a month and day in an election's year."""
    md = _month_day(t["date"], f"{where}.date", c)
    if md is None:
        return None
    of = c.string(t.get("year_of"), f"{where}.year_of")
    if "of" in t:
        c.fail(f"{where}.of", "a fixed date takes 'year_of' (the election whose year it is in), not 'of'")
    return Expr("date", of, month_day=md) if of else None


def _weekday_in_month_expr(t: dict, where: str, c: _Checker) -> Expr | None:
    """``{ nth_weekday_in = 2, weekday = "tuesday", month = 8, year_of = "general" }``:
    the second Tuesday of August in an election's year."""
    n = c.integer(t["nth_weekday_in"], f"{where}.nth_weekday_in", 1)
    if n is not None and n > 4:
        c.fail(f"{where}.nth_weekday_in", f"expected 1-4 (not every month has a fifth), got {n}")
        n = None
    month = _month(t.get("month"), f"{where}.month", c)
    wd = c.string(t.get("weekday"), f"{where}.weekday", WEEKDAYS)
    of = c.string(t.get("year_of"), f"{where}.year_of")
    for key, found in (("month", month), ("weekday", wd), ("year_of", of)):
        if key not in t:
            c.fail(where, f"missing '{key}' for nth_weekday_in")
    if "of" in t:
        c.fail(f"{where}.of", "nth_weekday_in takes 'year_of' (the election whose year it is in), not 'of'")
    if n is None or month is None or wd is None or of is None:
        return None
    return Expr("nth_weekday_in", of, n=n, weekday=weekday_number(wd), month=month)


def _rule(rid: str, value, where: str, c: _Checker) -> Rule | None:
    t = c.table(value, where, RULE_KEYS, ("title", "kind", "audience", "due", "cite", "text"))
    kind = c.string(t.get("kind"), f"{where}.kind", KINDS)
    audience = []
    for i, a in enumerate(c.items(t.get("audience"), f"{where}.audience")):
        a = c.string(a, f"{where}.audience[{i}]", AUDIENCES)
        if a:
            audience.append(a)
    due = _expr(t.get("due"), f"{where}.due", c) if "due" in t else None
    start = _expr(t["start"], f"{where}.start", c) if "start" in t else None
    if kind in ("window", "notice-window") and "start" not in t:
        c.fail(where, f"a {kind} needs 'start'")
    if kind in ("deadline", "retention") and "start" in t:
        c.fail(f"{where}.start", f"a {kind} has no start; use kind = \"window\"")
    start_at = c.string(t.get("start_at"), f"{where}.start_at", ("office_opening",))
    roll = c.string(t.get("roll"), f"{where}.roll", ROLLS)
    readings = [read for i, item in enumerate(c.items(t.get("readings"), f"{where}.readings"))
                if (read := _reading(item, f"{where}.readings[{i}]", c))]
    thresholds = []
    for i, th in enumerate(c.items(t.get("thresholds"), f"{where}.thresholds")):
        tw = f"{where}.thresholds[{i}]"
        tt = c.table(th, tw, {"office", "who", "cite", "min", "max", "percent", "note"}, ("office", "who", "cite"))
        lo, hi = c.integer(tt.get("min"), f"{tw}.min"), c.integer(tt.get("max"), f"{tw}.max")
        pct = tt.get("percent")
        if pct is not None and (isinstance(pct, bool) or not isinstance(pct, (int, float)) or not 0 < pct <= 100):
            c.fail(f"{tw}.percent", f"expected a percentage between 0 and 100, got {pct!r}")
            pct = None
        if lo is None and pct is None:
            c.fail(tw, "give 'min' (and optionally 'max') or 'percent'")
        if lo is not None and hi is not None and hi < lo:
            c.fail(tw, f"max {hi} is below min {lo}")
        words = [c.string(tt.get(k), f"{tw}.{k}") for k in ("office", "who", "cite")]
        note = c.string(tt.get("note"), f"{tw}.note")
        if all(words):
            thresholds.append(Threshold(*words, lo, hi, pct, note))
    at = c.clock(t.get("at"), f"{where}.at")
    if "at" not in t:
        for i, r in enumerate(readings):
            if r.at or r.zone:
                c.fail(f"{where}.readings[{i}]", "a reading with another hour or zone needs the rule's own 'at' to compare with")
    effective = c.day(t.get("effective"), f"{where}.effective")
    office_act = c.boolean(t.get("office_act"), f"{where}.office_act", True)
    if not office_act and roll not in (None, "none"):
        c.fail(f"{where}.roll", "a rule that is not an act at the office (office_act = false) does not roll")
    for key in ("title", "cite", "text", "warning"):
        c.string(t.get(key), f"{where}.{key}")
    note, warning = c.string(t.get("note"), f"{where}.note"), c.string(t.get("warning"), f"{where}.warning")
    url, read = _url(t.get("url"), c, f"{where}.url"), c.day(t.get("read"), f"{where}.read")
    if start and due and _ends_before_start(start, due):
        c.fail(where, "the window ends before it starts (its due counts to an earlier day than its start)")
    if not (kind and due and audience and all(isinstance(t.get(k), str) for k in ("title", "cite", "text"))):
        return None
    return Rule(
        id=rid,
        title=t["title"],
        kind=kind,
        audience=tuple(audience),
        due=due,
        cite=t["cite"],
        text=t["text"].strip(),
        source=c.path,
        start=start,
        start_at_opening=start_at == "office_opening",
        at=at,
        roll=roll,
        office_act=office_act,
        readings=tuple(readings),
        thresholds=tuple(thresholds),
        effective=effective,
        note=note,
        warning=warning,
        url=url,
        read=read,
    )


READING_WAYS = ("roll", "at", "at_zone", "due")


def _reading(value, where: str, c: _Checker) -> Reading | None:
    """Another reading of a rule's last day: another roll, hour, zone of the
    hour, or way of counting (at least one), with its name, cite and why."""
    t = c.table(value, where, {"name", "cite", "why", *READING_WAYS}, ("name", "cite", "why"))
    if t and not any(k in t for k in READING_WAYS):
        c.fail(where, f"a reading changes at least one of: {', '.join(READING_WAYS)}")
    roll = c.string(t.get("roll"), f"{where}.roll", ROLLS)
    at = c.clock(t.get("at"), f"{where}.at")
    zone = _zone(t.get("at_zone"), f"{where}.at_zone", c)
    due = _expr(t["due"], f"{where}.due", c) if "due" in t else None
    words = [c.string(t.get(k), f"{where}.{k}") for k in ("name", "cite", "why")]
    failed = any(t.get(k) is not None and v is None for k, v in (("roll", roll), ("at", at), ("at_zone", zone), ("due", due)))
    if failed or not all(words) or not any(k in t for k in READING_WAYS):
        return None
    return Reading(*words, roll=roll, at=at, zone=zone, due=due)


def _zone(value, where: str, c: _Checker):
    """An IANA zone name, or a fixed offset "UTC-05:00" (a statute's "eastern
    standard time" all year round)."""
    if value is None:
        return None
    if isinstance(value, str):
        fixed = re.fullmatch(r"UTC([+-])(\d\d):(\d\d)", value)
        if fixed:
            sign = -1 if fixed[1] == "-" else 1
            return timezone(sign * timedelta(hours=int(fixed[2]), minutes=int(fixed[3])), value)
        try:
            return ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    c.fail(where, f"expected an IANA time zone (America/Detroit) or a fixed offset such as UTC-05:00, got {value!r}")
    return None


def _ends_before_start(start: Expr, due: Expr) -> bool:
    """True when both ends count from the same anchor and the due is earlier."""
    if start.of != due.of:
        return False
    if start.op == due.op == "date":
        return due.month_day < start.month_day
    if start.op == due.op == "nth_weekday_in" and start.weekday == due.weekday:
        return (due.month, due.n) < (start.month, start.n)
    s_days, d_days = OPERATIONS[start.op].days, OPERATIONS[due.op].days
    return bool(s_days and d_days) and d_days(due.n) < s_days(start.n)


def _graph(rules, elections, triggers, names, checkers) -> tuple[str, ...]:
    """Deadline ids in dependency order; a missing anchor or a cycle is a problem
    reported against the rule at fault."""
    known = set(elections) | set(triggers) | set(rules)
    deps: dict[str, set[str]] = {}
    for rid, versions in rules.items():
        chk = checkers[names[rid]]
        deps[rid] = set()
        for rule in versions:
            exprs = [("start", rule.start), ("due", rule.due)]
            exprs += [(f"readings[{i}].due", r.due) for i, r in enumerate(rule.readings)]
            for part, expr in exprs:
                if expr is None:
                    continue
                where = f"deadlines.{rid}.{part}"
                if expr.of not in known:
                    chk.fail(where, f"anchor '{expr.of}' is not an election, trigger or deadline here (known: {', '.join(sorted(known))})")
                    continue
                if OPERATIONS[expr.op].operand != "count" and expr.of not in elections:
                    chk.fail(where, f"year_of '{expr.of}' must name an election ({', '.join(sorted(elections))})")
                if OPERATIONS[expr.op].instant and not (expr.of in triggers and triggers[expr.of].type == "instant"):
                    chk.fail(where, f"{expr.op} counts from an instant; '{expr.of}' is not a trigger of type \"instant\"")
                if expr.of in rules:
                    deps[rid].add(expr.of)
    order: list[str] = []
    state: dict[str, int] = {}  # 1 visiting, 2 done

    def visit(rid: str, path: list[str]) -> None:
        if state.get(rid) == 2:
            return
        if state.get(rid) == 1:
            cycle = path[path.index(rid):] + [rid]
            checkers[names[rid]].fail(f"deadlines.{rid}", f"cycle between deadlines: {' -> '.join(cycle)}")
            return
        state[rid] = 1
        for dep in sorted(deps[rid]):
            visit(dep, path + [rid])
        state[rid] = 2
        order.append(rid)

    for rid in rules:
        visit(rid, [])
    return tuple(order)


def _choice(cid: str, value, rules, c: _Checker) -> Choice | None:
    """An option the law gives per cycle, and the period it gives the
    deadlines it names (``[choices.<id>.period]``)."""
    where = f"choices.{cid}"
    t = c.table(value, where, {"title", "cite", "text", "effective", "ends", "after", "deadlines", "period"},
                ("title", "cite", "text", "effective", "deadlines", "period"))
    words = {k: c.string(t.get(k), f"{where}.{k}") for k in ("title", "cite", "text", "after")}
    effective, ends = c.day(t.get("effective"), f"{where}.effective"), c.day(t.get("ends"), f"{where}.ends")
    if effective and ends and ends <= effective:
        c.fail(f"{where}.ends", f"ends ({ends}) on or before it takes effect ({effective})")
    p = c.table(t.get("period", {}), f"{where}.period", {"start", "start_at", "due", "at", "cite", "text"}, ("due", "cite", "text"))
    start = _expr(p["start"], f"{where}.period.start", c) if "start" in p else None
    due = _expr(p["due"], f"{where}.period.due", c) if "due" in p else None
    for part, expr in (("start", start), ("due", due)):
        if expr is not None and expr.of not in ("general", "primary"):
            c.fail(f"{where}.period.{part}", f"a choice's period counts from an election (general or primary), not '{expr.of}'")
    start_at = c.string(p.get("start_at"), f"{where}.period.start_at", ("office_opening",))
    at = c.clock(p.get("at"), f"{where}.period.at")
    period_words = [c.string(p.get(k), f"{where}.period.{k}") for k in ("cite", "text")]
    names = []
    for i, rid in enumerate(c.items(t.get("deadlines"), f"{where}.deadlines")):
        if c.string(rid, f"{where}.deadlines[{i}]") is None:
            continue
        if rid not in rules:
            c.fail(f"{where}.deadlines[{i}]", f"no deadline '{rid}' here (known: {', '.join(sorted(rules))})")
        elif at is not None and any(r.at is None for r in rules[rid]):
            c.fail(f"{where}.deadlines[{i}]", f"'{rid}' has no 'at' to compare the period's hour with")
        else:
            names.append(rid)
    if not (words["title"] and words["cite"] and words["text"] and effective and due and all(period_words) and names):
        return None
    return Choice(
        name=cid, title=words["title"], cite=words["cite"], text=words["text"].strip(), effective=effective, ends=ends,
        deadlines=tuple(names), due=due, period_cite=period_words[0], period_text=period_words[1].strip(),
        start=start, start_at_opening=start_at == "office_opening", at=at, after=words["after"],
    )


def _decisions(found, choices, general) -> tuple[Decision, ...]:
    """A jurisdiction's recorded choices, one per cycle, each on an authority."""
    if found is None:
        return ()
    value, c = found
    out = []
    for i, item in enumerate(c.items(value, "decisions")):
        where = f"decisions[{i}]"
        t = c.table(item, where, {"choice", "election", "taken", "authority"}, ("choice", "election", "taken", "authority"))
        name = c.string(t.get("choice"), f"{where}.choice")
        if name and name not in choices:
            c.fail(f"{where}.choice", f"no choice '{name}' here (known: {', '.join(sorted(choices)) or 'none'})")
            name = None
        day = c.day(t.get("election"), f"{where}.election")
        cycle = named_cycle(general, day) if day and general else None
        if day and general and cycle is None:
            c.fail(f"{where}.election", f"{day} is not an election of this jurisdiction (give the cycle's date by rule or the day it was held)")
        if name and cycle and not choices[name].allowed(cycle):
            c.fail(f"{where}.election", f"the law gives the choice '{name}' only for elections from {choices[name].effective}"
                   + (f" until {choices[name].ends}" if choices[name].ends else ""))
        taken = c.boolean(t.get("taken"), f"{where}.taken", False) if "taken" in t else None
        authority = c.string(t.get("authority"), f"{where}.authority")
        if name and cycle and taken is not None and authority and choices[name].allowed(cycle):
            out.append(Decision(name, cycle, taken, authority))
    keys = [(d.choice, d.cycle) for d in out]
    for key in {k for k in keys if keys.count(k) > 1}:
        c.fail("decisions", f"two decisions for '{key[0]}' in the cycle of {key[1]}")
    return tuple(out)


def _overrides(found, rules, general, zone: ZoneInfo | None) -> tuple[Override, ...]:
    if found is None:
        return ()
    value, c = found
    out = []
    for i, item in enumerate(c.items(value, "overrides")):
        where = f"overrides[{i}]"
        t = c.table(item, where, {"deadline", "election", "due", "start", "status", "authority", "reason"}, ("deadline", "election", "authority", "reason"))
        did = c.string(t.get("deadline"), f"{where}.deadline")
        if did and did not in rules:
            c.fail(f"{where}.deadline", f"no deadline '{did}' here")
        election = c.day(t.get("election"), f"{where}.election")
        if election and general and named_cycle(general, election) is None:
            c.fail(f"{where}.election", f"{election} is not an election of this jurisdiction (give the cycle's date by rule or the day it was held)")
            election = None
        status = c.string(t.get("status", "overridden"), f"{where}.status", ("overridden", "cancelled"))
        due = _moment(t.get("due"), f"{where}.due", c, zone)
        start = _moment(t.get("start"), f"{where}.start", c, zone)
        if status == "overridden" and due is None and start is None:
            c.fail(where, "an override gives 'due' or 'start' (or status = \"cancelled\")")
        if did and election and status and all(isinstance(t.get(k), str) for k in ("authority", "reason")):
            out.append(Override(did, election, t["authority"], t["reason"], due, start, status))
    return tuple(out)


def _moment(value, where: str, c: _Checker, zone: ZoneInfo | None):
    """A TOML date, a local date-time (in the jurisdiction's zone) or an ISO string."""
    if value is None or zone is None:
        return None
    try:
        return to_moment(value, zone)
    except ValueError as exc:
        c.fail(where, str(exc))
        return None
