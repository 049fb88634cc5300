"""``deadlines serve``: the web app and the reminder scheduler in one process
(waitress), on the embedded database (DEADLINES_DATABASE_URL). The scaled setup
runs the app under gunicorn and ``deadlines scheduler`` separately instead.

Start-up order: refuse to start while a calendar file is invalid, bind the
port (a busy one is a one-line error), then start the scheduler and serve.
Links point at ``DEADLINES_BASE_URL``, by default the address served."""
from __future__ import annotations

import click


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1, 64), help="Worker threads.")
@click.option("--no-scheduler", is_flag=True, help="Do not send reminders from this process (run `deadlines scheduler` instead).")
def serve(host: str, port: int, threads: int, no_scheduler: bool) -> None:
    """Serve the lookup form, the JSON API and the calendar feeds, and send reminders."""
    import os
    import sys

    from waitress.server import create_server

    from deadlines.cli.checks import refuse_invalid_calendars

    refuse_invalid_calendars("serve")
    os.environ.setdefault("DEADLINES_BASE_URL", f"http://{'[' + host + ']' if ':' in host else host}:{port}")
    from web import create_app

    app = create_app()
    try:
        server = create_server(app, host=host, port=port, threads=threads, ident="deadlines")
    except OSError as exc:
        click.echo(f"error: cannot listen on {host}:{port}: {exc.strerror or exc}", err=True)
        sys.exit(1)
    if not no_scheduler:
        from deadlines.reminders.scheduler import start_scheduler

        app.extensions["scheduler"] = start_scheduler(app)
        click.echo("Reminder scheduler running in this process (one per deployment; see README)")
    click.echo(f"Serving on http://{host}:{port}/ (Ctrl-C to stop)")
    try:
        server.run()
    except KeyboardInterrupt:
        pass
