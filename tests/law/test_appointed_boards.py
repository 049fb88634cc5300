"""Districts whose boards are appointed are listed, found by name, and say so:
no candidate deadline, a caveat on every surface, and the election shown
titled as one where no seat of the board is voted on.

The law each rests on is quoted in calendars/roster/district-boards.toml, e.g.
C.R.S. 30-20-803(1): "Immediately after the creation of a cemetery district,
the board of county commissioners shall appoint a board of directors"; Utah
Code 17B-2a-1005 (water conservancy districts: trustees appointed)."""
from __future__ import annotations

import csv
from datetime import date
from pathlib import Path

import pytest

from deadlines.core.registry import Registry
from deadlines.service import lookup

ROSTER = Path(__file__).resolve().parents[2] / "calendars" / "roster"


def _appointed(state: str) -> list[dict]:
    with (ROSTER / f"{state}.csv").open(newline="", encoding="utf-8") as f:
        return [r for r in csv.DictReader(f) if r["law"] == "appointed-board"]


@pytest.mark.parametrize("jid", ["arapahoe-cemetery-district-co", "bear-river-water-conservancy-district-ut"])
def test_an_appointed_board_has_no_candidate_deadline_and_says_why(jid):
    jur = Registry().get(jid)
    assert jur.kind == "special-district"
    result = lookup(jur, today=date(2026, 12, 2))
    assert result.deadlines == ()
    assert any("appointed" in c and "no candidate deadlines" in c for c in jur.caveats)
    assert "no seat of this district's board is on the ballot" in result.anchors["general"].title


def test_every_appointed_type_is_listed_with_its_subtype():
    co, ut = _appointed("co"), _appointed("ut")
    assert {r["subtype"] for r in co} >= {"cemetery", "library", "water conservancy", "subdistrict"}
    assert {r["subtype"] for r in ut} >= {"mosquito abatement", "water conservancy", "special service"}
    assert all(r["kind"] == "special-district" for r in co + ut)


def test_the_page_and_the_feed_of_an_appointed_board(client):
    page = client.get("/?jurisdiction=arapahoe-cemetery-district-co").get_data(as_text=True)
    assert "no candidate deadlines" in page
    feed = client.get("/calendars/arapahoe-cemetery-district-co.ics")
    assert feed.status_code == 200 and "BEGIN:VEVENT" not in feed.get_data(as_text=True)
    # an empty calendar says it stays empty, not that no deadline falls in its years (as if some might)
    unfolded = feed.get_data(as_text=True).replace("\r\n ", "")
    assert "No deadline will be added here: this government's law sets none." in unfolded
    assert "No deadline falls in the years" not in unfolded and "No deadline falls in the years" not in page
    spanish = client.get("/calendars/arapahoe-cemetery-district-co.ics?lang=es").get_data(as_text=True)
    assert "Aquí no se agregará ninguna fecha límite" in spanish.replace("\r\n ", "")
    found = client.get("/api/v1/jurisdictions?q=arapahoe+cemetery").get_json()["items"]
    assert found[0]["id"] == "arapahoe-cemetery-district-co" and found[0]["subtype"] == "cemetery"
