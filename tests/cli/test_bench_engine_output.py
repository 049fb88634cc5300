"""bench/engine.py prints what outside tools read (DESIGN.md, "The benches'
output formats"): a row per size whose first column is the size and whose 6th
and 7th columns are the ratio to the floor and the peak RSS in MB, and a line
"without the memo ... at <size>: N us/deadline, R.Rx the floor". Run small
(``--max 1000``): the figures are the bench's business, the shape is this test's."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "engine.py"


def test_rows_and_the_without_memo_line_read_as_outside_tools_read_them():
    out = subprocess.run([sys.executable, str(BENCH), "--max", "1000"], capture_output=True, text=True,
                         check=True, timeout=300).stdout.splitlines()
    rows = {line.split()[0]: line.split() for line in out if re.match(r"\s*[\d,]+\s+[\d,]+\s", line)}
    assert set(rows) == {"1", "1,000"}
    for cols in rows.values():
        ratio, rss = float(cols[5]), float(cols[6])
        assert ratio > 0 and rss > 0
    found = [re.search(r"without the memo .* at 1,000: ([\d.]+) us/deadline, ([\d.]+)x the floor", line) for line in out]
    found = [m for m in found if m]
    assert len(found) == 1 and float(found[0].group(1)) > 0 and float(found[0].group(2)) > 0
