"""Building the model's rules from one file's tables: deadlines (with their
versions, readings and thresholds), elections, triggers, the time law and
the office hours. Each builder checks its table against its declared shape
and returns None (its problems collected) when the table cannot be built."""
from __future__ import annotations

from typing import Any

from deadlines.core.business_days import ROLLS
from deadlines.core.elections import ELECTION_DAYS
from deadlines.core.loading import shape
from deadlines.core.loading.checker import Checker
from deadlines.core.loading.counts import ends_before_start, expr_of, month_of, url_of, zone_of
from deadlines.core.model import (
    AUDIENCES, KINDS, YEARS, ElectionDay, ElectionMove, ElectionRule, OfficeHours, Reading, Rule, Threshold, TimeLaw, Trigger, years_overlap,
)


def rules_of(merged: list[tuple[str, Any, Checker]]) -> dict[str, tuple[Rule, ...]]:
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


def _rule(rid: str, value, where: str, c: Checker) -> Rule | None:
    t = c.shaped(value, where, shape.RULE)
    kind = c.string(t.get("kind"), f"{where}.kind", KINDS)
    audience = []
    for i, a in enumerate(c.items(t.get("audience"), f"{where}.audience")):
        a = c.string(a, f"{where}.audience[{i}]", AUDIENCES)
        if a:
            audience.append(a)
    due = expr_of(t.get("due"), f"{where}.due", c) if "due" in t else None
    start = expr_of(t["start"], f"{where}.start", c) if "start" in t else None
    if kind in ("window", "notice-window") and "start" not in t:
        c.fail(where, f"a {kind} needs 'start'")
    if kind in ("deadline", "retention") and "start" in t:
        c.fail(f"{where}.start", f"a {kind} has no start; use kind = \"window\"")
    start_at = c.string(t.get("start_at"), f"{where}.start_at", ("office_opening",))
    roll = c.string(t.get("roll"), f"{where}.roll", tuple(ROLLS))
    readings = [read for i, item in enumerate(c.items(t.get("readings"), f"{where}.readings"))
                if (read := reading_of(item, f"{where}.readings[{i}]", c))]
    thresholds = []
    for i, th in enumerate(c.items(t.get("thresholds"), f"{where}.thresholds")):
        tw = f"{where}.thresholds[{i}]"
        tt = c.shaped(th, tw, shape.THRESHOLD)
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
    kept_open = c.boolean(t.get("kept_open"), f"{where}.kept_open", False)
    from_practice = c.boolean(t.get("from_practice"), f"{where}.from_practice", False)
    if kept_open and "at" not in t:
        c.fail(f"{where}.kept_open", "the law keeps the office open until the rule's own hour: it needs 'at'")
    if not office_act and roll not in (None, "none"):
        c.fail(f"{where}.roll", "a rule that is not an act at the office (office_act = false) does not roll")
    for key in ("title", "cite", "text", "warning"):
        c.string(t.get(key), f"{where}.{key}")
    note, warning = c.string(t.get("note"), f"{where}.note"), c.string(t.get("warning"), f"{where}.warning")
    url, read = url_of(t.get("url"), c, f"{where}.url"), c.day(t.get("read"), f"{where}.read")
    if start and due and ends_before_start(start, due):
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
        kept_open=kept_open,
        from_practice=from_practice,
        readings=tuple(readings),
        thresholds=tuple(thresholds),
        effective=effective,
        note=note,
        warning=warning,
        url=url,
        read=read,
    )


READING_WAYS = ("roll", "at", "at_zone", "due")


def reading_of(value, where: str, c: Checker) -> Reading | None:
    """Another reading of a rule's last day: another roll, hour, zone of the
    hour, or way of counting (at least one), with its name, cite and why;
    ``election_months``, where given, the months of the general election in
    which it holds (none: every cycle)."""
    t = c.shaped(value, where, shape.READING)
    if t and not any(k in t for k in READING_WAYS):
        c.fail(where, f"a reading changes at least one of: {', '.join(READING_WAYS)}")
    roll = c.string(t.get("roll"), f"{where}.roll", tuple(ROLLS))
    at = c.clock(t.get("at"), f"{where}.at")
    zone = zone_of(t.get("at_zone"), f"{where}.at_zone", c)
    due = expr_of(t["due"], f"{where}.due", c) if "due" in t else None
    words = [c.string(t.get(k), f"{where}.{k}") for k in ("name", "cite", "why")]
    failed = any(t.get(k) is not None and v is None for k, v in (("roll", roll), ("at", at), ("at_zone", zone), ("due", due)))
    if failed or not all(words) or not any(k in t for k in READING_WAYS):
        return None
    months = [c.integer(m, f"{where}.election_months[{i}]", 1, 12)
              for i, m in enumerate(c.items(t.get("election_months"), f"{where}.election_months"))]
    if None in months:
        return None
    return Reading(*words, roll=roll, at=at, zone=zone, due=due, election_months=tuple(sorted(set(months))))


def election_of(eid: str, value, c: Checker) -> ElectionRule | None:
    """An election rule: ``rule``, ``month`` and ``years`` in the table, or
    ``ways``, a list of them, one per kind of year (each with its ``cite``)."""
    where = f"elections.{eid}"
    day_keys = {"rule", "month", "years"}
    t = c.shaped(value, where, shape.ELECTION)
    moves = []
    for i, m in enumerate(c.items(t.get("moved"), f"{where}.moved")):
        mw = f"{where}.moved[{i}]"
        mt = c.shaped(m, mw, shape.MOVE)
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


def _election_day(value, where: str, c: Checker, cite: str | None) -> ElectionDay | None:
    """``{ rule, month, years, cite }``: one way an election's day is fixed."""
    t = value if cite is not None else c.shaped(value, where, shape.WAY)
    how = c.string(t.get("rule"), f"{where}.rule", tuple(ELECTION_DAYS))
    month = month_of(t.get("month"), f"{where}.month", c)
    years = c.string(t.get("years"), f"{where}.years", YEARS)
    cite = cite if cite is not None else c.string(t.get("cite"), f"{where}.cite")
    if not (how and month and years and cite):
        return None
    return ElectionDay(how, month, years, cite)


def trigger_of(tid: str, value, c: Checker) -> Trigger | None:
    where = f"triggers.{tid}"
    t = c.shaped(value, where, shape.TRIGGER)
    kind = c.string(t.get("type"), f"{where}.type", ("date", "instant"))
    title = c.string(t.get("title"), f"{where}.title")
    if not (kind and title):
        return None
    return Trigger(tid, title, kind, str(t.get("cite", "")))


def time_law_of(value, c: Checker) -> TimeLaw:
    t = c.shaped(value, "time_law", shape.TIME_LAW)
    roll = c.string(t.get("roll"), "time_law.roll", tuple(ROLLS))
    return TimeLaw(roll=roll or "none", cite=str(t.get("cite", "")), text=str(t.get("text", "")), warning=t.get("warning"))


def office_hours_of(value, c: Checker) -> OfficeHours | None:
    t = c.shaped(value, "office_hours", shape.OFFICE_HOURS)
    opens, closes = c.clock(t.get("open"), "office_hours.open"), c.clock(t.get("close"), "office_hours.close")
    if opens and closes and opens >= closes:
        c.fail("office_hours", f"closes ({closes:%H:%M}) before it opens ({opens:%H:%M})")
        return None
    if not (opens and closes):
        return None
    return OfficeHours(opens, closes, str(t.get("cite", "")), c.string(t.get("confirm"), "office_hours.confirm"))
