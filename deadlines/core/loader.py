"""Reading and validating calendar files (``calendars/<id>.toml``).

Every problem in a file is collected and reported at once, each naming the file,
the place in it (``deadlines.withdrawal.due``) and what was expected; none is
raised. The service loads rules only through :func:`load_jurisdiction` (or the
registry, through :func:`check_document`), so what ``deadlines check`` accepts
is exactly what the engine runs.

The work is done by job in :mod:`deadlines.core.loading`: the declared shape
of a file (:mod:`~deadlines.core.loading.shape`), one file on its own
(:mod:`~deadlines.core.loading.files`, building its rules with
:mod:`~deadlines.core.loading.rules` and :mod:`~deadlines.core.loading.holidays`),
merging a jurisdiction with the shared sets it ``extends``
(:mod:`~deadlines.core.loading.merge`), the checks across the merged files
(:mod:`~deadlines.core.loading.cross`) and the jurisdiction built from them
(:mod:`~deadlines.core.loading.build`).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from deadlines.core.errors import CalendarError, Problem
from deadlines.core.loading import files, shape
from deadlines.core.loading.build import build
from deadlines.core.loading.checker import Checker
from deadlines.core.loading.files import check_shared, validate_part
from deadlines.core.law import law_of
from deadlines.core.loading.merge import SHARED_DIR, extended
from deadlines.core.jurisdiction import Jurisdiction

__all__ = ["SHARED_DIR", "check_document", "check_jurisdiction", "check_shared", "load_jurisdiction"]


def load_jurisdiction(path: str | Path) -> Jurisdiction:
    """Load and validate one jurisdiction file; raise :class:`CalendarError`
    listing every problem."""
    jurisdiction, problems = check_jurisdiction(path)
    if problems:
        raise CalendarError(problems)
    assert jurisdiction is not None
    return jurisdiction


def check_jurisdiction(path: str | Path, defaults: dict | None = None) -> tuple[Jurisdiction | None, list[Problem]]:
    """Validate one jurisdiction file with its shared sets; return the model
    (None when anything is wrong) and every problem found. ``defaults`` are
    top-level keys the file may leave out (a roster row's identity and its
    kind's ``extends``): what the file gives wins."""
    path = Path(path)
    doc, problems = files.parse(path)  # through the module: a test counts the reads
    if doc is None:
        return None, problems
    return check_document({**(defaults or {}), **doc}, path)


def check_document(doc: dict, path: Path) -> tuple[Jurisdiction | None, list[Problem]]:
    """:func:`check_jurisdiction` of a document already read: ``path`` names it
    in problems (its stem must be the id) and its folder holds ``shared/``."""
    main = validate_part(str(path), doc, shape.JURISDICTION)
    own = Checker(str(path))
    shared, shared_problems = extended(main, path, own)
    problems = [*main.problems, *shared_problems, *own.problems]
    jurisdiction, combined = build(path, [main, *shared], own)
    problems.extend(combined)
    if problems:
        return None, problems
    return replace(jurisdiction, law=law_of(jurisdiction)), problems
