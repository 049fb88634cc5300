"""Reading the values a rule is built from: a way of counting (a key of the
operations table with what it counts from), months, days of the year, time
zones and web addresses, each checked and converted, a problem collected
for each that is wrong."""
from __future__ import annotations

import re
from datetime import date, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from deadlines.core.counting import WEEKDAYS, weekday_number
from deadlines.core.loading import shape
from deadlines.core.loading.checker import Checker
from deadlines.core.model import Expr
from deadlines.core.operations import OPERATIONS


def expr_of(value, where: str, c: Checker) -> Expr | None:
    """One way of counting (a key of :data:`~deadlines.core.operations.OPERATIONS`)
    with what it counts from."""
    t = c.shaped(value, where, shape.COUNT)
    if not t:
        return None
    keys = [k for k in t if k in OPERATIONS]
    if len(keys) != 1:
        ways = ", ".join(k for k in OPERATIONS if k != "date")
        c.fail(where, f"expected exactly one way of counting ({ways}, or date with year_of); got {', '.join(keys) or 'none'}")
        return None
    op = OPERATIONS[keys[0]]
    if op.reach is None:
        c.fail(f"{where}.{op.key}", f"{op.key} has no reach in the operations table (how many days it can count); "
               "it cannot be used until it has one")
        return None
    if op.operand == "month_day":
        return _fixed_date_expr(t, where, c)
    if op.operand == "month_weekday":
        return _weekday_in_month_expr(t, where, c)
    if "year_of" in t:
        c.fail(f"{where}.year_of", "only a fixed 'date' or 'nth_weekday_in' takes 'year_of'")
    if "month" in t:
        c.fail(f"{where}.month", "only 'nth_weekday_in' takes 'month'")
    n = c.integer(t[op.key], f"{where}.{op.key}", op.least, op.most)
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


def _fixed_date_expr(t: dict, where: str, c: Checker) -> Expr | None:
    """``{ date = "06-07", year_of = "general" }``: a month and day in an election's year."""
    md = month_day_of(t["date"], f"{where}.date", c)
    if md is None:
        return None
    of = c.string(t.get("year_of"), f"{where}.year_of")
    if "of" in t:
        c.fail(f"{where}.of", "a fixed date takes 'year_of' (the election whose year it is in), not 'of'")
    return Expr("date", of, month_day=md) if of else None


def _weekday_in_month_expr(t: dict, where: str, c: Checker) -> Expr | None:
    """``{ nth_weekday_in = 2, weekday = "tuesday", month = 8, year_of = "general" }``:
    the second Tuesday of August in an election's year."""
    n = c.integer(t["nth_weekday_in"], f"{where}.nth_weekday_in", 1)
    most = OPERATIONS["nth_weekday_in"].most
    if n is not None and n > most:
        c.fail(f"{where}.nth_weekday_in", f"expected 1-{most} (not every month has a fifth), got {n}")
        n = None
    month = month_of(t.get("month"), f"{where}.month", c)
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


def ends_before_start(start: Expr, due: Expr) -> bool:
    """True when both ends count from the same anchor and the due is earlier."""
    if start.of != due.of:
        return False
    if start.op == due.op == "date":
        return due.month_day < start.month_day
    if start.op == due.op == "nth_weekday_in" and start.weekday == due.weekday:
        return (due.month, due.n) < (start.month, start.n)
    s_days, d_days = OPERATIONS[start.op].days, OPERATIONS[due.op].days
    return bool(s_days and d_days) and d_days(due.n) < s_days(start.n)


def month_of(value, where: str, c: Checker) -> int | None:
    month = c.integer(value, where, 1)
    if month is not None and month > 12:
        c.fail(where, f"expected a month 1-12, got {month}")
        return None
    return month


def month_day_of(value, where: str, c: Checker) -> tuple[int, int] | None:
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


def zone_of(value, where: str, c: Checker):
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


def url_of(value, c: Checker, where: str) -> str | None:
    """A citation's optional ``url``: where the text it quotes can be read
    (its ``read`` key gives the date it was read there)."""
    url = c.string(value, where)
    if url is not None and not url.startswith(("https://", "http://")):
        c.fail(where, f"expected a web address starting with https:// (where the quoted text can be read), got '{url}'")
        return None
    return url
