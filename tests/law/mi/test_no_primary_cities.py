"""Michigan cities recorded as holding no primary (``holds_primary`` ``no`` in
calendars/facts/mi.csv) have no deadline of the August primary: the choice
``no-primary`` (calendars/shared/michigan-city.toml) removes the primary's
write-in declaration, and the result says so in a warning.

MCL 168.737a(1) (https://codes.findlaw.com/mi/chapter-168-michigan-election-law/mi-comp-laws-168-737a/,
"current as of January 01, 2025"): "the board of election inspectors shall not
count a write-in vote for a person unless that person has filed a declaration
of intent to be a write-in candidate as provided in this section. The write-in
candidate shall file the declaration of intent to be a write-in candidate with
the filing official for that elective office on or before 4 p.m. on the second
Friday immediately before the election." The declaration belongs to the
election at which the write-in votes are cast: with no primary, only the
November election's.

The choice decides every cycle from 2000 (the 2000-2013 cycles' twelfth
Tuesday before the November election, then the fifteenth): see "before 2014".

Dates worked by hand for 2026:
- general election: November 1, 2026 is a Sunday, the first Monday is Nov 2,
  the election Tuesday, November 3 (MCL 168.641).
- primary: August 1, 2026 is a Saturday, the first Monday is Aug 3, the
  primary Tuesday, August 4.
- write-in for the general: the Fridays before Nov 3 are Oct 30 (first) and
  Oct 23 (second): 4 p.m. Friday, October 23, 2026 (daylight time until Nov 1).
- write-in for the primary: the Fridays before Aug 4 are Jul 31 and Jul 24:
  4 p.m. Friday, July 24, 2026.
- petitions, fifteen Tuesdays (105 days) before: Nov 3 -> Oct 3 (31), Sep 3
  (61), Aug 3 (92), Jul 21 (105); Aug 4 -> Jul 4 (31), Jun 4 (61), May 4 (92),
  Apr 21 (105).
"""
from datetime import date

import pytest

from engine_helpers import REGISTRY, TODAY, calc, local
from deadlines.publish.as_json import result_dict
from deadlines.service import lookup
from deadlines.words import words

EN = words("en")
ES = words("es")
DETROIT = "America/Detroit"
ELECTION = date(2026, 11, 3)
UNDECIDED = "bad-axe-mi"  # a city of the roster with no holds_primary fact


def test_ovid_2026_has_no_write_in_declaration_for_the_august_primary():
    d, result = calc("ovid-mi", election=ELECTION)
    assert "write-in-declaration-primary" not in d
    assert d["write-in-declaration"].due == local(DETROIT, 2026, 10, 23, 16)
    assert d["petition-filing"].due == local(DETROIT, 2026, 7, 21, 16)  # the no-primary period
    # the primary's deadline the law would have given (Jul 24) is not listed under another id either
    assert local(DETROIT, 2026, 7, 24, 16) not in {x.due for x in d.values() if x.id != "withdrawal"}


def test_ovid_2026_says_why_the_deadline_is_not_listed_in_english_and_spanish():
    _, result = calc("ovid-mi", election=ELECTION)
    en = " ".join(EN.result_warnings(result))
    es = " ".join(ES.result_warnings(result))
    assert 'No deadline "Write-in candidates for the primary: declaration of intent due" (MCL 168.737a(1))' in en
    assert "ovid-mi.elaws.us" in en and "not held" in en
    assert "No hay plazo «" in es and "no se celebra" in es


def test_ovid_json_names_the_missing_deadline_and_lists_the_rest():
    result = lookup(REGISTRY.get("ovid-mi"), today=TODAY, election=ELECTION)
    out = result_dict(result, EN)
    ids = [x["id"] for x in out["deadlines"]]
    assert "write-in-declaration-primary" not in ids
    assert "write-in-declaration" in ids and "petition-filing" in ids
    assert any(n.get("code") == "choice.removes" for n in out["notes"])
    assert any("Write-in candidates for the primary" in w for w in out["warnings"])


