"""What each computed date rests on (DESIGN.md "Local facts": ``basis``).

A deadline rests on the statute alone (``law``), or also on a fact of the
government itself: its office's closing hour (a filing "during office hours",
a window opening when the office opens), a decision the law leaves to it for
the cycle (a Utah city's ranked-choice year, a Michigan city that holds no
primary), a closure of its office near the day. Each such fact is named with
its source where one is recorded (``recorded``), or named as not known where
the state's default stands in for it (``assumed``). A date the government
itself published for the deadline makes it ``published`` (the same day and
hour; for a notice the government publishes, a day within the law's window)
or ``departs`` (another: the published date becomes one more reading, and the
earlier of the two is the safe one).

Pure: the facts come in as values (the jurisdiction's research facts, the
clerk's records and accepted reports), and the words are the words package's.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from deadlines.core.facts import NO_PRIMARY, hours, in_force, moment
from deadlines.core.computed import Deadline, ReadingResult
from deadlines.core.jurisdiction import Fact, Jurisdiction, PublishedNotice
from deadlines.core.model import Decision, Moment
from deadlines.core.moments import day_of, instant_of
from deadlines.core.notes import Note, joined

STATUSES = ("law", "assumed", "recorded", "published", "departs")
CLERK = "recorded by the clerk"
#: the assumed fact of a rule read from the government's published practice (``Rule.from_practice``)
OWN_TEXT = "own_text"
#: How near its day a recorded closure bears on a deadline (a roll moves a day at most a few days)
NEAR = timedelta(days=14)


@dataclass(frozen=True)
class Basis:
    """``status`` (one of :data:`STATUSES`), the ``facts`` it rests on, the
    local facts ``assumed`` (their names: ``office_hours``, ``ranked-choice``,
    ``no-primary``), the government's own ``notice`` where it published one,
    and ``notes``: all this as the words package says it."""

    status: str
    facts: tuple[Fact, ...] = ()
    assumed: tuple[str, ...] = ()
    notice: PublishedNotice | None = None
    notes: tuple[Note, ...] = ()  # what it says in words (:func:`notes_of`)


@dataclass(frozen=True)
class Local:
    """The local facts of one jurisdiction's cycle, as the service gathers them:
    the clerk's office hours and closures as facts (None/empty: none recorded),
    the clerk's decisions, every published date (reports, the clerk's,
    research), and the clerk's marks that a notice was published."""

    hours: Fact | None = None
    closures: tuple[tuple[date, Fact], ...] = ()
    decisions: tuple[Decision, ...] = ()
    notices: tuple[PublishedNotice, ...] = ()
    publications: tuple[Fact, ...] = ()  # the clerk's marks that a notice was published (``notice_published:<id>``)


def published_by_research(jur: Jurisdiction) -> tuple[PublishedNotice, ...]:
    """The research facts ``published:<deadline>`` as published notices (the
    cycle is the fact's ``holds_from``, its general election)."""
    return tuple(PublishedNotice(f.fact.split(":", 1)[1], f.holds_from, moment(f.value), f)
                 for f in jur.facts if f.fact.startswith("published:") and f.holds_from is not None)


def _same(published: Moment, due: Moment) -> bool:
    if isinstance(published, datetime) and isinstance(due, datetime):
        return published == due
    return day_of(published) == day_of(due)


def published_within_window(published: Moment, d: Deadline) -> bool:
    """A notice the government publishes (``notice-window``), published on a
    day of the law's window: the law is kept, the day is the day it appeared,
    not another last day."""
    return d.rule.kind == "notice-window" and d.start is not None and (
        day_of(d.start) <= day_of(published) <= day_of(d.due))


def _agrees(published: Moment, d: Deadline) -> bool:
    return _same(published, d.safe_due or d.due) or published_within_window(published, d)


def _office_decides(d: Deadline) -> bool:
    """Whether the office's own days or hours give ``d``'s dates: the office's
    last open day is the safe reading, or the law's date or the safe one ends
    when the office closes, before the hour the law sets."""
    if any(r.safe and r.name.code == "reading.office_closure" for r in d.readings):
        return True
    return _cut(d) is not None


def _cut(d: Deadline) -> tuple[time, datetime] | None:
    """The hour the law sets and the instant given instead at the office's
    closing hour, before it, of the first of ``d``'s law's date, safe date and
    readings that is (None: none is)."""
    if d.rule.at is None:
        return None
    found = next((m for m in (d.due, d.safe_due) if isinstance(m, datetime) and m.time() < d.rule.at), None)
    if found is not None:
        return d.rule.at, found
    for r in d.readings:
        said = _said(r.why, "hours.closes_before_law")
        if said is not None:
            return dict(said.args)["law_clock"], r.due
    return None


def _said(n: object, code: str) -> Note | None:
    """The note ``code`` that note ``n`` is or holds (as one of its arguments), or None."""
    if isinstance(n, tuple):
        return next((x for x in map(lambda m: _said(m, code), n) if x is not None), None)
    if not isinstance(n, Note):
        return None
    if n.code == code:
        return n
    return next((x for x in (_said(v, code) for _, v in n.args) if x is not None), None)


