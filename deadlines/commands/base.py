"""The one pattern of every clerk write: validate, store, log history, bump
the revision, and (asked to) check that every surface can still show the
jurisdiction.

A command is a function ``(s, jur, *args, **kwargs) -> Done`` that validates
its input (raising :class:`~deadlines.core.errors.InputError`, nothing
stored) and stores rows through :mod:`deadlines.store.records`; the
:func:`command` decorator does the rest, once for all: when ``Done.written``
says something changed, one history entry (by ``who``), ``anchors_rev`` + 1,
a flush, then :func:`check_servable` when given ``servable``. The caller owns
the transaction: an exception anywhere leaves it to be rolled back.

Computing a whole jurisdiction takes a while (0.3 s at 200 events), and on
SQLite a write transaction holds every other jurisdiction's writes:
:func:`write_checked` runs a write and its check with the computing outside
any write transaction, the guarantee kept (nothing unservable is stored).
"""
from __future__ import annotations

import inspect
import threading
from dataclasses import dataclass
from datetime import date
from functools import wraps
from typing import Callable, Generic, TypeVar

from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from deadlines.core.errors import CalendarError, InputError, fact
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.recorded import DbRecords, reading
from deadlines.service import RecordSource, RecordsAsRead, cycle_of, lookup, upcoming
from deadlines.store import history
from deadlines.store.db import writer
from deadlines.store.records import anchors_rev
from deadlines.store.util import bump, hold

T = TypeVar("T")

#: Who writes when the caller names nobody (history says "(unlabelled token)").
NOBODY = history.Who("")


@dataclass(frozen=True)
class Written:
    """What a command changed, as history keeps it: facts, not words (an
    action code such as ``event.record``, the target such as ``event:12``,
    before and after as small dicts, the authority and reason given)."""

    action: str
    target: str
    before: dict | None
    after: dict | None
    authority: str | None = None
    reason: str | None = None


@dataclass(frozen=True)
class Done(Generic[T]):
    """A command's answer (``result``) and what it changed (``written``; None:
    nothing, so no history, no new revision); ``cycle``: the cycle written
    to, which :func:`check_servable` computes too."""

    result: T
    written: Written | None = None
    cycle: date | None = None


@dataclass(frozen=True)
class Servable:
    """Ask a command to refuse a change after which the jurisdiction could no
    longer be computed: on ``today``, ``years_ahead`` years of its calendar
    (the web app's ``FEED_YEARS_AHEAD``)."""

    today: date
    years_ahead: int


def command(fn: Callable[..., Done[T]]) -> Callable[..., T]:
    """The write ``fn`` as a command: ``fn``'s own arguments, and keyword-only
    ``who`` (:data:`NOBODY`; handed on to ``fn`` too when it takes a ``who``,
    to store on its row) and ``servable`` (None: no check); returns ``Done.result``."""
    hand_on = "who" in inspect.signature(fn).parameters

    @wraps(fn)
    def run(s: Session, jur: Jurisdiction, *args, who: history.Who = NOBODY, servable: Servable | None = None,
            **kwargs) -> T:
        done = fn(s, jur, *args, **({**kwargs, "who": who} if hand_on else kwargs))
        w = done.written
        if w is not None:
            history.log(s, jur.id, who, w.action, w.target, w.before, w.after, authority=w.authority,
                        reason=w.reason)
            bump(s, jur.id, "anchors_rev")
            s.flush()
            if servable is not None:
                check_servable(s, jur, today=servable.today, years_ahead=servable.years_ahead, cycle=done.cycle)
        return done.result
    return run


def check_servable(s: Session, jur: Jurisdiction, *, today: date, years_ahead: int, cycle: date | None = None) -> None:
    """InputError (and so nothing stored: call it inside the write's
    transaction) when, with what ``s`` has written, the jurisdiction's
    calendar, or the ``cycle`` written to, could no longer be computed (a date
    outside the years its law is written for): what the clerk API accepts,
    every page, feed, email and listing can show. It computes the whole
    jurisdiction inside the transaction: :func:`write_checked` does it outside."""
    _check(jur, DbRecords(s.connection(), revision_ttl=0), today=today, years_ahead=years_ahead, cycle=cycle)


def _check(jur: Jurisdiction, seen: RecordSource, *, today: date, years_ahead: int, cycle: date | None) -> None:
    try:
        upcoming(jur, today=today, years_ahead=years_ahead, records=seen)
        if cycle is not None:
            lookup(jur, today=today, election=cycle, records=seen)
    except CalendarError as exc:
        raise InputError.of("write.not_servable", None, jurisdiction=jur.id, problems=str(exc)) from None
    except InputError as exc:
        raise InputError.of("write.not_servable_because", exc.field, jurisdiction=jur.id, why=fact(exc)) from None


@dataclass(frozen=True)
class Trial(Generic[T]):
    """A write run and rolled back (:func:`trial`): its result, the revision it
    began from, and the records it would leave (None: it changed none)."""

    result: T
    began: int
    leaves: RecordsAsRead | None