@pytest.mark.parametrize("jid", ["ovid-mi", "new-buffalo-mi"])
def test_recorded_no_primary_cities_have_no_primary_deadline(jid):
    d, _ = calc(jid, election=ELECTION)
    assert "write-in-declaration-primary" not in d
    assert d["write-in-declaration"].due == local(DETROIT, 2026, 10, 23, 16)


def test_an_undecided_city_keeps_both_write_in_declarations():
    jur = REGISTRY.get(UNDECIDED)
    assert not [x for x in jur.decisions if x.choice == "no-primary"]
    d, result = calc(UNDECIDED, election=ELECTION)
    assert d["write-in-declaration-primary"].due == local(DETROIT, 2026, 7, 24, 16)
    assert d["write-in-declaration"].due == local(DETROIT, 2026, 10, 23, 16)
    # the petitions: the date before the primary, with the no-primary date as a reading
    filing = d["petition-filing"]
    assert filing.due == local(DETROIT, 2026, 4, 21, 16)
    assert local(DETROIT, 2026, 7, 21, 16) in {r.due for r in filing.readings}
    assert not any(n.code == "choice.removes" for n in result.warnings)


def test_a_city_recorded_as_holding_a_primary_keeps_it():
    # adrian-mi: holds_primary yes (its charter's § 3.7, calendars/facts/mi.csv)
    d, result = calc("adrian-mi", election=ELECTION)
    assert d["write-in-declaration-primary"].due == local(DETROIT, 2026, 7, 24, 16)
    assert not any(n.code == "choice.removes" for n in result.warnings)


# --------------------------------------------------------------------------- before 2014
# The choice is given from May 1, 2000 (the first version of petition-filing),
# its period in three versions as the rule's: the twelfth Tuesday before the
# November election for the 2000-2013 cycles (the 2000 version and 2012 PA
# 276's), the fifteenth from 2014. Dates worked by hand:
# - Nov 8, 2011: November 1, 2011 is a Tuesday, the first Monday is Nov 7, the
#   election Tuesday, November 8 (MCL 168.641). Twelve Tuesdays (84 days)
#   before: Oct 31 (8), Sep 30 (39), Aug 31 (69), Aug 16 (84): Tuesday,
#   August 16, 2011, 4 p.m. EDT (daylight time March 13 - November 6, 2011).
#   The primary: August 1, 2011 is a Monday, the primary Tuesday, August 2;
#   84 days before it: Jul 31 (2), Jun 30 (33), May 31 (63), May 10 (84).
#   Withdrawal (MCL 168.322a), the third day after Aug 16: Friday, August 19.
# - Nov 5, 2013: November 1, 2013 is a Friday, the first Monday Nov 4, the
#   election Tuesday, November 5. 84 days before: Oct 31 (5), Sep 30 (36),
#   Aug 31 (66), Aug 13 (84): Tuesday, August 13, 2013 (2012 PA 276's version,
#   in force from August 16, 2012). The primary: August 5, 2013 is the first
#   Monday, the primary Tuesday, August 6; 84 days before it: Jul 31 (6),
#   Jun 30 (37), May 31 (67), May 14 (84).
# - Nov 7, 2017: November 1, 2017 is a Wednesday, the first Monday Nov 6, the
#   election Tuesday, November 7. Fifteen Tuesdays (105 days) before: Oct 31
#   (7), Sep 30 (38), Aug 31 (68), Jul 31 (99), Jul 25 (105): Tuesday, July 25,
#   2017 (Garden City published "4:00 p.m., Tuesday, July 25, 2017" for it).

GROSSE_POINTE_WOODS = "grosse-pointe-woods-mi"  # holds_primary no, open-ended ("The deadline for filing is Aug. 16", 2011)
WOODS_SOURCE = "http://grossepointe.patch.com/groups/politics-and-elections/p/primary-election-filings-show-contested-races-in-grosd223aa3d49"


