"""The two documented setups, started as subprocesses on 127.0.0.1, and slow
clients to hold against them: a test helper (``tests/serve/``) that the
benches (``bench/load.py``, ``bench/slow.py``, ``bench/writes.py``,
``bench/costly.py``) import too.

- :func:`one_process`: ``deadlines serve`` on its SQLite file.
- :func:`scaled`: gunicorn workers behind nginx (Debian's ``nginx``), with
  the shipped ``deploy/gunicorn.conf.py`` and ``deploy/nginx-deadlines.conf``
  (only its two addresses changed), nginx's main context given the shipped
  ``deploy/nginx.conf``'s ``worker_rlimit_nofile`` and ``worker_connections``.
- :func:`scaled_tuned`: the same with nginx's main context and site file
  directives given (``bench/slow.py``'s ``--nginx-main``).
- :class:`SlowClients`: connections that send a header line every few seconds
  and never finish, reopened whenever the server drops them.
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from tests.server_helpers import free_port

ROOT = Path(__file__).resolve().parent.parent
NGINX_SITE = ROOT / "deploy" / "nginx-deadlines.conf"
NGINX_MAIN = ROOT / "deploy" / "nginx.conf"
READY_PATH = "/api/v1/jurisdictions?limit=1"


def environment(folder: Path, **extra: str) -> dict[str, str]:
    """The environment of a setup: its own instance folder, nothing inherited
    of ``DEADLINES_*``, and no boundary files to import at first start (an
    empty ``DEADLINES_BOUNDARY_SOURCE``: the import is 5-6 s of CPU in the
    server's background, which no front test or bench asks for and which
    weighed on what they time; ``tests/geo/test_boundaries.py`` starts a
    server that imports them)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEADLINES_")}
    empty = folder / "no-boundaries"
    empty.mkdir(parents=True, exist_ok=True)
    return {**env, "DEADLINES_INSTANCE": str(folder / "instance"), "DEADLINES_SECRET_KEY": "front-test",
            "DEADLINES_BOUNDARY_SOURCE": str(empty), **extra}


def _wait(url: str, procs: list[subprocess.Popen], limit: float = 90) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for p in procs:
            if p.poll() is not None:
                raise RuntimeError(f"{p.args[0]} exited with {p.returncode} before answering")
        try:
            with urllib.request.urlopen(url + READY_PATH, timeout=5) as resp:
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer within {limit} s")


@contextmanager
def _running(argvs: list[tuple[list[str], dict[str, str]]], logs: Path, url: str) -> Iterator[str]:
    logs.mkdir(parents=True, exist_ok=True)
    procs, files = [], []
    try:
        for n, (argv, env) in enumerate(argvs):
            out = open(logs / f"{Path(argv[0]).name}-{n}.log", "ab")
            files.append(out)
            procs.append(subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                          start_new_session=True))
        _wait(url, procs)
        yield url
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(15)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        for f in files:
            f.close()


def one_process(folder: Path, env: dict[str, str], *extra: str) -> "contextmanager[str]":
    """``deadlines serve`` on a free port; yields its URL."""
    port = free_port()
    argv = [sys.executable, "-m", "deadlines.cli", "serve", "--port", str(port), *extra]
    return _running([(argv, env)], folder / "logs", f"http://127.0.0.1:{port}")


def shipped_main() -> dict[str, int]:
    """``worker_rlimit_nofile`` and ``worker_connections`` as the shipped
    ``deploy/nginx.conf`` sets them (what an operator puts in /etc/nginx/nginx.conf)."""
    text = NGINX_MAIN.read_text()
    found = {k: re.search(rf"^\s*{k}\s+(\d+);", text, re.M) for k in ("worker_rlimit_nofile", "worker_connections")}
    missing = [k for k, m in found.items() if m is None]
    if missing:
        raise RuntimeError(f"{NGINX_MAIN}: sets no {', '.join(missing)}")
    return {k: int(m.group(1)) for k, m in found.items()}


def nginx_config(folder: Path, listen: int, upstream: int, writes: int | None = None) -> Path:
    """An nginx.conf for a test run (pid, logs and temporary files in
    ``folder``, one worker process) with the shipped main settings
    (:func:`shipped_main`) whose ``http`` block includes the shipped site
    file, with its listen address and upstreams replaced: the readers'
    workers on ``upstream``, the writes' own on ``writes`` (None: a port
    nothing listens on, so that writes go to ``upstream``, the backup, as
    where an operator runs no writes' worker)."""
    site = NGINX_SITE.read_text()
    writes = free_port() if writes is None else writes
    for old, new in (("listen 80;", f"listen 127.0.0.1:{listen};"),
                     ("server 127.0.0.1:8001;", f"server 127.0.0.1:{upstream};"),
                     ("server 127.0.0.1:8002;", f"server 127.0.0.1:{writes};"),
                     ("server 127.0.0.1:8001 backup;", f"server 127.0.0.1:{upstream} backup;")):
        if old not in site:
            raise RuntimeError(f"{NGINX_SITE}: expected {old!r}")
        site = site.replace(old, new)
    conf = folder / "nginx"
    conf.mkdir(parents=True, exist_ok=True)
    (conf / "deadlines.conf").write_text(site)
    main = shipped_main()
    temp = "\n".join(f"    {kind}_temp_path {conf / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (conf / "nginx.conf").write_text(
        ("user root;\n" if os.geteuid() == 0 else "") +
        f"daemon off;\nworker_processes 1;\npid {conf / 'nginx.pid'};\nerror_log {conf / 'error.log'} warn;\n"
        f"worker_rlimit_nofile {main['worker_rlimit_nofile']};\n"
        f"events {{ worker_connections {main['worker_connections']}; }}\n"
        f"http {{\n    access_log off;\n{temp}\n    include {conf / 'deadlines.conf'};\n}}\n")
    return conf / "nginx.conf"


