"""Worked examples for the Salt Lake City candidate filing code (subsections A-J),
derived by hand from the text and Utah Code 68-3-7."""
from datetime import date

import pytest

from deadlines.core.model import Decision
from engine_helpers import calc, local
from deadlines.words import words

EN = words("en")  # the engine's notes in English

DENVER = "America/Denver"
#: the notes of a deadline or window ending after / on the election it is for
AFTER_ELECTION = {"deadline.ends_after_election", "window.ends_after_election"}
ON_ELECTION = {"deadline.ends_on_election", "window.ends_on_election"}


def june(year: int) -> list[Decision]:
    """Salt Lake City used the ranked-choice pilot's August period in 2021, 2023
    and 2025 (calendar file); these examples of the city code's June period
    take those years as if the city had declined."""
    cycle = {2021: date(2021, 11, 2), 2023: date(2023, 11, 7), 2025: date(2025, 11, 4)}[year]
    return [Decision("ranked-choice", cycle, False, f"hypothetical: the June period in {year}")]


@pytest.mark.parametrize(
    "election, june7_weekday, due",
    [
        # June 7, 2025 is a Saturday -> extended to Monday June 9, 5:00 p.m.
        (date(2025, 11, 4), "Saturday", (2025, 6, 9)),
        # June 7, 2015 is a Sunday -> Monday June 8 (matches the published 2015 period)
        (date(2015, 11, 3), "Sunday", (2015, 6, 8)),
        # June 7, 2023 is a Wednesday -> no extension
        (date(2023, 11, 21), "Wednesday", (2023, 6, 7)),
        # June 7, 2017 is a Wednesday -> "Candidates have until 5 p.m. on June 7"
        (date(2017, 11, 7), "Wednesday", (2017, 6, 7)),
        # June 7, 2021 is a Monday -> "Tuesday, June 1, 2021 through Monday, June 7, 2021"
        (date(2021, 11, 2), "Monday", (2021, 6, 7)),
    ],
)
def test_declaration_filing_ends_5pm_june_7_or_next_business_day(election, june7_weekday, due):
    assert date(election.year, 6, 7).strftime("%A") == june7_weekday
    declined = june(election.year) if election.year in (2021, 2023, 2025) else []
    d, _ = calc("salt-lake-city-ut", election=election, decisions=declined)
    assert d["declaration-filing"].due == local(DENVER, *due, 17)
    assert d["nomination-petition-filing"].due == local(DENVER, *due, 17)


def test_2019_window_opens_monday_june_3_at_office_opening():
    # June 1, 2019 was a Saturday: "during office hours" -> Monday June 3, 8:00 a.m.
    d, _ = calc("salt-lake-city-ut", election=date(2019, 11, 5))
    decl = d["declaration-filing"]
    assert decl.statutory_start == date(2019, 6, 1)
    assert decl.start == local(DENVER, 2019, 6, 3, 8)
    assert decl.due == local(DENVER, 2019, 6, 7, 17)  # a Friday: no extension
    assert any("Saturday" in s and "June 3, 2019" in s for s in EN.steps(decl, ""))


def test_2025_readings_city_extension_vs_state_practice():
    d, _ = calc("salt-lake-city-ut", election=date(2025, 11, 4), decisions=june(2025))
    decl = d["declaration-filing"]
    # published 2025 period (Brighton, MSD): "begins on Monday, June 2, 2025 at 8:00 a.m."
    assert decl.start == local(DENVER, 2025, 6, 2, 8)
    assert [r.due for r in decl.readings] == [local(DENVER, 2025, 6, 9, 17), local(DENVER, 2025, 6, 6, 17)]
    assert decl.safe_due == local(DENVER, 2025, 6, 6, 17)
    assert [r.safe for r in decl.readings] == [False, True]
    assert decl.status == "tentative"
    assert any("June 7, 2025 is a Saturday" in s and "Monday, June 9, 2025" in s for s in EN.steps(decl, ""))


def test_withdrawal_23_days_before_is_a_sunday_two_readings_2025():
    # Nov 4, 2025 - 23 days = Sunday Oct 12. 68-3-7 rolls forward: Monday Oct 13
    # is Columbus Day (Utah legal holiday) -> Tuesday Oct 14. Prior business day: Friday Oct 10.
    d, _ = calc("salt-lake-city-ut", election=date(2025, 11, 4))
    w = d["withdrawal"]
    assert w.due == local(DENVER, 2025, 10, 14, 17)
    assert w.safe_due == local(DENVER, 2025, 10, 10, 17)
    assert {EN.reading_name(r).split(" (")[0]: r.due.date() for r in w.readings} == {
        "the next business day": date(2025, 10, 14),
        "the prior business day": date(2025, 10, 10),
    }
    assert any("Columbus Day" in s for s in EN.steps(w, ""))
    assert "readings.disagree" in {n.code for n in w.warnings}


