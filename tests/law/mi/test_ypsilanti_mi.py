"""Worked examples for Ypsilanti City Charter § 3.06, derived by hand from the text.

Nominating petitions: "not later than 4:00 p.m., local time, on the fifteenth
Tuesday preceding the regular City primary election". Notice: "at least one (1)
week and not more than three (3) weeks before that date".
"""
from datetime import date

import pytest

from engine_helpers import calc, local
from deadlines.words import words

EN = words("en")  # the engine's notes in English

DETROIT = "America/Detroit"


def test_2026_petition_filing_is_15th_tuesday_before_aug_4_at_4pm():
    # Aug 4, 2026 is a Tuesday; it does not count. Tuesdays before it: Jul 28 (1st) ...
    # 15 weeks back = 105 days: April 21, 2026.
    d, _ = calc("ypsilanti-mi", primary=date(2026, 8, 4))
    assert d["petition-filing"].due == local(DETROIT, 2026, 4, 21, 16)
    assert d["petition-filing"].due.utcoffset().total_seconds() == -4 * 3600  # EDT
    assert d["petition-filing"].status == "scheduled"


def test_2026_filing_notice_window_is_21_to_7_days_before():
    d, _ = calc("ypsilanti-mi", primary=date(2026, 8, 4))
    notice = d["filing-notice"]
    assert notice.kind == "notice-window"
    assert notice.start == date(2026, 3, 31)  # April 21 - 21 days
    assert notice.due == date(2026, 4, 14)  # April 21 - 7 days
    assert notice.ends.code == "ends.end_of_day"


def test_primary_derived_from_general_election_year():
    # The general election of Nov 3, 2026 -> the August primary of 2026 is the
    # Tuesday after the first Monday (Aug 3) = Aug 4.
    d, result = calc("ypsilanti-mi", election=date(2026, 11, 3))
    assert result.anchors["primary"].value == date(2026, 8, 4)
    assert d["petition-filing"].due == local(DETROIT, 2026, 4, 21, 16)


def test_primary_date_given_as_election_is_taken_as_primary_with_warning():
    d, result = calc("ypsilanti-mi", election=date(2026, 8, 4))
    assert result.anchors["primary"].value == date(2026, 8, 4)
    assert result.held == date(2026, 11, 3)
    assert "election.taken_as_primary" in {n.code for n in result.warnings}
    assert d["petition-filing"].due == local(DETROIT, 2026, 4, 21, 16)


def test_no_date_means_next_election_by_rule():
    # Today 2026-11-29: the 2026 general is past; next even year 2028: Nov 7.
    # August 2028: Aug 1 is a Tuesday but the first Monday is Aug 7, so the
    # primary is Tuesday Aug 8; 15 weeks (105 days) earlier is April 25, 2028.
    d, result = calc("ypsilanti-mi")
    assert result.held == date(2028, 11, 7)
    assert result.anchors["primary"].value == date(2028, 8, 8)
    assert d["petition-filing"].due == local(DETROIT, 2028, 4, 25, 16)


@pytest.mark.parametrize(
    "primary, filing",
    [
        (date(2014, 8, 5), date(2014, 4, 22)),
        (date(2016, 8, 2), date(2016, 4, 19)),
        (date(2018, 8, 7), date(2018, 4, 24)),
        (date(2020, 8, 4), date(2020, 4, 21)),
        (date(2022, 8, 2), date(2022, 4, 19)),
        (date(2024, 8, 6), date(2024, 4, 23)),
    ],
)
def test_published_michigan_filing_deadlines(primary, filing):
    """Dates published by the Michigan Secretary of State and clerks (4 p.m.)."""
    d, _ = calc("ypsilanti-mi", primary=primary)
    assert d["petition-filing"].due == local(DETROIT, filing.year, filing.month, filing.day, 16)


def test_before_2014_the_twelfth_tuesday_applied():
    # MCL 168.163: "Until December 31, 2013 ... the twelfth Tuesday before the August primary."
    # Primary Aug 7, 2012: 12 weeks = 84 days back = May 15, 2012.
    d, _ = calc("ypsilanti-mi", primary=date(2012, 8, 7))
    assert d["petition-filing"].due == local(DETROIT, 2012, 5, 15, 16)
    assert d["petition-filing"].rule_effective == date(2012, 8, 16)


