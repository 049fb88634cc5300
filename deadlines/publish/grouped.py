"""One event per deadline that many governments share: the feed of a whole
state (or any set too large to list government by government). Pure: results
in, unstamped events out.

Thousands of governments extend a few shared rule sets: Colorado's 3,185
special districts all file the self-nomination form on one day, and a feed
with one event per government would hold 3,185 copies of it (a state's feed
was 49 MB). Here the governments are given in *shares*: governments whose
deadlines can differ only in their names (the same law, the same local facts,
nothing recorded: :func:`deadlines.results.law_key`), with the results of one of
them. Each share's results are rebound to a neutral place (:data:`NEUTRAL`,
so no government's name is in their events), and deadlines equal in every
field (dates, readings, basis, notes, law) join one :class:`Group`. A
government whose date, hour, reading or basis differs is in a group of its
own, so no government's own date is hidden under another's.

A group's UID is ``<scope>/<cycle>/<deadline id>[/window]``, for the group
holding the most governments of that deadline and cycle (so when the law moves
every government's date the event is updated, not replaced); any other group
of it is suffixed with the first of its governments by name
(``/with-<id>``: a government is in one group of a deadline and cycle).

Events are grouped, given their UIDs and versioned in English (the source
language: :data:`~deadlines.publish.ical.FEED_WORDS`); a feed in another
language says the same groups in its words (:func:`groups` and :func:`events`
``w``), as a government's own feed lays its language's events over the
English ones.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from typing import Iterable, Sequence

from icalendar import Event, vText

from deadlines.results import rebind
from deadlines.core.computed import Result
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.moments import day_of
from deadlines.publish import ical
from deadlines.publish.place_words import told_apart
from deadlines.publish.record_words import filing_fee
from deadlines.words import DEFAULT, Words, _

#: the place a share's events are said for: "each government's clerk", never one government's name
NEUTRAL, NEUTRAL_ID = _("each government"), "government"
#: the governments a group's description names before "and N more"
NAMED = 20


@dataclass(frozen=True)
class Group:
    """Governments with one identical event: ``tail`` is its UID without the
    government (``<cycle>/<deadline id>[/window]``), ``event`` the event as said
    for :data:`NEUTRAL` (in English), ``members`` sorted by name; ``said``:
    the event in each language :func:`groups` was asked for, by language."""

    tail: str
    event: Event
    members: tuple[Jurisdiction, ...]
    said: dict[str, Event] = field(default_factory=dict, compare=False)

    @property
    def day(self) -> date:
        """The event's first day (its date, or a window's opening day)."""
        return day_of(self.event.decoded("dtstart"))


def groups(shares: Iterable[tuple[Sequence[Result], Sequence[Jurisdiction]]], *,
           audience: str | None = None, w: Words = ical.FEED_WORDS) -> list[Group]:
    """The groups of ``shares`` (each: the results of one of its governments,
    and every government it stands for), in the order of their first event.
    Events are equal where their deadlines (which name no government) are
    equal in every field (dates, readings, basis, notes, law) and so are what
    :func:`~deadlines.publish.ical.describe` reads of their result. Each
    group's event is said in English and in ``w``'s language (``Group.said``)."""
    found: dict[tuple, tuple[list[Event], list[Event], list[Jurisdiction]]] = {}
    for results, members in shares:
        for result in results:
            place = replace(result.jurisdiction, id=NEUTRAL_ID, name=NEUTRAL)
            neutral = rebind(result, place)
            # the same deadlines, for the place as w's language names it ("cada gobierno")
            spoken = neutral if w.lang == DEFAULT else rebind(result, replace(place, name=w._(NEUTRAL)))
            for d in result.deadlines:
                if audience and audience not in d.audience:
                    continue
                # what describe() reads besides the deadline: the moved election, the kept-until day, a case's
                # label, the filing fee recorded for the government
                key = (d, result.held, result.moved, d.case and tuple(result.cases), filing_fee(d, result.jurisdiction))
                if key not in found:
                    evs = ical.deadline_events(d, neutral, ical.FEED_WORDS)
                    found[key] = (evs, evs if spoken is neutral else ical.deadline_events(d, spoken, w), [])
                found[key][2].extend(members)
    out = []
    for key, (evs, said, members) in found.items():
        ordered = tuple(sorted(members, key=lambda j: (j.name, j.id)))
        for event, other in zip(evs, said):
            tail = str(event["uid"]).split("@")[0].removeprefix(NEUTRAL_ID + "/")
            event["uid"] = vText(tail)
            other["uid"] = vText(tail)
            out.append(Group(tail, event, ordered, {DEFAULT: event, w.lang: other}))
    return out


def _uids(found: list[Group], scope: str) -> list[str]:
    """Each group's UID: the largest group of a tail takes the tail itself."""
    largest: dict[str, Group] = {}
    for g in found:
        if g.tail not in largest or len(g.members) > len(largest[g.tail].members):
            largest[g.tail] = g
    return [f"{scope}/{g.tail}" if largest[g.tail] is g else
            f"{scope}/{g.tail}/with-{g.members[0].id}" for g in found]


def events(found: list[Group], *, scope: str, w: Words = ical.FEED_WORDS) -> list[tuple[Event, Group]]:
    """One unstamped event per group, UID ``<scope>/...@deadlines``, said in
    ``w``'s language (English or the one :func:`groups` was asked for); its
    title says how many governments, its description names them (the first
    :data:`NAMED`), then the dates and the law's citation as each
    government's own event says them; with its group. Link each with
    :func:`link` after hashing the English ones (versions follow the English text)."""
    out, mark = [], ical.law_mark(w)
    for g, uid in zip(found, _uids(found, scope)):
        said = g.said[w.lang] if w.lang != DEFAULT else g.event
        e = Event()
        for key, value in said.items():
            if key not in ("UID", "SUMMARY", "DESCRIPTION"):
                e[key] = value
        names = told_apart(g.members, w)  # a name that repeats in the group with its county, as the search says it
        count = f"{len(names):,}"
        e.add("uid", f"{uid}@{ical.UID_DOMAIN}")
        e.add("summary", w._("{title} ({count} governments)", title=said["summary"], count=count) if len(names) > 1
              else f"{names[0]}: {said['summary']}")
        head, _sep, rest = str(said["description"]).partition(mark)
        dates = head.split("\n", 1)[1] if "\n" in head else ""
        listed = "; ".join(names[:NAMED]) + (w._("; and {count} more", count=f"{len(names) - NAMED:,}")
                                             if len(names) > NAMED else "")
        who = w.n_("{count} government: {names}.", "{count} governments: {names}.", len(names), count=count,
                   names=listed)
        e.add("description", f"{who}\n{dates}{mark}{rest.split(chr(10), 1)[0]}")
        out.append((e, g))
    return out


def link(event: Event, url: str, w: Words = ical.FEED_WORDS) -> None:
    """The group's URL (every government's row for its day) and, in its
    description, where to read the law and the counting for each government
    (in ``w``'s language)."""
    ical.link(event, url)
    event["description"] = vText(f"{event['description']}\n" + w._(
        "Each government's row (the law quoted, how the date is counted, its readings): {url}", url=url))

