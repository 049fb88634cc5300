"""Write the golden English fixture: what the engine says, in English, for every
jurisdiction and every cycle 2000-2040 (issue 16: words move out of the engine;
the English they render must stay what it was).

For each jurisdiction (calendar files and roster rows) and each general
election by rule from 2000 to 2040, the engine computes the cycle with no
records (through the service's results cache, as the service does: every
government of one law is computed once per cycle, and each renders its own
English: ``tests/engine/test_results_cache.py`` holds the cache to the bare
engine), and, where the jurisdiction has trigger events, once more with each
trigger recorded 200 days before the election at 2:30 p.m. (one case). The
result is rendered as ``deadlines compute --json`` renders it, less the
``notes`` (facts, not words).

Written:

- ``tests/golden/digests.csv``: ``id,cycles,sha256`` for every jurisdiction
  (the digest of its cycles' JSON, one per line, in order);
- ``tests/golden/english/<id>.jsonl``: the whole JSON, one cycle per line, for
  each calendar file and for the first roster row of each (state, law, zone),
  so a change shows as a readable diff.

Run: ``.venv/bin/python scripts/golden_english.py [--check]``.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from datetime import date, datetime, time, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from deadlines.core.registry import Registry  # noqa: E402
from deadlines.publish.as_json import result_dict  # noqa: E402
from deadlines.words import DEFAULT, words  # noqa: E402
from deadlines.results import compute  # noqa: E402
from deadlines.service import cycles  # noqa: E402

OUT = ROOT / "tests" / "golden"
TODAY = date(2026, 12, 1)
FIRST, LAST = date(2000, 1, 1), date(2040, 12, 31)


def without_notes(result: dict) -> dict:
    """:func:`~deadlines.publish.as_json.result_dict`'s JSON less its notes
    (facts beside the words): the result's, each deadline's and each of their
    bases' (where ``note_dict`` puts them; a walk of every value took a
    sixth of the check's time)."""
    def bare(value: dict) -> dict:
        return {k: v for k, v in value.items() if k != "notes"}

    out = bare(result)
    out["deadlines"] = [{k: bare(v) if k == "basis" else v for k, v in bare(d).items()} for d in result["deadlines"]]
    return out


def lines_of(jur) -> list[str]:
    """One JSON line per computation of ``jur``: each cycle bare, then with a case."""
    out = []
    for cycle in cycles(jur, FIRST, LAST):
        runs = [compute(jur, election=cycle, today=TODAY)]
        if jur.triggers:
            at = datetime.combine(cycle - timedelta(days=200), time(14, 30))
            events = {name: (at if t.type == "instant" else at.date()) for name, t in jur.triggers.items()}
            runs.append(compute(jur, election=cycle, events=events, today=TODAY))
        for r in runs:
            out.append(json.dumps(without_notes(result_dict(r, words(DEFAULT))), sort_keys=True, ensure_ascii=False))
    return out


def representatives(registry: Registry) -> set[str]:
    """Calendar files, and the first roster row of each (state, law, zone)."""
    chosen = set(registry.file_ids())
    seen = set()
    for row in registry.roster().entries.values():
        key = (row.state, row.law, row.timezone)
        if key not in seen:
            seen.add(key)
            chosen.add(row.id)
    return chosen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the fixture instead of writing it")
    args = ap.parse_args()
    registry = Registry()
    full = representatives(registry)
    digests, bad = [], []
    ids = registry.ids()
    for i, jid in enumerate(ids, 1):
        lines = lines_of(registry.get(jid))
        blob = "\n".join(lines) + "\n"
        digests.append(f"{jid},{len(lines)},{hashlib.sha256(blob.encode()).hexdigest()}")
        path = OUT / "english" / f"{jid}.jsonl"
        if jid in full:
            if args.check:
                if path.read_text(encoding="utf-8") != blob:
                    bad.append(jid)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(blob, encoding="utf-8")
        if i % 500 == 0:
            print(f"{i}/{len(ids)} jurisdictions", file=sys.stderr)
    table = "id,computations,sha256\n" + "\n".join(digests) + "\n"
    if args.check:
        old = dict(line.split(",", 1) for line in (OUT / "digests.csv").read_text().splitlines()[1:])
        new = dict(line.split(",", 1) for line in digests)
        bad += [j for j in new if old.get(j) != new[j] and j not in bad]
        print(f"{len(new)} jurisdictions, {len(bad)} differ" + (f": {', '.join(bad[:20])}" if bad else ""))
        return 1 if bad else 0
    (OUT / "digests.csv").write_text(table)
    print(f"wrote {len(digests)} digests and {len(full)} full fixtures to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