def nginx() -> str:
    found = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)
    if found is None:
        raise RuntimeError("nginx is not installed (Debian: apt-get install nginx; scripts/test installs it)")
    return found


def _gunicorn(port: int, workers: int, *extra: str) -> list[str]:
    return [str(Path(sys.executable).parent / "gunicorn"), "-c", str(ROOT / "deploy" / "gunicorn.conf.py"),
            "-w", str(workers), "-b", f"127.0.0.1:{port}", "--timeout", "60", *extra, "web:create_app()"]


@contextmanager
def scaled(folder: Path, env: dict[str, str], workers: int = 4, writes: bool = False,
           access_logs: bool = False) -> Iterator[str]:
    """gunicorn (``workers`` workers) behind nginx; with ``writes``, the
    writes' own gunicorn (one worker) too, as the README's scaled setup runs
    it; ``access_logs``: each gunicorn logs its requests to ``logs/`` (the
    readers' ``access-web.log``, the writes' ``access-writes.log``). Yields nginx's URL."""
    listen, upstream, lane = free_port(), free_port(), free_port()
    env = {**env, "DEADLINES_TRUSTED_PROXIES": "1"}
    logs = folder / "logs"

    def log(name: str) -> tuple[str, ...]:
        return ("--access-logfile", str(logs / f"access-{name}.log")) if access_logs else ()

    processes = [(_gunicorn(upstream, workers, *log("web")), env)]
    if writes:
        processes.append((_gunicorn(lane, 1, *log("writes")), env))
    conf = nginx_config(folder, listen, upstream, lane if writes else None)
    processes.append(([nginx(), "-p", str(conf.parent), "-c", str(conf)], env))
    with _running(processes, logs, f"http://127.0.0.1:{listen}") as url:
        if writes:  # nginx answers once the readers' workers do; the writes' own may come later
            _wait(f"http://127.0.0.1:{lane}", [])
        yield url


def nginx_main(folder: Path, listen: int, upstream: int, main: dict, workers: str = "auto", **site_changes: str) -> Path:
    """:func:`nginx_config` with Debian's main context (``worker_processes auto``)
    and ``main``'s worker_connections / worker_rlimit_nofile; ``site_changes``
    replace directives of the site file (``limit_conn="deadlines_per_client 50"``)."""
    conf = nginx_config(folder, listen, upstream)
    text = conf.read_text().replace("worker_processes 1;", f"worker_processes {workers};")
    text = re.sub(r"events \{ worker_connections \d+; \}", f"events {{ worker_connections {main['worker_connections']}; }}", text)
    text = re.sub(r"worker_rlimit_nofile \d+;\n", f"worker_rlimit_nofile {main['worker_rlimit_nofile']};\n"
                  if main.get("worker_rlimit_nofile") else "", text)
    conf.write_text(text)
    site = conf.parent / "deadlines.conf"
    site_text = site.read_text()
    for directive, value in site_changes.items():
        site_text, n = re.subn(rf"^(\s*){directive}\s+[^;]*;", rf"\g<1>{directive} {value};", site_text, flags=re.M)
        if n != 1:
            raise RuntimeError(f"{NGINX_SITE}: expected one {directive}")
    site.write_text(site_text)
    return conf


@contextmanager
def scaled_tuned(folder: Path, env: dict[str, str], main: dict, workers: int = 4, nginx_workers: str = "auto",
           **site_changes: str) -> Iterator[str]:
    """gunicorn (``deploy/gunicorn.conf.py``, ``workers`` workers) behind
    nginx (``nginx_workers`` worker processes) with ``main``'s main context;
    yields nginx's URL."""
    listen, upstream = free_port(), free_port()
    env = {**env, "DEADLINES_TRUSTED_PROXIES": "1"}
    conf = nginx_main(folder, listen, upstream, main, nginx_workers, **site_changes)
    with _running([(_gunicorn(upstream, workers), env), ([nginx(), "-p", str(conf.parent), "-c", str(conf)], env)],
                         folder / "logs", f"http://127.0.0.1:{listen}") as url:
        yield url


class SlowClients:
    """``count`` connections to ``url``, each sending a request's header lines
    one every ``every`` seconds and never its end; a connection the server
    closes is opened again. ``dropped`` counts the closes seen."""

    def __init__(self, url: str, count: int, every: float = 2.0):
        host, _, port = url.removeprefix("http://").partition(":")
        self.address, self.count, self.every = (host, int(port)), count, every
        self.dropped, self.opened = 0, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _open(self) -> socket.socket | None:
        try:
            s = socket.create_connection(self.address, timeout=5)
            s.sendall(b"GET /calendars/ypsilanti-mi.ics HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            self.opened += 1
            return s
        except OSError:
            return None

    def _run(self) -> None:
        conns = [self._open() for _ in range(self.count)]
        while not self._stop.wait(self.every):
            for i, s in enumerate(conns):
                try:
                    if s is None:
                        raise OSError
                    s.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    self.dropped += s is not None
                    if s is not None:
                        s.close()
                    conns[i] = self._open()
        for s in conns:
            if s is not None:
                s.close()

    def __enter__(self) -> "SlowClients":
        self._thread.start()
        time.sleep(self.every / 2)
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