def _hours_fact(d: Deadline, jur: Jurisdiction, local: Local) -> tuple[Fact | None, bool]:
    """The fact giving the office hours ``d`` turns on, and whether it does."""
    rule = d.rule
    uses = jur.office_hours is not None and (
        (rule.at is None and rule.office_act) or (rule.start is not None and rule.start_at_opening)
        or _office_decides(d))
    if not uses or d.status == "overridden":
        return None, False
    if local.hours is not None:
        return local.hours, True
    found = in_force([f for f in jur.facts if f.fact == "office_hours"], day_of(d.due)).get("office_hours")
    if found is None:
        return None, True
    h, used = hours(found.value), jur.office_hours
    # research's hours where they are the ones counted (a government's own file may state others: its law stands)
    return (found if (h.open, h.close, h.days, h.other) == (used.open, used.close, used.days, used.other)
            else None), True


def _choice_facts(d: Deadline, jur: Jurisdiction, held: date, local: Local) -> tuple[list[Fact], list[str]]:
    facts, assumed = [], []
    for choice in jur.choices.values():
        if d.id not in choice.deadlines or not choice.allowed(held):
            continue
        clerk = next((x for x in local.decisions if x.choice == choice.name and x.cycle in (d.cycle, held)), None)
        own = next((x for x in jur.decisions if x.choice == choice.name and x.cycle in (d.cycle, held)), None)
        if clerk is not None:
            facts.append(Fact(f"decision:{choice.name}", "yes" if clerk.taken else "no", CLERK, "clerk",
                              clerk.authority))
        elif own is not None:
            name = "holds_primary" if choice.name == NO_PRIMARY else f"decision:{choice.name}"
            found = in_force([f for f in jur.facts if f.fact == name], held).get(name)
            facts.append(found or Fact(f"decision:{choice.name}", "yes" if own.taken else "no", own.authority,
                                       "research", own.authority))
        else:
            assumed.append(choice.name)
    return facts, assumed


def _notice(d: Deadline, held: date, local: Local) -> PublishedNotice | None:
    """The published notice ``d``'s basis names: of the notices for it, those
    recorded by the first in precedence (``local.notices`` is in precedence
    order); of those, where they disagree, the earliest one that departs from
    ``d`` (a stale notice beside one that agrees is shown, not hidden)."""
    found = [n for n in local.notices if n.deadline == d.id and n.cycle in (d.cycle, held) and n.case == d.case]
    if not found:
        return None
    first = [n for n in found if n.fact.by == found[0].fact.by]
    departs = [n for n in first if not _agrees(n.due, d)]
    zone = d.due.tzinfo if isinstance(d.due, datetime) else ZoneInfo("UTC")
    return min(departs, key=lambda n: instant_of(n.due, zone)) if departs else first[0]


def basis_of(d: Deadline, jur: Jurisdiction, held: date, local: Local) -> Basis:
    """What ``d`` (of ``jur``'s cycle whose election is ``held``) rests on."""
    facts: list[Fact] = []
    assumed: list[str] = []
    hours, uses_hours = _hours_fact(d, jur, local)
    if hours is not None:
        facts.append(hours)
    elif uses_hours and jur.office_hours.confirm:
        assumed.append("office_hours")
    if d.rule.from_practice:  # the day rests on what the government published, not on its law's words
        assumed.append(OWN_TEXT)
    more, undecided = _choice_facts(d, jur, held, local)
    facts += more
    assumed += undecided
    first = day_of(d.start) if d.start is not None else day_of(d.due) - NEAR
    facts += [f for day, f in local.closures if first <= day <= day_of(d.due) + NEAR]
    facts += [f for f in local.publications if f.fact == f"notice_published:{d.id}" and f.holds_from == d.cycle]
    notice = _notice(d, held, local)
    if notice is not None:
        status = "published" if _agrees(notice.due, d) else "departs"
        return Basis(status, tuple(facts) + (notice.fact,), tuple(assumed), notice)
    return Basis("assumed" if assumed else "recorded" if facts else "law", tuple(facts), tuple(assumed))


def departing(d: Deadline, basis: Basis, zone: ZoneInfo) -> Deadline:
    """``d`` with the government's published date beside the statute's where
    they differ: one more reading, the earliest of all marked safe (a date
    alone ends with its day in ``zone``); the statute's own date becomes a
    reading too where there were none. Where a reading of the law gives the
    published date already, that reading says so (its why quotes the notice)
    instead of a second reading of the same date."""
    if basis.status != "departs":
        return d
    n = basis.notice
    due = n.due.astimezone(zone) if isinstance(n.due, datetime) else n.due  # said in the jurisdiction's own zone
    own = d.readings or (ReadingResult(Note("reading.statute"), "none", d.due, d.citation, Note("reading.statute_why")),)
    why = Note("reading.published_why", (("quote", n.fact.quote), ("as_of", n.fact.as_of)))
    same = next((i for i, r in enumerate(own) if _same(due, r.due)), None)
    if same is not None:
        ways = tuple(replace(r, why=joined(r.why, why)) if i == same else r for i, r in enumerate(own))
    else:
        ways = (*own, ReadingResult(Note("reading.published", (("source", n.fact.source),)), "none", due, n.fact.source,
                                    why))
    safe = min(range(len(ways)), key=lambda i: (instant_of(ways[i].due, zone), i))
    readings = tuple(replace(r, safe=i == safe) for i, r in enumerate(ways))
    return replace(d, readings=readings, safe_due=readings[safe].due,
                   status="tentative" if d.status == "scheduled" else d.status)