def test_grosse_pointe_woods_2011_files_by_the_twelfth_tuesday_before_november():
    d, result = calc(GROSSE_POINTE_WOODS, election=date(2011, 11, 8))
    filing = d["petition-filing"]
    assert filing.due == local(DETROIT, 2011, 8, 16, 16)
    assert filing.due.utcoffset().total_seconds() == -4 * 3600  # EDT
    assert filing.readings == ()  # decided: the date before the primary (May 10) is not shown
    assert filing.rule.cite.startswith("MCL 168.644e (not read); city ordinance citing it (2011); ")
    assert "4:00 p.m. on the 12th Tuesday" in filing.rule.text
    assert d["withdrawal"].due == local(DETROIT, 2011, 8, 19, 16)
    assert "write-in-declaration-primary" not in d
    assert any(n.code == "choice.removes" for n in result.warnings)


def test_grosse_pointe_woods_2011_rests_on_the_recorded_fact():
    result = lookup(REGISTRY.get(GROSSE_POINTE_WOODS), today=TODAY, election=date(2011, 11, 8))
    filing = next(x for x in result.deadlines if x.id == "petition-filing")
    assert filing.basis.status == "recorded"
    assert [(f.fact, f.value, f.source) for f in filing.basis.facts] == [("holds_primary", "no", WOODS_SOURCE)]
    assert filing.basis.assumed == ()
    out = next(x for x in result_dict(result, EN)["deadlines"] if x["id"] == "petition-filing")
    assert "The statute alone sets this date" not in out["basis"]["said"]
    assert "City of Grosse Pointe Woods holds no primary" in out["basis"]["said"]
    assert any("the period of MCL 168.644e (not read); city ordinance citing it (2011) applies" in s for s in out["steps"])
    es = next(x for x in result_dict(result, ES)["deadlines"] if x["id"] == "petition-filing")
    assert WOODS_SOURCE in es["basis"]["said"] and "holds no primary" not in es["basis"]["said"]


def test_the_city_of_grosse_pointe_2011_too():
    # grosse-pointe-mi: holds_primary no for the 2011 cycle alone ("the city's charter doesn't call
    # for a primary so the filing deadline is Aug. 16")
    d, _ = calc("grosse-pointe-mi", election=date(2011, 11, 8))
    assert d["petition-filing"].due == local(DETROIT, 2011, 8, 16, 16)
    assert "write-in-declaration-primary" not in d
    # 2013: nothing recorded, both readings
    d, _ = calc("grosse-pointe-mi", election=date(2013, 11, 5))
    assert d["petition-filing"].due == local(DETROIT, 2013, 5, 14, 16)
    assert local(DETROIT, 2013, 8, 13, 16) in {r.due for r in d["petition-filing"].readings}


def test_gladstone_2013_files_by_the_twelfth_tuesday_under_2012_pa_276():
    d, _ = calc("gladstone-mi", election=date(2013, 11, 5))
    filing = d["petition-filing"]
    assert filing.due == local(DETROIT, 2013, 8, 13, 16)  # "until Aug. 13 at 4 p.m."
    assert filing.rule.cite.startswith("MCL 168.644e, 168.644f as amended by 2012 PA 276 (not read); ")
    assert "write-in-declaration-primary" not in d


def test_from_2014_a_no_primary_city_keeps_the_fifteenth_tuesday():
    d, _ = calc(GROSSE_POINTE_WOODS, election=date(2017, 11, 7))
    filing = d["petition-filing"]
    assert filing.due == local(DETROIT, 2017, 7, 25, 16)
    assert filing.rule.cite == "MCL 168.644f(4)(a); MCL 168.644e (not read); MCL 168.646a(1); the city's charter"
    assert "write-in-declaration-primary" not in d


