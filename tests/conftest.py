"""Generic fixtures: the app (pinned "today", its own SQLite file), a test
client, and a live server on 127.0.0.1 at a random port; the clerk's desk's
app (``desk_app``); and Debian's headless Chromium (``browser``)."""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import threading

import pytest
from werkzeug.serving import make_server

from tests.reminders_fixtures import sqlite_url  # noqa: F401 (desk_app's database)
from web import create_app

# Each test process its own instance folder (the costly-work locks, the secret key), removed
# at its end: the repository's instance/ is the service's, and two processes of tests
# (pytest-xdist's workers, which inherit the controller's environment, or a second run)
# sharing its locks would refuse each other's feeds with 429.
os.environ["DEADLINES_INSTANCE"] = tempfile.mkdtemp(prefix="deadlines-test-instance-")
atexit.register(shutil.rmtree, os.environ["DEADLINES_INSTANCE"], True)

TODAY = "2025-03-01"
BASE_URL = "https://deadlines.example"


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "TODAY": TODAY, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
                       "BASE_URL": BASE_URL})


@pytest.fixture
def desk_today():
    """The pinned "today" of the clerk's desk's app (``desk_app``, ``mailing_app``): a module whose
    worked example is set on another day overrides this fixture."""
    return TODAY


@pytest.fixture
def desk_app(sqlite_url, desk_today):
    """The clerk's desk's app (issue 17), which the clerk API shares: a SECRET_KEY for its
    sessions, the database at ``sqlite_url`` (tests/reminders_fixtures.py), "today" pinned
    to ``desk_today``."""
    return create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "test", "TESTING": True, "TODAY": desk_today})


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium (/usr/bin/chromium, never a downloaded one), headless, one per module;
    playwright is imported here, so modules that never drive a browser never load it."""
    from playwright.sync_api import sync_playwright

    from tests.browser_helpers import ARGS

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        yield b
        b.close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def reader(tmp_path_factory):
    """One app for a module of reads only (every roster loaded once; nothing written)."""
    folder = tmp_path_factory.mktemp("reader")
    app = create_app({"TESTING": True, "TODAY": TODAY, "DATABASE_URL": f"sqlite:///{folder / 'test.sqlite3'}",
                      "BASE_URL": BASE_URL})
    return app.test_client()


@pytest.fixture
def live_server(app):
    """The app served on 127.0.0.1 (random port) in a thread; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    app.config["BASE_URL"] = f"http://127.0.0.1:{server.server_port}"
    yield app.config["BASE_URL"]
    server.shutdown()
    thread.join()


@pytest.fixture(scope="session")
def own_files_calendars(tmp_path_factory):
    """The repository's calendars without the rosters and without every
    jurisdiction's own file but four (the charter cities and the May cities
    are tested in tests/law): the four whose listings' expected answers are
    worked out by hand here (colorado-local, model-city, salt-lake-city-ut,
    ypsilanti-mi)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "calendars"
    kept = {"colorado-local.toml", "model-city.toml", "salt-lake-city-ut.toml", "ypsilanti-mi.toml"}

    def left_out(where: str, names: list[str]) -> set[str]:
        if Path(where) != root:
            return set()
        return {"roster"} | {n for n in names if n.endswith(".toml") and n not in kept}

    folder = tmp_path_factory.mktemp("own-files") / "calendars"
    shutil.copytree(root, folder, ignore=left_out)
    return folder
