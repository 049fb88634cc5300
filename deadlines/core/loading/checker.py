"""The checker every loader step shares: it collects one file's problems
(``Problem(file, where, message)``) while converting its values, so a file's
every problem is reported at once and none is raised.

Its messages name what was expected (``expected an integer, got a string``);
callers give ``where``, the dotted place in the file (``deadlines.filing.due``).
"""
from __future__ import annotations

from datetime import date, time
from typing import Any

from deadlines.core.errors import Problem
from deadlines.core.loading.shape import MULTILINE_KEYS, Table

#: How deep tables and lists may nest (the format needs five levels).
MAX_DEPTH = 12
_CONTROL = {chr(c) for c in range(32)} - {"\t", "\n", "\r"} | {"\x7f"}


class Checker:
    """Collects problems for one file while converting its values."""

    def __init__(self, path: str):
        self.path = path
        self.problems: list[Problem] = []

    def fail(self, where: str, message: str) -> None:
        self.problems.append(Problem(self.path, where, message))

    def shaped(self, value: Any, where: str, table: Table) -> dict:
        """:meth:`table` with the keys ``table`` declares (:mod:`.shape`)."""
        return self.table(value, where, table.allowed, table.required)

    def table(self, value: Any, where: str, allowed: set[str] | frozenset[str], required: tuple[str, ...] = ()) -> dict:
        if not isinstance(value, dict):
            self.fail(where, f"expected a table, got {typename(value)}")
            return {}
        for key in sorted(set(value) - allowed):
            self.fail(f"{where}.{key}" if where else key, f"unknown key; expected one of: {', '.join(sorted(allowed))}")
        for key in required:
            if key not in value:
                self.fail(where, f"missing required key '{key}'")
        return value

    def string(self, value: Any, where: str, choices: tuple[str, ...] | None = None) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            self.fail(where, f"expected a non-empty string, got {typename(value)}")
            return None
        if choices is not None and value not in choices:
            self.fail(where, f"expected one of {', '.join(choices)}; got '{value}'")
            return None
        return value

    def integer(self, value: Any, where: str, low: int = 0, high: int | None = None) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(where, f"expected an integer, got {typename(value)}")
            return None
        if value < low:
            self.fail(where, f"expected an integer of at least {low}, got {value}")
            return None
        if high is not None and value > high:
            self.fail(where, f"expected an integer of at most {high:,}, got {value:,}")
            return None
        return value

    def text_values(self, value: Any, where: str = "", depth: int = 0) -> None:
        """Every string of a document, keys too: no NUL or other control
        character (tab and line breaks aside), one line unless its key is in
        :data:`MULTILINE_KEYS`; tables and lists nested at most :data:`MAX_DEPTH`."""
        if depth > MAX_DEPTH:
            self.fail(where, f"nested more than {MAX_DEPTH} levels deep")
            return
        if isinstance(value, dict):
            for key, item in value.items():
                at = f"{where}.{key}" if where else str(key)
                self._one_text(str(key), at, multiline=False)
                self.text_values(item, at, depth + 1)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                self.text_values(item, f"{where}[{i}]", depth + 1)
        elif isinstance(value, str):
            self._one_text(value, where, multiline=where.rsplit(".", 1)[-1] in MULTILINE_KEYS)

    def _one_text(self, value: str, where: str, multiline: bool) -> None:
        bad = next((ch for ch in value if ch in _CONTROL or "\ud800" <= ch <= "\udfff"), None)
        if bad is not None:
            self.fail(where, f"contains the character U+{ord(bad):04X}, which is not allowed")
        elif not multiline and ("\n" in value or "\r" in value):
            self.fail(where, "must be one line (a line break here would break titles, names and calendar files)")

    def boolean(self, value: Any, where: str, default: bool) -> bool:
        if value is None:
            return default
        if not isinstance(value, bool):
            self.fail(where, f"expected true or false, got {typename(value)}")
            return default
        return value

    def day(self, value: Any, where: str) -> date | None:
        is_day = isinstance(value, date) and not hasattr(value, "hour")  # a TOML date, not a date-time
        return self._iso(value, where, is_day, date.fromisoformat, "expected a date YYYY-MM-DD")

    def clock(self, value: Any, where: str) -> time | None:
        return self._iso(value, where, isinstance(value, time), time.fromisoformat,
                         "expected a time of day HH:MM (24-hour)")

    def _iso(self, value: Any, where: str, typed: bool, parse, expected: str):
        """``value`` as TOML typed it (``typed``) or an ISO string ``parse`` reads;
        else None, with ``expected`` said at ``where``."""
        if value is None:
            return None
        if typed:
            return value
        if isinstance(value, str):
            try:
                return parse(value)
            except ValueError:
                pass
        self.fail(where, f"{expected}, got {value!r}")
        return None

    def entries(self, value: Any, where: str) -> dict:
        """A table of named entries (any key is a name)."""
        return self.table(value, where, set(value) if isinstance(value, dict) else set())

    def items(self, value: Any, where: str) -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(where, f"expected a list, got {typename(value)}")
            return []
        return value


def typename(value: Any) -> str:
    return {dict: "a table", list: "a list", str: "a string", bool: "a boolean", int: "an integer"}.get(
        type(value), type(value).__name__
    )