@pytest.mark.parametrize("election, primary_date, no_primary, cite", [
    (date(2011, 11, 8), (2011, 5, 10), (2011, 8, 16), "MCL 168.644e (not read); city ordinance citing it (2011)"),
    (date(2013, 11, 5), (2013, 5, 14), (2013, 8, 13), "MCL 168.644e, 168.644f as amended by 2012 PA 276 (not read)"),
])
def test_an_undecided_city_before_2014_keeps_both_readings(election, primary_date, no_primary, cite):
    d, result = calc(UNDECIDED, election=election)
    filing = d["petition-filing"]
    assert filing.due == local(DETROIT, *primary_date, 16)
    reading = next(r for r in filing.readings if r.due == local(DETROIT, *no_primary, 16))
    assert reading.cite == cite
    assert "write-in-declaration-primary" in d
    assert not any(n.code == "choice.removes" for n in result.warnings)
    out = lookup(REGISTRY.get(UNDECIDED), today=TODAY, election=election)
    assert "no-primary" in next(x for x in out.deadlines if x.id == "petition-filing").basis.assumed


def test_a_city_recorded_as_holding_a_primary_before_2014_has_no_no_primary_reading():
    # adrian-mi: holds_primary yes, open-ended: the 2011 cycle's date before the primary, alone
    d, _ = calc("adrian-mi", election=date(2011, 11, 8))
    assert d["petition-filing"].due == local(DETROIT, 2011, 5, 10, 16)
    assert local(DETROIT, 2011, 8, 16, 16) not in {r.due for r in d["petition-filing"].readings}
    assert d["write-in-declaration-primary"].due.date() == date(2011, 7, 22)


def test_ovid_2012_is_decided_by_its_fact_too():
    # ovid-mi: holds_primary no, open-ended. Nov 6, 2012 (2012 PA 276's version): Nov 6 - 84 days =
    # Oct 31 (6), Sep 30 (37), Aug 31 (67), Aug 14 (84): Tuesday, August 14, 2012; the primary's
    # write-in declaration (Friday, July 27, 2012, before Aug 7) is not listed.
    d, _ = calc("ovid-mi", election=date(2012, 11, 6))
    assert d["petition-filing"].due == local(DETROIT, 2012, 8, 14, 16)
    assert "write-in-declaration-primary" not in d


def test_the_report_page_of_the_removed_deadline_answers(tmp_path):
    # /jurisdictions/<id>/report names a deadline the cycle does not list by its rule's title
    # (it read the title off the tuple of versions, a 500, before)
    from web import create_app

    client = create_app({"TESTING": True, "TODAY": "2026-03-01", "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}",
                         "BASE_URL": "https://deadlines.example"}).test_client()
    page = client.get("/jurisdictions/ovid-mi/report?deadline=write-in-declaration-primary&election=2026-11-03")
    assert page.status_code == 200
    assert "Write-in candidates for the primary" in page.get_data(as_text=True)


# --------------------------------------------------------------------------- as late as the primary day
# MCL 168.646a(1): petitions "shall be filed at a time provided by charter, but not later than
# the date of the primary". A city without a primary may close filing on the August primary day
# itself, as Houghton (4:00 p.m., Tuesday, August 2, 2022) and Saline (4:00 p.m., Tuesday,
# August 7, 2018) published: a reading beside the fifteenth Tuesday, later, never the safe date.
# Worked days: the August 2026 primary is Tuesday, August 4 (above); August 1, 2022 was a Monday,
# the primary Tuesday, August 2, and fifteen Tuesdays before Tuesday, November 8, 2022 is July 26
# (Nov 8 -> Oct 8 (31), Sep 8 (61), Aug 8 (92), Jul 26 (105)).
CHARTER_DAY = "with no primary, a charter's own day as late as the day of the August primary"


def _charter_day(d):
    return [r for r in d.readings if EN.reading_name(r, "").startswith(CHARTER_DAY)]


