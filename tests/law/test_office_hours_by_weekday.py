"""An office whose hours differ by weekday: the last day ends when the office
closes on that day's weekday, and a window opens at that day's opening hour.

Worked example, counted by hand: the City of Perry, Utah published "Office
hours are 7:00 a.m. - 5:00 p.m., Monday thru Thursday and 9:00 a.m. - 1:00
p.m., on Friday" (its notice of the 2025 candidate filing period,
utah.gov/pmn notice 969305). The declaration of candidacy is filed "during
office hours and not later than the close of normal office hours, between
June 1 and June 7" (Utah Code 20A-9-203(3)(a)(i)). In 2025 June 1 is a
Sunday, so filing opens Monday, June 2 at 7:00 a.m.; June 7 is a Saturday:
the prior business day is Friday, June 6, when the office closes at 1:00
p.m. MDT (the safe date); extended by 68-3-7 to the next business day it is
Monday, June 9, at 5:00 p.m. The town's notice itself says "by 5:00 p.m. on
June 6th": a published date that departs from the hours, shown beside it,
the earlier (1:00 p.m.) marked safe. In 2027 June 7 is a Monday: 5:00 p.m."""
from __future__ import annotations

import csv
import shutil
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path

import pytest

from deadlines.core.facts import hours
from deadlines.core.registry import Registry
from deadlines.publish.as_json import result_dict
from deadlines.service import lookup
from deadlines.words import words

ROOT = Path(__file__).resolve().parents[2]
MDT = timezone(timedelta(hours=-6))
TODAY = date(2026, 12, 3)
SOURCE = "https://www.utah.gov/pmn/sitemap/notice/969305.html"
QUOTE = "Office hours are 7:00 a.m. - 5:00 p.m., Monday thru Thursday and 9:00 a.m. - 1:00 p.m., on Friday."
HEADER = ["jurisdiction", "fact", "value", "source", "quote", "as_of", "holds_from", "holds_until"]


def _with_only(tmp_path, jid: str, *rows: list[str]):
    """``jid`` on a copy of the calendars whose only Utah facts are ``rows``."""
    folder = tmp_path / "calendars"
    shutil.copytree(ROOT / "calendars", folder, dirs_exist_ok=True)
    for old in (folder / "facts").glob("*.csv"):
        old.unlink()
    with (folder / "facts" / "ut.csv").open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(HEADER)
        out.writerows(rows)
    return Registry(folder).get(jid)


@pytest.fixture
def perry(tmp_path):
    """Perry on a copy of the calendars whose only fact is its hours (and, when
    asked, its published 5:00 p.m. of June 6, 2025)."""
    hours = ["perry-ut", "office_hours", "mon-thu 07:00-17:00; fri 09:00-13:00", SOURCE, QUOTE, "2025-05-01", "", ""]
    return lambda *published: _with_only(tmp_path, "perry-ut", hours, *published)


def _declaration(jur, election: date):
    return next(d for d in lookup(jur, today=TODAY, election=election).deadlines if d.id == "declaration-filing")


def test_the_value_reads_usual_hours_and_the_days_with_others():
    h = hours("mon-thu 07:00-17:00; fri 09:00-13:00")
    assert (h.open, h.close, h.days) == (time(7), time(17), (0, 1, 2, 3, 4))
    assert h.other == ((4, time(9), time(13)),)
    assert hours("08:00-12:00").other == ()
    with pytest.raises(ValueError, match="fri is given hours twice"):
        hours("mon-fri 08:00-17:00; fri 09:00-13:00")
    with pytest.raises(ValueError, match="closes .* before it opens"):
        hours("mon-thu 07:00-17:00; fri 13:00-09:00")


