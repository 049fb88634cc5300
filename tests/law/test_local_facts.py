"""Local facts and what each date rests on (``basis``): research facts in
calendars/facts/<st>.csv laid on a government, the clerk's records over them,
published dates beside the statute's, and a basis on every deadline of every
government on the rosters.

Worked examples, counted by hand:
- Utah, the Town of Hanksville, municipal general election Tuesday, November 2,
  2027: the declaration of candidacy is filed "in person with the city recorder
  or town clerk, during office hours and not later than the close of normal
  office hours, between June 1 and June 7" (20A-9-203(3)(a)(i)). June 1, 2027 is
  a Tuesday, so June 7 is a Monday, a business day. With no hours recorded the
  statute's 8 a.m. to 5 p.m. (10-3-301(3)(b)(i)) stands: 5:00 p.m. MDT
  (UTC-6); with the town's recorded hours 8:00 a.m. to 12:00 p.m., noon.
- Michigan, a city, general election Tuesday, November 3, 2026, primary Tuesday,
  August 4, 2026: nominating petitions by 4 p.m. on the fifteenth Tuesday before
  the primary (MCL 168.644f(1), 168.646a(1)): 15 weeks = 105 days before
  August 4 is April 21, 2026 (EDT, UTC-4). A city that holds no primary files by
  the fifteenth Tuesday before the general election (644f(4)(a)): 105 days
  before November 3 is July 21, 2026; the withdrawal "by 4 o'clock ... on the
  third day after the last day for filing" (MCL 168.322a) is then Friday,
  July 24, 2026 (April 24 under the primary's date).
"""
from __future__ import annotations

import csv
import shutil
from collections import Counter
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from deadlines.cli import main
from deadlines.core.jurisdiction import Fact, PublishedNotice
from deadlines.core.model import OfficeHours
from deadlines.core.registry import Registry
from deadlines.publish.as_json import result_dict
from deadlines.service import Records, _Once, lookup
from deadlines.words import words

ROOT = Path(__file__).resolve().parents[2]
CALENDARS = ROOT / "calendars"
TODAY = date(2026, 12, 2)
MDT, EDT = timezone(timedelta(hours=-6)), timezone(timedelta(hours=-4))
HEADER = ["jurisdiction", "fact", "value", "source", "quote", "as_of", "holds_from", "holds_until"]


@pytest.fixture
def folder(tmp_path) -> Path:
    """A copy of the calendars folder whose facts files a test writes."""
    copy = tmp_path / "calendars"
    shutil.copytree(CALENDARS, copy)
    for old in (copy / "facts").glob("*.csv"):
        old.unlink()
    return copy


