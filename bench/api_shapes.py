"""What holding the bulk API's answers to their pydantic models would cost:
one page of ``GET /api/v1/deadlines`` for one state (the listing computed
once, then timed warm, best of ``--repeat``), written as today (dicts from
:mod:`deadlines.publish.as_json`, then ``json.dumps``), and the same page
also validated through :class:`web.schemas.results.Listing`, or serialized
through it (validated, then ``model_dump_json``).

    .venv/bin/python bench/api_shapes.py [--state UT] [--from 2025-03-01] [--to 2025-12-31] [--limit 1000]
"""
from __future__ import annotations

import argparse
import json
import time
from datetime import date

from deadlines.publish.as_json import listing_dict
from deadlines.words import DEFAULT, words
from web import create_app
from web.schemas.results import Listing


def best(fns: dict, repeat: int) -> dict[str, float]:
    """The best time of each, run in turn (a load on the machine falls on all alike)."""
    times = {name: float("inf") for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            t0 = time.perf_counter()
            fn()
            times[name] = min(times[name], time.perf_counter() - t0)
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--state", default="UT")
    ap.add_argument("--from", dest="start", default="2025-03-01")
    ap.add_argument("--to", dest="end", default="2025-12-31")
    ap.add_argument("--limit", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    start, end = date.fromisoformat(args.start), date.fromisoformat(args.end)
    app = create_app({"TODAY": args.start, "DATABASE_URL": "sqlite://"})
    listing = app.extensions["across"].listing(start, end, today=start, state=args.state)
    chosen, cursor = listing.page(None, args.limit)

    def page() -> dict:
        return {**listing_dict(start, end, args.state, None, len(listing.entries), chosen, words(DEFAULT)),
                "cursor": cursor, "next": None, "warnings": listing.warnings()}

    def today() -> bytes:
        return json.dumps(page(), separators=(",", ":")).encode()

    def checked() -> bytes:
        body = page()
        Listing.model_validate(body)
        return json.dumps(body, separators=(",", ":")).encode()

    def through() -> bytes:
        return Listing.model_validate(page()).model_dump_json(by_alias=True).encode()

    size = len(today())
    print(f"{args.state} {args.start}..{args.end}: {len(chosen):,} deadlines on the page of {len(listing.entries):,}, "
          f"{size / 1e6:.1f} MB")
    times = best({"dicts + json.dumps (today)": today, "+ Listing.model_validate": checked,
                  "through the model (validate + model_dump_json)": through}, args.repeat)
    base = times["dicts + json.dumps (today)"]
    for name, t in times.items():
        print(f"  {name:<48} {t * 1000:8.1f} ms  {t / base:5.2f}x")


if __name__ == "__main__":
    main()