def test_a_friday_last_day_ends_at_the_friday_closing_hour(perry):
    d = _declaration(perry(), date(2025, 11, 4))
    assert d.start == datetime(2025, 6, 2, 7, 0, tzinfo=MDT)
    assert d.safe_due == datetime(2025, 6, 6, 13, 0, tzinfo=MDT)
    ways = {(r.roll, r.due) for r in d.readings}
    assert ("prior_business_day", datetime(2025, 6, 6, 13, 0, tzinfo=MDT)) in ways
    assert ("next_business_day", datetime(2025, 6, 9, 17, 0, tzinfo=MDT)) in ways  # a Monday: 5:00 p.m.
    closes = [n for n in d.steps if n.code == "office.closes_on_weekday"]
    assert [(n.arg("weekday"), n.arg("ends").code, n.arg("ends").arg("clock")) for n in closes] == [
        (date(2025, 6, 6).weekday(), "ends.office_closes", time(13, 0))], closes  # Friday June 6: the Friday hour
    assert any("que los viernes es" in s for s in words("es").steps(d, ""))


def test_a_monday_last_day_keeps_the_usual_hour(perry):
    d = _declaration(perry(), date(2027, 11, 2))
    assert d.safe_due == datetime(2027, 6, 7, 17, 0, tzinfo=MDT)
    assert d.start == datetime(2027, 6, 1, 7, 0, tzinfo=MDT)  # a Tuesday: 7:00 a.m.
    assert d.basis.status == "recorded" and [f.value for f in d.basis.facts] == ["mon-thu 07:00-17:00; fri 09:00-13:00"]


def test_the_notice_that_says_5_pm_is_shown_beside_the_1_pm_close(perry):
    jur = perry(["perry-ut", "published:declaration-filing", "2025-06-06T17:00-06:00", SOURCE,
                 "by 5:00 p.m. on June 6th. Office hours are ... 9:00 a.m. - 1:00 p.m., on Friday.", "2025-05-01",
                 "2025-11-04", "2025-11-04"])
    row = next(x for x in result_dict(lookup(jur, today=TODAY, election=date(2025, 11, 4)), words("en"))["deadlines"]
               if x["id"] == "declaration-filing")
    assert row["basis"]["status"] == "departs"
    assert row["safe_due"] == "2025-06-06T13:00:00-06:00"
    notes = {n["code"]: n["args"] for n in row["basis"]["notes"]}
    # act by the earlier: the Friday close, not the notice's 5:00 p.m.; the 1:00 p.m. is the law at the office's
    # Friday hours, not the statute's own hour (it names none): said so, not "the statute gives"
    departs = notes["basis.departs_hours"]
    assert "basis.departs" not in notes
    assert (departs["published"], departs["safe"]) == ("2025-06-06T17:00:00-06:00", "2025-06-06T13:00:00-06:00")
    assert notes["basis.fact.office_hours_other"]["others"] == [  # Fridays (weekday 4) 9:00 a.m. to 1:00 p.m.
        {"code": "hours.on_weekday", "args": {"open": "09:00:00", "close": "13:00:00", "day": 4}}]


def test_the_about_page_says_the_hours_by_weekday(reader):
    html = reader.get("/jurisdictions/perry-ut").get_data(as_text=True)
    assert ("7:00 a.m. to 5:00 p.m. on Monday, Tuesday, Wednesday, Thursday; 9:00 a.m. to 1:00 p.m. on Friday, "
            "except legal holidays") in html
    es = reader.get("/jurisdictions/perry-ut?lang=es").get_data(as_text=True)
    assert "de 9:00 a.m. a 1:00 p.m. los días viernes" in es


