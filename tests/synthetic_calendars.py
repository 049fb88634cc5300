"""Synthetic calendars folders: many jurisdiction files of a few lines, each
extending one shared rule set, as thousands of local governments share one
state statute.

The folder gets the repository's calendars (shared sets and the four seeds;
not the rosters, so that the sizes are the synthetic files')
and, per seed jurisdiction, a shared set ``synthetic-<seed>`` holding the
seed's own tables (office hours, triggers, deadlines, choices): the law of a
city written once for all the cities under it. Jurisdiction ``town-NNNNN``
extends that set and then the seed's own shared sets, for seed ``NNNNN % 4``.
"""
from __future__ import annotations

import re
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


def _extends(seed: str) -> list[str]:
    own = (REPO_CALENDARS / f"{seed}.toml").read_text()
    found = [line for line in own.splitlines() if line.startswith("extends")]
    return re.findall(r'"([a-z0-9-]+)"', found[0]) if found else []


def _own_law(seed: str) -> str:
    """The seed's own tables as a shared set (``synthetic-<seed>``): a town
    extending it and then the seed's own shared sets has the seed's law."""
    return f'name = "Synthetic: the law of {seed}"\n{_tables((REPO_CALENDARS / f"{seed}.toml").read_text())}'


def town_id(i: int) -> str:
    return f"town-{i:05d}"


def seed_of(i: int) -> str:
    return SEEDS[i % len(SEEDS)]


def make_calendars(folder: Path, n: int) -> Path:
    """``folder`` filled with the repository's calendars and ``n`` synthetic
    jurisdictions; returns ``folder``."""
    shutil.copytree(REPO_CALENDARS, folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns("roster"))
    extends = {}
    for seed in SEEDS:
        (folder / "shared" / f"synthetic-{seed}.toml").write_text(_own_law(seed))
        extends[seed] = ", ".join(f'"{name}"' for name in [f"synthetic-{seed}", *_extends(seed)])
    for i in range(n):
        jid, seed = town_id(i), seed_of(i)
        (folder / f"{jid}.toml").write_text(
            f'id = "{jid}"\nname = "Town {i} (synthetic, the law of {seed})"\ntimezone = "{ZONES[seed]}"\n'
            f'source = "synthetic"\nextends = [{extends[seed]}]\n'
        )
    return folder
