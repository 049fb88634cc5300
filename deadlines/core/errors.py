"""Errors that name the file, the rule and what was expected."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a calendar file: ``path: where: message``."""

    path: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.where}: {self.message}" if self.where else f"{self.path}: {self.message}"


class CalendarError(Exception):
    """Calendar files that failed validation; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class InputError(ValueError):
    """Bad input from a user (an unknown jurisdiction, a malformed date, an event
    the jurisdiction does not know). ``field`` names the input at fault;
    ``code`` says what is wrong (``date.malformed``, ``event.needs_time``...;
    ``input.invalid`` where nothing finer is said), for code that answers it
    in other words; the message is the terse words tools match on."""

    def __init__(self, message: str, field: str | None = None, code: str = "input.invalid"):
        super().__init__(message)
        self.field = field
        self.code = code


class CoverageError(InputError):
    """A day outside the years a business calendar holds: the holiday law is
    not written for it, so the calendar refuses to call it a business day."""


class CaseNeeded(InputError):
    """An override of a deadline that exists only in cases, naming none, where
    the cycle has no single open case to bind it to; ``cases`` lists them as
    ``(id, label)`` (answered 409: the request is right, the record ambiguous)."""

    def __init__(self, message: str, cases: list[tuple[str, str]]):
        super().__init__(message, "case", "case.needed")
        self.cases = list(cases)
