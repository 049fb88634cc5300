"""What a template speaks with: the phrase functions of the publisher
(:mod:`deadlines.publish.words`, :mod:`~deadlines.publish.place_words`,
:mod:`~deadlines.publish.record_words`) bound to one language."""
from __future__ import annotations

import inspect
from functools import lru_cache, partial
from types import SimpleNamespace

from deadlines.publish import for_candidates, place_words, record_words
from deadlines.publish import words as phrases
from deadlines.words import Words


@lru_cache(maxsize=None)
def speaking(w: Words) -> SimpleNamespace:
    """The functions of :mod:`deadlines.publish.words`,
    :mod:`deadlines.publish.place_words` and
    :mod:`deadlines.publish.record_words`, with
    ``w`` given (for a template: ``words.when(d.due)`` in ``w``'s language);
    ``w`` itself as ``words.w`` (``words.w.title(d)``; ``words.w.plainly()``
    for the engine's sentences as the public pages say them) and its zone
    names as ``words.zone_name``."""
    bound = {name: partial(fn, w=w) if "w" in inspect.signature(fn).parameters else fn
             for module in (phrases, place_words, record_words, for_candidates)
             for name, fn in vars(module).items()
             if inspect.isfunction(fn) and fn.__module__ == module.__name__ and not name.startswith("_")}
    return SimpleNamespace(**bound, w=w, zone_name=w.zone, AUDIENCE_WORDS={k: w._(v) for k, v in phrases.AUDIENCE_WORDS.items()})
