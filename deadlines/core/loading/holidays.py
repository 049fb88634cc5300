"""Building a jurisdiction's holiday law from its merged ``[holidays]``: the
legal holidays as rules (with their versions and observed-day shifts), the
office's own closures, the hand-kept lists and the other readings of the law."""
from __future__ import annotations

from typing import Any

from deadlines.core.counting import WEEKDAYS, weekday_number
from deadlines.core.holiday_law import OBSERVED, WEEKLY
from deadlines.core.loading import shape
from deadlines.core.loading.checker import Checker
from deadlines.core.loading.counts import month_day_of, month_of, url_of
from deadlines.core.holiday_law import HandList, Holiday, HolidayLaw, HolidayReading, HolidayRule
from deadlines.core.model import YEARS


def holiday_law_of(found: dict[str, tuple[Any, Checker]], main: Checker) -> HolidayLaw | None:
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
    url = url_of(*found["url"], "holidays.url") if "url" in found else None
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


def _covers(value, c: Checker, where: str, ends: bool = True) -> tuple[int | None, int | None]:
    """``covers = { from = 2024, to = 2027 }``: the years a list (or, with only
    ``from``, the years a law's rules) are written for."""
    t = c.shaped(value, where, shape.COVERS if ends else shape.COVERS_FROM)
    first = c.integer(t.get("from"), f"{where}.from", shape.FIRST_YEAR, shape.LAST_YEAR)
    last = c.integer(t.get("to"), f"{where}.to", shape.FIRST_YEAR, shape.LAST_YEAR) if ends else None
    if first and last and last < first:
        c.fail(where, f"ends ({last}) before it begins ({first})")
        return None, None
    return first, last


def _holiday_readings(value, c: Checker) -> tuple[HolidayReading, ...]:
    out = []
    for rid, item in c.entries(value, "holidays.readings").items():
        where = f"holidays.readings.{rid}"
        t = c.shaped(item, where, shape.HOLIDAY_READING)
        texts = [c.string(t.get(k), f"{where}.{k}") for k in ("name", "cite", "why")]
        drop = tuple(d for i, d in enumerate(c.items(t.get("drop"), f"{where}.drop")) if c.string(d, f"{where}.drop[{i}]"))
        if all(texts):
            out.append(HolidayReading(rid, *texts, drop=drop))
    return tuple(out)


def _holiday_rules(value, c: Checker, key: str, readings: set[str]) -> tuple[HolidayRule, ...]:
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


HOW_KEYS = ("date", "nth", "last", "easter", "every")  # the ways of finding a holiday's day


def _holiday_rule(rid: str, value, where: str, c: Checker, key: str, readings: set[str]) -> HolidayRule | None:
    table = shape.LEGAL_HOLIDAY if key == "legal" else shape.CLOSURE
    t = c.shaped(value, where, table)
    hows = [k for k in HOW_KEYS if k in t]
    if len(hows) != 1:
        c.fail(where, f"expected exactly one way of finding the day ({', '.join(HOW_KEYS)}); got {', '.join(hows) or 'none'}")
        return None
    how = hows[0]
    found = _holiday_day(how, t[how], f"{where}.{how}", c)
    offset = c.integer(t.get("plus_days"), f"{where}.plus_days", -shape.MOST_OFFSET, shape.MOST_OFFSET) or 0
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
    url, read = url_of(t.get("url"), c, f"{where}.url"), c.day(t.get("read"), f"{where}.read")
    if found is None or not all(texts[k] for k in table.required):
        return None
    return HolidayRule(
        id=rid, name=texts["name"], how=how, cite=texts["cite"], text=(texts["text"] or "").strip(),
        offset=found.get("offset", 0) + offset, years=years, observed=observed, start=start, until=until,
        url=url, read=read, reading=reading,
        **{k: v for k, v in found.items() if k != "offset"},
    )


def _holiday_day(how: str, value, where: str, c: Checker) -> dict | None:
    """How the day is found: the fields of :class:`HolidayRule` it sets."""
    if how == "date":
        md = month_day_of(value, where, c)
        return None if md is None else {"month": md[0], "day": md[1]}
    if how == "easter":
        offset = c.integer(value, where, -shape.MOST_OFFSET, shape.MOST_OFFSET)
        return None if offset is None else {"offset": offset}
    if how == "every":
        weekday = c.string(value, where, WEEKLY)
        return None if weekday is None else {"weekday": weekday_number(weekday)}
    table = shape.NTH if how == "nth" else shape.LAST
    keys = table.allowed
    t = c.shaped(value, where, table)
    weekday = c.string(t.get("weekday"), f"{where}.weekday", WEEKDAYS)
    month = month_of(t.get("month"), f"{where}.month", c)
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
    t = c.shaped(value, where, shape.HAND_LIST)
    first, last = _covers(t.get("covers"), c, f"{where}.covers") if "covers" in t else (None, None)
    cite = c.string(t.get("cite"), f"{where}.cite")
    days = []
    for i, item in enumerate(c.items(t.get("days"), f"{where}.days")):
        dw = f"{where}.days[{i}]"
        it = c.shaped(item, dw, shape.HAND_DAY)
        day = c.day(it.get("date"), f"{dw}.date")
        name, day_cite = c.string(it.get("name"), f"{dw}.name"), c.string(it.get("cite"), f"{dw}.cite")
        if day and first and last and not first <= day.year <= last:
            c.fail(f"{dw}.date", f"{day} is outside the years the list covers ({first}-{last})")
        elif day and name and day_cite:
            days.append(Holiday(day, name, day_cite))
    if not (first and last and cite):
        return None
    return HandList(key, first, last, cite, tuple(days), c.path)
