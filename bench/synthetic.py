"""Synthetic calendars folders: many jurisdiction files of a few lines, each
extending one shared rule set, as thousands of local governments share one
state statute.

The folder gets the repository's calendars (shared sets and the four seeds)
and, per seed jurisdiction, a shared set ``synthetic-<seed>`` that is the
seed's state set with the seed's own tables (office hours, triggers,
deadlines) appended: the law of a city written once for all the cities under
it. Jurisdiction ``town-NNNNN`` extends the set of seed ``NNNNN % 4``.
"""
from __future__ import annotations

import shutil
from pathlib import Path

REPO_CALENDARS = Path(__file__).resolve().parent.parent / "calendars"
SEEDS = ("ypsilanti-mi", "colorado-local", "salt-lake-city-ut", "model-city")
ZONES = {"ypsilanti-mi": "America/Detroit", "colorado-local": "America/Denver",
         "salt-lake-city-ut": "America/Denver", "model-city": "America/Chicago"}


def _tables(text: str) -> str:
    """A calendar file from its first table on (its id, name, zone and extends dropped)."""
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.startswith("[")), len(lines))
    return "\n".join(lines[first:]) + "\n"


def _flattened(seed: str) -> str:
    """The seed's shared set (if any) with the seed's own tables appended."""
    own = (REPO_CALENDARS / f"{seed}.toml").read_text()
    extends = [line.split('"')[1] for line in own.splitlines() if line.startswith("extends")]
    base = (REPO_CALENDARS / "shared" / f"{extends[0]}.toml").read_text() if extends else ""
    return f'{base}\n{_tables(own)}' if base else f'name = "Synthetic: the law of {seed}"\n{_tables(own)}'


def town_id(i: int) -> str:
    return f"town-{i:05d}"


def seed_of(i: int) -> str:
    return SEEDS[i % len(SEEDS)]


def make_calendars(folder: Path, n: int) -> Path:
    """``folder`` filled with the repository's calendars and ``n`` synthetic
    jurisdictions; returns ``folder``."""
    shutil.copytree(REPO_CALENDARS, folder, dirs_exist_ok=True)
    for seed in SEEDS:
        (folder / "shared" / f"synthetic-{seed}.toml").write_text(_flattened(seed))
    for i in range(n):
        jid, seed = town_id(i), seed_of(i)
        (folder / f"{jid}.toml").write_text(
            f'id = "{jid}"\nname = "Town {i} (synthetic, the law of {seed})"\ntimezone = "{ZONES[seed]}"\n'
            f'source = "synthetic"\nextends = ["synthetic-{seed}"]\n'
        )
    return folder
