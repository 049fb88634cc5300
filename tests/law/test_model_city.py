"""Worked examples for city code § 100.03(e): referendum petitions "within thirty
(30) days after adoption by the Council of the ordinance"."""
from datetime import date

from engine_helpers import calc
from deadlines.words import words

EN = words("en")  # the engine's notes in English


def test_thirty_days_after_adoption_on_a_weekday():
    # Adopted Wednesday May 6, 2026: day 1 is May 7, day 30 is Friday June 5.
    d, _ = calc("model-city", events={"ordinance-adopted": date(2026, 5, 6)})
    f = d["referendum-petition-filing"]
    assert f.due == date(2026, 6, 5)
    assert EN.warnings(f, "") == ()


def test_thirtieth_day_on_a_saturday_warns_and_is_not_moved():
    # Adopted Thursday May 7, 2026: + 30 = Saturday June 6, 2026. No state law named:
    # no roll; safe reading Friday June 5; the other reading Monday June 8.
    d, result = calc("model-city", events={"ordinance-adopted": date(2026, 5, 7)})
    f = d["referendum-petition-filing"]
    assert f.due == date(2026, 6, 6)
    assert f.safe_due == date(2026, 6, 5)
    assert [r.due for r in f.readings] == [date(2026, 6, 6), date(2026, 6, 5), date(2026, 6, 8)]
    assert [n.arg("day") for n in f.warnings if n.code == "roll.none_office_closed"] == [date(2026, 6, 6)]
    assert any("names no state" in w for w in EN.result_warnings(result))


def test_no_ordinance_no_deadline():
    d, result = calc("model-city")
    assert d == {}
    assert result.pending == ("referendum-petition-filing",)


def test_thresholds():
    d, _ = calc("model-city", events={"ordinance-adopted": date(2026, 5, 6)})
    texts = [words("en").threshold(t) for t in d["referendum-petition-filing"].thresholds]
    assert any("10 % of the total number of qualified registered voters" in t for t in texts)
    assert any("at least 5 registered voters" in t for t in texts)
