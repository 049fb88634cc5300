"""``deadlines serve``: the web app in one process under waitress, on the
embedded database (DEADLINES_DATABASE_URL)."""
from __future__ import annotations

import click
from flask import Flask


def build_app() -> Flask:
    """The app ``serve`` runs. Starting the reminder scheduler belongs here."""
    from web import create_app

    return create_app()


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1, 64), help="Worker threads.")
def serve(host: str, port: int, threads: int) -> None:
    """Serve the lookup form, the JSON API and the calendar feeds."""
    from waitress import serve as waitress_serve

    app = build_app()
    click.echo(f"Serving on http://{host}:{port}/ (Ctrl-C to stop)")
    waitress_serve(app, host=host, port=port, threads=threads, ident="deadlines")
