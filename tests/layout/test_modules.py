"""The house's rules, checked on the source: modules small enough to read
(none over 400 lines in deadlines/ and web/), no cache in the pure core
(what a law makes the same every cycle is data of the law, DESIGN.md "The law
as a value"), a store that only stores, no import circle, and tests that
import helpers, never each other."""
from __future__ import annotations

import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("deadlines", "web")
MOST_LINES = 400


def _modules() -> dict[str, Path]:
    """Every module of the packages by dotted name (a package by its own name)."""
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _top_level_imports(path: Path, name: str, known: dict[str, Path]) -> set[str]:
    """The modules of the packages ``path`` imports when it is imported: its
    module-level imports (not those inside functions or ``if TYPE_CHECKING``)."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body:
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {m for m in found if m in known and m != name}


def test_no_module_is_over_400_lines():
    long = {name: n for name, path in _modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


def test_the_pure_core_keeps_no_cache():
    """No lru_cache, functools.cache, cached_property or table keyed by
    object identity in deadlines/core."""
    bad = []
    for path in sorted((ROOT / "deadlines" / "core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            named = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
            if named in ("lru_cache", "cache", "cached_property") or (
                    isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id"):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {named or 'id()'}")
    assert bad == []


CACHING = ("lru_cache", "cache", "cached_property")


def test_every_cache_is_named_in_the_design():
    """Each module of deadlines/ and web/ that keeps a cache (lru_cache,
    functools.cache, cached_property) is named in DESIGN.md's "Caches"
    section, where what keys and bounds it is said."""
    design = (ROOT / "DESIGN.md").read_text(encoding="utf-8")
    section = design[design.index("## Caches"):]
    section = section[:section.find("\n## ", 1)]
    keeping = set()
    for folder in ("deadlines", "web"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                for dec in getattr(node, "decorator_list", ()):
                    dec = dec.func if isinstance(dec, ast.Call) else dec
                    if (dec.attr if isinstance(dec, ast.Attribute) else getattr(dec, "id", "")) in CACHING:
                        keeping.add(str(path.relative_to(ROOT)))
    assert keeping and {p for p in keeping if f"`{p}`" not in section} == set()


def test_the_store_only_stores():
    """deadlines/store imports neither the engine, the results cache, the
    service, the commands, the publisher, the words nor the reminders."""
    known = _modules()
    forbidden = ("deadlines.core.engine", "deadlines.results", "deadlines.service", "deadlines.commands",
                 "deadlines.recorded", "deadlines.publish", "deadlines.words", "deadlines.reminders", "web")
    bad = {name: sorted(m for m in _top_level_imports(path, name, known) if m.startswith(forbidden))
           for name, path in known.items() if name.startswith("deadlines.store")}
    assert {k: v for k, v in bad.items() if v} == {}


def test_no_import_circle():
    known = _modules()
    graph = {name: _top_level_imports(path, name, known) for name, path in known.items()}
    for name in list(graph):  # importing a module imports its packages first: not a circle of its own
        graph[name] = {m for m in graph[name] if not name.startswith(m + ".")}
    circles, state = [], {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                circles.append(trail[trail.index(nxt):] + [nxt] if nxt in trail else [node, nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert circles == []


def test_no_test_module_imports_another():
    bad = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            bad += [f"{path.relative_to(ROOT)}:{node.lineno}: {n}" for n in names if n.split(".")[-1].startswith("test_")]
    assert bad == []


def test_no_test_artifact_or_installed_package_is_tracked():
    """Screenshots and other test artifacts, and the node packages the tests
    install (or a link to them), stay out of git."""
    tracked = subprocess.run(["git", "ls-files", "test-artifacts", "tests/js/node_modules"], cwd=ROOT,
                             capture_output=True, text=True, check=True)
    assert tracked.stdout == ""


#: tests that still load a script's module to test it (a script's functions, not a helper of the tests):
#: to move into the package or a tests/ helper the script imports; none may be added.
SCRIPT_LOADS_LEFT = {"tests/engine/test_golden_english.py: scripts", "tests/web/test_api_reference.py: scripts"}


def test_no_test_imports_bench_or_scripts():
    """Tests depend on the package and tests/ helpers, never on a benchmark or
    a script (the benches import the tests' helpers, not the other way round):
    no ``import bench``/``scripts``, and no loading of a file under bench/ or
    scripts/ as a module (running a script as a subprocess to test it is fine)."""
    loaders = ("spec_from_file_location", "run_path", "import_module", "SourceFileLoader")
    found = set()
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if "node_modules" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(text)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            found |= {f"{where}: {n.split('.')[0]}" for n in names if n.split(".")[0] in ("bench", "scripts")}
            if isinstance(node, ast.Call):
                called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if called in loaders:  # (a call's source is cut from the text only here: it splits every line)
                    segment = ast.get_source_segment(text, node) or ""
                    found |= {f"{where}: {folder}" for folder in ("bench", "scripts") if f'"{folder}"' in segment
                              or f"{folder}/" in segment or f"{folder}." in segment}
    assert found == SCRIPT_LOADS_LEFT


def test_one_conftest():
    """Tests import the root's constants as ``from conftest import TODAY``; a
    second conftest.py is imported under the same name and, in whichever
    order pytest-xdist's workers collect, hides the root's (fixtures a folder
    shares live in a helpers module its tests import by name)."""
    assert sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("conftest.py")
                  if "node_modules" not in p.parts) == ["tests/conftest.py"]
