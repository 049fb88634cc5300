"""``deadlines boundaries import FILE...`` and ``deadlines boundaries list``:
the boundary files "where you stand" answers from (:mod:`deadlines.geo`)."""
from __future__ import annotations

import sys
from pathlib import Path

import click
from sqlalchemy.orm import Session

from deadlines.core.registry import Registry
from deadlines.store.db import get_db


@click.group()
def boundaries() -> None:
    """Boundaries of the governments (TIGER/Line shapefiles, GeoJSON)."""


@boundaries.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
def import_files(files: tuple[Path, ...]) -> None:
    """Load boundary files into the database of `deadlines serve` (this folder's,
    or DEADLINES_DATABASE_URL): Census TIGER/Line shapefiles as the Census
    publishes them (tl_2019_26_place.zip, tl_2024_26_cousub.zip, ..._unsd.zip,
    tl_2024_us_county.zip) and GeoJSON keyed by DOLA lgid. A file imported
    again replaces what it brought before. Prints per file its layer, how many
    features joined to a government and which did not; a file that cannot be
    read is one line naming it, exit status 2 (nothing is imported then)."""
    from deadlines.geo.load import import_paths, make_joiner

    db = get_db()
    join = make_joiner(Registry().roster().entries.values())
    failed = import_paths(db, list(files), join, click.echo, progress=lambda line: click.echo(line, err=True))
    for line in failed:
        click.echo(f"error: {line}", err=True)
    sys.exit(2 if failed else 0)


@boundaries.command("list")
def list_imports() -> None:
    """The imported boundary files: layer, file, features, joined, when."""
    from deadlines.store.boundaries import imports

    with Session(get_db()) as s:
        found = imports(s)
    for i in found:
        click.echo(f"{i.layer}\t{i.source}\t{i.features} feature(s)\t{i.joined} joined\t"
                   f"imported {i.imported_at:%Y-%m-%d %H:%M}Z")
    if not found:
        click.echo("no boundaries loaded (`deadlines boundaries import FILE...`)", err=True)
