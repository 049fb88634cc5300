"""What filing costs (issue 27: "a candidate reads when, but not what it costs").

Utah Code 20A-9-203(3)(a): each person seeking to become a candidate for a
municipal office shall "(i) file a declaration of candidacy ... and (ii) pay the
filing fee, if one is required by municipal ordinance" (quoted in
calendars/shared/utah-municipal.toml). Research records a government's fee as a
``filing_fee`` fact (calendars/facts/ut.csv, README there): dollars as the source
states them, or one amount per office (``mayor 150; council 75``), for the
cycles whose general election (by rule) is in holds_from..holds_until. The row
of a filing whose quoted law says to pay the filing fee shows it with its source
and the day it was read, in English and Spanish, and the JSON carries it as
``filing_fee``; where none is recorded the row says nothing new.

The expected sentences are written out by hand from the rows of ut.csv: the
amount as the notice states it, its link, and its ``as_of`` day's weekday
(April 25, 2023 was a Tuesday; December 6, 2026 a Sunday)."""
from __future__ import annotations

import csv
import re
import shutil
from html import unescape
from pathlib import Path

import pytest
from click.testing import CliRunner

from deadlines.cli import main
from deadlines.core.facts import COLUMNS, _fact, fees

CALENDARS = Path(__file__).resolve().parents[3] / "calendars"
HIGHLAND = "https://highlandcity.org/981/Election-Notices"
OREM = "https://www.utah.gov/pmn/sitemap/noticehistory/221815.html"
PERRY = "https://www.utah.gov/pmn/sitemap/notice/969305.html"


def takes(page: str) -> dict[str, list[str]]:
    """Each row's "what it takes" lines, by the row's id."""
    out = {}
    for m in re.finditer(r'<li id="([^"]+)" class="deadline.*?</li>', page, re.S):
        out[m.group(1)] = [unescape(x) for x in re.findall(r'<p class="row-takes">(.*?)</p>', m.group(0))]
    return out


def test_a_cycle_fee_shows_on_the_declaration_row_in_english_and_spanish(client):
    # Highland's 2023 notice: "... June 1 – 2, 2023 and Monday - Wednesday, June 5 - 7, 2023 between the
    # hours of 8:00 am to 5:00 pm and pay a $35 filing fee." (dated 2023-04-25, a Tuesday)
    rows = takes(client.get("/?jurisdiction=highland-ut&election=2023-11-21").get_data(as_text=True))
    line = f"Filing fee: $35 ({HIGHLAND}, read Tuesday, April 25, 2023)."
    assert line in rows["declaration-filing"]
    # 20A-9-203(3)(c) as Provo's notice states it: a nomination petition is filed "and paying the filing fee"
    assert line in rows["nomination-petition-filing"]
    # the write-in declaration's quoted law asks no fee: nothing said there
    assert not any("Filing fee" in said for said in rows["write-in-declaration"])
    es = takes(client.get("/?jurisdiction=highland-ut&election=2023-11-21&lang=es").get_data(as_text=True))
    assert (f"Cuota de inscripción: $35 ({HIGHLAND}, consultado el martes, 25 de abril de 2023)."
            in es["declaration-filing"])


def test_a_fee_per_office_from_the_city_code_holds_from_2019_on(client):
    # Orem's 2025 notice: "individuals seeking to become a candidate for Mayor shall pay $150. Individuals
    # seeking to become a candidate for Council shall pay a $75 filing fee. (Ord. 2019-0004)": open-ended
    # from the 2019 cycle, so the 2027 declaration shows it (read 2026-12-06, a Sunday)
    rows = takes(client.get("/?jurisdiction=orem-ut&election=2027-11-02").get_data(as_text=True))
    assert (f"Filing fee: $150 for mayor; $75 for council member ({OREM}, read Sunday, December 6, 2026)."
            in rows["declaration-filing"])
    es = takes(client.get("/?jurisdiction=orem-ut&election=2027-11-02&lang=es").get_data(as_text=True))
    assert (f"Cuota de inscripción: $150 para alcalde; $75 para miembro del concejo municipal ({OREM}, "
            "consultado el domingo, 6 de diciembre de 2026)." in es["declaration-filing"])


