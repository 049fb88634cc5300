"""The README says what the research facts are without a count that goes stale
(issue 27: it said "865 rows" of calendars/facts long after more were added);
it says how to count what they cover instead."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_names_no_row_count_of_the_facts_and_says_how_to_count():
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    start = text.index("`calendars/facts/<st>.csv`")
    said = text[start:text.index("the clerk's records", start)]  # the sentence on the research facts
    assert not re.search(r"\d[\d,]*\s+rows", said), said
    assert "deadlines facts --coverage" in said, said