def test_hours_found_for_one_cycles_filing_days_decide_that_cycle_only(tmp_path):
    """Ignacio School District 11JT published its 2025 filing hours ("Monday-Thursday 7:30 a.m.-4:30 p.m.,
    Friday 7:30-11:00 a.m.", recorded for August 6-29, 2025). Petitions are filed no later than the 67th day
    before the election (C.R.S. 22-31-107(2), 1-4-803(2), as calendars/shared quotes them): November 4, 2025 back 67 days is
    Friday, August 29, 2025 (Oct 4 is 31 days, Sept 4 is 61, Aug 29 is 67), when the office closed at 11:00 a.m.
    The 2027 cycle (November 2, 2027 back 67 days: Friday, August 27) has no hours found: the 5:00 p.m.
    default stands, said to be assumed."""
    folder = tmp_path / "calendars"
    shutil.copytree(ROOT / "calendars", folder)
    for old in (folder / "facts").glob("*.csv"):
        old.unlink()
    with (folder / "facts" / "co.csv").open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(HEADER)
        out.writerow(["ignacio-school-district-no-11jt-co", "office_hours", "mon-thu 07:30-16:30; fri 07:30-11:00",
                      "https://www.ignacioschools.org/en-US/school-board-1f80e274",
                      "Monday-Thursday 7:30 a.m.-4:30 p.m., Friday 7:30-11:00 a.m.", "2025-08-06",
                      "2025-08-06", "2025-08-29"])
    jur = Registry(folder).get("ignacio-school-district-no-11jt-co")
    by_cycle = {election: next(d for d in lookup(jur, today=TODAY, election=election).deadlines
                               if d.id == "petition-filing")
                for election in (date(2025, 11, 4), date(2027, 11, 2))}
    d2025, d2027 = by_cycle[date(2025, 11, 4)], by_cycle[date(2027, 11, 2)]
    assert d2025.safe_due == datetime(2025, 8, 29, 11, 0, tzinfo=MDT)
    assert d2025.basis.status == "recorded" and [f.holds_until for f in d2025.basis.facts] == [date(2025, 8, 29)]
    assert d2027.safe_due == datetime(2027, 8, 27, 17, 0, tzinfo=MDT)
    assert "office_hours" in d2027.basis.assumed


HANKSVILLE_SOURCE = "https://www.hanksvilleutah.gov/post/public-hearing-regarding-property-purchase"


@pytest.fixture
def hanksville(tmp_path):
    """Hanksville, Utah on a copy of the calendars whose only fact is its
    published hours: "Tue - Thur 10am - 2pm"."""
    return _with_only(tmp_path, "hanksville-ut", ["hanksville-ut", "office_hours", "tue-thu 10:00-14:00",
                                                  HANKSVILLE_SOURCE, "Tue - Thur 10am - 2pm", "2024-08-27", "", ""])


@pytest.mark.parametrize("rid", ["write-in-declaration", "withdrawal"])
def test_the_office_last_open_day_ends_when_the_office_closes_that_day(hanksville, rid):
    """Utah Code 20A-9-601(1)(a): a write-in candidate files "in person ...
    with the appropriate filing officer before 5 p.m. no later than 65 days
    before" the municipal general election of Tuesday, November 2, 2027: 65
    days before is Sunday, August 29 (Nov 2 - 31 = Oct 2, - 30 = Sep 2, - 4 =
    Aug 29); 68-3-7 carries it to Monday, August 30, 5:00 p.m. (the withdrawal
    limit, 65 days too, the same). Hanksville's office is open Tuesday to
    Thursday, 10 a.m. to 2 p.m.: it is closed that Monday and the Friday
    before, so the last day a paper can be handed in there is Thursday,
    August 26, and that day the office closes at 2:00 p.m., not 5:00: the safe
    date, resting on the office's published hours."""
    d = next(x for x in lookup(hanksville, today=TODAY, election=date(2027, 11, 2)).deadlines if x.id == rid)
    assert d.due == datetime(2027, 8, 30, 17, 0, tzinfo=MDT)
    assert d.safe_due == datetime(2027, 8, 26, 14, 0, tzinfo=MDT)
    safe = next(r for r in d.readings if r.safe)
    assert safe.name.code == "reading.office_closure" and safe.due == d.safe_due
    assert d.basis.status == "recorded"
    assert [(f.fact, f.source) for f in d.basis.facts] == [("office_hours", HANKSVILLE_SOURCE)]


