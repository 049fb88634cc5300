"""One calendar file on its own: read (UTF-8 TOML, every failure a problem)
and checked as far as it can be without the files it is combined with. A
shared set's part is kept per modification time and reused by every
jurisdiction extending it."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from deadlines.core.errors import Problem
from deadlines.core.loading import shape
from deadlines.core.loading.checker import MAX_DEPTH, Checker, typename
from deadlines.core.loading.rules import election_of, office_hours_of, rules_of, time_law_of, trigger_of
from deadlines.core.model import OfficeHours, TimeLaw


def parse(path: Path) -> tuple[dict | None, list[Problem]]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, [Problem(str(path), "", "file not found")]
    except OSError as exc:
        return None, [Problem(str(path), "", f"cannot be read: {exc.strerror or exc}")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        return None, [Problem(str(path), "", f"not UTF-8: byte 0x{raw[exc.start]:02x} on line {line} (save the file as UTF-8)")]
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as exc:
        return None, [Problem(str(path), "", f"not valid TOML: {exc}")]
    except RecursionError:
        return None, [Problem(str(path), "", f"not valid TOML: nested too deeply (at most {MAX_DEPTH} levels)")]


NAMESPACES = ("elections", "triggers", "deadlines", "choices")  # one namespace of ids, in this order


@dataclass(frozen=True, eq=False)
class Part:
    """One file (a jurisdiction's or a shared set's) validated on its own: what
    it defines and what is wrong in it. A shared set is parsed and validated
    once per modification time (:func:`shared_part`) and its part, rule objects
    included, is reused by every jurisdiction that extends it."""

    path: str
    doc: dict  # its top-level tables, as parsed
    ids: dict[str, tuple[str, ...]]  # each of NAMESPACES -> ids in file order, valid or not
    built: dict[str, dict]  # the same keys -> the valid definitions by id (choices: as written)
    time_law: TimeLaw | None
    office_hours: OfficeHours | None
    problems: tuple[Problem, ...]


def validate_part(path: str, doc: dict, table: shape.Table) -> Part:
    """Everything in one file that can be checked without the files it is
    combined with; ``table`` is its top level's shape (a jurisdiction's or a
    shared set's)."""
    c = Checker(path)
    c.text_values(doc)
    if any(p.message.startswith("nested more than") for p in c.problems):
        return Part(path=path, doc={}, ids={k: () for k in NAMESPACES}, built={k: {} for k in NAMESPACES},
                     time_law=None, office_hours=None, problems=tuple(c.problems))
    doc = c.shaped(doc, "", table)
    ids, tables = {}, {}
    for key in NAMESPACES:
        table = doc.get(key, {})
        if not isinstance(table, dict):
            c.fail(key, f"expected a table, got {typename(table)}")
            table = {}
        ids[key], tables[key] = tuple(table), table
    built = {
        "elections": {eid: rule for eid, value in tables["elections"].items() if (rule := election_of(eid, value, c))},
        "triggers": {tid: trig for tid, value in tables["triggers"].items() if (trig := trigger_of(tid, value, c))},
        "deadlines": rules_of([(rid, value, c) for rid, value in tables["deadlines"].items()]),
        "choices": tables["choices"],  # checked in combination: a choice names the merged deadlines
    }
    return Part(
        path=path, doc=doc, ids=ids, built=built,
        time_law=time_law_of(doc["time_law"], c) if "time_law" in doc else None,
        office_hours=office_hours_of(doc["office_hours"], c) if "office_hours" in doc else None,
        problems=tuple(c.problems),
    )


#: The shared sets read so far: path -> (modification time, part, problems),
#: one entry per shared set file (a newer modification time replaces it).
_shared: dict[Path, tuple[int, Part | None, tuple[Problem, ...]]] = {}


def shared_part(path: Path, mtime_ns: int) -> tuple[Part | None, tuple[Problem, ...]]:
    """A shared rule set, parsed and validated once per modification time."""
    seen = _shared.get(path)
    if seen is not None and seen[0] == mtime_ns:
        return seen[1], seen[2]
    doc, problems = parse(path)
    if doc is None:
        part, found = None, tuple(problems)
    else:
        part = validate_part(str(path), doc, shape.SHARED_SET)
        found = part.problems
    _shared[path] = (mtime_ns, part, found)
    return part, found


def check_shared(path: str | Path) -> list[Problem]:
    """Validate one shared rule set on its own (``deadlines check`` runs this
    on every file of ``calendars/shared/``)."""
    path = Path(path)
    try:
        mtime = path.stat().st_mtime_ns
    except FileNotFoundError:
        return [Problem(str(path), "", "file not found")]
    return list(shared_part(path, mtime)[1])
