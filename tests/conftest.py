"""Generic fixtures: the app (pinned "today", its own SQLite file), a test
client, and a live server on 127.0.0.1 at a random port."""
from __future__ import annotations

import threading

import pytest
from werkzeug.serving import make_server

from web import create_app

TODAY = "2025-03-01"
BASE_URL = "https://deadlines.example"


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "TODAY": TODAY, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
                       "BASE_URL": BASE_URL})


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
    """The repository's calendars without the rosters and the Colorado charter
    cities (``*-co.toml``, tested in tests/law/test_co_home_rule_charters.py):
    the four jurisdictions whose listings' expected answers are worked out by
    hand here (colorado-local, model-city, salt-lake-city-ut, ypsilanti-mi)."""
    import shutil
    from pathlib import Path

    folder = tmp_path_factory.mktemp("own-files") / "calendars"
    shutil.copytree(Path(__file__).resolve().parent.parent / "calendars", folder,
                    ignore=shutil.ignore_patterns("roster", "*-co.toml"))
    return folder
