"""``deadlines serve``: the web app and the reminder scheduler in one process
(waitress), on the embedded database (DEADLINES_DATABASE_URL). The scaled setup
runs the app under gunicorn and ``deadlines scheduler`` separately instead.

Start-up order: report the calendar files with a problem (each is left out,
the others served), bind the port (a busy one is a one-line error), where no
boundary is loaded begin importing the shipped boundary files in the
background (:func:`deadlines.geo.load.import_defaults_once`), start the
scheduler, compute the landing page (:func:`web.warmup.warm`: connections
wait in the listen backlog meanwhile) and serve. A database unreachable at start (any SQLAlchemy
``OperationalError`` while the app connects and migrates) is one line on
stderr naming it (password hidden) and saying when it is tried again, up to
``--start-retries`` more times (``DEADLINES_START_RETRIES``, 5) with a doubling
wait (1 s, 2 s, 4 s ..., at most 30 s), then one line and exit status 1: no
traceback (:func:`deadlines.store.waiting.until_reachable`, which the scaled
setup's gunicorn master waits through too). Links point at
``DEADLINES_BASE_URL``; on a loopback address it defaults to the address
served; on any other it must be set (the service refuses to start without it:
its emails and feeds would link to an address nobody can reach, or to
whatever host a client names).
The server and its limits: :mod:`deadlines.cli.server`."""
from __future__ import annotations

import click


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1, 64), help="Worker threads.")
@click.option("--connection-limit", default=4000, show_default=True, type=click.IntRange(10, 100_000),
              help="Connections served at once (more wait in the listen backlog); the open-file limit is raised "
                   "for them up to its hard limit, and this lowered (with a warning) where that is too low.")
@click.option("--per-client-limit", default=100, show_default=True, type=click.IntRange(0, 100_000),
              help="Connections one client address may hold at once (0: no limit); one more is answered 429 "
                   "and closed, unread. Not applied when DEADLINES_TRUSTED_PROXIES is set (all come from the proxy).")
@click.option("--request-timeout", default=15.0, show_default=True, type=click.FloatRange(1, 3600),
              help="Seconds a client has to send a whole request (headers and body) once it has begun.")
@click.option("--idle-timeout", default=30.0, show_default=True, type=click.FloatRange(1, 3600),
              help="Seconds an idle keep-alive connection stays open.")
@click.option("--start-retries", default=5, show_default=True, type=click.IntRange(0, 100),
              envvar="DEADLINES_START_RETRIES", help="Times to try the database again if unreachable at start.")
@click.option("--no-scheduler", is_flag=True, help="Do not send reminders from this process (run `deadlines scheduler` instead).")
def serve(host: str, port: int, threads: int, connection_limit: int, per_client_limit: int, request_timeout: float,
          idle_timeout: float, start_retries: int, no_scheduler: bool) -> None:
    """Serve the lookup form, the JSON API and the calendar feeds, and send reminders."""
    import os
    import sys

    import ipaddress

    from deadlines.cli.checks import report_invalid_calendars
    from deadlines.cli.server import make_server

    report_invalid_calendars("serve")
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if loopback:
        os.environ.setdefault("DEADLINES_BASE_URL", f"http://{'[' + host + ']' if ':' in host else host}:{port}")
    elif not os.environ.get("DEADLINES_BASE_URL"):
        click.echo(f"error: serving on {host} needs DEADLINES_BASE_URL, the public address the links in emails "
                   f"and feeds start with (e.g. https://deadlines.example.gov)", err=True)
        sys.exit(2)
    from web.openapi import MAX_CONTENT

    # expensive work waiting for its turn holds a thread: at most half of them (web/costly.py)
    os.environ.setdefault("DEADLINES_COSTLY_PER_PROCESS", str(max(1, threads // 2)))
    app = _app_once_reachable(start_retries)
    try:
        server = make_server(app, host=host, port=port, threads=threads, connection_limit=connection_limit,
                             request_timeout=request_timeout, idle_timeout=idle_timeout, max_body=MAX_CONTENT,
                             trust_proxies=bool(int(app.config.get("TRUSTED_PROXIES") or 0)),
                             per_client_limit=per_client_limit)
    except OSError as exc:
        click.echo(f"error: cannot listen on {host}:{port}: {exc.strerror or exc}", err=True)
        sys.exit(1)
    from deadlines.geo.load import import_defaults_once

    # where no boundary is loaded: the shipped files, in the background (answers meanwhile have none)
    import_defaults_once(app.extensions["records"].db, app.extensions["registry"].roster().entries.values(),
                         echo=click.echo)
    if not no_scheduler:
        from deadlines.reminders.scheduler import start_scheduler

        app.extensions["scheduler"] = start_scheduler(app)
        click.echo("Reminder scheduler running in this process (one per deployment; see README)")
    from web.warmup import warm

    click.echo(f"Landing page computed in {warm(app):.1f} s (connections wait meanwhile)")
    click.echo(f"Serving on http://{host}:{port}/ (Ctrl-C to stop)")
    try:
        server.run()
    except KeyboardInterrupt:
        pass


def _app_once_reachable(retries: int):
    """``web.create_app()``, tried again ``retries`` times while the database is
    unreachable (:func:`deadlines.store.waiting.until_reachable`: one line per
    failure on stderr, and after the last exit status 1)."""
    from deadlines.store.waiting import until_reachable
    from web import create_app

    return until_reachable(create_app, retries, say=lambda line: click.echo(line, err=True))
