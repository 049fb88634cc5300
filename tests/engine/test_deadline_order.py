"""Deadlines of one day are listed in the order they fall, by the instant,
also where one falls before midnight UTC and the other after it: in Mountain
Standard Time (UTC-7) 4:00 p.m. is 23:00 UTC and 5:00 p.m. is 00:00 UTC of
the next day, so ordering by the UTC time of day put 5:00 p.m. first."""
from __future__ import annotations

import textwrap
from datetime import date, datetime
from zoneinfo import ZoneInfo

from deadlines.across import sort_key
from deadlines.core.engine import compute
from deadlines.core.loader import load_jurisdiction
from deadlines.core.computed import Deadline
from deadlines.core.model import Expr, Rule
from deadlines.core.notes import Note

from tests.calendar_files import BASE  # Testville: one holiday, odd-year November elections, a 60-day filing

# Three more deadlines, on one day: 5:00 p.m. (first in the file), 4:00 p.m. and all day.
CALENDAR = BASE + """
[deadlines.late-filing]
title = "Late filing"
kind = "deadline"
audience = ["candidates"]
due = { days_after = 35, of = "general" }
at = "17:00"
cite = "Test Code 3"
text = "file by 5:00 p.m. on the 35th day after"

[deadlines.early-filing]
title = "Early filing"
kind = "deadline"
audience = ["candidates"]
due = { days_after = 35, of = "general" }
at = "16:00"
cite = "Test Code 4"
text = "file by 4:00 p.m. on the 35th day after"

[deadlines.all-day]
title = "All-day filing"
kind = "deadline"
audience = ["candidates"]
due = { days_after = 35, of = "general" }
cite = "Test Code 5"
text = "file on the 35th day after"
"""

DENVER = ZoneInfo("America/Denver")


def test_a_winter_day_lists_four_before_five_and_the_all_day_deadline_last(tmp_path):
    # 35 days after Tuesday 2027-11-02: November has 30 days, so 28 days reach
    # 2027-11-30 and 7 more 2027-12-07, a Tuesday, open (no holiday), Mountain
    # Standard Time: 16:00 MST = 23:00 UTC, 17:00 MST = 00:00 UTC on 12-08.
    path = tmp_path / "testville.toml"
    path.write_text(textwrap.dedent(CALENDAR))
    result = compute(load_jurisdiction(path), election=date(2027, 11, 2), today=date(2026, 11, 29))
    listed = [(d.id, d.due) for d in result.deadlines]
    assert listed == [
        ("filing", date(2027, 9, 3)),  # 60 days before 2027-11-02 (2 in November, 31 in October, 27 in September)
        ("early-filing", datetime(2027, 12, 7, 16, 0, tzinfo=DENVER)),
        ("late-filing", datetime(2027, 12, 7, 17, 0, tzinfo=DENVER)),
        ("all-day", date(2027, 12, 7)),
    ]


def _deadline(jid: str, due) -> Deadline:
    rule = Rule(id="filing", title="Filing", kind="deadline", audience=(), due=Expr("days_after", "general", 35),
                cite="c", text="", source=f"{jid}.toml")
    return Deadline(cycle=date(2027, 11, 2), id="filing", rule=rule, due=due,
                    ends=Note("ends.end_of_day"), status="scheduled", steps=(), safe_due=due)


def test_across_jurisdictions_one_day_is_listed_by_the_instant():
    # Colorado's 4:00 p.m. MST is 6:00 p.m. EST, before Michigan's 8:00 p.m. EST
    # (01:00 UTC of the next day); by the UTC time of day Michigan came first.
    listed = {"a-co": _deadline("a-co", datetime(2027, 12, 7, 16, 0, tzinfo=DENVER)),
              "b-mi": _deadline("b-mi", datetime(2027, 12, 7, 20, 0, tzinfo=ZoneInfo("America/Detroit"))),
              "c-ut": _deadline("c-ut", date(2027, 12, 7))}
    keys = {jid: sort_key(jid, d) for jid, d in listed.items()}
    assert sorted(keys, key=keys.get) == ["a-co", "b-mi", "c-ut"]
