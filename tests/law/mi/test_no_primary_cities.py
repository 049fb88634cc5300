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


def test_before_the_choice_is_in_force_the_primary_declaration_stays():
    # The choice no-primary is given from 2014 (the fifteenth-Tuesday law); a
    # 2012 cycle keeps its primary deadlines with the no-primary readings as before.
    # Nov 6, 2012; primary Aug 7, 2012: second Friday before, Jul 27, 2012.
    d, _ = calc("ovid-mi", election=date(2012, 11, 6))
    assert d["write-in-declaration-primary"].due == local(DETROIT, 2012, 7, 27, 16)


def test_the_report_page_of_the_removed_deadline_answers(tmp_path):
    # /jurisdictions/<id>/report names a deadline the cycle does not list by its rule's title
    # (it read the title off the tuple of versions, a 500, before)
    from web import create_app

    client = create_app({"TESTING": True, "TODAY": "2026-03-01", "DATABASE_URL": f"sqlite:///{tmp_path / 't.sqlite3'}",
                         "BASE_URL": "https://deadlines.example"}).test_client()
    page = client.get("/jurisdictions/ovid-mi/report?deadline=write-in-declaration-primary&election=2026-11-03")
    assert page.status_code == 200
    assert "Write-in candidates for the primary" in page.get_data(as_text=True)
