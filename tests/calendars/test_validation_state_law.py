"""`deadlines check` problems of the state-layer keys: election ways by kind of
year, readings with another hour or zone or count, choices (and their
periods' versions) and decisions,
nth_weekday_in, a version's warning, office hours' confirm."""
import pytest

from tests.calendar_files import BASE, problems

RCV = """
[deadlines.window]
title = "Filing window"
kind = "window"
audience = ["candidates"]
start = { date = "06-01", year_of = "general" }
due = { date = "06-07", year_of = "general" }
at = "17:00"
cite = "Test Code 4"
text = "June 1-7"

[choices.rcv]
title = "Ranked-choice voting"
cite = "Test Code 5"
text = "a city may choose"
effective = 2019-01-01
ends = 2026-01-01
deadlines = ["window"]

[choices.rcv.period]
start = { nth_weekday_in = 2, weekday = "tuesday", month = 8, year_of = "general" }
due = { nth_weekday_in = 3, weekday = "tuesday", month = 8, year_of = "general" }
at = "17:00"
cite = "Test Code 6"
text = "second to third Tuesday of August"
"""


def test_valid_choice_and_decision_load(tmp_path):
    path, found = problems(tmp_path, BASE + RCV + """
[[decisions]]
choice = "rcv"
election = 2025-11-04
taken = true
authority = "Resolution 1"
""")
    assert found == []


@pytest.mark.parametrize("extra, expected", [
    ('[[decisions]]\nchoice = "rcv"\nelection = 2025-11-05\ntaken = true\nauthority = "R"\n',
     "decisions[0].election: 2025-11-05 is not an election of this jurisdiction (give the cycle's date by rule or the day it was held)"),
    ('[[decisions]]\nchoice = "rcv"\nelection = 2027-11-02\ntaken = true\nauthority = "R"\n',
     "decisions[0].election: the law gives the choice 'rcv' only for elections from 2019-01-01 until 2026-01-01"),
    ('[[decisions]]\nchoice = "stv"\nelection = 2025-11-04\ntaken = true\nauthority = "R"\n',
     "decisions[0].choice: no choice 'stv' here (known: rcv)"),
    ('[[decisions]]\nchoice = "rcv"\nelection = 2025-11-04\ntaken = true\nauthority = "R"\n'
     '[[decisions]]\nchoice = "rcv"\nelection = 2025-11-04\ntaken = false\nauthority = "S"\n',
     "decisions: two decisions for 'rcv' in the cycle of 2025-11-04"),
])
def test_decision_problems(tmp_path, extra, expected):
    path, found = problems(tmp_path, BASE + RCV + extra)
    assert f"{path}: {expected}" in found


def test_choice_problems(tmp_path):
    body = BASE + RCV.replace('deadlines = ["window"]', 'deadlines = ["window", "filing", "nowhere"]').replace(
        "ends = 2026-01-01", "ends = 2018-01-01").replace("nth_weekday_in = 3", "nth_weekday_in = 5")
    path, found = problems(tmp_path, body)
    assert f"{path}: choices.rcv.ends: ends (2018-01-01) on or before it takes effect (2019-01-01)" in found
    assert f"{path}: choices.rcv.deadlines[1]: 'filing' has no 'at' to compare the period's hour with" in found
    assert any(p.startswith(f"{path}: choices.rcv.deadlines[2]: no deadline 'nowhere' here") for p in found)
    assert f"{path}: choices.rcv.period.due.nth_weekday_in: expected 1-4 (not every month has a fifth), got 5" in found


def test_choice_period_counts_from_an_election(tmp_path):
    body = BASE + RCV.replace('due = { nth_weekday_in = 3, weekday = "tuesday", month = 8, year_of = "general" }',
                              'due = { days_after = 3, of = "filing" }')
    path, found = problems(tmp_path, body)
    assert f"{path}: choices.rcv.period.due: a choice's period counts from an election (general or primary), not 'filing'" in found


