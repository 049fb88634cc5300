"""Worked examples for Ypsilanti City Charter § 3.06, derived by hand from the text.

Nominating petitions: "not later than 4:00 p.m., local time, on the fifteenth
Tuesday preceding the regular City primary election". Notice: "at least one (1)
week and not more than three (3) weeks before that date".
"""
from datetime import date

import pytest

from engine_helpers import calc, local

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
    assert "end of day" in notice.ends


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
    assert any("taken as the primary" in w for w in result.warnings)
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
    texts = [t.describe() for t in d["petition-filing"].thresholds]
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
    assert "Esshaki" in filing.steps[-1]
    # the notice window follows the date in force: May 8 - 21 days .. May 8 - 7 days
    assert d["filing-notice"].start == date(2020, 4, 17)
    assert d["filing-notice"].due == date(2020, 5, 1)
