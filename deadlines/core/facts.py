"""Local facts found by research: ``calendars/facts/<st>.csv``.

One row per fact of a government itself that a date turns on, each with
where it was found (``calendars/facts/README.md`` says the columns and the
values each fact takes). They are read once per change of the files, checked
by ``deadlines check``, and laid on a government when it is loaded (its
office hours; its decisions on a choice the law gives for a cycle, such as a
Utah city's ranked-choice year or a Michigan city that holds no primary), so
its law carries them; what a clerk records and what an accepted report says
win over them (:data:`~deadlines.core.jurisdiction.FACT_BY`).

A row with a problem is left out and reported as ``FILE: line N (id): ...``;
the others hold.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta
from pathlib import Path

from deadlines.core import fact_lists
from deadlines.core.elections import rule_date
from deadlines.core.errors import Problem
from deadlines.core.jurisdiction import FACT_BY, Fact, Jurisdiction
from deadlines.core.model import Decision, OfficeHours
from deadlines.core.roster import csv_rows

FACTS_DIR = "facts"
COLUMNS = ("jurisdiction", "fact", "value", "source", "quote", "as_of", "holds_from", "holds_until")
#: The facts a row may state (``decision:<choice>`` and ``published:<deadline>`` besides)
PLAIN = ("office_hours", "filing_office", "holds_primary", "population", "filing_fee")
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_HOURS = re.compile(r"^(?:(?P<days>[a-z,-]+) )?(?P<open>\d\d:\d\d)-(?P<close>\d\d:\d\d)$")
#: The choice a Michigan city's ``holds_primary`` decides (calendars/shared/michigan-city.toml)
NO_PRIMARY = "no-primary"
#: The last year an open-ended decision fact is laid on (the calendars' horizon)
LAST_YEAR = 2040


@dataclass(frozen=True)
class Hours:
    """``office_hours``' value read: opening and closing time, the weekdays
    open (Monday 0), and the open weekdays with other hours, as
    ``(weekday, open, close)``."""

    open: time
    close: time
    days: tuple[int, ...] = (0, 1, 2, 3, 4)
    other: tuple[tuple[int, time, time], ...] = ()


def hours(value: str) -> Hours:
    """``08:00-12:00`` (Monday to Friday), ``mon-thu 07:00-18:00``, ``mon,wed 09:00-13:00``,
    or several such parts separated by ``;`` for days with other hours
    (``mon-thu 07:00-17:00; fri 09:00-13:00``: the first part's hours are the
    usual ones; a day may be named once).

    Raises ValueError naming what is wrong."""
    parts = [_part(p) for p in value.split(";")]
    seen: set[int] = set()
    for _, _, days in parts:
        if seen & set(days):
            raise ValueError(f"{WEEKDAYS[min(seen & set(days))]} is given hours twice in {value!r}")
        seen |= set(days)
    (opens, closes, _), rest = parts[0], parts[1:]
    other = sorted((d, o, c) for o, c, days in rest for d in days if (o, c) != (opens, closes))
    return Hours(opens, closes, tuple(sorted(seen)), tuple(other))


def _part(value: str) -> tuple[time, time, list[int]]:
    found = _HOURS.match(value.strip().lower())
    if not found:
        raise ValueError(f"expected HH:MM-HH:MM, optionally after days (mon-thu), got {value.strip()!r}")
    opens, closes = time.fromisoformat(found["open"]), time.fromisoformat(found["close"])
    if opens >= closes:
        raise ValueError(f"the office closes ({found['close']}) before it opens ({found['open']})")
    days: list[int] = []
    for part in (found["days"] or "mon-fri").split(","):
        ends = part.split("-")
        if not all(e in WEEKDAYS for e in ends) or len(ends) > 2:
            raise ValueError(f"unknown days {part!r}: expected mon, tue, ... sun, a range (mon-thu) or a list")
        first, last = WEEKDAYS.index(ends[0]), WEEKDAYS.index(ends[-1])
        if last < first:
            raise ValueError(f"days {part!r} run backwards")
        days += range(first, last + 1)
    return opens, closes, sorted(set(days))


#: The offices a ``filing_fee`` may name, in the words of a Utah municipal notice ("$100 for Mayor, $50 for City Council")
FEE_OFFICES = ("mayor", "council")
_AMOUNT = r"\d{1,6}(?:\.\d\d)?"


def fees(value: str) -> tuple[tuple[str | None, str], ...]:
    """A ``filing_fee``'s dollars: one amount for every office (``50``,
    ``35.00``), or one per office, ``office amount`` parts separated by ``;``
    (``mayor 100; council 50``), the office one of :data:`FEE_OFFICES`, each
    named once. As ``(office or None, amount as written)``.

    Raises ValueError naming what is wrong."""
    if re.fullmatch(_AMOUNT, value.strip()):
        return ((None, value.strip()),)
    out: list[tuple[str | None, str]] = []
    for part in value.split(";"):
        found = re.fullmatch(rf"(?P<office>[a-z][a-z -]*?) +(?P<amount>{_AMOUNT})", part.strip().lower())
        if not found:
            raise ValueError(f"expected dollars (50, 35.00) or parts 'office amount' separated by ';' "
                             f"(mayor 100; council 50), got {part.strip() or value!r}")
        if found["office"] not in FEE_OFFICES:
            raise ValueError(f"unknown office {found['office']!r}: expected one of {', '.join(FEE_OFFICES)}")
        if any(o == found["office"] for o, _ in out):
            raise ValueError(f"{found['office']} is given a fee twice in {value!r}")
        out.append((found["office"], found["amount"]))
    return tuple(out)


def moment(value: str) -> date | datetime:
    """A published date (``2027-06-07``) or instant with its offset (``2027-06-07T12:00-06:00``)."""
    if "T" not in value:
        return date.fromisoformat(value)
    found = datetime.fromisoformat(value)
    if found.tzinfo is None:
        raise ValueError(f"an instant needs its UTC offset (2027-06-07T12:00-06:00), got {value!r}")
    return found


@dataclass(frozen=True)
class FactBook:
    """Every research fact, by government id; the complete lists
    (:mod:`deadlines.core.fact_lists`); the problems of the rows left out."""

    by_id: dict[str, tuple[Fact, ...]] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    lists: tuple[fact_lists.CompleteList, ...] = ()

    def of(self, jid: str, entry=None) -> tuple[Fact, ...]:
        """``jid``'s own rows, then the facts the complete lists give it as
        the roster ``entry`` (its kind and state) it is, where its rows do not
        decide that cycle."""
        own = self.by_id.get(jid, ())
        if entry is None or not self.lists:
            return own
        return own + fact_lists.derived(self.lists, jid, entry.kind, entry.state, own)


def stamp(root: Path) -> tuple:
    try:
        with os.scandir(root / FACTS_DIR) as it:
            return tuple(sorted((e.name, e.stat().st_mtime_ns) for e in it if e.name.endswith(".csv")))
    except FileNotFoundError:
        return ()


def read(root: Path) -> FactBook:
    """The facts of the calendars folder ``root`` (read once per change of its files)."""
    return book(Path(root), stamp(Path(root)))


#: The facts read so far: calendars folder -> (its facts files' stamp, the facts).
_books: dict[Path, tuple[tuple, FactBook]] = {}


def book(root: Path, stamps: tuple) -> FactBook:
    """The facts of ``root`` as of ``stamps`` (:func:`stamp`: its files' names
    and times), read once per change."""
    seen = _books.get(root)
    if seen is None or seen[0] != stamps:
        _books[root] = seen = (stamps, _book(root, stamps))
    return seen[1]


def _book(root: Path, stamps: tuple) -> FactBook:
    by_id: dict[str, list[Fact]] = {}
    problems: list[Problem] = []
    lists: list[fact_lists.CompleteList] = []
    for name, _ in stamps:
        path = root / FACTS_DIR / name
        if fact_lists.is_lists_file(name):
            lists += fact_lists.read(path, problems)
            continue
        for line, row in csv_rows(path, COLUMNS, problems):
            try:
                fact = _fact(row)
            except ValueError as exc:
                problems.append(Problem(str(path), f"line {line} ({row.get('jurisdiction') or 'no id'})", str(exc)))
                continue
            by_id.setdefault(row["jurisdiction"].strip(), []).append(fact)
    return FactBook({k: tuple(v) for k, v in by_id.items()}, tuple(problems), tuple(lists))


def _day(row: dict, column: str) -> date | None:
    value = (row.get(column) or "").strip()
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{column}: expected a date YYYY-MM-DD, got {value!r}") from None


def _fact(row: dict) -> Fact:
    values = {k: (row.get(k) or "").strip() for k in COLUMNS}
    name, value = values["fact"], values["value"]
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", values["jurisdiction"]):
        raise ValueError("jurisdiction: expected a government id (lower-case letters, digits, hyphens)")
    if name not in PLAIN and not re.fullmatch(r"(decision|published):[a-z0-9][a-z0-9-]*", name):
        raise ValueError(f"fact: expected one of {', '.join(PLAIN)}, decision:<choice> or published:<deadline>, got {name!r}")
    if not re.match(r"^https?://\S+$", values["source"]):
        raise ValueError(f"source: expected the link where it was read (http:// or https://), got {values['source']!r}")
    if not values["quote"]:
        raise ValueError("quote: the words quoted from the source are missing")
    if name == "office_hours":
        hours(value)
    elif name in ("holds_primary",) or name.startswith("decision:"):
        if value not in ("yes", "no"):
            raise ValueError(f"value: expected yes or no, got {value!r}")
    elif name == "population":  # a census count: the figure a signature table by population reads (MCL 168.544f)
        if not re.fullmatch(r"\d+", value):
            raise ValueError(f"value: expected the census count, a whole number of people (5831), got {value!r}")
        if _day(values, "as_of") is None:
            raise ValueError("as_of: a population needs the date of its count (the census day, 2020-04-01)")
    elif name == "filing_fee":  # what 20A-9-203(3)(a)(ii) asks: "pay the filing fee, if one is required by municipal ordinance"
        try:
            fees(value)
        except ValueError as exc:
            raise ValueError(f"value: {exc}") from None
    elif name.startswith("published:"):
        moment(value)
        if _day(values, "holds_from") is None:
            raise ValueError("holds_from: a published date needs its cycle's general election date")
    elif not value:
        raise ValueError("value: empty")
    held = _day(values, "holds_from"), _day(values, "holds_until")
    if held[0] and held[1] and held[1] < held[0]:
        raise ValueError("holds_until is before holds_from")
    return Fact(name, value, values["source"], "research", values["quote"], _day(values, "as_of"), *held)


def _rank(f: Fact) -> tuple:
    """Among facts of one precedence (who recorded them), the higher the
    surer: the government's own row before a complete list's inference, one
    recorded for a period (a notice of one cycle) before an open-ended one,
    then the latest ``as_of``."""
    return (f.listed is None, f.holds_from is not None or f.holds_until is not None, f.as_of or date.min)


def in_force(facts, day: date) -> dict[str, Fact]:
    """The fact of each name that holds on ``day``, by precedence: the clerk's,
    then a report's, then research; among equals by :func:`_rank`."""
    out: dict[str, Fact] = {}
    for f in sorted(facts, key=lambda f: (-FACT_BY.index(f.by), *_rank(f))):
        if f.holds_on(day):
            out[f.fact] = f
    return out


