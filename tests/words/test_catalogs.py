"""The translation catalogs are complete and compiled: every message of every
``.po`` has a translation (none fuzzy) and each committed ``.mo`` is what its
``.po`` compiles to (``scripts/catalogs.py``)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_catalog_is_translated_and_compiled():
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "catalogs.py"), "--check"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
