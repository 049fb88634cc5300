"""Facts the engine says: a :class:`Note` is a code and its arguments, never
a sentence. ``deadlines.words`` turns notes into words in a language.

Arguments are dates, instants, times, whole numbers, ids, citations, other
notes (or tuples of them), and text a calendar file or a person wrote (a
rule's note, an override's reason) passed through as it was written. Words
naming the jurisdiction are never an argument: a note that needs them says
``place`` in its template, filled from the result's jurisdiction, so results
of one law can be shared by jurisdictions of any name.
"""
from __future__ import annotations

from dataclasses import dataclass

from deadlines.core.slotted import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class Note:
    """One fact: ``code`` (e.g. ``count.days_before``) and its named ``args``."""

    code: str
    args: tuple[tuple[str, object], ...] = ()

    def arg(self, name: str, default: object = None) -> object:
        for key, value in self.args:
            if key == name:
                return value
        return default


def note(code: str, **args) -> Note:
    """``Note(code, args)`` with the arguments in the order given."""
    return Note(code, tuple(args.items()))


def text(words: str) -> Note:
    """Words a calendar file or a person wrote, as a note (``text``)."""
    return Note("text", (("text", words),))


def joined(*parts: Note | None) -> Note | None:
    """Notes said one after another (``None`` parts left out)."""
    kept = tuple(p for p in parts if p is not None)
    if len(kept) < 2:
        return kept[0] if kept else None
    return Note("joined", (("parts", kept),))
