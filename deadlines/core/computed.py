"""What the engine derives: a cycle's :class:`Result` of :class:`Deadline`
values, each with its :class:`ReadingResult` readings, and the
:class:`Anchor` values they count from. All frozen; a result says facts
(:class:`~deadlines.core.notes.Note`), never sentences: ``deadlines.words``
says them in a language."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from operator import attrgetter
from typing import TYPE_CHECKING

from deadlines.core.cases import Case
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.model import Moment, Override, Rule
from deadlines.core.notes import Note
from deadlines.core.slotted import quick_init

if TYPE_CHECKING:  # it imports this module
    from deadlines.core.basis import Basis


@quick_init
@dataclass(frozen=True, slots=True)
class ReadingResult:
    name: Note
    roll: str
    due: Moment
    cite: str
    why: Note
    safe: bool = False


@quick_init
@dataclass(frozen=True, slots=True)
class Deadline:
    """A computed deadline (DESIGN.md "A computed deadline"). What the law
    says of it, the same every cycle (its title, kind, audience, citation,
    quoted text, thresholds, effective date, file and where the text is read),
    is read from ``rule``, the version in force it was counted by: a deadline
    holds one reference to it rather than ten copies."""

    cycle: date  # its general election's date by rule, before any move (elections.cycle_key)
    id: str
    rule: Rule
    due: Moment
    ends: Note
    status: str
    steps: tuple[Note, ...]
    start: Moment | None = None
    statutory_start: date | None = None
    readings: tuple[ReadingResult, ...] = ()
    safe_due: Moment | None = None
    warnings: tuple[Note, ...] = ()
    computed_due: Moment | None = None
    override: Override | None = None
    case: str | None = None  # the case id of a deadline counted from a trigger event
    changes: tuple[Note, ...] = ()  # what a clerk changed, and when
    label: str | Note | None = None  # the label of its case (a deadline counted from a trigger event)
    basis: Basis | None = None  # what it rests on (deadlines.core.basis), laid on by the service

    title = property(attrgetter("rule.title"), doc="Its rule's title (the file's words); a case's label is ``label``.")
    kind = property(attrgetter("rule.kind"))
    audience = property(attrgetter("rule.audience"))
    citation = property(attrgetter("rule.cite"))
    text = property(attrgetter("rule.text"), doc="The quoted law.")
    thresholds = property(attrgetter("rule.thresholds"))
    rule_effective = property(attrgetter("rule.effective"), doc="The day its rule's version took effect (None: undated).")
    source = property(attrgetter("rule.source"), doc="The calendar file its rule was read from.")
    url = property(attrgetter("rule.url"), doc="Where the quoted text can be read.")
    read = property(attrgetter("rule.read"), doc="The day the text was read there.")

    @property
    def key(self) -> str:
        """Its identity within its jurisdiction, never the date: case + rule
        for a deadline of a case, election cycle + rule otherwise. A deadline
        holds no jurisdiction (every government of one law shares it):
        :func:`uid` adds the jurisdiction's id."""
        return f"{self.case or self.cycle.isoformat()}/{self.id}"


def uid(jurisdiction: str, d: Deadline) -> str:
    """A deadline's stable identity across governments, never the date:
    ``<jurisdiction id>/<case or cycle>/<rule id>`` (feeds' UIDs, reminders,
    clerk records)."""
    return f"{jurisdiction}/{d.key}"


@quick_init
@dataclass(frozen=True, slots=True)
class Anchor:
    name: str
    title: str
    value: Moment
    how: Note  # anchor.entered, anchor.recorded, anchor.derived...


@quick_init
@dataclass(frozen=True, slots=True)
class Result:
    jurisdiction: Jurisdiction
    held: date  # the general election as held (entered, moved or by rule)
    cycle: date  # its date by rule: the identity of the cycle (elections.cycle_key)
    anchors: dict[str, Anchor]
    deadlines: tuple[Deadline, ...]
    warnings: tuple[Note, ...] = ()
    pending: tuple[str, ...] = ()  # ids waiting for a trigger
    cases: tuple[Case, ...] = ()
    moved: Note | None = None  # election.moved when the election is not held on its date by rule

    def uid(self, d: Deadline) -> str:
        """Deadline ``d``'s stable identity as this jurisdiction's (:func:`uid`)."""
        return uid(self.jurisdiction.id, d)

    @property
    def place(self) -> str:
        """The jurisdiction's name: what fills ``{place}`` in the words of its notes."""
        return self.jurisdiction.name