def test_a_reading_on_a_short_day_ends_when_the_office_closes(perry):
    """Perry's office keeps 7-5 Monday to Thursday and 9-1 on Friday. The
    write-in limit of 2027 (Utah Code 20A-9-601(1)(a), "before 5 p.m. no
    later than 65 days before": Tuesday, November 2 back 65 days is Sunday,
    August 29) is Monday, August 30 at 5:00 p.m. by 68-3-7, a day the office
    keeps until 5:00; the file's other reading, the prior business day, is
    Friday, August 27, and the declaration is filed "in person" there: no law
    keeps the office open until 5 p.m. that day (10-3-301(3)(b)(i) names only
    the June filing days), and a paper cannot be handed in at a closed office,
    so by 1:00 p.m., when the office closes that Friday, the law's 5:00 p.m.
    said beside it. That is the safe date, resting on the published hours."""
    d = next(x for x in lookup(perry(), today=TODAY, election=date(2027, 11, 2)).deadlines
             if x.id == "write-in-declaration")
    assert d.due == datetime(2027, 8, 30, 17, 0, tzinfo=MDT)
    assert [(r.due, r.safe) for r in d.readings] == [(datetime(2027, 8, 30, 17, 0, tzinfo=MDT), False),
                                                     (datetime(2027, 8, 27, 13, 0, tzinfo=MDT), True)]
    assert d.basis.status == "recorded" and [f.source for f in d.basis.facts] == [SOURCE]
    en, es = words("en"), words("es")
    assert "The law says 5:00 p.m.; the office closes at 1:00 p.m. on Fridays" in en.reading_why(d.readings[1])
    row = next(x for x in result_dict(lookup(perry(), today=TODAY, election=date(2027, 11, 2)), en)["deadlines"]
               if x["id"] == "write-in-declaration")
    assert row["safe_due"] == "2027-08-27T13:00:00-06:00"
    assert "The law says 5:00 p.m.; the office closes at 1:00 p.m. on Fridays" in row["basis"]["said"]
    said_es = result_dict(lookup(perry(), today=TODAY, election=date(2027, 11, 2)), es)["deadlines"]
    said_es = next(x for x in said_es if x["id"] == "write-in-declaration")["basis"]["said"]
    assert "La ley dice 5:00 p.m.; los viernes la oficina cierra a esta hora: 1:00 p.m." in said_es


EMERY_SOURCE = "https://etvnews.com/emery-town-notice-of-municipal-elections/"


def test_the_laws_own_date_ends_when_the_office_closes_that_day(tmp_path):
    """Emery, Utah published filing "between the hours of 8:0 am and 12:00
    pm" (its 2021 notice). The write-in limit of 2027 (20A-9-601(1)(a),
    "before 5 p.m. no later than 65 days before" Tuesday, November 2: Sunday,
    August 29, carried by 68-3-7 to Monday, August 30) falls on a day the
    office is open but closes at noon, and no law keeps it open until 5 p.m.
    that day: the law's own date is given at 12:00 p.m., the law's 5:00 p.m.
    said beside it; the prior-business-day reading, Friday August 27, at noon
    too, is the safe one."""
    jur = _with_only(tmp_path, "emery-ut", ["emery-ut", "office_hours", "08:00-12:00", EMERY_SOURCE,
                                            "between the hours of 8:0 am and 12:00 pm", "2021-04-28", "", ""])
    d = next(x for x in lookup(jur, today=TODAY, election=date(2027, 11, 2)).deadlines if x.id == "write-in-declaration")
    assert d.due == datetime(2027, 8, 30, 12, 0, tzinfo=MDT)
    assert [(r.due, r.safe) for r in d.readings] == [(datetime(2027, 8, 30, 12, 0, tzinfo=MDT), False),
                                                     (datetime(2027, 8, 27, 12, 0, tzinfo=MDT), True)]
    steps = words("en").steps(d, "")
    assert any("The law says 5:00 p.m.; the office closes at 12:00 noon on Mondays" in s for s in steps), steps
    assert d.basis.status == "recorded" and [f.source for f in d.basis.facts] == [EMERY_SOURCE]
