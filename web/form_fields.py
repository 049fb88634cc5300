"""The lookup form's fields for one jurisdiction: which dates it asks (only
those its rules count from), an instant typed as a date and an optional time
(two inputs with few tab stops, joined here), and the question asked when a
typed election is not the one the law sets."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from typing import Mapping

from markupsafe import Markup, escape

from deadlines.core.elections import election_date
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.publish.place_words import describe_place
from deadlines.words import Words, words

TIME_SUFFIX = "-time"


@lru_cache(maxsize=256)
def _counted_from(jur: Jurisdiction) -> frozenset[str]:
    """Every election and trigger some rule of ``jur`` counts from, directly
    or through another deadline (its newest versions)."""
    seen: dict[str, set[str]] = {}
    for rid in jur.order:
        found: set[str] = set()
        for a in jur.rules[rid][-1].anchors():
            found |= seen.get(a, {a})
        seen[rid] = found
    return frozenset(a for anchors in seen.values() for a in anchors)


def asks(jur: Jurisdiction, field: str) -> bool:
    """Whether the form asks ``field`` (``election``, ``primary``) of ``jur``:
    the primary where a rule counts from it, the general election (which names
    the cycle, and the primary's year) where a rule counts from any election;
    model-city counts only from its ordinance."""
    counted = _counted_from(jur)
    if field == "primary":
        return "primary" in jur.elections and "primary" in counted
    return bool(counted & set(jur.elections))


def time_fields(jur: Jurisdiction) -> tuple[str, ...]:
    """The names of the optional time inputs beside instant triggers' dates."""
    return tuple(t.name + TIME_SUFFIX for t in jur.triggers.values() if t.type == "instant")


def joined(jur: Jurisdiction, args: Mapping[str, str]) -> dict[str, str]:
    """``args`` with each instant trigger's date and time inputs as one value
    (``objection-filed=2025-06-12`` and ``objection-filed-time=14:30`` give
    ``2025-06-12T14:30``); a value typed whole (a link) is kept as it is."""
    out = {k: v for k, v in args.items() if k not in time_fields(jur)}
    for t in jur.triggers.values():
        clock = args.get(t.name + TIME_SUFFIX)
        if t.type == "instant" and clock and args.get(t.name) and "T" not in args[t.name]:
            out[t.name] = f"{args[t.name]}T{clock}"
    return out


def split(value: str | None) -> tuple[str, str]:
    """A typed instant's date and time parts, for the two inputs."""
    day, _, clock = (value or "").partition("T")
    return day, clock[:5]


@dataclass(frozen=True)
class ElectionQuestion:
    """"November 2, 2027 is the election by rule; use it, or keep November 3
    as a special election?" """

    typed: date
    by_rule: date

    def words(self, w: Words = words("en")) -> str:
        by_rule, typed = w.day(self.by_rule), w.day(self.typed)
        if self.by_rule.year == self.typed.year:
            return w._("{by_rule} is the election by rule. Use it, or keep {typed} as a special election?",
                       by_rule=by_rule, typed=typed)
        return w._("{by_rule} is the nearest election by rule. Use it, or keep {typed} as a special election?",
                   by_rule=by_rule, typed=typed)


def election_question(jur: Jurisdiction, typed: date, named: bool) -> ElectionQuestion | None:
    """The question to ask where ``typed`` names no cycle (``named``: it is
    the date by rule or a date a clerk entered): the election by rule nearest it."""
    if named:
        return None
    rule = jur.elections["general"]
    near = [found[0] for y in (typed.year - 1, typed.year, typed.year + 1)
            if (found := election_date(rule, y)) is not None]
    if not near:
        return None
    by_rule = min(near, key=lambda d: (abs((d - typed).days), d))
    return ElectionQuestion(typed, by_rule) if abs(by_rule - typed) <= timedelta(days=366) else None


def jurisdiction_options(choices, selected: str | None, w: Words) -> Markup:
    """The jurisdiction list's ``<option>`` elements: each place's name, with
    its kind and counties (:func:`describe_place`, in ``w``'s language) where
    it has a kind; the one whose id is ``selected`` selected. Made here, not
    in the template: every page lists every government whose own law is
    encoded (about 90), and a template's loop over them was a sixth of a
    page's render."""
    out = []
    for j in choices:
        label = f"{j.name} ({describe_place(j, w)})" if j.kind else j.name
        mark = " selected" if j.id == selected else ""
        out.append(f'<option value="{escape(j.id)}"{mark}>{escape(label)}</option>')
    return Markup("".join(out))