def test_signature_thresholds_beside_petition_deadline():
    d, _ = calc("ypsilanti-mi", primary=date(2026, 8, 4))
    texts = [words("en").threshold(t) for t in d["petition-filing"].thresholds]
    assert "Mayor: 125-200 registered electors of the City" in texts
    assert "Council Member: 25-50 registered electors residing in the ward" in texts


def test_override_keeps_computed_value_and_authority():
    """Esshaki v. Whitmer (E.D. Mich. Apr. 20, 2020) moved the deadline to 5 p.m. May 8, 2020."""
    from deadlines.core.model import Override

    ov = Override(
        deadline="petition-filing", cycle=date(2020, 11, 3),
        authority="Esshaki v. Whitmer, No. 2:20-cv-10831 (E.D. Mich. Apr. 20, 2020)",
        reason="COVID-19 stay-at-home order", due=local(DETROIT, 2020, 5, 8, 17),
    )
    d, _ = calc("ypsilanti-mi", primary=date(2020, 8, 4), overrides=[ov])
    filing = d["petition-filing"]
    assert filing.status == "overridden"
    assert filing.due == local(DETROIT, 2020, 5, 8, 17)
    assert filing.computed_due == local(DETROIT, 2020, 4, 21, 16)
    assert "Esshaki" in EN.steps(filing, "")[-1]
    # the notice window follows the date in force: May 8 - 21 days .. May 8 - 7 days
    assert d["filing-notice"].start == date(2020, 4, 17)
    assert d["filing-notice"].due == date(2020, 5, 1)


# --------------------------------------------------------------------------- MCL 168.322a withdrawal


@pytest.mark.parametrize(
    "election, filing, withdrawal",
    [
        # 2012: Aug 7 primary - 12 Tuesdays (84 days) = Tue May 15; + 3 days = Fri May 18.
        # Published: "4 p.m. May 18, 2012" (Michigan Secretary of State, 2012 election dates).
        (date(2012, 11, 6), date(2012, 5, 15), date(2012, 5, 18)),
        # 2014: Aug 5 primary - 15 Tuesdays (105 days) = Tue Apr 22; + 3 = Fri Apr 25 (published April 25, 2014).
        (date(2014, 11, 4), date(2014, 4, 22), date(2014, 4, 25)),
        # 2016: Aug 2 - 105 days = Tue Apr 19; + 3 = Fri Apr 22 (published April 22, 2016).
        (date(2016, 11, 8), date(2016, 4, 19), date(2016, 4, 22)),
        # 2022: Aug 2 - 105 days = Tue Apr 19; + 3 = Fri Apr 22 (published April 22, 2022).
        (date(2022, 11, 8), date(2022, 4, 19), date(2022, 4, 22)),
    ],
)
def test_withdrawal_third_day_after_filing_4pm_local(election, filing, withdrawal):
    d, _ = calc("ypsilanti-mi", election=election)
    assert d["petition-filing"].due == local(DETROIT, filing.year, filing.month, filing.day, 16)
    w = d["withdrawal"]
    four = local(DETROIT, withdrawal.year, withdrawal.month, withdrawal.day, 16)
    assert w.due == w.safe_due == four
    assert w.due.utcoffset().total_seconds() == -4 * 3600  # EDT in April and May
    assert w.status == "scheduled"
    assert w.citation == "MCL 168.322a"
    assert w.source.endswith("shared/michigan-election-law.toml")


def test_withdrawal_literal_eastern_standard_time_is_5pm_daylight_time():
    # "4 o'clock, eastern standard time": UTC-5 = 21:00 UTC = 5:00 p.m. EDT on April 22, 2022.
    d, _ = calc("ypsilanti-mi", election=date(2022, 11, 8))
    w = d["withdrawal"]
    assert [(r.due, r.safe) for r in w.readings] == [
        (local(DETROIT, 2022, 4, 22, 16), True),
        (local(DETROIT, 2022, 4, 22, 17), False),
    ]
    assert w.readings[1].due.utcoffset().total_seconds() == -4 * 3600  # shown in local (daylight) time
    assert [n.arg("safe") for n in w.warnings if n.code == "readings.disagree"] == [local(DETROIT, 2022, 4, 22, 16)]


