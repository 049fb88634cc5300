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

import tomllib
from dataclasses import dataclass
from datetime import date, time
from functools import lru_cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from deadlines.core.business_days import ROLLS
from deadlines.core.counting import weekday_number, WEEKDAYS
from deadlines.core.operations import OPERATIONS
from deadlines.core.errors import CalendarError, Problem
from deadlines.core.inputs import to_moment
from deadlines.core.model import (
    AUDIENCES,
    KINDS,
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
ELECTION_RULES = ("tuesday_after_first_monday", "first_tuesday")
YEARS = ("odd", "even", "every")

TOP_KEYS = {
    "id", "name", "timezone", "source", "extends", "holidays", "office_hours", "time_law",
    "elections", "triggers", "deadlines", "overrides", "cite", "text",
}
RULE_KEYS = {
    "title", "kind", "audience", "start", "start_at", "due", "at", "roll", "office_act",
    "readings", "thresholds", "effective", "cite", "text", "note",
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


@dataclass(frozen=True)
class _Part:
    """A parsed file, shared or jurisdiction."""

    path: str
    doc: dict


def _parse(path: Path) -> tuple[dict | None, list[Problem]]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f), []
    except FileNotFoundError:
        return None, [Problem(str(path), "", "file not found")]
    except tomllib.TOMLDecodeError as exc:
        return None, [Problem(str(path), "", f"not valid TOML: {exc}")]


@lru_cache(maxsize=256)
def _shared(path: Path, mtime_ns: int) -> tuple[_Part | None, tuple[Problem, ...]]:
    doc, problems = _parse(path)
    return (_Part(str(path), doc) if doc is not None else None), tuple(problems)


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
    parts = [_Part(str(path), doc)]
    own = _Checker(str(path))
    for i, name in enumerate(own.items(doc.get("extends"), "extends")):
        if own.string(name, f"extends[{i}]") is None:
            continue
        shared_path = path.parent / SHARED_DIR / f"{name}.toml"
        if not shared_path.exists():
            available = sorted(p.stem for p in (path.parent / SHARED_DIR).glob("*.toml"))
            own.fail(f"extends[{i}]", f"no shared rule set '{name}' (looked for {shared_path}; available: {', '.join(available) or 'none'})")
            continue
        part, shared_problems = _shared(shared_path, shared_path.stat().st_mtime_ns)
        problems.extend(shared_problems)
        if part is not None:
            parts.append(part)
    problems.extend(own.problems)
    jurisdiction, build_problems = _build(path, parts)
    problems.extend(build_problems)
    return (None if problems else jurisdiction), problems


# --------------------------------------------------------------------------- building the model


def _build(path: Path, parts: list[_Part]) -> tuple[Jurisdiction | None, list[Problem]]:
    """The jurisdiction from its file (``parts[0]``) and its shared sets."""
    main = parts[0]
    checkers = {p.path: _Checker(p.path) for p in parts}
    c = checkers[main.path]
    doc = c.table(main.doc, "", TOP_KEYS, ("id", "name", "timezone"))
    for part in parts[1:]:
        checkers[part.path].table(part.doc, "", TOP_KEYS - {"id", "timezone", "extends"})
    jid, name, tz = _identity(doc, path, c)
    first = _FirstDefinition(parts, checkers)
    ids = _Ids(parts, checkers)
    holidays = _holidays(first("holidays"), c)
    time_law = _time_law(first("time_law"), c)
    office_hours = _office_hours(first("office_hours"))
    elections = _elections(ids.merged("elections"), c)
    triggers = {tid: trig for tid, value, chk in ids.merged("triggers") if (trig := _trigger(tid, value, chk))}
    rules = _rules(ids.merged("deadlines"))
    order = _graph(rules, elections, triggers, ids.defined_in, checkers)
    overrides = _overrides(first("overrides"), rules, ZoneInfo(tz) if tz else None)
    problems = [p for chk in checkers.values() for p in chk.problems]
    if problems:
        return None, problems
    return (
        Jurisdiction(
            id=jid, name=name, timezone=tz, source=str(doc.get("source", "")), holidays=holidays,
            time_law=time_law, elections=elections, triggers=triggers, rules=rules, order=order,
            office_hours=office_hours, overrides=overrides, extends=tuple(doc.get("extends", ())),
        ),
        [],
    )


def _identity(doc: dict, path: Path, c: _Checker) -> tuple[str | None, str | None, str | None]:
    """``id`` (matching the file name), ``name`` and an IANA ``timezone``."""
    jid = c.string(doc.get("id"), "id")
    if jid is not None and jid != path.stem:
        c.fail("id", f"file name '{path.name}' does not match id '{jid}'; name the file '{jid}.toml'")
    name = c.string(doc.get("name"), "name")
    tz = c.string(doc.get("timezone"), "timezone")
    if tz is not None:
        try:
            ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError):
            c.fail("timezone", f"unknown time zone '{tz}'; expected an IANA name such as America/Denver")
            tz = None
    return jid, name, tz


