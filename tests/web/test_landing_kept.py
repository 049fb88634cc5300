"""The landing page's featured governments and their next deadlines are
computed once and kept until something they depend on changes: a visit
costs a look-up, and a clerk's write shows at the next visit."""
from __future__ import annotations

from sqlalchemy.orm import Session

from deadlines.store import tokens
from web import landing


def test_the_featured_deadlines_are_kept_until_a_clerk_writes(app, monkeypatch):
    asked = []
    real = landing.coming

    def coming(jur, **kw):
        asked.append(jur.id)
        return real(jur, **kw)

    monkeypatch.setattr(landing, "coming", coming)
    client = app.test_client()
    assert client.get("/").status_code == 200
    assert "ypsilanti-mi" in asked  # computed on the first visit
    asked.clear()
    assert client.get("/").status_code == 200 and client.get("/?lang=es").status_code == 200
    assert asked == []  # kept
    with Session(app.extensions["records"].db) as s, s.begin():
        _, secret = tokens.create(s, "ypsilanti-mi")
    moved = client.put("/api/v1/jurisdictions/ypsilanti-mi/overrides/2026-11-03/petition-filing",
                       json={"due": "2026-04-24T16:00", "authority": "Council resolution 2026-41", "reason": "office move"},
                       headers={"Authorization": f"Bearer {secret}"})
    assert moved.status_code == 200, moved.data
    assert client.get("/").status_code == 200
    assert "ypsilanti-mi" in asked  # computed again after the write


def test_a_featured_file_that_is_invalid_is_said_in_each_readers_language(tmp_path):
    """What is kept holds no words: the first visitor's language is not the next one's."""
    import shutil

    from web import create_app

    calendars = tmp_path / "calendars"
    shutil.copytree("calendars", calendars)
    (calendars / "ypsilanti-mi.toml").write_bytes(b"id = \"ypsilanti-mi\"\ntitle = \"\\xff\"\n")
    app = create_app({"TESTING": True, "CALENDARS_DIR": calendars, "DATABASE_URL": f"sqlite:///{tmp_path / 'l.sqlite3'}"})
    client = app.test_client()
    spanish = client.get("/?lang=es").get_data(as_text=True)
    english = client.get("/").get_data(as_text=True)
    assert "ypsilanti-mi: its calendar file has 1 problem(s)" in english
    assert "ypsilanti-mi: su archivo de calendario tiene 1 problema(s)" in spanish
