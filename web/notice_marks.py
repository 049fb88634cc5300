"""Marking a notice published, as the desk's "Mark as published" and the
clerk API's ``PUT .../notices/<cycle>/<deadline>`` both do it (one set of
rules, :func:`mark`; the command is :func:`deadlines.commands.publish_notice`):
the notice window is the one the engine computes for the cycle with what the
clerk recorded; the day it was published is not after today in the
jurisdiction's zone and inside the window (the law asks for it then); a notice
is marked once (the same mark sent again is answered as in force, nothing
stored; another is refused until the first is undone,
:func:`deadlines.commands.delete_publication`)."""
from __future__ import annotations

from datetime import date

from sqlalchemy import select

from deadlines import commands
from deadlines.core import inputs
from deadlines.core import computed
from deadlines.core.computed import Deadline
from deadlines.core.errors import InputError
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.moments import day_of
from deadlines.publish import words
from deadlines.recorded import DbRecords
from deadlines.service import lookup
from deadlines.store.tables import NoticePublication
from deadlines.words import Words

from web.common import today_in


class MarkedAlready(InputError):
    """The notice is marked published on another day or in another place:
    undo that first (the API answers 409, the desk beside the form)."""


def same_words(a: str | None, b: str | None) -> bool:
    return " ".join((a or "").split()) == " ".join((b or "").split())


def window(s, jur: Jurisdiction, cycle: date, w: Words, *, uid: str | None = None,
           deadline: str | None = None) -> Deadline:
    """The notice window of ``cycle`` named by its ``uid`` (the desk's form)
    or its rule's id ``deadline`` (the API's path), as the desk computes it."""
    found = next((d for d in lookup(jur, today=today_in(jur.timezone), election=cycle,
                                    records=DbRecords(s.connection())).deadlines
                  if d.kind == "notice-window" and (computed.uid(jur.id, d) == uid if uid is not None else d.id == deadline)), None)
    if found is None:
        raise InputError(w._("uid: no such notice in this cycle"), "uid" if uid is not None else "deadline")
    return found


def published_day(jur: Jurisdiction, notice: Deadline, value: object, w: Words) -> date:
    """The day ``value`` says the notice was published: not after today in the
    jurisdiction's zone, and inside the window ("Publish between its opening
    and its last day")."""
    on = inputs.day(value, "published_on")
    today = today_in(jur.timezone)
    if on > today:
        raise InputError(w._("published_on: {day} is after today ({today}, {zone}): mark a notice published once it "
                             "has been", day=words.when(on, w), today=words.when(today, w),
                             zone=w.zone(jur.timezone)), "published_on")
    opens, closes = (day_of(notice.start) if notice.start is not None else None), day_of(notice.due)
    if opens is not None and on < opens:
        raise InputError(w._("published_on: {day} is before the notice window opens, on {opens}: the law asks for it "
                             "between {opens} and {closes}", day=words.when(on, w), opens=words.when(opens, w),
                             closes=words.when(closes, w)), "published_on")
    if on > closes:
        raise InputError((w._("published_on: {day} is after the notice window closes, on {closes}: the law asks for "
                              "it between {opens} and {closes}", day=words.when(on, w), opens=words.when(opens, w),
                              closes=words.when(closes, w)) if opens else
                          w._("published_on: {day} is after the notice window closes, on {closes}: the law asks for "
                              "it by {closes}", day=words.when(on, w), closes=words.when(closes, w))), "published_on")
    return on


def mark(s, jur: Jurisdiction, cycle: date, notice: Deadline, published_on: object, where: object, who,
         w: Words) -> tuple[NoticePublication, bool]:
    """Mark ``notice`` published (False: it was so already, the same day and
    place: nothing stored); :class:`MarkedAlready` when it is marked otherwise."""
    on = published_day(jur, notice, published_on, w)
    place = inputs.required_text(where, "where", w._("the newspaper or site it was published in"))
    kept = s.scalar(select(NoticePublication).where(NoticePublication.deadline_uid == computed.uid(jur.id, notice)))
    if kept is not None:
        if kept.published_on == on and same_words(kept.where, place):
            return kept, False
        raise MarkedAlready(w._("uid: this notice is already marked published; undo that first to change it"), "uid")
    entry = commands.publish_notice(s, jur, computed.uid(jur.id, notice), commands.notice_target(cycle, notice.id), on, place, who=who)
    return entry, True