RCV_VERSIONS = RCV.replace("[choices.rcv.period]", "[[choices.rcv.period]]\neffective = 2019-01-01") + """
[[choices.rcv.period]]
effective = 2023-01-01
due = { nth_weekday_in = 4, weekday = "tuesday", month = 8, year_of = "general" }
cite = "Test Code 7"
text = "to the fourth Tuesday of August"
"""


def test_versions_of_a_choice_period_load(tmp_path):
    path, found = problems(tmp_path, BASE + RCV_VERSIONS)
    assert found == []


@pytest.mark.parametrize("change, expected", [
    (("effective = 2023-01-01\n", ""),
     "choices.rcv.period: every version of a choice's period needs 'effective' (the date it took effect)"),
    (("effective = 2023-01-01", "effective = 2019-01-01"),
     "choices.rcv.period: two versions take effect on the same date"),
    (("[[choices.rcv.period]]\neffective = 2019-01-01", "[[choices.rcv.period]]\neffective = 2020-01-01"),
     "choices.rcv.period: the first period takes effect on 2020-01-01, not on the choice's effective date (2019-01-01)"),
    (("effective = 2023-01-01", "effective = 2026-01-01"),
     "choices.rcv.period: a period takes effect on 2026-01-01, when the choice has ended (2026-01-01)"),
    (("nth_weekday_in = 4", "nth_weekday_in = 5"),
     "choices.rcv.period[1].due.nth_weekday_in: expected 1-4 (not every month has a fifth), got 5"),
])
def test_choice_period_version_problems(tmp_path, change, expected):
    path, found = problems(tmp_path, BASE + RCV_VERSIONS.replace(*change))
    assert f"{path}: {expected}" in found


def test_a_choice_period_list_may_not_be_empty(tmp_path):
    body = BASE + RCV[:RCV.index("[choices.rcv.period]")] + "period = []\n"
    path, found = problems(tmp_path, body)
    assert f"{path}: choices.rcv.period: an empty list: give the period, or its versions each with 'effective'" in found


def test_nth_weekday_in_needs_its_parts(tmp_path):
    body = BASE.replace('due = { days_before = 60, of = "general" }', 'due = { nth_weekday_in = 2, of = "general" }')
    path, found = problems(tmp_path, body)
    for key in ("month", "weekday", "year_of"):
        assert f"{path}: deadlines.filing.due: missing '{key}' for nth_weekday_in" in found
    assert f"{path}: deadlines.filing.due.of: nth_weekday_in takes 'year_of' (the election whose year it is in), not 'of'" in found


def test_month_only_with_nth_weekday_in(tmp_path):
    body = BASE.replace('due = { days_before = 60, of = "general" }', 'due = { days_before = 60, of = "general", month = 8 }')
    path, found = problems(tmp_path, body)
    assert f"{path}: deadlines.filing.due.month: only 'nth_weekday_in' takes 'month'" in found


@pytest.mark.parametrize("reading, expected", [
    ('{ name = "n", cite = "c", why = "w" }',
     "deadlines.filing.readings[0]: a reading changes at least one of: roll, at, at_zone, due"),
    ('{ at = "16:00", at_zone = "Eastern", name = "n", cite = "c", why = "w" }',
     "deadlines.filing.readings[0].at_zone: expected an IANA time zone (America/Detroit) or a fixed offset such as UTC-05:00, got 'Eastern'"),
    ('{ at = "16:00", name = "n", cite = "c", why = "w" }',
     "deadlines.filing.readings[0]: a reading with another hour or zone needs the rule's own 'at' to compare with"),
    ('{ due = { days_before = 61, of = "nowhere" }, name = "n", cite = "c", why = "w" }',
     "deadlines.filing.readings[0].due: anchor 'nowhere' is not an election, trigger or deadline here"),
    ('{ due = { days_before = 71, of = "general" }, election_months = [13], name = "n", cite = "c", why = "w" }',
     "deadlines.filing.readings[0].election_months[0]: expected an integer of at most 12, got 13"),
])
def test_reading_problems(tmp_path, reading, expected):
    path, found = problems(tmp_path, BASE + f"readings = [{reading}]\n")
    assert any(p.startswith(f"{path}: {expected}") for p in found), found


