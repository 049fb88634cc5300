"""Every write a clerk makes, as a typed command: validate, store, log
history, bump the revision, in one place (:func:`.base.command`), and, asked
with ``servable``, refuse a change after which the jurisdiction could no
longer be computed. The clerk API, the desk and the command line call these;
the store (:mod:`deadlines.store`) only stores.

Each command takes ``(session, jurisdiction, ...)`` and keyword-only ``who``
(a :class:`deadlines.store.history.Who`) and ``servable`` (a :class:`Servable`);
bad input raises :class:`~deadlines.core.errors.InputError` with nothing
written; the caller commits or rolls back the session.
"""
from deadlines.commands.base import (
    NOBODY, Servable, check_servable, closure_target, notice_target, override_target,
)
from deadlines.commands.cycles import (
    MAX_MOVE_DAYS, cases_of_cycle, delete_decision, delete_election, delete_override, put_decision, put_override,
    set_election,
)
from deadlines.commands.events import (
    MAX_EVENTS_PER_CYCLE, TooManyEvents, change_event, delete_event, event_value, events_in_cycle, record_event,
)
from deadlines.commands.office import (
    delete_closure, delete_filing_office, delete_office_hours, delete_publication, publish_notice, record_closure,
    set_filing_office, set_office_hours,
)
from deadlines.commands.reports import accept_report, reject_report
from deadlines.commands.subscriptions import subscribe

__all__ = [
    "MAX_EVENTS_PER_CYCLE", "MAX_MOVE_DAYS", "NOBODY", "Servable", "TooManyEvents", "accept_report",
    "cases_of_cycle", "change_event", "check_servable", "closure_target", "delete_closure", "delete_decision", "delete_filing_office",
    "delete_election", "delete_event", "delete_office_hours", "delete_override", "delete_publication",
    "event_value", "events_in_cycle", "notice_target", "override_target", "publish_notice", "put_decision",
    "put_override", "record_closure", "record_event", "reject_report", "set_election", "set_filing_office", "set_office_hours",
    "subscribe",
]
