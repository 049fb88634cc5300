"""Merging a jurisdiction's file with the shared sets it extends.

Shared rule sets live in ``calendars/shared/<name>.toml`` (one state statute
used by many local governments). Elections, triggers, deadlines and choices of
all files share one namespace (an id defined twice is a problem, unless the
jurisdiction's own deadline ``replaces`` its set's); ``office_hours`` and
``time_law`` of the first file giving them win, and so does each key of
``holidays`` (a city adds its office closures to its state's legal holidays).
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from deadlines.core.errors import Problem
from deadlines.core.loading import shape
from deadlines.core.loading.checker import Checker
from deadlines.core.loading.files import NAMESPACES, Part, shared_part
from deadlines.core.loading.holidays import holiday_law_of
from deadlines.core.holiday_law import HolidayLaw

SHARED_DIR = "shared"


def extended(main: Part, path: Path, own: Checker) -> tuple[list[Part], list[Problem]]:
    """The shared sets ``main`` (the file at ``path``) extends, in its order,
    and their problems; a name that is not a set in ``<folder>/shared/`` is a
    problem of ``main`` (in ``own``)."""
    shared, problems = [], []
    for i, name in enumerate(own.items(main.doc.get("extends"), "extends")):
        if own.string(name, f"extends[{i}]") is None:
            continue
        if not shape.SET_NAME.match(name):
            own.fail(f"extends[{i}]", f"expected a shared set's name (lower-case letters, digits and hyphens, calendars/shared/<name>.toml), got {name!r}")
            continue
        shared_path = path.parent / SHARED_DIR / f"{name}.toml"
        try:
            mtime = shared_path.stat().st_mtime_ns
        except FileNotFoundError:
            available = sorted(p.stem for p in (path.parent / SHARED_DIR).glob("*.toml"))
            own.fail(f"extends[{i}]", f"no shared rule set '{name}' (looked for {shared_path}; available: {', '.join(available) or 'none'})")
            continue
        part, shared_problems = shared_part(shared_path, mtime)
        problems.extend(shared_problems)
        if part is not None:
            shared.append(part)
    return shared, problems


def _replaced(parts: list[Part], checkers: dict[str, Checker]) -> set[tuple[str, str]]:
    """(shared set path, deadline id) pairs the jurisdiction's own file replaces:
    its ``[deadlines.<id>]`` with ``replaces = "<set>"`` (a set it extends
    defining the same id; the government's own rule wins over its state's)."""
    main, out = parts[0], set()
    by_name = {Path(p.path).stem: p for p in parts[1:]}
    for rid, value in (main.doc.get("deadlines") or {}).items():
        versions = value if isinstance(value, list) else [value]
        for i, v in enumerate(versions):
            if not isinstance(v, dict) or "replaces" not in v:
                continue
            where = f"deadlines.{rid}.replaces" if isinstance(value, dict) else f"deadlines.{rid}[{i}].replaces"
            name = checkers[main.path].string(v["replaces"], where)
            part = by_name.get(name) if name else None
            if name and (part is None or rid not in part.ids["deadlines"]):
                checkers[main.path].fail(where, f"'{name}' is not a shared set this file extends that defines '{rid}' (extended: {', '.join(by_name) or 'none'})")
            elif part is not None:
                out.add((part.path, rid))
    return out


def merge(parts: list[Part], checkers: dict[str, Checker]) -> tuple[dict[str, dict], dict[str, str]]:
    """Elections, triggers, deadlines and choices of all files in one namespace: an id
    defined twice is a problem in the later file (the jurisdiction's comes
    first, then its shared sets in the order extended), unless the
    jurisdiction's own deadline says it ``replaces`` that set's."""
    defined_in: dict[str, str] = {}  # every id -> the file defining it
    merged: dict[str, dict] = {key: {} for key in NAMESPACES}
    replaced = _replaced(parts, checkers)
    for key in NAMESPACES:
        for part in parts:
            for item_id in part.ids[key]:
                if key == "deadlines" and (part.path, item_id) in replaced:
                    continue
                if item_id in defined_in:
                    checkers[part.path].fail(f"{key}.{item_id}", f"duplicate id '{item_id}': also defined in {defined_in[item_id]}")
                    continue
                defined_in[item_id] = part.path
                if item_id in part.built[key]:
                    merged[key][item_id] = part.built[key][item_id]
    return merged, defined_in


#: The holiday laws of the files as they now stand: for each set of files
#: giving a jurisdiction's ``[holidays]`` (each key with the file giving it),
#: the law last built from them and what it was made of (those keys' contents):
#: every jurisdiction whose holidays come from the same words shares one law,
#: and its calendars (a law's calendars cost milliseconds; ten thousand files
#: share a handful). A file changed and loaded again replaces its law, so
#: what is kept is bounded by the files, not by how often they change.
_holiday_laws: dict[tuple, tuple[str, HolidayLaw]] = {}


def merged_holidays(parts: list[Part], checkers: dict[str, Checker], main: Checker) -> HolidayLaw | None:
    """:func:`holiday_law_of` of the merged ``[holidays]``, built once per
    contents (one that finds problems is never shared: each file says them)."""
    sources: dict[str, Part] = {}
    for part in parts:
        if isinstance(part.doc.get("holidays"), dict):
            for key in part.doc["holidays"]:
                if key in shape.HOLIDAYS.allowed:
                    sources.setdefault(key, part)
    files = tuple(sorted((k, p.path) for k, p in sources.items()))
    said = repr(sorted((k, p.path, p.doc["holidays"][k]) for k, p in sources.items()))
    key = hashlib.blake2b(said.encode(), digest_size=16).hexdigest()
    kept = _holiday_laws.get(files)
    if kept is not None and kept[0] == key:
        return kept[1]
    before = sum(len(chk.problems) for chk in checkers.values())
    law = holiday_law_of(_holiday_parts(parts, checkers), main)
    if law is not None and sum(len(chk.problems) for chk in checkers.values()) == before:
        _holiday_laws[files] = (key, law)
    return law


def _holiday_parts(parts: list[Part], checkers: dict[str, Checker]) -> dict[str, tuple[Any, Checker]]:
    """Each key of ``[holidays]`` from the first file giving it: a city may add
    its own closures to its state's legal holidays."""
    merged: dict[str, tuple[Any, Checker]] = {}
    for part in parts:
        if "holidays" not in part.doc:
            continue
        c = checkers[part.path]
        for key, value in c.shaped(part.doc["holidays"], "holidays", shape.HOLIDAYS).items():
            if key in shape.HOLIDAYS.allowed:
                merged.setdefault(key, (value, c))
    return merged


def caveats(parts: list[Part], checkers: dict[str, Checker]) -> tuple[str, ...]:
    """Every file's ``caveat`` (its own first): sentences said with every result."""
    found = (checkers[p.path].string(p.doc["caveat"], "caveat") for p in parts if "caveat" in p.doc)
    return tuple(dict.fromkeys(text.strip() for text in found if text))
