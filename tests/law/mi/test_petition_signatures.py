"""What a Michigan township's petition rows say about signatures (issues 25 and
27), read by hand from the statutes quoted in calendars/shared/michigan-township.toml.

- The party candidate's nominating petition: MCL 168.349(1), "signed by a number
  of qualified and registered electors residing within the township as
  determined under section 544f". Section 544f's schedule could not be read
  (calendars/facts/mi-township-signatures.md lists the searches), so no count
  is computed: the row keeps the statute's sentence, says the table is not
  quoted and sends the candidate to the township clerk, and shows the
  township's census population where research recorded it.
- The qualifying petition of a candidate without party affiliation: MCL
  168.590b(1), "not less than 2% of the total number of votes cast for all
  candidates for governor in the district at the last election in which a
  governor was elected. In any case, at least 15 signatures shall be
  submitted"; (3): signatures "obtained not more than 180 days immediately
  before the date of filing". The row states 2 %, 15 and 180 days.
- Charter townships: the same rule as every township until the Charter Township
  Act's section 4 (MCL 42.4) is read in its current words.

Dates (the 2028 cycle, general election Tuesday, Nov. 7, 2028): Aug. 1, 2028 is
a Tuesday, so the first Monday of August is Aug. 7 and the primary Tuesday,
Aug. 8. "The fifteenth Tuesday before the August primary" is 15 x 7 = 105 days
before it: Tuesday, April 25, 2028, 4 p.m. "The one hundred-tenth day before the
general election": Nov. 7 - 110 days = Thursday, July 20, 2028, 4 p.m.
"""
from __future__ import annotations

from datetime import date

import pytest

from engine_helpers import calc, local
from deadlines.publish.record_words import what_it_takes
from deadlines.words import words

EN, ES = words("en"), words("es")
DETROIT = "America/Detroit"
GENERAL_2028 = date(2028, 11, 7)

BISMARCK = "bismarck-township-presque-isle-mi"  # a general law township with a recorded population (351)
ANN_ARBOR_CHARTER = "ann-arbor-charter-township-washtenaw-mi"  # a charter township, no population recorded

SENTENCE_EN = ("Signatures: the number MCL 168.544f sets for the township's population; that section's table is "
               "not quoted here, so ask the township clerk for the number.")
SENTENCE_ES = ("Firmas: el número que fija el MCL 168.544f según la población del municipio; la tabla de esa "
               "sección no se cita aquí, así que pida el número al secretario(a) del municipio.")


def rows(jid):
    d, result = calc(jid, election=GENERAL_2028)
    return d, result.jurisdiction


def test_the_2028_township_dates_counted_by_hand():
    d, _ = rows(BISMARCK)
    assert d["petition-filing"].due == local(DETROIT, 2028, 4, 25, 16)  # Aug 8 - 105 days
    assert d["qualifying-petition"].due == local(DETROIT, 2028, 7, 20, 16)  # Nov 7 - 110 days
    assert d["qualifying-petition"].due.weekday() == 3  # a Thursday, as the row's note says


def test_the_party_petition_keeps_544f_sentence_and_sends_the_candidate_to_the_clerk():
    d, _ = rows(BISMARCK)
    f = d["petition-filing"]
    assert f.thresholds == ()  # no count invented: 544f's table was not read
    assert EN.steps(f, "")[-1].endswith(SENTENCE_EN)
    assert ES.steps(f, "")[-1].endswith(SENTENCE_ES)


def test_the_party_petition_shows_the_recorded_census_population():
    d, jur = rows(BISMARCK)
    # calendars/facts/mi.csv: "As of the 2020 census, the township population was 351."
    source = "https://wikiclassic.com/wiki/Bismarck_Township%2C_Michigan"
    assert what_it_takes(d["petition-filing"], jur, EN) == [f"Population: 351 (2020 census, {source})."]
    assert what_it_takes(d["petition-filing"], jur, ES) == [f"Población: 351 (censo de 2020, {source})."]


def test_the_qualifying_petition_states_590b_two_percent_fifteen_and_180_days():
    d, jur = rows(BISMARCK)
    (t,) = d["qualifying-petition"].thresholds
    # 168.590b(1): "not less than 2%" of the governor vote; "at least 15 signatures"; (3): 180 days
    assert (t.percent, t.min, t.max) == (2, None, None)
    assert "15 signatures" in t.note and "180 days" in t.note
    assert t.cite == "MCL 168.590b(1), (3)"
    assert what_it_takes(d["qualifying-petition"], jur, EN) == [
        "Signatures: Township office, candidate without party affiliation: at least 2 % of the votes cast for "
        "all candidates for governor in the township at the last election of a governor, signed by registered "
        "electors of the township (at least 15 signatures in any case; each signed within the 180 days before "
        "filing)."]
    (es,) = what_it_takes(d["qualifying-petition"], jur, ES)
    assert es.startswith("Firmas: Cargo del municipio (township), candidato(a) sin afiliación partidista: al menos el 2 %")
    assert "al menos 15 firmas" in es and "180 días" in es


@pytest.mark.parametrize("other", ["withdrawal", "qualifying-petition-withdrawal", "write-in-declaration"])
def test_rows_that_are_no_petition_carry_no_signature_count(other):
    d, jur = rows(BISMARCK)
    assert d[other].thresholds == ()
    assert what_it_takes(d[other], jur, EN) == []


def test_a_charter_township_has_the_same_rule_as_a_general_law_township():
    general, _ = rows(BISMARCK)
    charter, jur = rows(ANN_ARBOR_CHARTER)
    for rid in ("petition-filing", "qualifying-petition"):
        assert charter[rid].due == general[rid].due
        assert charter[rid].thresholds == general[rid].thresholds
    assert EN.steps(charter["petition-filing"], "")[-1].endswith(SENTENCE_EN)
    # no population recorded for Ann Arbor Charter Township: nothing is said of one
    assert what_it_takes(charter["petition-filing"], jur, EN) == []