def _office_hours(f: Fact) -> OfficeHours:
    h = hours(f.value)
    return OfficeHours(h.open, h.close, f"{f.source} ({f.as_of or 'undated'})", days=h.days, other=h.other)


#: How long before its general election a cycle's filing days may fall (a
#: Utah declaration in June, a Michigan petition in April, a notice in January).
CYCLE_REACH = timedelta(days=366)


def holds_for_cycle(f: Fact, cycle: date) -> bool:
    """Whether fact ``f`` may hold on the filing days of the cycle whose
    general election is ``cycle``: it began on or before that election, and
    it ends (where it ends) no earlier than :data:`CYCLE_REACH` before it."""
    return (f.holds_from or date.min) <= cycle and (f.holds_until is None or cycle - CYCLE_REACH <= f.holds_until)


def _cycle_rank(f: Fact) -> tuple:
    """Of the office-hours facts holding for one cycle, the surest: one that
    ends (recorded for a period) before one that does not, a dated one before
    an undated one, then the latest ``as_of``, then the latest end."""
    return (f.holds_until is not None, f.holds_from is not None, f.as_of or date.min, f.holds_until or date.min)


def hours_of_cycle(jur: Jurisdiction, cycle: date) -> Jurisdiction:
    """``jur`` with the office hours research found for one cycle's filing
    days, where its law gives no hours of its own (none, or a default to
    confirm): of the ``office_hours`` facts that hold for the cycle
    (:func:`holds_for_cycle`), the surest (:func:`_cycle_rank`); where none
    does (every one began after it), the law's own hours, as before any fact
    was laid on. ``jur`` itself where that is the hours laid on it already
    (:func:`laid_on`), or where no fact decides hours."""
    if not jur.cycle_hours:
        return jur
    holding = [f for f in jur.facts if f.fact == "office_hours" and holds_for_cycle(f, cycle)]
    pick = max(holding, key=_cycle_rank, default=None)
    held = next(((h, law) for f, h, law in jur.cycle_hours if f == pick), None)  # (laid_on worked it out)
    if held is None:  # the hours laid on already
        return jur
    return jur.with_law(law=held[1], office_hours=held[0])


