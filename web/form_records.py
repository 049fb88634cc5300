"""What the lookup form adds around its results: the typed fields carried
over when the jurisdiction changes, the "Add to calendar" links that serve
exactly the row shown, and what the clerk recorded (open cases, history)."""
from __future__ import annotations

from datetime import date
from typing import Mapping

from flask import url_for
from sqlalchemy.orm import Session

from deadlines.core.cases import Case
from deadlines.core.computed import Deadline, Result
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.service import lookup
from deadlines.change_notes import words as change_words
from deadlines.words import Words
from deadlines.store import history

from web.common import records
from web.language import said

KEPT = ("jurisdiction", "audience", "election")


def carry_over(jur: Jurisdiction, args: Mapping[str, str]) -> tuple[dict[str, str], list[str]]:
    """The fields typed for another jurisdiction that ``jur`` has too (the
    election date always, unless the form filled it in itself: ``prefilled``),
    and a sentence for each dropped one."""
    kept, dropped, w = {}, [], said()
    fields = {"primary", *jur.triggers} if "primary" in jur.elections else set(jur.triggers)
    for name, value in args.items():
        if name == "election" and value == args.get("prefilled"):
            continue  # not typed: the new jurisdiction's next election is filled in instead
        if name in KEPT or name in fields:
            kept[name] = value
        elif name not in ("for", "print", "prefilled") and value:
            dropped.append(w._("{place} holds no primary election, so the primary date you typed ({value}) was dropped.",
                               place=jur.name, value=value) if name == "primary" else
                           w._("{place} records no event '{name}', so the {name} date you typed ({value}) was dropped.",
                               place=jur.name, name=name, value=value))
    return kept, dropped


def _same(a: Deadline, b: Deadline) -> bool:
    return (a.due, a.safe_due, a.start, a.status) == (b.due, b.safe_due, b.start, b.status)


def calendar_links(jur: Jurisdiction, result: Result, today: date, published: bool = False) -> dict[str, str]:
    """Per deadline (:attr:`~deadlines.core.computed.Deadline.key`), the
    single-event URL, only where the published calendar holds that very
    deadline (a typed primary or trigger gives rows the calendar does not
    have: they get no link). ``published``: ``result`` is the published
    calendar's own look-up (not made again)."""
    calendar = result if published else lookup(jur, today=today, election=result.cycle, records=records())
    held = {d.key: d for d in calendar.deadlines}
    return {
        d.key: url_for("feeds.deadline_feed", jid=jur.id, election=d.key.split("/")[0], deadline_id=d.id)
        for d in result.deadlines
        if d.key in held and _same(d, held[d.key])
    }


def open_cases(result: Result) -> list[Case]:
    return [c for c in result.cases if c.open]


def recorded_by_clerk(result: Result, w: Words, limit: int = 20) -> list[str]:
    """The clerk's latest writes that bear on the result's cycle, newest first, in ``w``'s words."""
    jur = result.jurisdiction
    with Session(records().db) as s:
        entries = history.listing(s, jur.id)
    refs = {ref for c in result.cases for ref in c.refs.values()}
    labels = {c.id: c.label for c in result.cases}
    return [change_words(e, jur, labels, w) for e in history.for_cycle(entries, result.cycle, refs)[:limit]]
