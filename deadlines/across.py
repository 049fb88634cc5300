"""Deadlines across jurisdictions: every deadline of every jurisdiction (of a
state, for an audience) whose date to act by falls in a range, sorted, for the
bulk API and ``deadlines upcoming``.

Results are computed once per change and served from caches:

- where a clerk recorded nothing for a jurisdiction, per law and cycle
  (:func:`deadlines.results.law_key`: the jurisdictions extending one shared set
  share one computation; a law is a new one whenever a file of it changes, and
  holidays are part of it), a deadline bound to its jurisdiction only when
  listed;
- where something is recorded, per jurisdiction and cycle, keyed on the loaded
  jurisdiction and its records revision;
- per jurisdiction and query, its entries, keyed like its results (after a
  clerk write one jurisdiction's are computed again, the others' looked up);
- per query (range, state, audience), keyed on the folder's files and every
  jurisdiction's records revision, so a repeated query costs a look-up.

A deadline is in the range when its ``safe_due`` (the date to act by: the
earliest reading, or the date in force) falls in it, on the jurisdiction's own
calendar: an entry whose ``edge`` is ``closing``; a window is in it as well
when its ``start`` falls in it (an entry whose ``edge`` is ``opening``: Colorado's
circulation from January 1). The cycles looked at are those whose general election is held from
:data:`LAG_YEARS` before the range to :data:`LEAD_YEARS` after it: the rule
sets count at most two years after an election (petitions preserved two years)
and at most one before it (twelve months' residency).

A cycle that cannot be computed (its dates fall outside the years the
holiday law is written for: a range before 2003 reaches cycles of 2000) is
left out with a warning naming it; the rest of the listing stands. After a
change, a listing is computed once: concurrent requests for it wait for that
computation instead of each repeating it.
"""
from __future__ import annotations

import base64
import binascii
import json
from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Callable, Mapping, Protocol

from deadlines.caches import Computed, Lru
from deadlines.core import inputs
from deadlines.results import law_key
from deadlines.core.errors import CalendarError, InputError
from deadlines.core.computed import Deadline, Result, uid
from deadlines.core.jurisdiction import GOVERNMENT_KINDS, Jurisdiction
from deadlines.core.model import AUDIENCES
from deadlines.core.moments import day_of
from deadlines.core.registry import Registry, collector_paused, state_of
from deadlines.service import NO_RECORDS, Records, RecordSource, cycles, lookup

LAG_YEARS, LEAD_YEARS = 3, 2
MAX_DAYS = 731  # the longest range one query may ask for
MAX_LIMIT, DEFAULT_LIMIT = 1000, 100


class BulkRecordSource(RecordSource, Protocol):
    def revisions(self) -> Mapping[str, str]:
        """Every jurisdiction's records revision (absent: nothing ever recorded)."""


EDGES = ("opening", "closing")


@dataclass(frozen=True, slots=True)
class Entry:
    """One deadline's opening or closing in a listing, with its sort key (also its cursor)."""

    key: tuple[str, str, str, str, str, str]  # (day, UTC time or "~" for all-day, jurisdiction, cycle, id, edge)
    jurisdiction: Jurisdiction
    result: Result  # its held and cycle (computed, where nothing is recorded, for any jurisdiction of the same law)
    deadline: Deadline

    @property
    def edge(self) -> str:
        """``opening`` (a window opens) or ``closing`` (the date to act by)."""
        return self.key[5]

    @property
    def uid(self) -> str:
        """Its deadline's stable identity as its jurisdiction's."""
        return uid(self.jurisdiction.id, self.deadline)

    @property
    def at(self):
        """The entry's moment: the window's start, or the safe date."""
        return self.deadline.start if self.edge == "opening" else self.deadline.safe_due


