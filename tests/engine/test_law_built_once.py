"""What a law makes the same in every cycle is built once, not once per
lookup: the law of a jurisdiction with the closures a clerk recorded (its
holiday calendars, its spans) once per revision of the records, however many
lookups ask; the law under the office hours research found for one cycle's
filing days once when the facts are laid on; and the loader keeps the holiday laws of the files as they now
stand, not one for every version a file ever had."""
from __future__ import annotations

import csv
import shutil
from dataclasses import replace
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlalchemy.orm import Session

from deadlines import commands
from deadlines.core import holiday_law, jurisdiction
from deadlines.core.loader import check_jurisdiction
from deadlines.core.loading import merge
from deadlines.core.registry import Registry
from deadlines.recorded import DbRecords
from deadlines.service import lookup
from deadlines.store.db import get_db
from tests.calendar_files import BASE, write

CYCLE = date(2027, 11, 2)
TODAY = date(2026, 12, 1)


def _counted(monkeypatch, owner, name: str) -> list:
    calls, real = [], getattr(owner, name)

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


@pytest.fixture
def slc():
    return Registry().get("salt-lake-city-ut")


def test_lookups_at_one_revision_build_the_recorded_law_once(tmp_path, monkeypatch, slc):
    db = get_db(f"sqlite:///{tmp_path / 'records.sqlite3'}")
    with Session(db) as s, s.begin():
        commands.record_closure(s, slc, "2027-06-07", "Office closed: water main break")
    calendars = _counted(monkeypatch, holiday_law, "calendars_of")  # one per HolidayLaw built
    laws = _counted(monkeypatch, jurisdiction, "law_of")  # one per jurisdiction given another law
    records = DbRecords(db)
    first = lookup(slc, today=TODAY, election=CYCLE, records=records)
    second = lookup(slc, today=TODAY, election=CYCLE, records=records)
    assert (len(calendars), len(laws)) == (1, 1)
    assert second.deadlines == first.deadlines
    # the closure reached the dates: Monday June 7, 2027 is no legal holiday, so the office's
    # last open day before it, Friday June 4, is a reading of the declaration's last day
    filing = next(d for d in first.deadlines if d.id == "declaration-filing")
    assert date(2027, 6, 4) in {r.due.date() for r in filing.readings}
    with Session(db) as s, s.begin():  # a write: a new revision, whose law is built once in its turn
        commands.record_closure(s, slc, "2027-06-08", "Office closed: still no water")
    for _ in range(2):
        lookup(slc, today=TODAY, election=CYCLE, records=records)
    assert (len(calendars), len(laws)) == (2, 2)


def test_the_hours_research_found_for_a_cycle_apply_with_the_law_worked_out_when_loaded(tmp_path, monkeypatch):
    """Ignacio School District 11JT published its 2025 filing hours ("Monday-Thursday 7:30 a.m.-4:30 p.m.,
    Friday 7:30-11:00 a.m.", recorded as holding August 6-29, 2025). Petitions are due the 67th day before the
    election (C.R.S. 1-4-803(2)): November 4, 2025 back 67 days (to Oct 31 is 4, to Sept 30 is 35, to Aug 31
    is 65) is Friday, August 29, 2025, when the office closed at 11:00 a.m. MDT, not at the 5:00 p.m. the
    law assumes. The law under those hours is worked out once, when the facts are laid on at loading: no
    lookup of the cycle works it out again, nor one of a copy under another identity (a roster row's)."""
    folder = tmp_path / "calendars"
    shutil.copytree(Path(__file__).resolve().parents[2] / "calendars", folder)
    for old in (folder / "facts").glob("*.csv"):
        old.unlink()
    with (folder / "facts" / "co.csv").open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["jurisdiction", "fact", "value", "source", "quote", "as_of", "holds_from", "holds_until"])
        out.writerow(["ignacio-school-district-no-11jt-co", "office_hours", "mon-thu 07:30-16:30; fri 07:30-11:00",
                      "https://www.ignacioschools.org/en-US/school-board-1f80e274",
                      "Monday-Thursday 7:30 a.m.-4:30 p.m., Friday 7:30-11:00 a.m.", "2025-08-06",
                      "2025-08-06", "2025-08-29"])
    jur = Registry(folder).get("ignacio-school-district-no-11jt-co")
    assert len(jur.cycle_hours) == 1
    laws = _counted(monkeypatch, jurisdiction, "law_of")
    mdt = timezone(timedelta(hours=-6))
    for one in (jur, jur, replace(jur, id="ignacio-copy", name="A copy")):
        result = lookup(one, today=TODAY, election=date(2025, 11, 4))
        petition = next(d for d in result.deadlines if d.id == "petition-filing")
        assert petition.safe_due == datetime(2025, 8, 29, 11, 0, tzinfo=mdt)
        assert result.jurisdiction.law is jur.cycle_hours[0][2]
    assert laws == []  # nothing worked out again at lookup
    later = next(d for d in lookup(jur, today=TODAY, election=date(2027, 11, 2)).deadlines if d.id == "petition-filing")
    assert later.safe_due == datetime(2027, 8, 27, 17, 0, tzinfo=mdt)  # 2027 has no hours found: 5:00 p.m.


def test_the_loader_keeps_one_holiday_law_per_file_however_often_it_changes(tmp_path):
    path = write(tmp_path, BASE)
    first, _ = check_jurisdiction(path)
    again, _ = check_jurisdiction(path)
    assert again.holidays is first.holidays  # the same words: the same law, shared
    kept = len(merge._holiday_laws)
    for i in range(5):  # the file's holidays change five times, each loaded
        write(tmp_path, BASE.replace('text = "January 1"', f'text = "January 1, as amended {i}"'))
        jur, problems = check_jurisdiction(path)
        assert problems == [] and jur.holidays.legal[0].text == f"January 1, as amended {i}"
    assert len(merge._holiday_laws) == kept  # the file's law replaced, not one more per version
    laws = [law for _, law in merge._holiday_laws.values()]
    # the very objects (another test's file of the same words keeps an equal law of its own)
    assert any(law is jur.holidays for law in laws) and not any(law is first.holidays for law in laws)