def test_withdrawal_2027_monday_is_not_a_holiday():
    # Nov 2, 2027 - 23 days = Sunday Oct 10, 2027; Monday Oct 11, 2027 is Columbus Day
    # (second Monday of October) -> Tuesday Oct 12; prior business day Friday Oct 8.
    d, _ = calc("salt-lake-city-ut", election=date(2027, 11, 2))
    assert d["withdrawal"].due == local(DENVER, 2027, 10, 12, 17)
    assert d["withdrawal"].safe_due == local(DENVER, 2027, 10, 8, 17)


def test_withdrawal_2029_plain_monday():
    # Nov 6, 2029 - 23 days = Sunday Oct 14, 2029; Columbus Day 2029 is Oct 8,
    # so Monday Oct 15 is a business day.
    d, _ = calc("salt-lake-city-ut", election=date(2029, 11, 6))
    assert d["withdrawal"].due == local(DENVER, 2029, 10, 15, 17)
    assert d["withdrawal"].safe_due == local(DENVER, 2029, 10, 12, 17)


def test_objection_filing_counts_from_extended_last_day():
    # Last day for filing 2025: June 9 (extended). +5 days = Saturday June 14 -> 68-3-7:
    # Sunday 15; Monday June 16 is Utah's Juneteenth (63G-1-301(2)(c): June 19 a Thursday,
    # the preceding Monday) -> Tuesday June 17, close of office hours.
    d, _ = calc("salt-lake-city-ut", election=date(2025, 11, 4), decisions=june(2025))
    assert d["objection-filing"].due == local(DENVER, 2025, 6, 17, 17)
    assert any("Juneteenth" in s for s in EN.steps(d["objection-filing"], ""))


def test_objection_filing_2023_plain():
    # June 7, 2023 (Wednesday) + 5 = Monday June 12, 2023.
    d, _ = calc("salt-lake-city-ut", election=date(2023, 11, 21), decisions=june(2023))
    assert d["objection-filing"].due == local(DENVER, 2023, 6, 12, 17)


def test_objection_decision_48_hours_after_filing_instant():
    filed = local(DENVER, 2025, 6, 12, 14, 30)
    d, _ = calc("salt-lake-city-ut", election=date(2025, 11, 4), events={"objection-filed": filed})
    assert d["objection-decision"].due == local(DENVER, 2025, 6, 14, 14, 30)


def test_objection_decision_across_dst_change_is_48_real_hours():
    # DST begins 2025-03-09 02:00 in Denver: 48 hours after 2025-03-08 12:00 MST is
    # 2025-03-10 13:00 MDT (same instant as 12:00 MST + 48 h).
    filed = local(DENVER, 2025, 3, 8, 12)
    d, _ = calc("salt-lake-city-ut", election=date(2025, 11, 4), events={"objection-filed": filed})
    assert d["objection-decision"].due == local(DENVER, 2025, 3, 10, 13)


def test_objection_cure_three_days_after_sustained():
    # Sustained Tuesday June 17, 2025 -> + 3 = Friday June 20, 5:00 p.m.
    d, _ = calc("salt-lake-city-ut", election=date(2025, 11, 4), events={"objection-sustained": date(2025, 6, 17)})
    assert d["objection-cure"].due == local(DENVER, 2025, 6, 20, 17)


def test_triggers_pending_until_recorded():
    d, result = calc("salt-lake-city-ut", election=date(2025, 11, 4))
    assert "objection-decision" not in d and "objection-cure" not in d
    assert set(result.pending) == {"objection-decision", "objection-cure"}


def test_residency_start_twelve_months_before():
    d, _ = calc("salt-lake-city-ut", election=date(2025, 11, 4))
    assert d["residency-start"].due == date(2024, 11, 4)
    assert EN.warnings(d["residency-start"], "") == ()


