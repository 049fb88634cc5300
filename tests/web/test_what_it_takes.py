"""What a filing takes, on the row's face (issue 27: "no filing fee or signature
count"): the signatures the law sets, and, where the quoted law sets the count
by population ("as determined under section 544f", MCL 168.349(1)), the
government's population as research recorded it, with its census year and
source (calendars/facts, ``population``)."""
from __future__ import annotations

import re
from html import unescape

import pytest

from deadlines.core.facts import _fact

WEST_BRANCH = "/?jurisdiction=west-branch-township-dickinson-mi&election=2028-11-07"
SOURCE = "https://kiwix.aage21.com/content/wikipedia_en_all_maxi_2023-11_(1)/A/Ralph%2C_Michigan"


def takes(page: str) -> dict[str, list[str]]:
    """Each row's "what it takes" lines, by the row's id."""
    out = {}
    for m in re.finditer(r'<li id="([^"]+)" class="deadline.*?</li>', page, re.S):
        out[m.group(1)] = [unescape(x) for x in re.findall(r'<p class="row-takes">(.*?)</p>', m.group(0))]
    return out


def test_the_signatures_the_law_sets_are_on_the_row_not_only_in_its_folded_law(client):
    # Parachute's Home Rule Charter as the Town states it: nominating petitions of "at least 20 signatures"
    # (calendars/parachute-co.toml); the row says it before its <details>
    page = client.get("/?jurisdiction=parachute-co").get_data(as_text=True)
    said = [line for lines in takes(page).values() for line in lines]
    assert "Signatures: Mayor and Town Council member (at large): at least 20 registered Town electors." in said
    row = re.search(r'<li id="petition-filing" class="deadline.*?</li>', page, re.S).group(0)
    assert row.index('<p class="row-takes">Signatures: Mayor') < row.index("<details")


def test_a_township_petition_shows_the_recorded_population_and_its_source(client):
    rows = takes(client.get(WEST_BRANCH).get_data(as_text=True))
    # MCL 168.349(1): petitions "signed by a number of qualified and registered electors residing within the
    # township as determined under section 544f": the township's population is the figure; 51 at the 2020 census
    assert rows["petition-filing"] == [f"Population: 51 (2020 census, {SOURCE})."]
    # the qualifying petition's count is MCL 168.590b's (2 % of the governor vote, at least 15), not 544f's:
    # its signatures line, no population; the withdrawal is no petition
    assert [line.split(":")[0] for line in rows["qualifying-petition"]] == ["Signatures"]
    assert "at least 2 % of the votes cast for all candidates for governor" in rows["qualifying-petition"][0]
    assert rows["withdrawal"] == []
    es = takes(client.get(WEST_BRANCH + "&lang=es").get_data(as_text=True))
    assert es["petition-filing"] == [f"Población: 51 (censo de 2020, {SOURCE})."]


def test_a_township_without_a_recorded_population_shows_none(client):
    rows = takes(client.get("/?jurisdiction=felch-township-dickinson-mi&election=2028-11-07").get_data(as_text=True))
    assert rows["petition-filing"] == []


ROW = {"jurisdiction": "felch-township-dickinson-mi", "fact": "population", "source": "https://example.org/census",
       "quote": "The population was 700 at the 2020 census.", "as_of": "2020-04-01"}


def test_a_population_fact_is_a_whole_number_with_its_census_day():
    assert _fact({**ROW, "value": "700"}).value == "700"
    with pytest.raises(ValueError, match="whole number"):
        _fact({**ROW, "value": "about 700"})
    with pytest.raises(ValueError, match="as_of"):
        _fact({**ROW, "value": "700", "as_of": ""})
