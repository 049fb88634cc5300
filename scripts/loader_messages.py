"""List every error message of the calendar loader and whether a test checks it.

A message is the text given to ``Checker.fail`` or ``Problem`` in
deadlines/core/loader.py and the modules of deadlines/core/loading/ (an
f-string's fixed parts, with ``{}`` for what it fills in); one text given at
several places counts once. It counts as
tested when its longest fixed part appears in tests/calendars/test_validation*.py or in
tests/calendar_files.py (the broken calendar files and the message each gives).

    .venv/bin/python scripts/loader_messages.py          # the list and the count
    .venv/bin/python scripts/loader_messages.py --check  # exit 1 if one is untested
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "deadlines" / "core"
LOADER = [CORE / "loader.py", *sorted((CORE / "loading").glob("*.py"))]
TESTS = [*sorted((ROOT / "tests" / "calendars").glob("test_validation*.py")), ROOT / "tests" / "calendar_files.py"]


def _template(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _calls(module: Path):
    """(line, text) of each message given in ``module``."""
    for node in ast.walk(ast.parse(module.read_text())):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name == "fail" and len(node.args) == 2:
            text = _template(node.args[1])
        elif name == "Problem" and len(node.args) == 3:
            text = _template(node.args[2])
        else:
            continue
        if text is not None:
            yield node.lineno, text


def messages() -> list[tuple[str, str]]:
    """(first place ``module.py:line``, text) of each distinct message."""
    out: dict[str, tuple[int, int]] = {}
    for index, module in enumerate(LOADER):
        for line, text in _calls(module):
            out[text] = min(out.get(text, (index, line)), (index, line))
    return [(f"{LOADER[i].name}:{line}", text) for text, (i, line) in sorted(out.items(), key=lambda kv: kv[1])]


def key_fragment(template: str) -> str:
    return max(template.split("{}"), key=len).strip()


def main() -> None:
    tests = "".join(t.read_text() for t in TESTS).replace('\\"', '"')
    found = messages()
    untested = [(place, t) for place, t in found if key_fragment(t) not in tests]
    for place, text in found:
        mark = "  " if (place, text) not in untested else "! "
        print(f"{mark}{place}: {text}")
    print(f"{len(found)} messages, {len(found) - len(untested)} tested, {len(untested)} untested")
    if "--check" in sys.argv and untested:
        sys.exit(1)


if __name__ == "__main__":
    main()