def _write(folder: Path, state: str, *rows: list[str]) -> None:
    with (folder / "facts" / f"{state}.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(HEADER)
        w.writerows(rows)


def _by_id(result) -> dict:
    return {d.id: d for d in result.deadlines}


def test_with_no_fact_the_hour_is_assumed_and_said(folder):
    jur = Registry(folder).get("hanksville-ut")
    d = _by_id(lookup(jur, today=TODAY, election=date(2027, 11, 2)))["declaration-filing"]
    assert d.due == datetime(2027, 6, 7, 17, 0, tzinfo=MDT)
    assert (d.basis.status, d.basis.assumed, d.basis.facts) == ("assumed", ("office_hours",), ())
    said = result_dict(lookup(jur, today=TODAY, election=date(2027, 11, 2)), words("en"))["deadlines"]
    row = next(x for x in said if x["id"] == "declaration-filing")
    assert row["basis"]["status"] == "assumed" and row["basis"]["assumed"] == ["office_hours"]
    notes = {n["code"]: n["args"] for n in row["basis"]["notes"]}
    assert notes["basis.assumed.office_hours"]["clock"] == "17:00:00" and "basis.confirm" in notes


def test_research_hours_decide_the_hour_with_their_source(folder):
    source = "https://www.utah.gov/pmn/sitemap/notice/000000.html"
    _write(folder, "ut", ["hanksville-ut", "office_hours", "08:00-12:00", source,
                          "Declarations of candidacy will be accepted between 8:00 a.m. and 12:00 p.m.", "2025-05-01", "", ""])
    jur = Registry(folder).get("hanksville-ut")
    assert (jur.office_hours.open.hour, jur.office_hours.close.hour) == (8, 12)
    d = _by_id(lookup(jur, today=TODAY, election=date(2027, 11, 2)))["declaration-filing"]
    assert d.due == datetime(2027, 6, 7, 12, 0, tzinfo=MDT)
    assert d.start == datetime(2027, 6, 1, 8, 0, tzinfo=MDT)
    assert d.basis.status == "recorded"
    assert [(f.fact, f.value, f.source, f.by) for f in d.basis.facts] == [("office_hours", "08:00-12:00", source, "research")]
    # the clerk's record wins over research
    clerk = Records(office_hours=OfficeHours(datetime.min.time().replace(hour=9), datetime.min.time().replace(hour=15),
                                             "recorded by the clerk: town council"))
    d = _by_id(lookup(jur, today=TODAY, election=date(2027, 11, 2), records=_Once(clerk)))["declaration-filing"]
    assert d.due == datetime(2027, 6, 7, 15, 0, tzinfo=MDT)
    assert [(f.by, f.value) for f in d.basis.facts] == [("clerk", "09:00-15:00")]


def test_dated_hours_decide_only_the_cycles_from_their_date(folder):
    """Hours a source dates to 2025 (``holds_from`` 2025-01-01) decide the 2027
    cycle (noon) but not 2023's: June 1, 2023 is a Thursday, so June 7 is a
    Wednesday, and with no hours of that time recorded the statute's 5:00 p.m.
    stands, assumed and said so. A row dated 2019 (9 a.m. to 1 p.m.) decides
    2023, the latest row begun by then."""
    late = "https://www.utah.gov/pmn/sitemap/notice/000001.html"
    _write(folder, "ut", ["hanksville-ut", "office_hours", "08:00-12:00", late, "open 8:00 a.m. to 12:00 p.m.",
                          "2025-05-01", "2025-01-01", ""])
    jur = Registry(folder).get("hanksville-ut")
    d = _by_id(lookup(jur, today=TODAY, election=date(2027, 11, 2)))["declaration-filing"]
    assert d.due == datetime(2027, 6, 7, 12, 0, tzinfo=MDT) and d.basis.status == "recorded"
    d = _by_id(lookup(jur, today=TODAY, election=date(2023, 11, 7)))["declaration-filing"]
    assert d.due == datetime(2023, 6, 7, 17, 0, tzinfo=MDT)
    assert d.basis.status == "assumed" and "office_hours" in d.basis.assumed  # (and 2023's ranked-choice pilot)
    early = "https://www.utah.gov/pmn/sitemap/notice/000002.html"
    _write(folder, "ut", ["hanksville-ut", "office_hours", "08:00-12:00", late, "open 8:00 a.m. to 12:00 p.m.",
                          "2025-05-01", "2025-01-01", ""],
           ["hanksville-ut", "office_hours", "09:00-13:00", early, "open 9:00 a.m. to 1:00 p.m.",
            "2019-05-01", "2019-01-01", ""])
    jur = Registry(folder).get("hanksville-ut")
    d = _by_id(lookup(jur, today=TODAY, election=date(2023, 11, 7)))["declaration-filing"]
    assert d.due == datetime(2023, 6, 7, 13, 0, tzinfo=MDT)
    assert [(f.value, f.source) for f in d.basis.facts] == [("09:00-13:00", early)]
    d = _by_id(lookup(jur, today=TODAY, election=date(2027, 11, 2)))["declaration-filing"]
    assert d.due == datetime(2027, 6, 7, 12, 0, tzinfo=MDT)


def _notice(due, source="https://hanksville.example/notice-2027") -> PublishedNotice:
    return PublishedNotice("declaration-filing", date(2027, 11, 2), due,
                           Fact("published:declaration-filing", due.isoformat(), source, "report",
                                "Declarations ... June 1-7, 2027, 8:00 a.m. to 5:00 p.m.", date(2027, 5, 1)))


def test_a_published_date_that_agrees_and_one_that_departs(folder):
    jur = Registry(folder).get("hanksville-ut")
    same = _notice(datetime(2027, 6, 7, 17, 0, tzinfo=MDT))
    d = _by_id(lookup(jur, today=TODAY, election=date(2027, 11, 2), records=_Once(Records(notices=(same,)))))["declaration-filing"]
    assert d.basis.status == "published" and d.safe_due == datetime(2027, 6, 7, 17, 0, tzinfo=MDT)
    early = _notice(datetime(2027, 6, 4, 12, 0, tzinfo=MDT))  # a period closed the Friday before, at noon
    d = _by_id(lookup(jur, today=TODAY, election=date(2027, 11, 2), records=_Once(Records(notices=(early,)))))["declaration-filing"]
    assert d.basis.status == "departs"
    assert d.due == datetime(2027, 6, 7, 17, 0, tzinfo=MDT)  # the statute's date stays, shown beside
    assert d.safe_due == datetime(2027, 6, 4, 12, 0, tzinfo=MDT)  # the earlier is the safe one
    assert [r.safe for r in d.readings if r.due == d.safe_due] == [True]
    late = _notice(datetime(2027, 6, 9, 17, 0, tzinfo=MDT))
    d = _by_id(lookup(jur, today=TODAY, election=date(2027, 11, 2), records=_Once(Records(notices=(late,)))))["declaration-filing"]
    assert d.basis.status == "departs" and d.safe_due == datetime(2027, 6, 7, 17, 0, tzinfo=MDT)


def test_two_notices_that_disagree_show_the_one_that_departs(folder):
    """Research found two notices of one cycle (as for Taylorsville, 2013: June 3-7 and a stale June 17): the
    one agreeing with the statute's June 7 must not hide the other; it is shown beside, the earlier safe."""
    source = "https://hanksville.example/notice"
    _write(folder, "ut",
           ["hanksville-ut", "published:declaration-filing", "2027-06-07T17:00-06:00", source + "-1",
            "June 1-7, 2027, until 5:00 p.m.", "2027-05-01", "2027-11-02", "2027-11-02"],
           ["hanksville-ut", "published:declaration-filing", "2027-06-15", source + "-2",
            "Declarations may be filed through June 15.", "2027-04-01", "2027-11-02", "2027-11-02"])
    d = _by_id(lookup(Registry(folder).get("hanksville-ut"), today=TODAY, election=date(2027, 11, 2)))["declaration-filing"]
    assert d.basis.status == "departs" and d.basis.notice.fact.source == source + "-2"
    assert d.safe_due == datetime(2027, 6, 7, 17, 0, tzinfo=MDT)
    assert date(2027, 6, 15) in {r.due for r in d.readings}


def test_a_michigan_city_that_holds_no_primary(folder):
    jur = Registry(folder).get("ann-arbor-mi")
    undecided = _by_id(lookup(jur, today=TODAY, election=date(2026, 11, 3)))
    assert undecided["petition-filing"].due == datetime(2026, 4, 21, 16, 0, tzinfo=EDT)
    assert "no-primary" in undecided["petition-filing"].basis.assumed
    assert datetime(2026, 7, 21, 16, 0, tzinfo=EDT) in {r.due for r in undecided["petition-filing"].readings}
    _write(folder, "mi", ["ann-arbor-mi", "holds_primary", "no", "https://example.org/charter",
                          "There shall be no primary election.", "2026-01-01", "", ""])
    decided = _by_id(lookup(Registry(folder).get("ann-arbor-mi"), today=TODAY, election=date(2026, 11, 3)))
    assert decided["petition-filing"].due == datetime(2026, 7, 21, 16, 0, tzinfo=EDT)
    assert decided["withdrawal"].due == datetime(2026, 7, 24, 16, 0, tzinfo=EDT)
    assert decided["petition-filing"].basis.status != "assumed"
    assert [f.fact for f in decided["petition-filing"].basis.facts] == ["holds_primary"]


def test_check_names_each_bad_fact_row(folder):
    _write(folder, "ut",
           ["hanksville-ut", "office_hours", "12:00-08:00", "https://example.org/a", "q", "2025-05-01", "", ""],
           ["nowhere-ut", "office_hours", "08:00-12:00", "https://example.org/a", "q", "2025-05-01", "", ""],
           ["orem-ut", "decision:no-such-choice", "yes", "https://example.org/a", "q", "2025-05-01", "", ""],
           ["orem-ut", "filing_office", "City Recorder", "not a link", "q", "2025-05-01", "", ""])
    res = CliRunner().invoke(main, ["check", str(folder)])
    path = folder / "facts" / "ut.csv"
    assert res.exit_code == 1
    assert f"{path}: line 2 (hanksville-ut): the office closes (08:00) before it opens (12:00)" in res.output
    assert f"{path}: line 3 (nowhere-ut): jurisdiction: no government 'nowhere-ut'" in res.output
    assert f"{path}: line 4 (orem-ut): fact: orem-ut has no choice 'no-such-choice'" in res.output
    assert f"{path}: line 5 (orem-ut): source: expected the link where it was read" in res.output


def test_check_names_a_short_row_left_by_a_merge(folder):
    """A line with one column (a merge's conflict marker) is a problem named
    with its file and line, not a crash of the check."""
    _write(folder, "ut", ["<<<<<<< HEAD"],
           ["hanksville-ut", "office_hours", "08:00-12:00", "https://example.org/a", "q", "2025-05-01", "", ""])
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code == 1
    assert f"{folder / 'facts' / 'ut.csv'}: line 2 (<<<<<<< HEAD): jurisdiction:" in res.output


def test_every_deadline_of_every_government_says_what_it_rests_on():
    found: Counter = Counter()
    for jur in Registry().all():
        result = lookup(jur, today=TODAY)
        for d in result.deadlines:
            assert d.basis is not None and d.basis.status in ("law", "assumed", "recorded", "published", "departs"), result.uid(d)
            assert d.basis.notes, result.uid(d)
            if d.basis.status == "assumed":
                assert d.basis.assumed, result.uid(d)
            found[d.basis.status] += 1
    assert found["law"] and found["assumed"]


def test_the_row_says_where_to_file_where_research_recorded_it(client):
    # calendars/facts/ut.csv: Hanksville's Town Clerk's office, from the town's own site (its footer, quoted there)
    page = client.get("/?jurisdiction=hanksville-ut&election=2027-11-02").get_data(as_text=True)
    row = page[page.index('id="declaration-filing"'):]
    row = row[:row.index("</li>")]
    assert "File with: Town Clerk&#39;s office" in row and "435-542-3451" in row
    spanish = client.get("/?jurisdiction=hanksville-ut&election=2027-11-02&lang=es").get_data(as_text=True)
    assert "Se presenta en: Town Clerk" in spanish