def test_the_json_carries_the_fee_with_its_source(client):
    body = client.get("/api/v1/jurisdictions/orem-ut/deadlines?election=2027-11-02").get_json()
    by_id = {d["id"]: d for d in body["deadlines"]}
    fee = by_id["declaration-filing"]["filing_fee"]
    assert fee["amounts"] == [{"office": "mayor", "dollars": "150"}, {"office": "council", "dollars": "75"}]
    assert fee["value"] == "mayor 150; council 75"
    assert fee["source"] == OREM and fee["by"] == "research" and fee["as_of"] == "2026-12-06"
    assert "shall pay $150" in fee["quote"]
    assert fee["text"].startswith("Filing fee: $150 for mayor; $75 for council member (")
    assert "filing_fee" not in by_id["write-in-declaration"]
    es = client.get("/api/v1/jurisdictions/orem-ut/deadlines?election=2027-11-02&lang=es").get_json()
    es_fee = {d["id"]: d for d in es["deadlines"]}["declaration-filing"]["filing_fee"]
    assert es_fee["text"].startswith("Cuota de inscripción: $150 para alcalde;")


def test_a_fee_bounded_to_2023_does_not_show_in_2027(client):
    # Highland's $35 row holds for the 2023 cycle only (holds_from = holds_until = 2023-11-07)
    rows = takes(client.get("/?jurisdiction=highland-ut&election=2027-11-02").get_data(as_text=True))
    assert not any("Filing fee" in said for said in rows["declaration-filing"])
    body = client.get("/api/v1/jurisdictions/highland-ut/deadlines?election=2027-11-02").get_json()
    assert all("filing_fee" not in d for d in body["deadlines"])


def test_a_notice_that_says_there_is_no_fee(client):
    # Perry's 2025 notice: "There is no filing fee." (value 0, bound to the 2025 cycle)
    rows = takes(client.get("/?jurisdiction=perry-ut&election=2025-11-04").get_data(as_text=True))
    assert f"No filing fee ({PERRY}, read Sunday, December 6, 2026)." in rows["declaration-filing"]


def test_no_fee_recorded_says_nothing_new(client):
    # Hanksville: no filing_fee row; the statute's sentence ("if one is required by municipal ordinance")
    # already says it, so the row's lines carry no fee
    rows = takes(client.get("/?jurisdiction=hanksville-ut&election=2025-11-04").get_data(as_text=True))
    assert not any("fee" in said.lower() for said in rows["declaration-filing"])


ROW = {"jurisdiction": "orem-ut", "fact": "filing_fee", "source": "https://example.org/notice",
       "quote": "pay the $50 filing fee", "as_of": "2025-04-29"}


@pytest.mark.parametrize("value, parts", [
    ("50", ((None, "50"),)),
    ("35.00", ((None, "35.00"),)),
    ("0", ((None, "0"),)),
    ("mayor 100; council 50", (("mayor", "100"), ("council", "50"))),
    ("council 50", (("council", "50"),)),
])
def test_the_values_a_fee_takes(value, parts):
    assert fees(value) == parts
    assert _fact({**ROW, "value": value}).value == value


@pytest.mark.parametrize("value, said", [
    ("$50", "expected dollars (50, 35.00)"),
    ("fifty", "expected dollars (50, 35.00)"),
    ("35.5", "expected dollars (50, 35.00)"),
    ("mayor 100; sheriff 50", "unknown office 'sheriff'"),
    ("mayor 100; mayor 50", "mayor is given a fee twice"),
    ("", "expected dollars"),
])
def test_a_bad_fee_is_refused(value, said):
    with pytest.raises(ValueError, match=re.escape(f"value: {said}")):
        _fact({**ROW, "value": value})


