#!/usr/bin/env python3
"""Write the rosters (calendars/roster/<st>.csv) from the source lists.

    .venv/bin/python scripts/import_rosters.py [--from DIR]   # default: DEADLINES_ROSTER_SOURCE, else ../shared/data/jurisdictions, else calendars/roster/sources

Rerunnable: the rows come from the lists and the hand-kept files beside the
rosters (additions.csv, corrections.csv, place-counties.csv); see
deadlines/roster_import.py for how each list is read. tests/calendars/test_rosters.py checks
that the committed rosters are what this makes.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deadlines.roster_import import default_source, write  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="source", type=Path, default=default_source(),
                        help="the source lists' folder (default: DEADLINES_ROSTER_SOURCE, else ../shared/data/jurisdictions "
                             "where it is, else calendars/roster/sources)")
    args = parser.parse_args()
    counts = write(args.source, ROOT / "calendars" / "roster")
    for name, n in counts.items():
        print(f"calendars/roster/{name}: {n:,} governments")


if __name__ == "__main__":
    main()