def test_withdrawal_readings_agree_while_standard_time_is_in_force():
    # A primary entered on May 3, 2011 (a May city election): 12 Tuesdays (84 days) back
    # is Tue Feb 8, 2011; + 3 = Fri Feb 11, 2011, when Michigan keeps standard time: 4 p.m. EST.
    d, _ = calc("ypsilanti-mi", primary=date(2011, 5, 3))
    w = d["withdrawal"]
    assert w.due == local(DETROIT, 2011, 2, 11, 16)
    assert {r.due for r in w.readings} == {local(DETROIT, 2011, 2, 11, 16)}
    assert "readings.disagree" not in {n.code for n in w.warnings}


def test_withdrawal_counts_from_an_overridden_filing_deadline():
    """Esshaki v. Whitmer moved the 2020 filing deadline to 5 p.m. May 8, 2020 (a Friday):
    + 3 days = Monday May 11, 2020 at 4 p.m."""
    from deadlines.core.model import Override

    ov = Override(deadline="petition-filing", cycle=date(2020, 11, 3), authority="Esshaki v. Whitmer",
                  reason="COVID-19", due=local(DETROIT, 2020, 5, 8, 17))
    d, _ = calc("ypsilanti-mi", election=date(2020, 11, 3), overrides=[ov])
    assert d["withdrawal"].due == local(DETROIT, 2020, 5, 11, 16)


# --------------------------------------------------------------------------- before 2012


def test_2010_cycle_uses_the_1999_pa_218_twelfth_tuesday_with_a_caution():
    # Primary Tue Aug 3, 2010 - 84 days: Jul 3 is -31, Jun 3 is -61, May 11 is -84 (a Tuesday).
    # Withdrawal: + 3 = Fri May 14, 2010, 4 p.m.
    d, result = calc("ypsilanti-mi", election=date(2010, 11, 2))
    f = d["petition-filing"]
    assert f.due == local(DETROIT, 2010, 5, 11, 16)
    assert f.rule_effective == date(2000, 1, 1)
    assert any("verified from the 2012 cycle" in w for w in EN.warnings(f, ""))
    assert d["withdrawal"].due == local(DETROIT, 2010, 5, 14, 16)
    assert d["filing-notice"].due == date(2010, 5, 4)
    assert "rule.not_in_force" not in {n.code for n in result.warnings}


def test_rule_versions_switch_at_their_effective_dates():
    # 2000 cycle: the first version; 2012: 2012 PA 276 (Aug 16, 2012); 2014: the 15th Tuesday.
    seen = {year: calc("ypsilanti-mi", election=e)[0]["petition-filing"].rule_effective
            for year, e in ((2000, date(2000, 11, 7)), (2012, date(2012, 11, 6)), (2014, date(2014, 11, 4)))}
    assert seen == {2000: date(2000, 1, 1), 2012: date(2012, 8, 16), 2014: date(2014, 1, 1)}


def test_before_any_version_dependants_say_why_they_are_missing():
    # 1998 is before the first version (the engine is called directly; inputs stop at 2000).
    d, result = calc("ypsilanti-mi", election=date(1998, 11, 3))
    assert "petition-filing" not in d and "withdrawal" not in d and "filing-notice" not in d
    assert any(n.code == "rule.not_in_force" and n.arg("rule") == "petition-filing" for n in result.warnings)
    assert any(n.code == "rule.counts_from_missing" and n.arg("rule") == "withdrawal" and "petition-filing" in n.arg("missing") for n in result.warnings)
    assert any(n.code == "rule.counts_from_missing" and n.arg("rule") == "filing-notice" and "petition-filing" in n.arg("missing") for n in result.warnings)
    assert result.pending == ()


# --------------------------------------------------------------------------- dates other than the rule's


def test_a_primary_after_the_general_is_a_warning():
    d, result = calc("ypsilanti-mi", election=date(2026, 11, 3), primary=date(2026, 11, 10))
    assert [n.arg("primary_day") for n in result.warnings if n.code == "election.primary_not_before"] == [date(2026, 11, 10)]
    # every deadline is still derived from the dates entered: 15 Tuesdays before Nov 10 is Jul 28
    assert d["petition-filing"].due == local(DETROIT, 2026, 7, 28, 16)
