"""What a clerk recorded, as the engine reads it: :class:`DbRecords` turns the
store's rows (:func:`deadlines.store.records.rows`) into
:class:`deadlines.service.Records` (a :class:`deadlines.service.RecordSource`).

It lives beside the service, not in the store: it builds the engine's types,
keeps them in a bounded cache (:class:`deadlines.caches.Lru`) and gives
each history entry as its note (:func:`deadlines.change_notes.change`).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from datetime import date, time
from functools import partial
from time import monotonic as clock_now

from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from deadlines.change_notes import change
from deadlines.core.cases import Occurrence
from deadlines.caches import Lru
from deadlines.core.holiday_law import Holiday
from deadlines.core.jurisdiction import Fact
from deadlines.core.model import Decision, OfficeHours, Override
from deadlines.core.moments import from_iso
from deadlines.service import RecordedHours, Records
from deadlines.store import history, reports
from deadlines.store import records as stored
from deadlines.store.office_tables import FilingOfficeEntry
from deadlines.store.tables import NoticePublication, OfficeClosure, OfficeHoursEntry, TriggerEvent

#: The records of a jurisdiction for which nothing was ever recorded.
NOTHING_RECORDED = Records()
#: What a step cites for office hours and closures a clerk recorded.
RECORDED = "recorded by the clerk"


class DbRecords:
    """The engine's view of the store.

    :meth:`revision` is asked on every feed request, so it is remembered for
    ``revision_ttl`` seconds per jurisdiction: another process's write shows
    within that time; this process's own writes call :meth:`forget`.
    :meth:`recorded` is always current: it reads the revision, and reads the
    records only when that revision is not the one it last read them at
    (every write bumps it in its own transaction, so the records at a revision
    never change), and not at all at revision 0 (nothing ever recorded).
    """

    def __init__(self, db: Engine, revision_ttl: float = 1.0):
        self.db = db
        self.revision_ttl = revision_ttl
        self._revisions: dict[str, tuple[str, float]] = {}
        self._all: tuple[dict[str, str], float] | None = None
        self._read = Lru(4096)  # jurisdiction -> (the revision read, its Records)

    def recorded(self, jurisdiction_id: str) -> Records:
        with Session(self.db) as s:
            # read first: the records read after it are at least this new (the same snapshot on SQLite)
            rev = stored.anchors_rev(s, jurisdiction_id)
            if rev == 0:  # nothing ever recorded (every write bumps the revision): nothing to read
                return NOTHING_RECORDED
            kept = self._read.get(jurisdiction_id)
            if kept is not None and kept[0] == rev:
                return kept[1]
            found = reading(s, jurisdiction_id)
        self._read.put(jurisdiction_id, (rev, found))
        return found

    def revision(self, jurisdiction_id: str) -> str:
        seen = self._revisions.get(jurisdiction_id)
        clock = clock_now()
        if seen is not None and clock - seen[1] < self.revision_ttl:
            return seen[0]
        with Session(self.db) as s:
            rev = stored.anchors_rev(s, jurisdiction_id)
        self._revisions[jurisdiction_id] = (str(rev), clock)
        return str(rev)

    def forget(self, jurisdiction_id: str) -> None:
        """Read the revision afresh next time (after a write from this process)."""
        self._revisions.pop(jurisdiction_id, None)
        self._all = None

    def revisions(self) -> dict[str, str]:
        """Every jurisdiction's revision in one query (absent: nothing ever
        recorded), remembered like :meth:`revision`."""
        seen, clock = self._all, clock_now()
        if seen is not None and clock - seen[1] < self.revision_ttl:
            return seen[0]
        with Session(self.db) as s:
            revs = {jid: str(rev) for jid, rev in stored.all_revisions(s).items()}
        self._all = (revs, clock)
        return revs


def reading(s: Session, jurisdiction_id: str) -> Records:
    """Everything recorded for the jurisdiction, read in ``s``, as the engine takes it."""
    got = stored.rows(s, jurisdiction_id)
    entries, hours = got.elections, got.hours
    overrides = tuple(
        Override(deadline=o.deadline, cycle=o.election, authority=o.authority, reason=o.reason,
                 due=from_iso(o.due), start=from_iso(o.start), status=o.status, case=o.case_id or None)
        for o in got.overrides
    )
    decisions = tuple(Decision(choice=d.choice, cycle=d.cycle, taken=d.taken, authority=d.authority)
                      for d in got.decisions)
    closures = tuple(Holiday(c.day, c.reason, RECORDED) for c in got.closures)
    log = history.listing(s, jurisdiction_id)
    over_time = tuple(map(recorded_hours, hours))
    facts = (*(h.fact for h in over_time), *_office_facts(got.closures), *map(_publication_fact, got.publications),
             *(() if got.filing is None else (filing_fact(got.filing),)))
    found = Records(
        elections={e.cycle: {k: v for k, v in (("general", e.general), ("primary", e.primary)) if v} for e in entries},
        events=tuple(map(occurrence, got.events)), overrides=overrides, decisions=decisions,
        moved_by={e.cycle: f"{e.authority} ({e.reason})" if e.reason else e.authority for e in entries if e.authority},
        hours_over_time=over_time, closures=closures, facts=facts, notices=reports.notices(s, jurisdiction_id),
    )
    return replace(found, changes=_changes(log)) if log else found


def occurrence(ev: TriggerEvent) -> Occurrence:
    """A recorded event as the engine groups it into cases (its ref the event's id)."""
    return Occurrence(ev.name, from_iso(ev.value), ev.label, str(ev.id), ev.deleted_at, ev.deleted_reason)


def recorded_hours(h: OfficeHoursEntry) -> RecordedHours:
    """An office-hours entry as the engine takes it, with its local fact (the
    clerk its source, the authority quoted, as of the day recorded; the days
    it holds for are laid on it by :meth:`deadlines.service.Records.at`)."""
    hours = OfficeHours(time.fromisoformat(h.open), time.fromisoformat(h.close), f"{RECORDED}: {h.authority}",
                        days=stored.hours_days(h), other=stored.hours_other(h))
    fact = Fact(fact="office_hours", value=stored.hours_value(h), source=RECORDED, by="clerk", quote=h.authority,
                as_of=h.recorded_at and h.recorded_at.date())
    return RecordedHours(hours, fact, h.holds_from, h.holds_until, h.recorded_at, h.id or 0)


def filing_fact(f: FilingOfficeEntry) -> Fact:
    """The filing office a clerk recorded, as a local fact ``filing_office``
    (the clerk its source, the authority quoted, as of the day recorded): it
    wins over research's on every surface (:func:`deadlines.core.facts.in_force`)."""
    return Fact(fact="filing_office", value=stored.filing_value(f), source=RECORDED, by="clerk", quote=f.authority,
                as_of=f.recorded_at and f.recorded_at.date())


def _office_facts(closures: list[OfficeClosure]) -> tuple[Fact, ...]:
    """The closures a clerk recorded, as local facts (their source the clerk,
    the reason given quoted, as of the day recorded)."""
    out = [Fact(fact="closure", value=c.day.isoformat(), source=RECORDED, by="clerk", quote=c.reason,
                 as_of=c.recorded_at and c.recorded_at.date(), holds_from=c.day, holds_until=c.day) for c in closures]
    return tuple(out)


def _publication_fact(p: NoticePublication) -> Fact:
    """The clerk's mark that a notice was published, as a local fact of its
    notice window: ``notice_published:<deadline id>``, the day as its value,
    where as its quote, holding for the window's cycle (a uid whose cycle part
    is no date holds for none)."""
    _, part, rid = p.deadline_uid.split("/")[:3]
    try:
        cycle = date.fromisoformat(part)
    except ValueError:
        cycle = None
    return Fact(fact=f"notice_published:{rid}", value=p.published_on.isoformat(), source=RECORDED, by="clerk",
                quote=p.where, as_of=p.published_on, holds_from=cycle, holds_until=cycle)


def _changes(log) -> dict[str, list]:
    """History entries by what they bear on (see :class:`Records` ``changes``),
    oldest first, each as the function that gives its note for a jurisdiction."""
    out: dict[str, list] = defaultdict(list)
    for e in reversed(log):
        kind, _, key = e.target.partition(":")
        out[f"cycle:{key}" if kind == "election" else e.target].append(partial(change, e))
    return dict(out)
