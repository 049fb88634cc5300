"""Reading and validating calendar files (``calendars/<id>.toml``).

Every problem in a file is collected and reported at once, each naming the file,
the place in it (``deadlines.withdrawal.due``) and what was expected. The
service loads rules only through :func:`load_jurisdiction`, so what
``deadlines check`` accepts is exactly what the engine runs.

A jurisdiction file may ``extends = ["<shared set>"]``: shared rule sets live in
``calendars/shared/<name>.toml`` (one state statute used by many local
governments). Elections, triggers and deadlines of all files are merged (an id
defined twice is an error); ``holidays``, ``office_hours`` and ``time_law`` of
the jurisdiction file win over those of a shared set.
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

from deadlines.core.business_days import ROLLS
from deadlines.core.counting import weekday_number, WEEKDAYS
from deadlines.core.elections import named_cycle
from deadlines.core.operations import OPERATIONS
from deadlines.core.errors import CalendarError, Problem
from deadlines.core.inputs import to_moment
from deadlines.core.model import (
    AUDIENCES,
    KINDS,
    Choice,
    Decision,
    ElectionDay,
    ElectionMove,
    ElectionRule,
    Expr,
    Holiday,
    HolidayRules,
    Jurisdiction,
    OfficeHours,
    Override,
    Reading,
    Rule,
    Threshold,
    TimeLaw,
    Trigger,
)

SHARED_DIR = "shared"
RESERVED_IDS = ("combined",)  # /calendars/<id>.ics would be another feed
ELECTION_RULES = ("tuesday_after_first_monday", "first_tuesday")
YEARS = ("odd", "even", "every")

TOP_KEYS = {
    "id", "name", "timezone", "source", "extends", "holidays", "office_hours", "time_law",
    "elections", "triggers", "deadlines", "overrides", "cite", "text", "choices", "decisions",
}
RULE_KEYS = {
    "title", "kind", "audience", "start", "start_at", "due", "at", "roll", "office_act",
    "readings", "thresholds", "effective", "cite", "text", "note", "warning",
}


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

    def integer(self, value: Any, where: str, low: int = 0) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(where, f"expected an integer, got {_typename(value)}")
            return None
        if value < low:
            self.fail(where, f"expected an integer of at least {low}, got {value}")
            return None
        return value

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
    holidays: HolidayRules | None
    time_law: TimeLaw | None
    office_hours: OfficeHours | None
    problems: tuple[Problem, ...]


NAMESPACES = ("elections", "triggers", "deadlines", "choices")  # one namespace of ids, in this order


def _parse(path: Path) -> tuple[dict | None, list[Problem]]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f), []
    except FileNotFoundError:
        return None, [Problem(str(path), "", "file not found")]
    except tomllib.TOMLDecodeError as exc:
        return None, [Problem(str(path), "", f"not valid TOML: {exc}")]


def _validate_part(path: str, doc: dict, allowed: set[str], required: tuple[str, ...] = ()) -> _Part:
    """Everything in one file that can be checked without the files it is
    combined with."""
    c = _Checker(path)
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
        holidays=_holidays(doc["holidays"], c) if "holidays" in doc else None,
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
    part = _validate_part(str(path), doc, TOP_KEYS - {"id", "timezone", "extends"})
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


def check_jurisdiction(path: str | Path) -> tuple[Jurisdiction | None, list[Problem]]:
    """Validate one jurisdiction file with its shared sets; return the model
    (None when anything is wrong) and every problem found."""
    path = Path(path)
    doc, problems = _parse(path)
    if doc is None:
        return None, problems
    main = _validate_part(str(path), doc, TOP_KEYS, ("id", "name", "timezone"))
    problems.extend(main.problems)
    shared = []
    own = _Checker(str(path))
    for i, name in enumerate(own.items(main.doc.get("extends"), "extends")):
        if own.string(name, f"extends[{i}]") is None:
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
             for key in ("holidays", "time_law", "office_hours", "overrides", "decisions")}
    if first["holidays"] is None:
        c.fail("holidays", "missing [holidays]: give country and subdivision (the state) for the holidays package")
    if first["time_law"] is None:
        c.fail("time_law", "missing [time_law]: the computation-of-time law (roll, cite, text)")
    order = _graph(rules, elections, triggers, defined_in, checkers)

    def found(key: str):
        part = first[key]
        return (part.doc[key], checkers[part.path]) if part else None

    overrides = _overrides(found("overrides"), rules, ZoneInfo(tz) if tz else None)
    choices = {cid: ch for cid, value in merged["choices"].items()
               if (ch := _choice(cid, value, rules, checkers[defined_in[cid]]))}
    decisions = _decisions(found("decisions"), choices, elections.get("general"))
    jurisdiction = Jurisdiction(
        id=jid, name=name, timezone=tz, source=str(main.doc.get("source", "")),
        holidays=first["holidays"] and first["holidays"].holidays,
        time_law=first["time_law"] and first["time_law"].time_law,
        elections=elections, triggers=triggers, rules=rules, order=order,
        office_hours=first["office_hours"] and first["office_hours"].office_hours,
        overrides=overrides, extends=tuple(main.doc.get("extends", ())),
        choices=choices, decisions=decisions,
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


def _merge(parts: list[_Part], checkers: dict[str, _Checker]) -> tuple[dict[str, dict], dict[str, str]]:
    """Elections, triggers, deadlines and choices of all files in one namespace: an id
    defined twice is a problem in the later file (the jurisdiction's comes
    first, then its shared sets in the order extended)."""
    defined_in: dict[str, str] = {}  # every id -> the file defining it
    merged: dict[str, dict] = {key: {} for key in NAMESPACES}
    for key in NAMESPACES:
        for part in parts:
            for item_id in part.ids[key]:
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


def _holidays(value, c: _Checker) -> HolidayRules:
    t = c.table(value, "holidays", {"country", "subdivision", "cite", "add", "remove", "closures"}, ("country", "cite"))
    country = c.string(t.get("country"), "holidays.country")
    subdiv = c.string(t.get("subdivision"), "holidays.subdivision")
    if country and (unknown := _unknown_holidays(country, subdiv)):
        c.fail("holidays", f"unknown country or state: {unknown}")

    def dated(key: str) -> tuple[Holiday, ...]:
        out = []
        for i, item in enumerate(c.items(t.get(key), f"holidays.{key}")):
            where = f"holidays.{key}[{i}]"
            it = c.table(item, where, {"date", "name", "cite"}, ("date", "cite"))
            day = c.day(it.get("date"), f"{where}.date")
            cite = c.string(it.get("cite"), f"{where}.cite")
            if day and cite:
                out.append(Holiday(day, str(it.get("name") or "closed"), cite))
        return tuple(out)

    return HolidayRules(
        country=country or "",
        subdivision=subdiv,
        cite=str(t.get("cite", "")),
        add=dated("add"),
        remove=dated("remove"),
        closures=dated("closures"),
    )


@lru_cache(maxsize=None)
def _unknown_holidays(country: str, subdivision: str | None) -> str | None:
    """Why the holidays package has no calendar for the state (None: it has one)."""
    import holidays as holidays_pkg

    try:
        holidays_pkg.country_holidays(country, subdiv=subdivision, years=2000)
    except NotImplementedError as exc:
        return str(exc)
    return None


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
            if a and b and ("every" in (a.years, b.years) or a.years == b.years):
                c.fail(f"{where}.ways", f"two ways apply in the same years ({a.years} and {b.years}); give one per kind of year")
    title = c.string(t.get("title"), f"{where}.title")
    if not (title and cite and ways and all(ways)):
        return None
    return ElectionRule(eid, title, tuple(ways), cite, str(t.get("text", "")).strip(), tuple(moves))


def _election_day(value, where: str, c: _Checker, cite: str | None) -> ElectionDay | None:
    """``{ rule, month, years, cite }``: one way an election's day is fixed."""
    t = value if cite is not None else c.table(value, where, {"rule", "month", "years", "cite"}, ("rule", "month", "years", "cite"))
    how = c.string(t.get("rule"), f"{where}.rule", ELECTION_RULES)
    month = c.integer(t.get("month"), f"{where}.month", 1)
    if month is not None and month > 12:
        c.fail(f"{where}.month", f"expected a month 1-12, got {month}")
        month = None
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
    n = c.integer(t[op.key], f"{where}.{op.key}", 1)
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
    md = t["date"]
    try:
        month, dom = (int(x) for x in str(md).split("-"))
        date(2000, month, dom)  # a leap year admits 02-29
    except ValueError:
        c.fail(f"{where}.date", f"expected a month and day MM-DD, got {md!r}")
        return None
    of = c.string(t.get("year_of"), f"{where}.year_of")
    if "of" in t:
        c.fail(f"{where}.of", "a fixed date takes 'year_of' (the election whose year it is in), not 'of'")
    return Expr("date", of, month_day=(month, dom)) if of else None


def _weekday_in_month_expr(t: dict, where: str, c: _Checker) -> Expr | None:
    """``{ nth_weekday_in = 2, weekday = "tuesday", month = 8, year_of = "general" }``:
    the second Tuesday of August in an election's year."""
    n = c.integer(t["nth_weekday_in"], f"{where}.nth_weekday_in", 1)
    if n is not None and n > 4:
        c.fail(f"{where}.nth_weekday_in", f"expected 1-4 (not every month has a fifth), got {n}")
        n = None
    month = c.integer(t.get("month"), f"{where}.month", 1)
    if month is not None and month > 12:
        c.fail(f"{where}.month", f"expected a month 1-12, got {month}")
        month = None
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
        if all(isinstance(tt.get(k), str) for k in ("office", "who", "cite")):
            thresholds.append(Threshold(tt["office"], tt["who"], tt["cite"], lo, hi, pct, tt.get("note")))
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
        note=t.get("note"),
        warning=t.get("warning"),
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


def _overrides(found, rules, zone: ZoneInfo | None) -> tuple[Override, ...]:
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