def test_election_ways(tmp_path):
    ways = """
[elections.general]
title = "General election"
cite = "Test Code 2"
ways = [
  { rule = "first_tuesday", month = 11, years = "odd", cite = "A" },
  { rule = "tuesday_after_first_monday", month = 11, years = "every", cite = "B" },
]
"""
    body = BASE.replace('[elections.general]\ntitle = "General election"\nrule = "tuesday_after_first_monday"\n'
                        'month = 11\nyears = "odd"\ncite = "Test Code 2"\n', ways)
    path, found = problems(tmp_path, body)
    assert f"{path}: elections.general.ways: two ways apply in the same years (odd and every); give one per kind of year" in found
    path, found = problems(tmp_path, body.replace('years = "every"', 'years = "even"'))
    assert found == []
    path, found = problems(tmp_path, body.replace('ways = [', 'years = "odd"\nways = ['))
    assert f"{path}: elections.general.years: give either 'ways' (one per kind of year) or rule, month and years, not both" in found


def test_wrong_types_of_warning_and_confirm(tmp_path):
    body = BASE + 'warning = 5\n'
    body = body.replace('[time_law]', '[office_hours]\nopen = "08:00"\nclose = "17:00"\ncite = "x"\nconfirm = 3\n\n[time_law]')
    path, found = problems(tmp_path, body)
    assert f"{path}: deadlines.filing.warning: expected a non-empty string, got an integer" in found
    assert f"{path}: office_hours.confirm: expected a non-empty string, got an integer" in found


def test_kept_open_needs_the_rules_own_hour(tmp_path):
    """``kept_open``: the law keeps the office open until the rule's hour, so a
    rule without ``at`` has no hour to keep it open until."""
    path, found = problems(tmp_path, BASE + "kept_open = true\n")
    assert f"{path}: deadlines.filing.kept_open: the law keeps the office open until the rule's own hour: it needs 'at'" in found


def test_choice_removes_deadlines_that_are_there(tmp_path):
    """`removes` names deadlines of the merged calendar, none of them given the
    choice's period as well (a deadline is moved or removed, not both)."""
    body = BASE + RCV.replace('deadlines = ["window"]', 'deadlines = ["window"]\nremoves = ["window", "nowhere"]')
    path, found = problems(tmp_path, body)
    assert f"{path}: choices.rcv.removes[0]: 'window' is both given a period and removed" in found
    assert any(p.startswith(f"{path}: choices.rcv.removes[1]: no deadline 'nowhere' here") for p in found)


def test_a_choice_cannot_do_away_with_the_general_election(tmp_path):
    """`not_held` names elections a taken choice does away with (a primary); the general election is
    the cycle itself."""
    body = BASE + RCV.replace('deadlines = ["window"]', 'deadlines = ["window"]\nnot_held = ["general"]')
    path, found = problems(tmp_path, body)
    said = "the general election is the cycle itself: a choice cannot do away with it"
    assert f"{path}: choices.rcv.not_held[0]: {said}" in found
    _, found = problems(tmp_path, BASE + RCV.replace('deadlines = ["window"]', 'deadlines = ["window"]\nnot_held = ["primary"]'))
    assert found == []


def test_zero_days_is_the_anchors_own_day_and_zero_of_anything_else_is_refused(tmp_path):
    """``days_before = 0``: "not later than the date of the primary" (MCL 168.646a(1));
    a zeroth Tuesday is no Tuesday."""
    same_day = BASE.replace('due = { days_before = 60, of = "general" }', 'due = { days_before = 0, of = "general" }')
    _, found = problems(tmp_path, same_day)
    assert not found
    zeroth = BASE.replace('due = { days_before = 60, of = "general" }',
                          'due = { nth_weekday_before = 0, weekday = "tuesday", of = "general" }')
    path, found = problems(tmp_path, zeroth)
    assert f"{path}: deadlines.filing.due.nth_weekday_before: expected an integer of at least 1, got 0" in found
