"""Complete lists: ``calendars/facts/<st>-lists.csv``.

One row says once that a source is the complete list of the governments that
took a choice for one cycle (the lieutenant governor's list of the
municipalities in Utah's ranked-choice pilot for 2021): every government of
the row's kinds on the state's roster that the list does not name then has
the decision ``no`` for that cycle, with the list as its source (research,
``recorded``). A government's own fact row for that cycle (yes or no) wins:
no fact is derived for it. ``calendars/facts/README.md`` says the columns.

Pure: the rows come in as text, the roster's entries as values.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from deadlines.core.errors import Problem
from deadlines.core.jurisdiction import Fact
from deadlines.core.roster import csv_rows

SUFFIX = "-lists.csv"
COLUMNS = ("fact", "cycle", "kinds", "named", "source", "quote", "as_of")
#: The facts a list may decide: those whose words say whose list it is
#: (``choice.not_listed``: "the lieutenant governor's list of 2021 participants")
LISTED_FACTS = ("decision:ranked-choice",)
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class CompleteList:
    """A complete list of the governments of ``kinds`` in ``state`` that took
    the choice of ``fact`` for the cycle whose general election is ``cycle``;
    ``line`` is its row in ``path``."""

    state: str
    fact: str
    cycle: date
    kinds: tuple[str, ...]
    named: tuple[str, ...]
    source: str
    quote: str
    as_of: date | None
    path: str
    line: int

    def off_list(self) -> Fact:
        """The fact of a government the list does not name: ``no`` for the
        cycle's year, with the list as its source."""
        year = self.cycle.year
        return Fact(self.fact, "no", self.source, "research", self.quote, self.as_of,
                    date(year, 1, 1), date(year, 12, 31), listed=year)


def is_lists_file(name: str) -> bool:
    return name.endswith(SUFFIX)


def read(path: Path, problems: list[Problem]) -> list[CompleteList]:
    """The lists of ``path`` (``ut-lists.csv``: Utah's); a row with a problem is
    left out and reported as ``FILE: line N (fact): field: ...``."""
    state = path.name.removesuffix(SUFFIX).upper()
    out = []
    for line, row in csv_rows(path, COLUMNS, problems):
        try:
            out.append(_list(row, state, str(path), line))
        except ValueError as exc:
            problems.append(Problem(str(path), f"line {line} ({(row.get('fact') or '').strip() or 'no fact'})",
                                    str(exc)))
    kept: dict[tuple, CompleteList] = {}
    for found in out:
        if (found.fact, found.cycle) in kept:
            problems.append(Problem(found.path, f"line {found.line} ({found.fact})",
                                    f"cycle: a second list for {found.cycle}; the first one holds"))
            continue
        kept[(found.fact, found.cycle)] = found
    return list(kept.values())


def _list(row: dict, state: str, path: str, line: int) -> CompleteList:
    v = {k: (row.get(k) or "").strip() for k in COLUMNS}
    if v["fact"] not in LISTED_FACTS:
        raise ValueError(f"fact: expected one of {', '.join(LISTED_FACTS)}, got {v['fact']!r}")
    try:
        cycle = date.fromisoformat(v["cycle"])
    except ValueError:
        raise ValueError(f"cycle: expected the general election's date YYYY-MM-DD, got {v['cycle']!r}") from None
    kinds = tuple(v["kinds"].split())
    if not kinds:
        raise ValueError("kinds: the roster kinds the list covers are missing (city town)")
    named = tuple(v["named"].split())
    bad = [n for n in named if not _ID.match(n)]
    if bad:
        raise ValueError(f"named: expected government ids separated by spaces, got {bad[0]!r}")
    if len(set(named)) != len(named):
        raise ValueError(f"named: {next(n for n in named if named.count(n) > 1)} is named twice")
    if not re.match(r"^https?://\S+$", v["source"]):
        raise ValueError(f"source: expected the link where the list was read, got {v['source']!r}")
    if not v["quote"]:
        raise ValueError("quote: the words quoted from the source are missing")
    try:
        as_of = date.fromisoformat(v["as_of"]) if v["as_of"] else None
    except ValueError:
        raise ValueError(f"as_of: expected a date YYYY-MM-DD, got {v['as_of']!r}") from None
    return CompleteList(state, v["fact"], cycle, kinds, named, v["source"], v["quote"], as_of, path, line)


def derived(lists, jid: str, kind: str | None, state: str | None, own: tuple[Fact, ...]) -> tuple[Fact, ...]:
    """The facts the complete ``lists`` give the government ``jid`` (of roster
    ``kind`` in ``state``): ``no`` for each cycle whose list does not name it,
    unless one of its ``own`` facts of that name holds in the cycle's year."""
    out = []
    for found in lists:
        if found.state != state or kind not in found.kinds or jid in found.named:
            continue
        fact = found.off_list()
        if any(f.fact == fact.fact and f.holds_on(found.cycle) for f in own):
            continue  # its own row (yes or no) wins
        out.append(fact)
    return tuple(out)


def unknown_ids(lists, roster) -> list[Problem]:
    """Each id a list names that is not on its state's roster, or is there
    with a kind the list does not cover (``deadlines check``)."""
    out = []
    for found in lists:
        for jid in found.named:
            entry = roster.entries.get(jid)
            where = f"line {found.line} ({found.fact})"
            if entry is None or entry.state != found.state:
                out.append(Problem(found.path, where, f"named: no government '{jid}' on the {found.state} roster"))
            elif entry.kind not in found.kinds:
                out.append(Problem(found.path, where, f"named: {jid} is a {entry.kind}, not one of the kinds "
                                                      f"{' '.join(found.kinds)}"))
    return out
