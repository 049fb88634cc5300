"""The engine core stays pure: importing and running it loads neither Flask nor
APScheduler nor any database driver."""
import subprocess
import sys

CODE = """
import sys
from datetime import date
from deadlines.core.registry import Registry
from deadlines.core.engine import compute
compute(Registry().get("salt-lake-city-ut"), election=date(2025, 11, 4), today=date(2025, 1, 1))
bad = sorted(m for m in sys.modules if m.split(".")[0] in {"flask", "apscheduler", "sqlalchemy", "web"})
print(",".join(bad))
"""


def test_engine_imports_no_web_scheduler_or_database():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