class _FirstDefinition:
    """Settings one file gives for all: the jurisdiction file's wins over its
    shared sets', in the order they are extended."""

    def __init__(self, parts: list[_Part], checkers: dict[str, _Checker]):
        self.parts, self.checkers = parts, checkers

    def __call__(self, key: str) -> tuple[Any, _Checker] | None:
        for part in self.parts:
            if key in part.doc:
                return part.doc[key], self.checkers[part.path]
        return None


class _Ids:
    """Elections, triggers and deadlines merged across all files: one
    namespace, an id defined twice is a problem in the second file."""

    def __init__(self, parts: list[_Part], checkers: dict[str, _Checker]):
        self.parts, self.checkers = parts, checkers
        self.defined_in: dict[str, str] = {}  # every id -> the file defining it

    def merged(self, key: str) -> list[tuple[str, Any, _Checker]]:
        out = []
        for part in self.parts:
            chk = self.checkers[part.path]
            table = part.doc.get(key, {})
            if not isinstance(table, dict):
                chk.fail(key, f"expected a table, got {_typename(table)}")
                continue
            for item_id, value in table.items():
                if item_id in self.defined_in:
                    chk.fail(f"{key}.{item_id}", f"duplicate id '{item_id}': also defined in {self.defined_in[item_id]}")
                    continue
                self.defined_in[item_id] = part.path
                out.append((item_id, value, chk))
        return out


def _elections(merged: list[tuple[str, Any, _Checker]], main: _Checker) -> dict[str, ElectionRule]:
    elections = {eid: rule for eid, value, chk in merged if (rule := _election(eid, value, chk))}
    if not any(eid == "general" for eid, _, _ in merged):
        main.fail("elections", "missing 'elections.general': every jurisdiction needs its general election rule")
    return elections


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


def _holidays(found, main: _Checker) -> HolidayRules | None:
    if found is None:
        main.fail("holidays", "missing [holidays]: give country and subdivision (the state) for the holidays package")
        return None
    value, c = found
    t = c.table(value, "holidays", {"country", "subdivision", "cite", "add", "remove", "closures"}, ("country", "cite"))
    country = c.string(t.get("country"), "holidays.country")
    subdiv = c.string(t.get("subdivision"), "holidays.subdivision")
    if country:
        import holidays as holidays_pkg

        try:
            holidays_pkg.country_holidays(country, subdiv=subdiv, years=2000)
        except NotImplementedError as exc:
            c.fail("holidays", f"unknown country or state: {exc}")

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


def _time_law(found, main: _Checker) -> TimeLaw | None:
    if found is None:
        main.fail("time_law", "missing [time_law]: the computation-of-time law (roll, cite, text)")
        return None
    value, c = found
    t = c.table(value, "time_law", {"roll", "cite", "text", "warning"}, ("roll", "cite", "text"))
    roll = c.string(t.get("roll"), "time_law.roll", ROLLS)
    return TimeLaw(roll=roll or "none", cite=str(t.get("cite", "")), text=str(t.get("text", "")), warning=t.get("warning"))