@dataclass(frozen=True, eq=False)
class Listing:
    entries: list[Entry]
    invalid: dict[str, CalendarError]  # jurisdictions left out: their files are invalid
    uncomputed: dict[tuple[str, date], str] = field(default_factory=dict)  # (jurisdiction, cycle) -> why

    def warnings(self) -> list[str]:
        """What is left out and why: a date never vanishes without a word."""
        files = [f"{jid} is left out: its calendar file is invalid ({len(exc.problems)} problem(s); run `deadlines check`)"
                 for jid, exc in sorted(self.invalid.items())]
        return files + [f"{jid}: the {cycle} cycle is left out: {why}" for (jid, cycle), why in sorted(self.uncomputed.items())]

    def page(self, cursor: str | None, limit: int) -> tuple[list[Entry], str | None]:
        """Up to ``limit`` entries after ``cursor``, and the cursor of the next page (None: the last)."""
        first = 0 if cursor is None else bisect_right([e.key for e in self.entries], read_cursor(cursor))
        chosen = self.entries[first:first + limit]
        more = first + limit < len(self.entries)
        return chosen, (make_cursor(chosen[-1].key) if more and chosen else None)


@dataclass(frozen=True, slots=True)
class Shared:
    """Entries of one deadline at one moment across governments ("petitions
    due at 4:00 p.m., Tuesday, April 25, 2028 in 21 townships"), in listing order."""

    entries: tuple[Entry, ...]

    @property
    def first(self) -> Entry:
        return self.entries[0]

    @property
    def governments(self) -> tuple[Jurisdiction, ...]:
        return tuple(dict.fromkeys(e.jurisdiction for e in self.entries))

    def common(self, attribute: str) -> str | None:
        """The governments' ``kind`` or ``county`` where they all share one."""
        found = {getattr(j, attribute) for j in self.governments}
        return found.pop() if len(found) == 1 else None


def by_deadline(entries: list[Entry]) -> list[Shared]:
    """``entries`` gathered where the same deadline (id and title) opens or
    closes at the same moment (day and instant), in the order of their first entry."""
    found: dict[tuple, list[Entry]] = {}
    for e in entries:
        found.setdefault((e.key[0], e.key[1], e.edge, e.deadline.id, e.deadline.title), []).append(e)
    return [Shared(tuple(group)) for group in found.values()]


def sort_key(jid: str, d: Deadline, edge: str = "closing") -> tuple[str, str, str, str, str, str]:
    """The day (local: the window's start for an opening, else the day to act
    by), then the instant (in UTC, whole: its time of day alone would put 5:00
    p.m. MST, 00:00 UTC, before 4:00 p.m.; all-day last), then ids, the opening first."""
    at = d.start if edge == "opening" else d.safe_due
    clock = at.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S") if isinstance(at, datetime) else "~"
    return (day_of(at).isoformat(), clock, jid, d.cycle.isoformat(), d.id, edge)


def make_cursor(key: tuple) -> str:
    return base64.urlsafe_b64encode(json.dumps(list(key)).encode()).decode().rstrip("=")


def read_cursor(text: str) -> tuple:
    """The key a cursor names; :class:`InputError` for anything else."""
    try:
        key = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    except (ValueError, binascii.Error, UnicodeDecodeError):
        key = None
    if not (isinstance(key, list) and len(key) == 6 and all(isinstance(k, str) for k in key) and key[5] in EDGES):
        raise InputError.of("cursor.unknown", "cursor")
    return tuple(key)


QUERY = ("from", "to", "state", "county", "kind", "audience", "include", "cursor", "limit")
#: What ``include`` may add to the default listing.
INCLUDES = ("cancelled",)


def read_query(args: Mapping[str, str]) -> dict:
    """The bulk API's query (``from``, ``to``, ``state``, ``county``, ``kind``,
    ``audience``, ``include``, ``cursor``, ``limit``) as keyword arguments;
    :class:`InputError` naming the parameter at fault."""
    unknown = sorted(set(args) - set(QUERY))
    if unknown:
        raise InputError.of("query.unknown", unknown[0], allowed=", ".join(QUERY))
    for name in ("from", "to"):
        if not args.get(name):
            raise InputError.of("date.required", name)
    limit = args.get("limit") or str(DEFAULT_LIMIT)
    if not (limit.isascii() and limit.isdigit() and 1 <= int(limit) <= MAX_LIMIT):
        raise InputError.of("limit.out_of_range", "limit", most=MAX_LIMIT)
    include = args.get("include") or None
    if include is not None and include not in INCLUDES:
        raise InputError.of("include.cancelled", "include", got=repr(include))
    return {
        "start": inputs.day(args["from"], "from"), "end": inputs.day(args["to"], "to"),
        "cancelled": include == "cancelled",
        "state": args.get("state") or None, "audience": args.get("audience") or None,
        "county": args.get("county") or None, "kind": args.get("kind") or None,
        "cursor": args.get("cursor") or None, "limit": int(limit),
    }


