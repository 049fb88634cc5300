"""A reminder subscription made: :func:`deadlines.store.subscriptions.create`
with the languages its messages can be said in."""
from __future__ import annotations

from sqlalchemy.orm import Session

from deadlines.core.jurisdiction import Jurisdiction
from deadlines.store import subscriptions
from deadlines.store.tables import Subscription
from deadlines.words import LANGUAGES


def subscribe(s: Session, jur: Jurisdiction, **fields) -> Subscription:
    """A new subscription to ``jur`` (``fields``: those of
    :func:`~deadlines.store.subscriptions.create`), its ``lang`` one of
    :data:`deadlines.words.LANGUAGES` (else InputError on ``lang``, nothing stored)."""
    return subscriptions.create(s, jur, languages=LANGUAGES, **fields)