def notes_of(d: Deadline, jur: Jurisdiction, b: Basis | None = None) -> tuple[Note, ...]:
    """What basis ``b`` of ``d`` (default: ``d.basis``) says, as notes
    (``basis.*``): the published date beside the statute's, each fact with who
    recorded it and its source, each fact assumed and what to confirm;
    ``basis.law`` where the statute alone decides."""
    b = d.basis if b is None else b
    if b is None:
        return ()
    out: list[Note] = []
    if b.status == "departs":
        n = b.notice
        published = n.due.astimezone(d.due.tzinfo) if isinstance(n.due, datetime) and isinstance(d.due, datetime) else n.due
        # the law's date at the hour the office's recorded hours give it is not the statute's alone
        by_hours = any(f.fact == "office_hours" for f in b.facts) and (
            (d.rule.at is None and d.rule.office_act) or _cut(d) is not None)
        out.append(Note("basis.departs_hours" if by_hours else "basis.departs",
                        (("published", published), ("source", n.fact.source), ("statute", d.due), ("safe", d.safe_due))))
    elif b.status == "published" and not _same(b.notice.due, d.safe_due or d.due):  # a notice within its window
        out.append(Note("basis.published_within", (("day", day_of(b.notice.due)), ("source", b.notice.fact.source))))
    elif b.status == "published":
        out.append(Note("basis.published", (("source", b.notice.fact.source),)))
    for f in b.facts:
        if b.notice is not None and f is b.notice.fact:
            continue
        by = Note(f"basis.by.{f.by}", () if f.by == "clerk" else (("source", f.source),))
        if f.fact == "office_hours":
            try:
                found = hours(f.value)
                said = (("open", found.open), ("close", found.close), ("by", by))
                if found.other:
                    others = tuple(Note("hours.on_weekday", (("open", o), ("close", c), ("day", n)))
                                   for n, o, c in found.other)
                    out.append(Note("basis.fact.office_hours_other", (*said, ("others", others))))
                elif found.days != (0, 1, 2, 3, 4):
                    days = tuple(Note("weekday.name", (("day", n),)) for n in found.days)
                    out.append(Note("basis.fact.office_hours_on", (*said, ("days", days))))
                else:
                    out.append(Note("basis.fact.office_hours", said))
            except ValueError:
                out.append(Note("basis.fact.office_hours_as_said", (("value", f.value), ("by", by))))
        elif f.fact == "closure":
            out.append(Note("basis.fact.closure", (("day", date.fromisoformat(f.value)), ("reason", f.quote), ("by", by))))
        elif f.fact.startswith("notice_published:"):
            out.append(Note("basis.fact.notice_published", (("day", date.fromisoformat(f.value)), ("where", f.quote),
                                                            ("by", by))))
        elif f.fact == "holds_primary":
            out.append(Note(f"basis.fact.holds_primary_{f.value}", (("by", by),)))
        elif f.fact.startswith("decision:"):
            choice = jur.choices.get(f.fact.split(":", 1)[1])
            title = choice.title if choice else f.fact
            if f.listed is not None and f.value == "no":  # read from a complete list that does not name it
                out.append(Note("basis.fact.decision_not_listed", (("choice", title), ("year", f.listed),
                                                                   ("source", f.source))))
                continue
            out.append(Note(f"basis.fact.decision_{'taken' if f.value == 'yes' else 'declined'}",
                            (("choice", title), ("by", by))))
    cut = _cut(d) if any(f.fact == "office_hours" for f in b.facts) else None
    if cut is not None:
        law_clock, given = cut
        out.append(Note("basis.closes_before_law", (("law_clock", law_clock), ("clock", given.time()),
                                                    ("weekday", given.weekday()))))
    for name in b.assumed:
        if name == "office_hours":
            out.append(Note("basis.assumed.office_hours", (("clock", jur.office_hours.close),)))
        elif name == OWN_TEXT:
            out.append(Note("basis.assumed.own_text"))
        elif name in jur.choices:
            out.append(Note("basis.assumed.choice", (("choice", jur.choices[name].title),)))
    if b.assumed:
        office = in_force([f for f in jur.facts if f.fact == "filing_office"], day_of(d.due)).get("filing_office")
        out.append(Note("basis.confirm_at", (("office", office.value),)) if office else Note("basis.confirm"))
    if b.status == "law":
        out.append(Note("basis.law"))
    return tuple(out)
