"""The engine's English, held: every jurisdiction and every cycle 2000-2040
renders as the committed fixture says (``scripts/golden_english.py`` wrote it
before the engine's words moved into the words package, issue 16).

A deliberate change of wording is made by rerunning the script and committing
the fixture with the change, so the diff shows every sentence that moved."""
from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path

import pytest

from deadlines.core.registry import Registry

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"


def _script():
    spec = importlib.util.spec_from_file_location("golden_english", ROOT / "scripts" / "golden_english.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def golden():
    return _script()


@pytest.fixture(scope="module")
def registry():
    return Registry(ROOT / "calendars")


#: The whole roster in this many parts, each a class of its own so that pytest-xdist's
#: ``--dist loadscope`` (the README's test command) runs them on different workers:
#: the whole check is the suite's longest single piece of work.
PARTS = 4


def test_the_fixture_lists_every_jurisdiction(registry):
    listed = {line.split(",", 1)[0] for line in (GOLDEN / "digests.csv").read_text().splitlines()[1:]}
    assert listed == set(registry.ids()), "the fixture lists other jurisdictions: rerun scripts/golden_english.py"


def _renders_the_english_it_did(golden, registry, part: int) -> None:
    """Every ``PARTS``-th jurisdiction from the ``part``-th renders as its digest says."""
    expected = dict(line.split(",", 1) for line in (GOLDEN / "digests.csv").read_text().splitlines()[1:])
    differ = []
    for jid in registry.ids()[part::PARTS]:
        lines = golden.lines_of(registry.get(jid))
        blob = "\n".join(lines) + "\n"
        if f"{len(lines)},{hashlib.sha256(blob.encode()).hexdigest()}" != expected.get(jid):
            differ.append(jid)
    assert not differ, f"{len(differ)} jurisdictions render other English, e.g. {differ[:10]}"


def _part(part: int) -> type:
    def test_every_jurisdiction_and_cycle_renders_the_english_it_did(self, golden, registry):
        _renders_the_english_it_did(golden, registry, part)

    return type(f"TestPart{part + 1}Of{PARTS}", (), {
        "__doc__": f"Part {part + 1} of {PARTS} of the roster (every {PARTS}th jurisdiction).",
        "test_every_jurisdiction_and_cycle_renders_the_english_it_did":
            test_every_jurisdiction_and_cycle_renders_the_english_it_did})


for _n in range(PARTS):
    globals()[f"TestPart{_n + 1}Of{PARTS}"] = _part(_n)


@pytest.mark.parametrize("jid", sorted(p.stem for p in (GOLDEN / "english").glob("*.jsonl")))
def test_representative_jurisdictions_line_by_line(golden, registry, jid):
    """Each calendar file and one roster row per (state, law, zone), compared
    sentence by sentence so a failure names the words that changed."""
    want = (GOLDEN / "english" / f"{jid}.jsonl").read_text(encoding="utf-8").splitlines()
    got = golden.lines_of(registry.get(jid))
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            gd, wd = json.loads(g), json.loads(w)
            assert gd == wd, f"{jid}, computation {i} (election {wd['election']})"