def test_a_no_primary_city_may_file_as_late_as_the_primary_day_a_later_reading():
    """Under MCL 168.646a(1) as it stood in 2015 ("they shall be filed at a time provided by charter,
    but not later than the date of the primary"): 2022, the primary Tuesday, August 2 (after Monday,
    August 1); the fifteenth Tuesday before Tuesday, November 8 is July 26 (105 days)."""
    d, _ = calc("ovid-mi", election=date(2022, 11, 8))
    filing = d["petition-filing"]
    [late] = _charter_day(filing)
    assert late.due == local(DETROIT, 2022, 8, 2, 16) and not late.safe
    assert filing.safe_due == local(DETROIT, 2022, 7, 26, 16)  # the fifteenth Tuesday stays the safe date
    assert ES.reading_name(late, "").startswith("sin primaria, un día fijado por la carta municipal")


def test_the_current_text_gives_no_primary_day_reading():
    """MCL 168.646a(1) as legislature.mi.gov shows it now: "If candidates are nominated by filing
    petitions or affidavits, the candidate filing deadline is 4 p.m. on the fifteenth Tuesday before
    the general November election." For 2026 (November 3): July 21, 2026 (105 days before) and no
    later day: the primary day, August 4, is no longer offered."""
    d, _ = calc("ovid-mi", election=ELECTION)
    filing = d["petition-filing"]
    assert _charter_day(filing) == []
    assert filing.safe_due == filing.due == local(DETROIT, 2026, 7, 21, 16)
    assert local(DETROIT, 2026, 8, 4, 16) not in {r.due for r in filing.readings}


def test_an_undecided_city_shows_the_primary_day_beside_both_dates():
    d, _ = calc(UNDECIDED, election=ELECTION)
    filing = d["petition-filing"]
    assert filing.safe_due == local(DETROIT, 2026, 4, 21, 16)
    assert {r.due for r in filing.readings} == {local(DETROIT, 2026, 4, 21, 16), local(DETROIT, 2026, 7, 21, 16)}
    assert _charter_day(filing) == []  # the primary day: not under the current MCL 168.646a(1)


def test_houghtons_published_primary_day_2022_is_among_the_dates_shown():
    # The city's notice: "accepted until 4:00 p.m. Tuesday, August 2, 2022", the day of the August
    # primary (the Tuesday after the first Monday, August 1), which MCL 168.646a(1)'s charter reading
    # gives: that reading quotes the notice, and no second reading repeats the same date.
    result = lookup(REGISTRY.get("houghton-mi"), today=TODAY, election=date(2022, 11, 8))
    filing = next(d for d in result.deadlines if d.id == "petition-filing")
    assert filing.due == local(DETROIT, 2022, 7, 26, 16)
    assert filing.basis.status == "departs"
    (charter,) = _charter_day(filing)
    assert charter.due == local(DETROIT, 2022, 8, 2, 16)
    assert [r.due for r in filing.readings].count(charter.due) == 1
    assert "August 2, 2022" in EN.reading_why(charter)


# --------------------------------------------------------------------------- a cycle's own fact
# Garden City's 2017 notice set petitions due "by 4:00 p.m., Tuesday, July 25, 2017" for the
# November 7 election: the fifteenth Tuesday before it (Nov 7 -> Oct 7 (31), Sep 7 (61), Aug 7 (92),
# Jul 25 (105)), so no primary that year (a holds_primary "no" row for the 2017 cycle). Its 2019 notice
# (an open-ended "yes" row, read later) holds a primary "If there are more than eight candidates":
# petitions by the fifteenth Tuesday before the August 6, 2019 primary, April 23, 2019 (Aug 6 ->
# Jul 6 (31), Jun 6 (61), May 6 (92), Apr 23 (105)). The cycle's own row wins over the open-ended one.

def test_a_cycles_own_fact_wins_over_a_later_open_ended_one():
    d, _ = calc("garden-city-mi", election=date(2017, 11, 7))
    assert d["petition-filing"].due == local(DETROIT, 2017, 7, 25, 16)
    d, _ = calc("garden-city-mi", election=date(2019, 11, 5))
    assert d["petition-filing"].due == local(DETROIT, 2019, 4, 23, 16)
