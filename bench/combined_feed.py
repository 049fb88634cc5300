"""The combined feed of a whole state, cold and warm, in-process:

    .venv/bin/python bench/combined_feed.py [--state CO] [--rounds 2]

Prints, for ``/calendars/combined.ics?state=XX`` (what "Subscribe to these" on
/deadlines gives), the governments and events in it, its size, and the time of
a cold request (a fresh app: nothing rendered yet) and of a warm one (the same
app, the rendered feed cached). The rosters are loaded as they are by default.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--state", default="CO")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    from web import create_app
    from web.feeds_combined import COMBINED

    url = f"{COMBINED}?state={args.state}"
    for n in range(args.rounds):
        with tempfile.TemporaryDirectory() as tmp:
            app = create_app({"DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "BASE_URL": "https://deadlines.example"})
            client = app.test_client()
            t0 = time.perf_counter()
            resp = client.get(url)
            cold = time.perf_counter() - t0
            assert resp.status_code == 200, resp.data[:300]
            t0 = time.perf_counter()
            client.get(url)
            warm = time.perf_counter() - t0
            body = resp.data
            print(f"round {n + 1}: {url}: {body.count(b'BEGIN:VEVENT'):,} events, {len(body) / 1e6:.1f} MB, "
                  f"cold {cold:.1f} s, warm {warm * 1000:.0f} ms")


if __name__ == "__main__":
    main()
