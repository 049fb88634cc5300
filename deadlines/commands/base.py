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
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from datetime import date
from functools import wraps
from typing import Callable, Generic, TypeVar

from sqlalchemy.orm import Session

from deadlines.core.errors import CalendarError, InputError, fact
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.recorded import DbRecords
from deadlines.service import cycle_of, lookup, upcoming
from deadlines.store import history
from deadlines.store.util import bump

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
    every page, feed, email and listing can show."""
    seen = DbRecords(s.connection(), revision_ttl=0)
    try:
        upcoming(jur, today=today, years_ahead=years_ahead, records=seen)
        if cycle is not None:
            lookup(jur, today=today, election=cycle, records=seen)
    except CalendarError as exc:
        raise InputError.of("write.not_servable", None, jurisdiction=jur.id, problems=str(exc)) from None
    except InputError as exc:
        raise InputError.of("write.not_servable_because", exc.field, jurisdiction=jur.id, why=fact(exc)) from None


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
