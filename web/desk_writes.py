"""The desk's writes shown, then saved: :func:`preview` runs a form's write
(:data:`web.desk_actions.ACTIONS`) in a transaction that is rolled back and
says which deadlines it moves and to what; :func:`save` commits it and
replans the reminders. A write that changes nothing (a Save sent twice)
stores nothing and is answered as the first was. Writes of one jurisdiction
go one at a time (:func:`deadlines.store.util.hold`), and one is committed only
if no other came between its check and its commit, so the second of two at
once finds the first."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Mapping

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from deadlines.commands.base import check_candidate, trial
from deadlines.core.computed import Deadline
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.publish import words
from deadlines.service import lookup
from deadlines.recorded import DbRecords
from deadlines.store.tables import HistoryEntry
from deadlines.words import Words

from web.clerk import after_write, servable_for, written
from web.common import today_in
from web.desk_actions import ACTIONS, days_of, submission_key
from web.language import said as spoken


@dataclass(frozen=True)
class Preview:
    """A write not yet saved: what it is, what it moves, and the form to send again with ``save``."""

    action: str
    said: str
    moves: list[str]
    fields: Mapping[str, str]


def _deadlines(jur: Jurisdiction, cycle_days, source) -> dict[str, Deadline]:
    today = today_in(jur.timezone)
    return {d.key: d for c in cycle_days for d in lookup(jur, today=today, election=c, records=source).deadlines}


def _moves(before: dict[str, Deadline], after: dict[str, Deadline], w: Words) -> list[str]:
    """Each deadline the write moves, adds or cancels, in words (``w``'s language)."""
    def when(moment) -> str:
        return words.when(moment, w)

    def status(code: str) -> str:
        return words.status_name(code, w)

    out = []
    for key in [*before, *(k for k in after if k not in before)]:
        old, new = before.get(key), after.get(key)
        if new is None:
            out.append(w._("{title}: no longer counted (was {was}).", title=w.title(old), was=when(old.due)))
        elif old is None:
            out.append(w._("{title}: new, {due}.", title=w.title(new), due=when(new.due)))
        elif new.status == "cancelled" and old.status != "cancelled":
            out.append(w._("{title}: cancelled (was {was}).", title=w.title(new), was=when(old.due)))
        elif old.due != new.due:
            out.append(w._("{title}: {was} → {due} ({status}).", title=w.title(new), was=when(old.due), due=when(new.due),
                           status=status(new.status)))
        elif old.safe_due != new.safe_due:  # a closure: the law's day stands, the date to act by moves
            out.append(w._("{title}: act by {was} → {safe}; the law's day stays {due} ({status}).", title=w.title(new),
                           was=when(old.safe_due), safe=when(new.safe_due), due=when(new.due), status=status(new.status)))
        elif old.status != new.status:
            out.append(w._("{title}: {due} ({was} → {status}).", title=w.title(new), due=when(new.due),
                           was=status(old.status), status=status(new.status)))
        elif old.start != new.start:
            none = w._("(no opening)")
            out.append(w._("{title}: opens {was} → {opens} (due as before).", title=w.title(new),
                           was=when(old.start) if old.start else none, opens=when(new.start) if new.start else none))
    return out


def _stores_nothing(s, jur: Jurisdiction, after_id: int) -> bool:
    """Whether the writes logged after history entry ``after_id`` change nothing:
    none, or each the same as the last one on its target (an order, decision
    or hours sent again: same dates, authority and reason)."""
    written = list(s.scalars(select(HistoryEntry).where(HistoryEntry.jurisdiction_id == jur.id,
                                                        HistoryEntry.id > after_id)))
    for e in written:
        last = s.scalar(select(HistoryEntry).where(HistoryEntry.jurisdiction_id == jur.id, HistoryEntry.target == e.target,
                                                   HistoryEntry.id <= after_id).order_by(HistoryEntry.id.desc()).limit(1))
        if e.before is None or e.before != e.after or last is None or (last.action, last.after, last.authority, last.reason) \
                != (e.action, e.after, e.authority, e.reason):
            return False
    return True


class _InForce(Exception):
    """A Save of what is in force already (:func:`_stores_nothing`): nothing to store."""

    def __init__(self, said: str):
        super().__init__(said)
        self.said = said


def _run(jur: Jurisdiction, cycle: date, action: str, form, who, *, keep: bool) -> tuple[str, list[str]]:
    """The write, committed (``keep``) or rolled back after reading what it
    moves; the jurisdiction computed outside the write lock either way
    (:func:`web.clerk.written`, :func:`deadlines.commands.base.trial`)."""
    db = current_app.extensions["records"].db

    def write(s: Session) -> tuple[str, date | None]:
        # the jurisdiction is held first (deadlines.store.util.hold): a Save sent twice finds the first one stored
        logged = s.scalar(select(func.max(HistoryEntry.id)).where(HistoryEntry.jurisdiction_id == jur.id)) or 0
        said, other = ACTIONS[action](s, jur, cycle, form, who)
        s.flush()
        if keep and _stores_nothing(s, jur, logged):
            raise _InForce(said)  # in force already: answered as the first save was, nothing stored or replanned
        return said, other

    if keep:
        try:
            said, _ = written(write, lambda _: cycle, jur=jur)  # what the desk accepts every surface can show, as the API
        except _InForce as exc:
            return exc.said, []
        after_write(jur.id)
        return said, []
    tried = trial(db, jur, write)
    said, other = tried.result
    if tried.leaves is not None:
        check_candidate(jur, tried.leaves, servable_for(jur), cycle)
    touched = {cycle} | ({other} if other else set())
    after = _deadlines(jur, touched, tried.leaves or DbRecords(db))
    return said, _moves(_deadlines(jur, touched, DbRecords(db)), after, spoken())


def preview(jur: Jurisdiction, cycle: date, action: str, form, who) -> Preview:
    """What the write would do, nothing stored (bad input raises :class:`InputError`)."""
    said, moves = _run(jur, cycle, action, form, who, keep=False)
    fields = {k: v for k, v in form.items() if k not in ("csrf_token", "step", "days")}
    if days_of(form):
        fields["days"] = days_of(form)  # the weekday boxes, kept as one value for the Save step
    fields.setdefault("submission", submission_key())  # a form from before keys: its Save gets one
    return Preview(action, said, moves, fields)


def save(jur: Jurisdiction, cycle: date, action: str, form, who) -> str:
    """Store the write, replan the reminders; the sentence saying what was done."""
    return _run(jur, cycle, action, form, who, keep=True)[0]