def _office_hours(found) -> OfficeHours | None:
    if found is None:
        return None
    value, c = found
    t = c.table(value, "office_hours", {"open", "close", "cite"}, ("open", "close", "cite"))
    opens, closes = c.clock(t.get("open"), "office_hours.open"), c.clock(t.get("close"), "office_hours.close")
    if opens and closes and opens >= closes:
        c.fail("office_hours", f"closes ({closes:%H:%M}) before it opens ({opens:%H:%M})")
        return None
    if not (opens and closes):
        return None
    return OfficeHours(opens, closes, str(t.get("cite", "")))


def _election(eid: str, value, c: _Checker) -> ElectionRule | None:
    where = f"elections.{eid}"
    t = c.table(value, where, {"title", "rule", "month", "years", "cite", "text", "moved"}, ("title", "rule", "month", "years", "cite"))
    how = c.string(t.get("rule"), f"{where}.rule", ELECTION_RULES)
    moves = []
    for i, m in enumerate(c.items(t.get("moved"), f"{where}.moved")):
        mw = f"{where}.moved[{i}]"
        mt = c.table(m, mw, {"from", "to", "authority"}, ("from", "to", "authority"))
        frm, to = c.day(mt.get("from"), f"{mw}.from"), c.day(mt.get("to"), f"{mw}.to")
        authority = c.string(mt.get("authority"), f"{mw}.authority")
        if frm and to and authority:
            moves.append(ElectionMove(frm, to, authority))
    month = c.integer(t.get("month"), f"{where}.month", 1)
    if month is not None and month > 12:
        c.fail(f"{where}.month", f"expected a month 1-12, got {month}")
        month = None
    years = c.string(t.get("years"), f"{where}.years", YEARS)
    title = c.string(t.get("title"), f"{where}.title")
    if not (how and month and years and title):
        return None
    return ElectionRule(eid, title, how, month, years, str(t.get("cite", "")), str(t.get("text", "")).strip(), tuple(moves))


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
    t = c.table(value, where, set(OPERATIONS) | {"of", "weekday", "year_of"})
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
    if "year_of" in t:
        c.fail(f"{where}.year_of", "only a fixed 'date' takes 'year_of'")
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
    readings = []
    for i, r in enumerate(c.items(t.get("readings"), f"{where}.readings")):
        rw = f"{where}.readings[{i}]"
        rt = c.table(r, rw, {"roll", "name", "cite", "why"}, ("roll", "name", "cite", "why"))
        rroll = c.string(rt.get("roll"), f"{rw}.roll", ROLLS)
        if rroll and all(isinstance(rt.get(k), str) for k in ("name", "cite", "why")):
            readings.append(Reading(rroll, rt["name"], rt["cite"], rt["why"]))
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
    effective = c.day(t.get("effective"), f"{where}.effective")
    office_act = c.boolean(t.get("office_act"), f"{where}.office_act", True)
    if not office_act and roll not in (None, "none"):
        c.fail(f"{where}.roll", "a rule that is not an act at the office (office_act = false) does not roll")
    for key in ("title", "cite", "text"):
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
    )


def _ends_before_start(start: Expr, due: Expr) -> bool:
    """True when both ends count from the same anchor and the due is earlier."""
    if start.of != due.of:
        return False
    if start.op == due.op == "date":
        return due.month_day < start.month_day
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
            for part, expr in (("start", rule.start), ("due", rule.due)):
                if expr is None:
                    continue
                where = f"deadlines.{rid}.{part}"
                if expr.of not in known:
                    chk.fail(where, f"anchor '{expr.of}' is not an election, trigger or deadline here (known: {', '.join(sorted(known))})")
                    continue
                if OPERATIONS[expr.op].operand == "month_day" and expr.of not in elections:
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
