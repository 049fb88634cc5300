"""Where you stand: ``GET /api/v1/jurisdictions?lat=..&lon=..`` over many
random points, warm (goal: every answer under 20 ms).

The shipped boundary files (``deadlines.geo.load.default_source``: the three
Census place files and the Colorado metro districts) are imported into a
fresh SQLite database with the repository's calendars (every roster), the
app is created on it, the first point is asked apart (it builds the place
index and the boundaries' STRtree: shown as "first ask"), then ``--points``
random points are asked through the app (the whole request: parsing, the
look-up, the listing's JSON), half of them near a random government's
boundary (a point of it, jittered: answers with a government inside and
its county's "may"), half anywhere in the three states' extents. Printed:
the import, the first ask, then the line ``point lookup`` with p50, p95 and
the maximum in ms, and the same for the index look-up alone (no HTTP).

    .venv/bin/python bench/geo.py [--points 2000] [--seed 26]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

#: The three states' extents (lon0, lat0, lon1, lat1), a little wide.
EXTENTS = {"MI": (-90.5, 41.6, -82.1, 48.4), "CO": (-109.1, 36.9, -102.0, 41.1), "UT": (-114.1, 36.9, -109.0, 42.1)}


def percentile(sorted_values: list[float], p: float) -> float:
    """The nearest-rank percentile."""
    return sorted_values[min(len(sorted_values) - 1, max(0, int(round(p / 100 * len(sorted_values))) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--points", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=26)
    args = ap.parse_args()

    import shapely

    from deadlines.core.registry import Registry
    from deadlines.geo.load import default_source, files_in, import_paths, make_joiner
    from deadlines.store.db import get_db
    from web import create_app

    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'geo.sqlite3'}"
        files = files_in(default_source())
        t0 = time.perf_counter()
        failed = import_paths(get_db(url), files, make_joiner(Registry().roster().entries.values()), echo=lambda _: None)
        assert not failed, failed
        print(f"import: {len(files)} file(s) of {default_source()} in {time.perf_counter() - t0:.2f} s")

        app = create_app({"TESTING": True, "DATABASE_URL": url})
        where = app.extensions["where"]
        http = app.test_client()
        t0 = time.perf_counter()
        assert http.get("/api/v1/jurisdictions?lat=42.2411&lon=-83.6130").status_code == 200
        print(f"first ask (place index and STRtree built): {(time.perf_counter() - t0) * 1000:.0f} ms, "
              f"{len(where.index().owners):,} boundaries indexed")

        geoms = where.index().tree.geometries
        points = []
        for n in range(args.points):
            if n % 2:
                lon0, lat0, lon1, lat1 = EXTENTS[rng.choice(list(EXTENTS))]
                points.append((rng.uniform(lat0, lat1), rng.uniform(lon0, lon1)))
            else:
                p = shapely.point_on_surface(geoms[rng.randrange(len(geoms))])
                points.append((p.y + rng.uniform(-0.005, 0.005), p.x + rng.uniform(-0.005, 0.005)))

        http_ms, index_ms, sizes = [], [], []
        for lat, lon in points:
            t0 = time.perf_counter()
            resp = http.get(f"/api/v1/jurisdictions?lat={lat:.6f}&lon={lon:.6f}")
            http_ms.append((time.perf_counter() - t0) * 1000)
            assert resp.status_code == 200
            sizes.append(resp.get_json()["total"])
            t0 = time.perf_counter()
            where.at(lat, lon)
            index_ms.append((time.perf_counter() - t0) * 1000)
        http_ms.sort()
        index_ms.sort()
        found = [s for s in sizes if s]
        print(f"{len(points):,} random points ({len(found):,} with governments, up to {max(sizes):,} listed, "
              f"mean {statistics.mean(found) if found else 0:.0f})")
        print(f"point lookup: p50 {percentile(http_ms, 50):.2f} ms, p95 {percentile(http_ms, 95):.2f} ms, "
              f"max {http_ms[-1]:.2f} ms (GET /api/v1/jurisdictions?lat&lon, warm; goal < 20 ms)")
        print(f"index alone: p50 {percentile(index_ms, 50):.3f} ms, p95 {percentile(index_ms, 95):.3f} ms, "
              f"max {index_ms[-1]:.3f} ms (Where.at)")


if __name__ == "__main__":
    main()
