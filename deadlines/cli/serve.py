"""``deadlines serve``: the web app and the reminder scheduler in one process
(waitress), on the embedded database (DEADLINES_DATABASE_URL). The scaled setup
runs the app under gunicorn and ``deadlines scheduler`` separately instead."""
from __future__ import annotations

import click
from flask import Flask


def build_app(with_scheduler: bool = True) -> Flask:
    """The app ``serve`` runs, with the one reminder scheduler of this process
    started beside it (a background thread) unless ``with_scheduler`` is false."""
    from web import create_app

    app = create_app()
    if with_scheduler:
        from deadlines.reminders.scheduler import start_scheduler

        app.extensions["scheduler"] = start_scheduler(app)
    return app


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1, 64), help="Worker threads.")
@click.option("--no-scheduler", is_flag=True, help="Do not send reminders from this process (run `deadlines scheduler` instead).")
def serve(host: str, port: int, threads: int, no_scheduler: bool) -> None:
    """Serve the lookup form, the JSON API and the calendar feeds, and send reminders."""
    from waitress import serve as waitress_serve

    app = build_app(with_scheduler=not no_scheduler)
    if "scheduler" in app.extensions:
        click.echo("Reminder scheduler running in this process (one per deployment; see README)")
    click.echo(f"Serving on http://{host}:{port}/ (Ctrl-C to stop)")
    waitress_serve(app, host=host, port=port, threads=threads, ident="deadlines")