def check_range(start: date, end: date) -> None:
    if end < start:
        raise InputError.of("range.backwards", "to")
    if (end - start).days > MAX_DAYS:
        raise InputError.of("range.too_long", "to", most=MAX_DAYS)


def check_filters(state: str | None, audience: str | None, kind: str | None = None) -> str | None:
    """The state in upper case; :class:`InputError` for a malformed state, an
    unknown audience or kind of government."""
    if audience is not None and audience not in AUDIENCES:
        raise InputError.of("filter.audience", "audience", allowed=", ".join(AUDIENCES))
    if kind is not None and kind not in GOVERNMENT_KINDS:
        raise InputError.of("filter.kind", "kind", allowed=", ".join(GOVERNMENT_KINDS))
    if state is None:
        return None
    if len(state) != 2 or not state.isascii() or not state.isalpha():
        raise InputError.of("filter.state", "state")
    return state.upper()


class _Preloaded:
    """What was recorded for each jurisdiction, read once per computation: a
    jurisdiction never written to has nothing recorded (no query)."""

    def __init__(self, records: RecordSource, revisions: Mapping[str, str]):
        self.records, self.revisions, self.seen = records, revisions, {}

    def recorded(self, jurisdiction_id: str) -> Records:
        if jurisdiction_id not in self.revisions:
            return Records()
        if jurisdiction_id not in self.seen:
            self.seen[jurisdiction_id] = self.records.recorded(jurisdiction_id)
        return self.seen[jurisdiction_id]

    def revision(self, jurisdiction_id: str) -> str:
        return self.revisions.get(jurisdiction_id, "")


