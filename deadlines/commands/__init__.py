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
from deadlines.commands.subscriptions import subscribe

__all__ = ["subscribe"]