def trial(db: Engine, jur: Jurisdiction, write: Callable[[Session], T], *, commit_unchanged: bool = False,
          then: Callable[[T], object] = lambda _: None) -> Trial[T]:
    """``write(s)`` in a short write transaction that reads the records it
    leaves and is rolled back (``commit_unchanged``: committed instead when it
    changed no record); ``then(result)`` is called before the rollback (what
    is read of the result's rows must be read there)."""
    with Session(writer(db), expire_on_commit=False) as s:
        s.begin()
        try:
            hold(s, jur.id)  # on PostgreSQL: the revision read is the one the write starts from
            began = anchors_rev(s, jur.id)
            result = write(s)
            s.flush()
            then(result)
            if anchors_rev(s, jur.id) == began:
                if commit_unchanged:
                    s.commit()
                return Trial(result, began, None)
            leaves = RecordsAsRead(reading(s, jur.id))
            s.expunge_all()  # the rows read keep what was read (a rollback would expire them)
            return Trial(result, began, leaves)
        finally:
            if s.in_transaction():
                s.rollback()


def check_candidate(jur: Jurisdiction, leaves: RecordsAsRead, servable: Servable, cycle: date | None = None) -> None:
    """:func:`check_servable` on the records a write would leave (no transaction held)."""
    _check(jur, leaves, today=servable.today, years_ahead=servable.years_ahead, cycle=cycle)


def write_checked(db: Engine, jur: Jurisdiction, write: Callable[[Session], T], *, servable: Servable,
                  cycle: Callable[[T], date | None] = lambda _: None, tries: int = 3) -> T:
    """``write(s)`` (commands on ``jur``) committed in a transaction of its
    own, unless the jurisdiction could then no longer be served (InputError,
    nothing stored, as :func:`check_servable`; ``cycle(result)``: the cycle
    written to, also computed), the computing done outside any write
    transaction (:func:`deadlines.store.db.writer`), so that it holds up no
    other write:

    1. ``write`` runs in a short write transaction that reads the records it
       leaves and is rolled back (:func:`trial`; a write that changes no
       record, so no revision, is committed there: nothing new to check);
    2. those records are computed, nothing held;
    3. ``write`` runs again in a short write transaction, committed only if
       the jurisdiction's revision is still the one step 1 began from (no
       other write of it came between, so it leaves the records computed in
       2: every write of records bumps the revision); else from 1 again.

    After ``tries`` such races the check is computed inside the transaction
    (:func:`check_servable`), so a write always ends. ``write`` must store
    nothing outside the session (it may run twice). In one process, checked
    writes of one jurisdiction go one at a time (:data:`_ONE_AT_A_TIME`), so
    two clerks writing it at once do not keep voiding each other's check
    (races are left to writes from other processes)."""
    with _ONE_AT_A_TIME[hash(jur.id) % len(_ONE_AT_A_TIME)]:
        return _write_checked(db, jur, write, servable, cycle, tries)


#: Checked writes of a jurisdiction in this process, one at a time: a lock per
#: share of the jurisdictions (two may rarely share one, and then wait for each other).
_ONE_AT_A_TIME = [threading.Lock() for _ in range(64)]


def _write_checked(db: Engine, jur: Jurisdiction, write: Callable[[Session], T], servable: Servable,
                   cycle: Callable[[T], date | None], tries: int) -> T:
    for _ in range(tries):
        written_to = []
        tried = trial(db, jur, write, commit_unchanged=True, then=lambda result: written_to.append(cycle(result)))
        if tried.leaves is None:
            return tried.result
        check_candidate(jur, tried.leaves, servable, written_to[0])
        with Session(writer(db), expire_on_commit=False) as s, s.begin():
            hold(s, jur.id)
            if anchors_rev(s, jur.id) == tried.began:
                return write(s)
    with Session(writer(db), expire_on_commit=False) as s, s.begin():
        result = write(s)
        s.flush()
        check_servable(s, jur, today=servable.today, years_ahead=servable.years_ahead, cycle=cycle(result))
        return result


# --------------------------------------------------------------------------- what history calls things


def override_target(day: date, deadline: str, case: str) -> str:
    """What history calls an override: ``override:<cycle>/<deadline>[/<case>]``."""
    return f"override:{day}/{deadline}" + (f"/{case}" if case else "")


def closure_target(jur: Jurisdiction, day: date) -> str:
    """What history calls a closure: ``closure:<the cycle it falls in>/<day>``."""
    cycle = cycle_of(jur, day)
    return f"closure:{cycle or day}/{day}"


def notice_target(cycle: date, rid: str) -> str:
    """What history calls a notice's publication: ``notice:<cycle>/<the notice window's rule>``."""
    return f"notice:{cycle}/{rid}"


def optional_text(value: object, field: str) -> str | None:
    """A free text of at most 2000 characters, stripped; None when absent or blank."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > 2000:
        raise InputError.of("text.optional", field, limit=2000)
    return value.strip() or None
