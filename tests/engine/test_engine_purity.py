"""The pure core (deadlines/core) imports only the standard library,
python-dateutil and itself (holidays are computed from the rules in calendars/,
not a holiday package); running it loads no web framework,
scheduler or database driver."""
import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "deadlines" / "core"
ALLOWED = set(sys.stdlib_module_names) | {"dateutil"}


def _imports(path: Path):
    """(line, module) for every import in ``path``, relative ones resolved."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # from .x import y: inside the core by construction of the folder
                yield node.lineno, "deadlines.core" + (f".{node.module}" if node.module else "")
            else:
                yield node.lineno, node.module


def test_core_imports_only_stdlib_dateutil_and_itself():
    modules = sorted(CORE.rglob("*.py"))
    assert len(modules) >= 10, modules  # the walk found the core
    bad = [
        f"{path.relative_to(CORE.parent.parent)}:{line}: imports {module}"
        for path in modules
        for line, module in _imports(path)
        if module.split(".")[0] not in ALLOWED and not (module == "deadlines.core" or module.startswith("deadlines.core."))
    ]
    assert bad == []


def test_the_walk_catches_a_forbidden_import(tmp_path):
    sneaky = tmp_path / "x.py"
    sneaky.write_text("def f():\n    from flask import current_app\n    import deadlines.store.db\n")
    found = [m for _, m in _imports(sneaky)]
    assert found == ["flask", "deadlines.store.db"]
    assert all(m.split(".")[0] not in ALLOWED for m in found)


CODE = """
import sys
from datetime import date
from deadlines.core.registry import Registry
from deadlines.core.engine import compute
compute(Registry().get("salt-lake-city-ut"), election=date(2025, 11, 4), today=date(2025, 1, 1))
bad = sorted(m for m in sys.modules if m.split(".")[0] in {"flask", "apscheduler", "sqlalchemy", "web", "icalendar"}
             or m.startswith(("deadlines.store", "deadlines.reminders", "deadlines.web", "deadlines.publish")))
print(",".join(bad))
"""


def test_engine_run_loads_no_web_scheduler_or_database():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