class Across:
    """The deadlines of every jurisdiction of ``registry``, with ``records``."""

    def __init__(self, registry: Registry, records: RecordSource = NO_RECORDS, listings: int = 64):
        self.registry, self.records = registry, records
        self._recorded = Lru(65536)  # (jurisdiction, cycle) -> (its law, revision, result)
        self._by_law = Lru(65536)  # (law, cycle, today) -> the result where nothing is recorded
        self._held = Lru(4096)  # (law, from, to) -> cycles
        self._listings = Computed(listings)  # query -> its listing (computed once however many ask)
        self._listed = Lru(65536)  # (jurisdiction, query) -> (its law, revision, (entries, cycles not computed))
        self._loaded: tuple | None = None  # (registry signature, load_all())

    def revisions(self) -> Mapping[str, str]:
        """Every jurisdiction's records revision (a store without :class:`BulkRecordSource`'s
        ``revisions`` has recorded nothing: :data:`~deadlines.service.NO_RECORDS`)."""
        return self.records.revisions() if hasattr(self.records, "revisions") else {}

    def _result(self, jur: Jurisdiction, law: int, cycle: date, today: date, records: RecordSource) -> Result:
        """The cycle's result, computed once per change of the law or the records;
        where nothing was ever recorded, once per law and possibly another
        jurisdiction's (of the same law: its deadlines name no government)."""
        rev = records.revision(jur.id)
        if not rev:
            shared = self._by_law.get((law, cycle, today))
            if shared is None:
                shared = lookup(jur, today=today, election=cycle)
                self._by_law.put((law, cycle, today), shared)
            return shared
        seen = self._recorded.get((jur.id, cycle))
        if seen is not None and seen[0] is jur and seen[1] == rev:
            return seen[2]
        result = lookup(jur, today=today, election=cycle, records=records)
        self._recorded.put((jur.id, cycle), (jur, rev, result))
        return result

    def _cycles(self, jur: Jurisdiction, law: int, start: date, end: date) -> list[date]:
        held = self._held.get((law, start, end))
        if held is None:
            held = cycles(jur, start, end)
            self._held.put((law, start, end), held)
        return held

    def listing(self, start: date, end: date, *, today: date, state: str | None = None,
                audience: str | None = None, county: str | None = None, kind: str | None = None,
                cancelled: bool = False, costly: Callable[[Callable[[], Listing]], Listing] = lambda f: f()) -> Listing:
        """Every deadline to act on from ``start`` to ``end`` (inclusive), sorted;
        of the jurisdictions of ``state``, lying (partly) in ``county``, of
        ``kind`` where given (``county`` read by
        :meth:`~deadlines.core.places.PlaceIndex.county_key`); the cancelled
        ones too where ``cancelled``. A listing not computed yet is computed
        through ``costly`` (the web's limit on expensive work)."""
        check_range(start, end)
        state = check_filters(state, audience, kind)
        # "Kent County" is Kent (one listing for both); no letter or no such county: a 400 naming it
        county = self.registry.places().county_key(county, state)
        revisions = self.revisions()
        key = (start, end, state, audience, county, kind, cancelled, today, self.registry.signature(),
               tuple(sorted(revisions.items())))

        def compute() -> Listing:
            with collector_paused():
                return self._compute(start, end, today, state, audience, revisions, county, kind, cancelled)

        return self._listings.get(key, lambda: costly(compute))

    def _compute(self, start, end, today, state, audience, revisions, county=None, kind=None,
                 cancelled=False) -> Listing:
        jurisdictions, invalid = self._served()
        if county or kind:
            chosen = {p.id for p in self.registry.places().search(county=county, kind=kind)}
            jurisdictions = [j for j in jurisdictions if j.id in chosen]
        records = _Preloaded(self.records, revisions)
        entries, uncomputed = [], {}
        for jur in jurisdictions:
            if state is not None and state_of(jur) != state:
                continue
            found, failed = self._entries(jur, start, end, today, audience, cancelled, records)
            entries += found
            uncomputed.update(failed)
        entries.sort(key=lambda e: e.key)
        return Listing(entries, invalid, uncomputed)

    def _served(self) -> tuple[list[Jurisdiction], dict[str, CalendarError]]:
        """The registry's :meth:`~deadlines.core.registry.Registry.load_all`, once per change of its files."""
        sig, found = self.registry.signature(), self._loaded
        if found is None or found[0] != sig:
            self._loaded = found = (sig, self.registry.load_all())
        return found[1]

    def _entries(self, jur: Jurisdiction, start: date, end: date, today: date, audience: str | None,
                 cancelled: bool, records: RecordSource) -> tuple[list[Entry], dict[tuple[str, date], str]]:
        """One jurisdiction's entries in the range (and the cycles it cannot
        compute), once per change of its law or its records: after a clerk
        write only that jurisdiction's are computed again."""
        key, rev = (jur.id, start, end, today, audience, cancelled), records.revision(jur.id)
        seen = self._listed.get(key)
        if seen is not None and seen[0] is jur and seen[1] == rev:
            return seen[2]
        law, low, high = law_key(jur), start.isoformat(), end.isoformat()
        entries, uncomputed = [], {}
        held_to = date(min(end.year + LEAD_YEARS, date.max.year), 12, 31)
        for cycle in self._cycles(jur, law, date(start.year - LAG_YEARS, 1, 1), held_to):
            try:
                result = self._result(jur, law, cycle, today, records)
            except InputError as exc:  # dates outside the years its law is written for
                uncomputed[(jur.id, cycle)] = str(exc)
                continue
            for d in result.deadlines:  # cancelled ones if asked
                if (not cancelled and d.status == "cancelled") or (audience is not None and audience not in d.audience):
                    continue
                closes = low <= day_of(d.safe_due).isoformat() <= high
                opens = d.start is not None and low <= day_of(d.start).isoformat() <= high
                if closes or opens:
                    entries += [Entry(sort_key(jur.id, d, edge), jur, result, d)
                                for edge, inside in (("opening", opens), ("closing", closes)) if inside]
        self._listed.put(key, (jur, rev, (entries, uncomputed)))
        return entries, uncomputed