def test_2023_election_moved_by_proclamation():
    # Derived by rule 2023: Nov 7, moved to Nov 21, 2023 -> withdrawal Nov 21 - 23 = Sunday Oct 29
    # -> Monday Oct 30 (68-3-7); safe Friday Oct 27.
    d, result = calc("salt-lake-city-ut", today=date(2023, 1, 15))
    assert result.held == date(2023, 11, 21)
    how = result.anchors["general"].how
    assert (how.code, how.arg("rule_date")) == ("anchor.derived_moved", date(2023, 11, 7))
    assert d["withdrawal"].due == local(DENVER, 2023, 10, 30, 17)
    assert d["withdrawal"].safe_due == local(DENVER, 2023, 10, 27, 17)


def test_even_year_election_warns():
    _, result = calc("salt-lake-city-ut", election=date(2026, 11, 3))
    assert "election.not_by_rule" in {n.code for n in result.warnings}


def test_thresholds_beside_filing():
    d, _ = calc("salt-lake-city-ut", election=date(2025, 11, 4))
    texts = " | ".join(words("en").threshold(t) for t in d["nomination-petition-filing"].thresholds)
    assert "Mayor: at least 25 residents" in texts and "20 %" in texts
    assert any(t.min == 315 for t in d["declaration-filing"].thresholds)


def test_moved_election_keeps_cycle_identity():
    # The 2023 election was moved from Nov 7 to Nov 21: the cycle (and every UID)
    # stays the date by rule, so subscribed calendars update in place.
    d, result = calc("salt-lake-city-ut", election=date(2023, 11, 21))
    assert (result.held, result.cycle) == (date(2023, 11, 21), date(2023, 11, 7))
    assert result.uid(d["withdrawal"]) == "salt-lake-city-ut/2023-11-07/withdrawal"


def test_clerk_entered_election_keeps_uid_and_moves_dates():
    from deadlines.service import Records, lookup
    from engine_helpers import REGISTRY

    class Store:
        def recorded(self, jid):
            return Records(elections={date(2027, 11, 2): {"general": date(2027, 11, 9)}})

        def revision(self, jid):
            return "1"

    jur = REGISTRY.get("salt-lake-city-ut")
    moved = lookup(jur, today=date(2026, 11, 29), election=date(2027, 11, 2), records=Store())
    w = {x.id: x for x in moved.deadlines}["withdrawal"]
    assert moved.held == date(2027, 11, 9)
    assert moved.uid(w) == "salt-lake-city-ut/2027-11-02/withdrawal"
    # Nov 9, 2027 - 23 days = Sunday Oct 17 -> Monday Oct 18, 2027 (not a holiday)
    assert w.due == local(DENVER, 2027, 10, 18, 17)


# --------------------------------------------------------------------------- ranked-choice pilot


@pytest.mark.parametrize(
    "election, opens, closes",
    [
        # 2nd and 3rd Tuesdays of August. 2021: Aug 3, 10, 17 -> Aug 10-17 (Salt Lake Tribune,
        # Aug 18, 2021: "the filing deadline for candidates was Tuesday").
        (date(2021, 11, 2), (2021, 8, 10), (2021, 8, 17)),
        # 2023: Aug 1, 8, 15 -> "August 8th-15th, 8:00 am - 5:00 pm" (slc.gov 2023 municipal elections).
        (date(2023, 11, 21), (2023, 8, 8), (2023, 8, 15)),
        # 2025: Aug 5, 12, 19 -> "beginning on August 12, 2025, and ending on August 19, 2025 ...
        # will end promptly at 5:00 p.m. on August 19, 2025" (the city's notice).
        (date(2025, 11, 4), (2025, 8, 12), (2025, 8, 19)),
    ],
)
def test_ranked_choice_years_use_the_august_period(election, opens, closes):
    d, _ = calc("salt-lake-city-ut", election=election)
    for rid in ("declaration-filing", "nomination-petition-filing"):
        w = d[rid]
        assert w.start == local(DENVER, *opens, 8)
        assert w.due == w.safe_due == local(DENVER, *closes, 17)
        assert w.readings == () and w.status == "scheduled"
        assert "20A-4-602(6)" in w.citation
        assert any("Salt Lake City" in s and "chose" in s for s in EN.steps(w, ""))


def test_objection_follows_the_august_period():
    # Aug 19, 2025 + 5 = Sunday Aug 24 -> 68-3-7: Monday Aug 25, close of office hours.
    d, _ = calc("salt-lake-city-ut", election=date(2025, 11, 4))
    assert d["objection-filing"].due == local(DENVER, 2025, 8, 25, 17)


