# gunicorn's settings for the scaled setup (see README), from the repository's folder:
#
#     .venv/bin/gunicorn -c deploy/gunicorn.conf.py -w 4 -b 127.0.0.1:8001
#
# The master waits for the database before it binds the port or starts a
# worker: unreachable at start, it is one line per try naming the database
# (password hidden) and when it is tried again, up to DEADLINES_START_RETRIES
# more times (5) with a doubling wait (1 s, 2 s, 4 s ..., at most 30 s), then
# one line and exit status 1, never a traceback (as `deadlines serve` does:
# deadlines.store.waiting). Without this file every worker would fail with a
# traceback and the master would exit at once.

import os

wsgi_app = "web:create_app()"

# The request line (method, URL, version) has no limit of gunicorn's own: nginx
# in front caps it (large_client_header_buffers 4 64k in deploy/nginx-deadlines.conf,
# 414 past it). gunicorn's default of 4094 bytes answered 414 to a combined feed
# of more than about 165 ids (/calendars/combined.ics?j=...), which nginx had
# let through. 0 means unlimited (gunicorn's docs: "from 0 (unlimited) to
# 8190"; any value of 8190 or more is taken as 8190, too short for 500 ids).
limit_request_line = 0

# Threaded workers: a request waiting for its turn at expensive work (a cold
# combined feed, a PDF: web/costly.py, shared by every worker of the machine)
# holds a thread, not the whole worker, so a government's page, feed or API
# answer and every clerk write are answered meanwhile. With sync workers, 4
# clients asking for combined feeds of 300 random ids held all 4 workers and a
# reader asking one government's deadlines waited p95 8.9 s (bench/costly.py
# --setup scaled); threaded, p95 0.22 s.
worker_class = "gthread"
threads = 4

# A worker takes no more connections than it has threads: the rest wait in the
# listening socket's queue for whichever worker frees a thread first. With
# gunicorn's default (1,000 a worker) each worker took what came and queued it
# behind its own threads, busy or not, and with 100 readers asking without
# pause over every government (bench/load.py --setup scaled --spread) reads
# were p50 0.1 s but p99 3.3-3.9 s, some workers' queues long while others
# idled; with as many as its threads, 100 answers a second (from 75-88), p99
# 0.88-1.26 s over four runs. nginx in front buffers every request whole
# and opens a connection for each (deploy/nginx-deadlines.conf), so a
# connection here is a request ready to answer.
worker_connections = threads
# No connection is kept open for a next request: with no connection to spare
# gunicorn would close each anyway, and warn at start that it cannot keep any.
keepalive = 0

# ... and at most half a worker's threads wait for, or run, such work (web/costly.py:
# past it a 503 with Retry-After), so that the other half answer everyone else.
os.environ.setdefault("DEADLINES_COSTLY_PER_PROCESS", str(max(1, threads // 2)))


def on_starting(server):
    """In the master, before any socket or worker: the database answers, or exit."""
    from deadlines.config import database_url
    from deadlines.store.waiting import reachable, start_retries, until_reachable

    url = database_url()
    try:
        until_reachable(lambda: reachable(url), start_retries(), url=url,
                        say=lambda line: server.log.error(line.removeprefix("error: ")))  # [ERROR] says it
    except SystemExit:
        if server.pidfile is not None:
            server.pidfile.unlink()
        raise


def post_worker_init(worker):
    """Before a worker accepts: compute the landing page (web/warmup.py), which
    cold took the first visitor about 3 s of CPU. It runs in a thread while
    this one tells the master the worker is alive (the master would kill a
    worker silent for `timeout` seconds)."""
    import threading

    from web.warmup import warm

    took = []
    thread = threading.Thread(target=lambda: took.append(warm(worker.wsgi)), name="warm-up", daemon=True)
    thread.start()
    while thread.is_alive():
        worker.notify()
        thread.join(1)
    worker.log.info("Landing page computed in %.1f s", took[0] if took else float("nan"))
