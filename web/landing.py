"""The landing page (``/`` until a jurisdiction is chosen or searched for):
the calendars encoded from their own law with their next deadline, and per
state how many governments of each kind the service knows and what is
coming across the state. No page carries the whole roster: the state's
figures link to the place search, filtered.

The per-state overview comes from the bulk listing (computed once per law
and change, :mod:`deadlines.across`) and is kept per day and registry
signature, so a visitor costs a look-up.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date, timedelta

from flask import current_app

from deadlines.core.elections import next_election
from deadlines.core.errors import CalendarError
from deadlines.core.computed import Deadline, Result
from deadlines.core.jurisdiction import GOVERNMENT_KINDS, Jurisdiction
from deadlines.core.moments import day_of
from deadlines.core.places import Place, place_of
from deadlines.service import coming
from deadlines.words import DEFAULT, words

from web.common import examples, records, registry, today_in

STATES = {"MI": "Michigan", "CO": "Colorado", "UT": "Utah"}
COMING_DAYS = 183  # how far ahead each state's "coming up" looks: six months
COMING_SHOWN = 5
FEATURED_MAX = 100  # every government whose own law is encoded (49 files now), in the form's list and the landing


@dataclass(frozen=True)
class Summary:
    jur: Jurisdiction | None
    election: date | None  # the next general election
    result: Result | None  # the cycle of the next deadline
    next: Deadline | None
    today: date | None = None
    invalid: tuple[str, int] | None = None  # an invalid calendar file: its id, its problems (`deadlines check`)


@dataclass(frozen=True)
class Coming:
    """One deadline coming for many governments of a state on one day."""

    title: str
    deadline_id: str
    due: object  # the safe date (a date or an instant) of the first
    count: int
    kind: str | None  # their kind, where they share one
    example: Jurisdiction
    example_cycle: date


@dataclass(frozen=True)
class StateSummary:
    code: str
    name: str
    kinds: list[tuple[str, int]]  # (kind, how many)
    total: int
    coming: list[Coming]


def own_files() -> list[str]:
    """The jurisdictions with a calendar file of their own (their own law encoded), by id; the example
    calendars (:func:`web.common.examples`) are not offered."""
    hidden = examples()
    return [jid for jid in registry().file_ids() if jid not in hidden][:FEATURED_MAX]


def featured() -> list[Place]:
    """The jurisdictions whose own law is encoded: offered in the form's list."""
    places = registry().places().by_id
    return [places[jid] for jid in own_files() if jid in places]


def summaries() -> list[Summary]:
    """Each featured government's next deadline: kept (one entry) until the
    registry's files, the day in one of their zones or any records revision
    changes, so a visit costs a look-up (computed afresh, the 92 governments'
    look-ups and their records' revisions took about 0.1 s of every visit).
    Nothing in them is in words: the page says them in its reader's language."""
    zones = sorted({p.timezone for p in featured()})
    key = (registry().signature(), tuple(today_in(z) for z in zones), tuple(sorted(records().revisions().items())))
    return _kept("landing_summaries", key, _summaries)


def _summaries() -> list[Summary]:
    out = []
    for jid in own_files():
        try:
            jur = registry().get(jid)
        except CalendarError as exc:
            out.append(Summary(None, None, None, None, invalid=(jid, len(exc.problems))))
            continue
        today = today_in(jur.timezone)
        found = coming(jur, today=today, records=records(), count=1)
        result, nxt = found[0] if found else (None, None)
        out.append(Summary(jur, next_election(jur.elections["general"], today), result, nxt, today))
    return out


def _kept(name: str, key: tuple, make, held: object = None):
    """``make()``, kept in the app as one entry ``name`` until ``key``
    changes (``held``: objects whose ids ``key`` names, kept alive with it so
    that the ids stay theirs). Key and value are stored in one assignment:
    a thread never reads one's key with the other's value."""
    found = current_app.extensions.get(name)
    if found is not None and found[0] == key:
        return found[1]
    value = make()
    current_app.extensions[name] = (key, value, held)
    return value


def states(today: date) -> list[StateSummary]:
    """Per state: its governments by kind, and the next deadlines across it."""
    places = registry().places().places
    across = current_app.extensions["across"]
    listings = {code: across.listing(today, today + timedelta(days=COMING_DAYS), today=today, state=code)
                for code in STATES}
    key = (today, id(places), tuple(id(v) for v in listings.values()))  # each a new object whenever anything changed
    return _kept("landing_states", key, lambda: _states(places, listings), held=(places, listings))


def _states(places, listings) -> list[StateSummary]:
    out = []
    for code, name in STATES.items():
        mine = [p for p in places if p.state == code and p.kind]
        if not mine:
            continue
        counts = Counter(p.kind for p in mine)
        kinds = [(k, counts[k]) for k in GOVERNMENT_KINDS if counts[k]]
        out.append(StateSummary(code, name, kinds, len(mine), _coming(listings[code])))
    return out


def _coming(listing) -> list[Coming]:
    groups: dict[tuple, list] = {}
    for e in listing.entries:
        d = e.deadline
        if "clerk" in d.audience and len(d.audience) == 1 or d.status == "cancelled":
            continue  # a clerk's task is not everyone's next deadline
        groups.setdefault((day_of(d.safe_due), d.id, words(DEFAULT).title(d)), []).append(e)
    out = []
    for (_, did, title), entries in sorted(groups.items(), key=lambda kv: (kv[0][0], -len(kv[1]), kv[0][1])):
        kinds = {e.jurisdiction.kind for e in entries}
        first = entries[0]
        out.append(Coming(title, did, first.deadline.safe_due, len({e.jurisdiction.id for e in entries}),
                          kinds.pop() if len(kinds) == 1 else None, first.jurisdiction, first.result.held))
        if len(out) == COMING_SHOWN:
            break
    return out


def overview() -> dict:
    """What the landing page shows."""
    today = today_in("UTC")
    return {"summaries": summaries(), "states": states(today), "today": today, "place_of": place_of}