def test_not_on_the_2019_list_june_only():
    # 2019: the lieutenant governor's list names Payson and Vineyard only (calendars/facts/ut-lists.csv),
    # so Salt Lake City did not use the pilot: June 1-7 alone. June 7, 2019 is a Friday: no roll.
    d, _ = calc("salt-lake-city-ut", election=date(2019, 11, 5))
    w = d["declaration-filing"]
    assert w.due == w.safe_due == local(DENVER, 2019, 6, 7, 17)
    assert all(r.due.month == 6 for r in w.readings)
    assert "choice.undecided" not in {n.code for n in w.warnings}


def test_no_choice_recorded_both_periods_are_readings_2019(tmp_path):
    # Without the lists (a copy of the calendars without ut-lists.csv) no decision is recorded
    # for 2019 while the pilot is in force: the pilot period would close on the 3rd Tuesday of
    # August (Aug 6, 13, 20): Aug 20, beside June 7 (a Friday), which stays the safe one.
    import shutil
    from pathlib import Path
    from deadlines.core.engine import compute
    from deadlines.core.registry import Registry
    folder = tmp_path / "calendars"
    shutil.copytree(Path(__file__).resolve().parents[3] / "calendars", folder)
    (folder / "facts" / "ut-lists.csv").unlink()
    result = compute(Registry(folder).get("salt-lake-city-ut"), today=date(2026, 11, 29), election=date(2019, 11, 5))
    w = next(d for d in result.deadlines if d.id == "declaration-filing")
    assert w.due == w.safe_due == local(DENVER, 2019, 6, 7, 17)
    assert [r.due for r in w.readings][-1] == local(DENVER, 2019, 8, 20, 17)
    assert [r.safe for r in w.readings][-1] is False
    assert "choice.undecided" in {n.code for n in w.warnings}


def test_a_clerk_records_the_choice_for_a_cycle():
    from deadlines.core.model import Decision
    from deadlines.core.registry import Registry
    from deadlines.service import Records, lookup

    class Store:
        def recorded(self, jid):
            return Records(decisions=[Decision("ranked-choice", date(2019, 11, 5), True, "City Council, 2019")])

        def revision(self, jid):
            return "1"

    # 2nd Tuesday of August 2019: Aug 13; 3rd: Aug 20.
    result = lookup(Registry().get("salt-lake-city-ut"), today=date(2019, 1, 2), election=date(2019, 11, 5), records=Store())
    w = {d.id: d for d in result.deadlines}["declaration-filing"]
    assert (w.start, w.due) == (local(DENVER, 2019, 8, 13, 8), local(DENVER, 2019, 8, 20, 17))
    assert any("City Council, 2019" in s for s in EN.steps(w, ""))


def test_after_the_pilot_the_june_period_with_a_word():
    # The pilot ended January 1, 2026 and no successor is encoded: 2027 uses June 1-7.
    d, _ = calc("salt-lake-city-ut", election=date(2027, 11, 2))
    w = d["declaration-filing"]
    assert w.due == local(DENVER, 2027, 6, 7, 17)  # a Monday
    assert not any("20A-4-602(6)" in r.cite for r in w.readings)
    ended = [n for n in w.steps if n.code == "choice.ended_then"]
    assert [n.arg("day") for n in ended] == [date(2026, 1, 1)] and "No successor" in ended[0].arg("after")  # the file's word


# --------------------------------------------------------------------------- dates other than the rule's


def test_special_election_in_may_derives_every_deadline_and_warns():
    # A special election on Tuesday May 5, 2026: the June 1-7 window of "the year of the
    # election" ends after it, and so does the objection period counted from it.
    d, result = calc("salt-lake-city-ut", election=date(2026, 5, 5))
    assert "election.not_by_rule" in {n.code for n in result.warnings}
    for rid in ("declaration-filing", "nomination-petition-filing", "objection-filing"):
        assert {n.code for n in d[rid].warnings} & AFTER_ELECTION, rid
    # withdrawal: May 5 - 23 = Sunday April 12 -> Monday April 13 (68-3-7): before the election, no such warning
    assert d["withdrawal"].due == local(DENVER, 2026, 4, 13, 17)
    assert not {n.code for n in d["withdrawal"].warnings} & (AFTER_ELECTION | ON_ELECTION)
    assert not {n.code for n in d["residency-start"].warnings} & (AFTER_ELECTION | ON_ELECTION)
