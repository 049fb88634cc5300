"""Checks across a jurisdiction's merged files: every anchor a rule counts
from exists (and is of the kind its way of counting needs), no deadlines count
from each other in a cycle, and choices, decisions and overrides name rules,
choices and elections that are there. Each problem is reported against the
file and place at fault."""
from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

from deadlines.core.elections import named_cycle
from deadlines.core.inputs import to_moment
from deadlines.core.loading import shape
from deadlines.core.loading.checker import Checker
from deadlines.core.loading.counts import expr_of
from deadlines.core.loading.rules import reading_of
from deadlines.core.model import Choice, Decision, Override, Period
from deadlines.core.operations import OPERATIONS


def dependency_order(rules, elections, triggers, names, checkers) -> tuple[str, ...]:
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


def choice_of(cid: str, value, rules, c: Checker) -> Choice | None:
    """An option the law gives per cycle, and the period it gives the
    deadlines it names (``[choices.<id>.period]``, or its versions
    ``[[choices.<id>.period]]``, each from its ``effective`` date)."""
    where = f"choices.{cid}"
    t = c.shaped(value, where, shape.CHOICE)
    words = {k: c.string(t.get(k), f"{where}.{k}") for k in ("title", "cite", "text", "after")}
    effective, ends = c.day(t.get("effective"), f"{where}.effective"), c.day(t.get("ends"), f"{where}.ends")
    if effective and ends and ends <= effective:
        c.fail(f"{where}.ends", f"ends ({ends}) on or before it takes effect ({effective})")
    given = t.get("period", {})
    periods = _periods(given, f"{where}.period", effective, ends, c)
    hour = any(isinstance(p, dict) and "at" in p for p in (given if isinstance(given, list) else [given]))
    names = []
    for i, rid in enumerate(c.items(t.get("deadlines"), f"{where}.deadlines")):
        if c.string(rid, f"{where}.deadlines[{i}]") is None:
            continue
        if rid not in rules:
            c.fail(f"{where}.deadlines[{i}]", f"no deadline '{rid}' here (known: {', '.join(sorted(rules))})")
        elif hour and any(r.at is None for r in rules[rid]):
            c.fail(f"{where}.deadlines[{i}]", f"'{rid}' has no 'at' to compare the period's hour with")
        else:
            names.append(rid)
    removes = []
    for i, rid in enumerate(c.items(t.get("removes", []), f"{where}.removes")):
        if c.string(rid, f"{where}.removes[{i}]") is None:
            continue
        if rid in names:
            c.fail(f"{where}.removes[{i}]", f"'{rid}' is both given a period and removed")
        elif rid not in rules:
            c.fail(f"{where}.removes[{i}]", f"no deadline '{rid}' here (known: {', '.join(sorted(rules))})")
        else:
            removes.append(rid)
    not_held = []
    for i, name in enumerate(c.items(t.get("not_held", []), f"{where}.not_held")):
        if c.string(name, f"{where}.not_held[{i}]") is None:
            continue
        if name == "general":
            c.fail(f"{where}.not_held[{i}]", "the general election is the cycle itself: a choice cannot do away with it")
        else:
            not_held.append(name)
    if not (words["title"] and words["cite"] and words["text"] and effective and periods and names):
        return None
    return Choice(
        name=cid, title=words["title"], cite=words["cite"], text=words["text"].strip(), effective=effective, ends=ends,
        deadlines=tuple(names), periods=periods, after=words["after"], removes=tuple(removes), not_held=tuple(not_held),
    )


def _periods(value, where: str, effective: date | None, ends: date | None, c: Checker) -> tuple[Period, ...]:
    """A choice's period, or its versions oldest first: each from its
    ``effective`` date, the first on the choice's own (a single period may
    leave it out); empty where one cannot be built."""
    versioned = isinstance(value, list)
    if versioned and not value:
        c.fail(where, "an empty list: give the period, or its versions each with 'effective'")
        return ()
    built = [p for i, v in enumerate(value if versioned else [value])
             if (p := _period(v, f"{where}[{i}]" if versioned else where, effective, c))]
    if effective is None or len(built) != (len(value) if versioned else 1):
        return ()
    if versioned:
        days = [p.effective for p in built]
        if any(v.get("effective") is None for v in value):
            c.fail(where, "every version of a choice's period needs 'effective' (the date it took effect)")
            return ()
        if len(set(days)) != len(days):
            c.fail(where, "two versions take effect on the same date")
            return ()
        built.sort(key=lambda p: p.effective)
    if built[0].effective != effective:
        c.fail(where, f"the first period takes effect on {built[0].effective}, not on the choice's effective date ({effective})")
        return ()
    late = [p.effective for p in built if ends is not None and p.effective >= ends]
    if late:
        c.fail(where, f"a period takes effect on {late[0]}, when the choice has ended ({ends})")
        return ()
    return tuple(built)