def test_deadlines_check_names_the_file_line_and_column_of_a_bad_fee(tmp_path):
    folder = tmp_path / "calendars"
    shutil.copytree(CALENDARS, folder)
    path = folder / "facts" / "ut.csv"
    with path.open("a", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerow(
            [{**ROW, "value": "mayor 100; sheriff 50", "holds_from": "", "holds_until": ""}[c] for c in COLUMNS])
    line = sum(1 for _ in path.open(encoding="utf-8"))
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 1
    assert (f"{path}: line {line} (orem-ut): value: unknown office 'sheriff': expected one of mayor, council"
            in res.output)


def _feed_said(client, url: str) -> dict[str, tuple[str, str]]:
    """By UID, each event's title and description as Home Assistant's ``ical`` reads them."""
    from tests.ical_readers import read_words

    response = client.get(url)
    assert response.status_code == 200
    return read_words(response.data)[1]


def test_the_feed_event_says_the_fee_in_english_and_spanish(client):
    # the 2025 cycle's declaration window (the test day is March 1, 2025); Orem's fee holds from 2019 on
    en = _feed_said(client, "/calendars/orem-ut.ics")
    line = f"Filing fee: $150 for mayor; $75 for council member ({OREM}, read Sunday, December 6, 2026)."
    declared = [desc for uid, (_, desc) in en.items() if "/2025-11-04/declaration-filing" in uid]
    assert declared and all(line in desc for desc in declared), declared
    # the write-in declaration's quoted law asks no fee
    write_in = [desc for uid, (_, desc) in en.items() if "/2025-11-04/write-in-declaration" in uid]
    assert write_in and not any("Filing fee" in desc for desc in write_in)
    es = _feed_said(client, "/calendars/orem-ut.ics?lang=es")
    line_es = (f"Cuota de inscripción: $150 para alcalde; $75 para miembro del concejo municipal ({OREM}, "
               "consultado el domingo, 6 de diciembre de 2026).")
    declared_es = [desc for uid, (_, desc) in es.items() if "/2025-11-04/declaration-filing" in uid]
    assert declared_es and all(line_es in desc for desc in declared_es), declared_es


def test_no_fee_recorded_for_the_cycle_no_fee_in_the_feed(client):
    # Highland's $35 is bounded to the 2023 cycle: its 2025 events say no fee
    said = _feed_said(client, "/calendars/highland-ut.ics")
    assert said and not any("Filing fee" in desc for _, desc in said.values())


def test_a_combined_feed_keeps_each_governments_fee(client):
    said = _feed_said(client, "/calendars/combined.ics?j=orem-ut,highland-ut")
    orem = [d for uid, (_, d) in said.items() if uid.startswith("orem-ut/2025-11-04/declaration-filing")]
    highland = [d for uid, (_, d) in said.items() if uid.startswith("highland-ut/2025-11-04/declaration-filing")]
    assert orem and all("Filing fee: $150 for mayor" in d for d in orem)
    assert highland and not any("Filing fee" in d for d in highland)


def test_governments_of_one_law_with_other_fees_are_not_one_group():
    """A state's feed joins equal events of many governments (deadlines.publish.grouped):
    two governments of one law (one law key), one with a recorded fee, stay in two groups."""
    from dataclasses import replace
    from datetime import date

    from deadlines.core.registry import Registry
    from deadlines.publish.grouped import groups
    from deadlines.service import upcoming

    reg = Registry()
    highland = reg.get("highland-ut")
    fee = next(f for f in reg.get("orem-ut").facts if f.fact == "filing_fee")  # open-ended from 2019
    twin = replace(highland, id="twin-ut", name="Twin City", facts=(*highland.facts, fee))
    assert twin.law_key == highland.law_key is not None
    shares = [(upcoming(j, today=date(2025, 3, 1), years_ahead=1), [j]) for j in (highland, twin)]
    found = [g for g in groups(shares) if g.tail.startswith("2025-11-04/declaration-filing")]
    with_fee = [g for g in found if "Filing fee: $150" in str(g.event["description"])]
    assert with_fee and all([m.id for m in g.members] == ["twin-ut"] for g in with_fee)
    assert any([m.id for m in g.members] == ["highland-ut"] for g in found)
    # the deadlines counted alike: only the fee tells them apart
    same = [g for g in found if [m.id for m in g.members] == ["highland-ut", "twin-ut"]]
    assert not same