def with_cycle_hours(jur: Jurisdiction, before: Jurisdiction) -> Jurisdiction:
    """``jur`` (``before``, with its research facts laid on) holding the law
    under every office-hours fact but the one laid on it, and the law
    ``before`` any was (fact None), worked out once here so that
    :func:`hours_of_cycle` finds them on every lookup
    (:attr:`~deadlines.core.jurisdiction.Jurisdiction.cycle_hours`). Nothing
    where its own file states its hours (they are its law) or no fact gives
    hours."""
    if before.office_hours is not None and not before.office_hours.confirm:
        return jur
    rows = [f for f in jur.facts if f.fact == "office_hours"]
    if not rows or (len(rows) == 1 and rows[0].holds_from is None and rows[0].holds_until is None):
        return jur  # one undated row: laid on for every cycle
    held = [(None, before.office_hours, before.law)] if jur.office_hours != before.office_hours else []
    for f in rows:
        h = _office_hours(f)
        if h != jur.office_hours:
            held.append((f, h, jur.with_law(office_hours=h).law))
    return replace(jur, cycle_hours=tuple(held)) if held else jur


def laid_on(jur: Jurisdiction, facts: tuple[Fact, ...]) -> Jurisdiction:
    """``jur`` carrying its research ``facts``: the office hours they give
    (the latest open-ended ``office_hours``) where its law gives none or only
    a default to confirm (hours a government's own file states are its law
    and stand), and a decision for every cycle a
    ``decision:<choice>`` or ``holds_primary`` fact holds for (a decision the
    jurisdiction's own file records wins; of facts for one cycle, the one
    :func:`in_force` ranks first: a cycle's own before an open-ended one, then
    the latest)."""
    if not facts:
        return jur
    changes: dict = {}
    current = in_force([f for f in facts if f.fact == "office_hours" and f.holds_until is None], date.max)
    if "office_hours" in current and (jur.office_hours is None or jur.office_hours.confirm):
        changes["office_hours"] = _office_hours(current["office_hours"])
    taken = {(d.choice, d.cycle) for d in jur.decisions}
    decisions = list(jur.decisions)
    general = jur.elections.get("general")
    for f in sorted(facts, key=_rank, reverse=True):  # the surest first, as in_force ranks them
        choice = f.fact.removeprefix("decision:") if f.fact.startswith("decision:") else (
            NO_PRIMARY if f.fact == "holds_primary" else None)
        if choice is None or choice not in jur.choices or general is None:
            continue
        first = max((f.holds_from or date.min).year, jur.choices[choice].effective.year)
        for year in range(first, (f.holds_until or date(LAST_YEAR, 12, 31)).year + 1):
            cycle = rule_date(general, year)
            if cycle is None or (choice, cycle) in taken:
                continue
            taken.add((choice, cycle))
            yes = f.value == ("no" if choice == NO_PRIMARY else "yes")  # holds no primary: the choice taken
            said = f.source if f.listed else f"{f.source} (research, {f.as_of or 'undated'})"  # a list: its note says it
            decisions.append(Decision(choice, cycle, yes, said, f.listed))
    if len(decisions) != len(jur.decisions):
        changes["decisions"] = tuple(decisions)
    return with_cycle_hours(replace(jur.with_law(**changes) if changes else jur, facts=facts), jur)