def _period(value, where: str, effective: date | None, c: Checker) -> Period | None:
    p = c.shaped(value, where, shape.PERIOD)
    start = expr_of(p["start"], f"{where}.start", c) if "start" in p else None
    due = expr_of(p["due"], f"{where}.due", c) if "due" in p else None
    start_at = c.string(p.get("start_at"), f"{where}.start_at", ("office_opening",))
    at = c.clock(p.get("at"), f"{where}.at")
    day = c.day(p.get("effective"), f"{where}.effective") or effective
    words = [c.string(p.get(k), f"{where}.{k}") for k in ("cite", "text")]
    readings = [reading_of(r, f"{where}.readings[{i}]", c) for i, r in enumerate(c.items(p.get("readings"), f"{where}.readings"))]
    counted = [(f"{where}.start", start), (f"{where}.due", due),
               *((f"{where}.readings[{i}].due", r.due) for i, r in enumerate(readings) if r is not None)]
    for at_key, expr in counted:
        if expr is not None and expr.of not in ("general", "primary"):
            c.fail(at_key, f"a choice's period counts from an election (general or primary), not '{expr.of}'")
    if not (due and day and all(words)) or None in readings:
        return None
    return Period(effective=day, due=due, cite=words[0], text=words[1].strip(), start=start,
                  start_at_opening=start_at == "office_opening", at=at, readings=tuple(readings))


def decisions_of(found, choices, general) -> tuple[Decision, ...]:
    """A jurisdiction's recorded choices, one per cycle, each on an authority."""
    if found is None:
        return ()
    value, c = found
    out = []
    for i, item in enumerate(c.items(value, "decisions")):
        where = f"decisions[{i}]"
        t = c.shaped(item, where, shape.DECISION)
        name = c.string(t.get("choice"), f"{where}.choice")
        if name and name not in choices:
            c.fail(f"{where}.choice", f"no choice '{name}' here (known: {', '.join(sorted(choices)) or 'none'})")
            name = None
        cycle = _election(t, where, c, general)[1]
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


def overrides_of(found, rules, general, zone: ZoneInfo | None) -> tuple[Override, ...]:
    if found is None:
        return ()
    value, c = found
    out = []
    for i, item in enumerate(c.items(value, "overrides")):
        where = f"overrides[{i}]"
        t = c.shaped(item, where, shape.OVERRIDE)
        did = c.string(t.get("deadline"), f"{where}.deadline")
        if did and did not in rules:
            c.fail(f"{where}.deadline", f"no deadline '{did}' here")
        election, cycle = _election(t, where, c, general)
        if election and general and cycle is None:
            election = None
        status = c.string(t.get("status", "overridden"), f"{where}.status", ("overridden", "cancelled"))
        due = _moment(t.get("due"), f"{where}.due", c, zone)
        start = _moment(t.get("start"), f"{where}.start", c, zone)
        if status == "overridden" and due is None and start is None:
            c.fail(where, "an override gives 'due' or 'start' (or status = \"cancelled\")")
        if did and election and status and all(isinstance(t.get(k), str) for k in ("authority", "reason")):
            out.append(Override(did, election, t["authority"], t["reason"], due, start, status))
    return tuple(out)


def _election(t: dict, where: str, c: Checker, general) -> tuple[date | None, date | None]:
    """The ``election`` a decision or an override names: the day given and the
    cycle it names (None, with a problem said, where it is no election of the
    jurisdiction)."""
    day = c.day(t.get("election"), f"{where}.election")
    cycle = named_cycle(general, day) if day and general else None
    if day and general and cycle is None:
        c.fail(f"{where}.election", f"{day} is not an election of this jurisdiction (give the cycle's date by rule or the day it was held)")
    return day, cycle


def _moment(value, where: str, c: Checker, zone: ZoneInfo | None):
    """A TOML date, a local date-time (in the jurisdiction's zone) or an ISO string."""
    if value is None or zone is None:
        return None
    try:
        return to_moment(value, zone)
    except ValueError as exc:
        c.fail(where, str(exc))
        return None
