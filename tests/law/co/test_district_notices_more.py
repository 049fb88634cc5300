"""Colorado special districts: the hours and days their own calls for nominations
published (calendars/facts/co.csv, second harvest of 2026-12-06; the sources are
listed in calendars/facts/districts-research.md).

Worked examples, counted by hand from the notices ("the Nth day before" election
E is E - N; the self-nomination form is due on the 67th day, C.R.S.
1-13.5-303(1), the write-in affidavit on the 64th, 1-13.5-305; Colorado keeps
Mountain Standard Time, UTC-7, until the second Sunday of March):

- Upper San Juan Health Service District, Tuesday, May 6, 2014 (Pagosa SUN):
  May 6 - 6 = April 30; - 30 = March 31 (36th day); - 31 = February 28 (67th),
  a Friday: forms "submitted and received by Halstead before 3 p.m. on Friday,
  Feb. 28"; the office "open Monday through Friday from 8 a.m. to 3 p.m.". The
  64th day is Monday, March 3, "no later than 3 p.m.". Both at 3:00 p.m. MST,
  with the office's hours and the published day recorded: basis "published".
- Three Lakes Water and Sanitation District, Tuesday, May 6, 2025: the 67th
  day is Friday, February 28, 2025 (May 6 - 6 = April 30; - 30 = March 31;
  - 31 = February 28). The district's office is "open Monday thru Thursday from
  8:00 a.m. to 4:00 p.m." and its notice sets "close of business on Thursday,
  February 27, 2025": the law's Friday stays the due day, at the office's
  4:00 p.m., and Thursday at 4:00 p.m. is the safe reading, as published.
- Estes Valley Fire Protection District, Tuesday, May 4, 2010 (Estes Park
  Trail-Gazette): May 4 - 4 = April 30; - 30 = March 31 (34th); - 31 =
  February 28 (65th); - 2 = Friday, February 26 (67th): "The filing deadline
  for the self-nomination form is 3 p.m. Friday, Feb. 26". No office hours were
  recorded for 2010, so the law's day at the assumed 5:00 p.m. stays beside the
  published 3:00 p.m., which is the safe one (basis "departs").
- Health Services District of Northern Larimer County, Tuesday, May 5, 2020
  (North Forty News): May 5 - 5 = April 30; - 30 = March 31 (35th); - 31 =
  February 29 (66th, a leap year); - 1 = Friday, February 28 (67th): forms
  "returned to the Health District by 5 p.m., Friday, Feb. 28", picked up
  "Monday through Friday, 9 a.m. to 5 p.m."; write-ins "by 5 p.m., Monday,
  March 2" (64th).
- Boulder Mountain Fire Protection District, Tuesday, May 8, 2018: May 8 - 8 =
  April 30; - 30 = March 31 (38th); - 29 = March 2 (67th), a Friday (the
  notice's "Monday, March 2, 2018" names the right day with the wrong weekday):
  "by 5:00 p.m.", office "9 am - 5 pm".
- Centerra Metropolitan District Nos. 1-5 (Loveland), Tuesday, May 5, 2020:
  "the deadline to submit a self-nomination form is Friday, February 28 at
  3:00 pm" (the 67th day, as for the health district above); no office hours
  recorded, so the assumed 5:00 p.m. stays as the law's hour and 3:00 p.m. MST
  is the safe one, for each of the five districts.
- Fort Lupton Fire Protection District, Tuesday, May 6, 2025: the DEO's office
  is open "7 AM- 6 PM: MONDAY – THURSDAY (closed on Friday)", yet the call sets
  "close of business on Friday, February, 28, 2025" (the law's 67th day). The
  law's Friday at the office's 6:00 p.m. stays; Thursday, February 27, 6:00
  p.m. MST is the safe reading, and the published Friday departs from it. The
  write-in affidavit, "close of Business on Monday March 3, 2025" (64th day, a
  Monday, open), is 6:00 p.m., as published.
- Poudre School District R-1, Tuesday, November 5, 2019: "no later than 4:30
  p.m. on August 30, 2019" (November 5 - 5 = October 31; - 31 = September 30
  (36th day); - 30 = August 31 (66th); - 1 = Friday, August 30 (67th)), the
  support services center open "7:30 a.m. to 4:30 p.m., Monday-Friday": 4:30
  p.m. MDT (UTC-6), basis "published".
- The hours a notice gives hold only for that filing window: the Upper San Juan
  health district's 3:00 p.m. of 2014 is not its closing hour in 2025 (assumed
  5:00 p.m. again).
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from tests.law.charter_helpers import CALENDARS, MDT, MST, at, safe
from tests.law.charter_helpers import registry  # noqa: F401 (the fixture)

TODAY = date(2026, 12, 6)


def _facts(d) -> dict:
    return {f.fact: f.value for f in d.basis.facts}


def test_upper_san_juan_2014_three_p_m_published_with_the_office_hours(registry):
    _, ds = at(registry, "upper-san-juan-health-service-district-co", date(2014, 5, 6), TODAY)
    form, write_in = ds["petition-filing"], ds["write-in-affidavit"]
    assert form.due == datetime(2014, 2, 28, 15, 0, tzinfo=MST)
    assert safe(form) == datetime(2014, 2, 28, 15, 0, tzinfo=MST)
    assert form.basis.status == "published"
    assert _facts(form) == {"office_hours": "08:00-15:00", "published:petition-filing": "2014-02-28T15:00-07:00"}
    assert write_in.due == datetime(2014, 3, 3, 15, 0, tzinfo=MST)
    assert write_in.basis.status == "published"


def test_upper_san_juan_2014_hours_do_not_carry_to_2025(registry):
    _, ds = at(registry, "upper-san-juan-health-service-district-co", date(2025, 5, 6), TODAY)
    form = ds["petition-filing"]
    assert form.due == datetime(2025, 2, 28, 17, 0, tzinfo=MST)
    assert form.basis.status == "assumed" and "office_hours" in form.basis.assumed


def test_three_lakes_thursday_close_of_a_monday_to_thursday_office(registry):
    _, ds = at(registry, "three-lakes-water-sanitation-district-co", date(2025, 5, 6), TODAY)
    form = ds["petition-filing"]
    assert form.due == datetime(2025, 2, 28, 16, 0, tzinfo=MST)  # the law's Friday, at the office's hour
    assert safe(form) == datetime(2025, 2, 27, 16, 0, tzinfo=MST)  # Thursday, as the district published
    assert form.basis.status == "published"
    assert _facts(form)["office_hours"] == "mon-thu 08:00-16:00"
    assert [r.due for r in form.readings if r.safe] == [datetime(2025, 2, 27, 16, 0, tzinfo=MST)]
    write_in = ds["write-in-affidavit"]
    assert safe(write_in) == datetime(2025, 3, 3, 16, 0, tzinfo=MST)  # a Monday, open


def test_estes_valley_fire_2010_three_p_m_departs_from_the_assumed_close(registry):
    _, ds = at(registry, "estes-valley-fire-protection-district-co", date(2010, 5, 4), TODAY)
    form = ds["petition-filing"]
    assert form.due == datetime(2010, 2, 26, 17, 0, tzinfo=MST)
    assert safe(form) == datetime(2010, 2, 26, 15, 0, tzinfo=MST)
    assert form.basis.status == "departs"


@pytest.mark.parametrize("jid", [
    "estes-valley-recreation-park-district-co", "park-hospital-district-co",
    "upper-thompson-sanitation-district-co", "estes-park-sanitation-district-co",
])
def test_the_other_estes_valley_districts_share_the_3_p_m_deadline(registry, jid):
    _, ds = at(registry, jid, date(2010, 5, 4), TODAY)
    assert safe(ds["petition-filing"]) == datetime(2010, 2, 26, 15, 0, tzinfo=MST)


def test_northern_larimer_health_district_2020(registry):
    _, ds = at(registry, "health-services-district-of-northern-larimer-county-co", date(2020, 5, 5), TODAY)
    form, write_in = ds["petition-filing"], ds["write-in-affidavit"]
    assert form.due == datetime(2020, 2, 28, 17, 0, tzinfo=MST) == safe(form)
    assert form.basis.status == "published" and _facts(form)["office_hours"] == "09:00-17:00"
    assert safe(write_in) == datetime(2020, 3, 2, 17, 0, tzinfo=MST)
    assert write_in.basis.status == "published"


def test_boulder_mountain_fire_2018(registry):
    _, ds = at(registry, "boulder-mountain-fire-protection-district-co", date(2018, 5, 8), TODAY)
    form = ds["petition-filing"]
    assert form.due == datetime(2018, 3, 2, 17, 0, tzinfo=MST) == safe(form)
    assert form.basis.status == "published"


def test_filing_office_is_the_notices_deo():
    # the DEO's office, address and phone from the call for nominations, one row
    rows = [r for r in (CALENDARS / "facts" / "co.csv").read_text(encoding="utf-8").splitlines()
            if r.startswith("three-lakes-water-sanitation-district-co,filing_office,")]
    assert len(rows) == 1
    assert "Designated Election Official (Katie Nicholls); 1111 GCR 48, PO Box 499, Grand Lake, CO 80447; 970-627-3544" in rows[0]


@pytest.mark.parametrize("n", "12345")
def test_centerra_2020_three_p_m_for_each_of_the_five(registry, n):
    _, ds = at(registry, f"centerra-metropolitan-district-no-{n}-co", date(2020, 5, 5), TODAY)
    form = ds["petition-filing"]
    assert form.due == datetime(2020, 2, 28, 17, 0, tzinfo=MST)
    assert safe(form) == datetime(2020, 2, 28, 15, 0, tzinfo=MST)
    assert form.basis.status == "departs"


def test_fort_lupton_friday_close_of_an_office_closed_on_fridays(registry):
    _, ds = at(registry, "fort-lupton-fire-protection-district-co", date(2025, 5, 6), TODAY)
    form, write_in = ds["petition-filing"], ds["write-in-affidavit"]
    assert form.due == datetime(2025, 2, 28, 18, 0, tzinfo=MST)
    assert safe(form) == datetime(2025, 2, 27, 18, 0, tzinfo=MST)
    assert form.basis.status == "departs"
    assert safe(write_in) == datetime(2025, 3, 3, 18, 0, tzinfo=MST)
    assert write_in.basis.status == "published"


def test_poudre_school_district_2019_four_thirty(registry):
    _, ds = at(registry, "poudre-school-district-r-1-co", date(2019, 11, 5), TODAY)
    form = ds["petition-filing"]
    assert form.due == datetime(2019, 8, 30, 16, 30, tzinfo=MDT) == safe(form)
    assert form.basis.status == "published"
    assert _facts(form)["office_hours"] == "07:30-16:30"
