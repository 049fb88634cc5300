"""The service's results cache (deadlines/results.py): the same results as
the engine itself, computed once for the jurisdictions that share a law, and
each jurisdiction's deadlines its own (id, UID)."""
from __future__ import annotations

from datetime import date

import pytest

from tests.synthetic_calendars import make_calendars, town_id
from deadlines import results as cache
from deadlines.core import engine
from deadlines.core.registry import Registry
from deadlines.words import words

TODAY = date(2025, 3, 1)


@pytest.fixture(scope="module")
def reg(tmp_path_factory):
    return Registry(make_calendars(tmp_path_factory.mktemp("memo") / "calendars", 12))


@pytest.mark.parametrize("jid", ["ypsilanti-mi", "colorado-local", "salt-lake-city-ut", town_id(0), town_id(2)])
@pytest.mark.parametrize("election", [None, date(2024, 11, 5), date(2025, 11, 4), date(2026, 11, 3)])
def test_the_same_as_the_engine(reg, jid, election):
    jur = reg.get(jid)
    assert cache.compute(jur, election=election, today=TODAY) == engine.compute(jur, election=election, today=TODAY)


def test_once_per_law(reg, monkeypatch):
    calls = []
    real = engine.compute
    monkeypatch.setattr(engine, "compute", lambda jur, **kw: calls.append(jur.id) or real(jur, **kw))
    towns = [reg.get(town_id(i)) for i in (1, 5, 9)]  # all three extend synthetic-colorado-local and add nothing
    results = [cache.compute(j, election=date(2031, 11, 4), today=TODAY) for j in towns]
    assert calls == [town_id(1)]
    for town, result in zip(towns, results):
        assert result.jurisdiction is town
        assert [result.uid(d) for d in result.deadlines] == [f"{town.id}/2031-11-04/{d.id}" for d in results[0].deadlines]
        assert {"petition-circulation", "petition-filing", "petition-retention"} <= {d.id for d in result.deadlines}
        assert result.deadlines is results[0].deadlines  # one tuple of deadlines for the law, copied to none
    assert cache.law_key(towns[1]) == cache.law_key(towns[0]) == cache.law_key(towns[2])
    # the key is made from the files as written: the seed extends other sets
    # (the towns' synthetic set holds its tables), so it is computed on its own
    seed = reg.get("colorado-local")
    assert cache.law_key(seed) != cache.law_key(towns[0])
    cache.compute(seed, election=date(2031, 11, 4), today=TODAY)
    assert calls == [town_id(1), "colorado-local"]


def test_the_key_is_the_source_less_the_identity(tmp_path):
    """Two files that differ only in the government's identity (id, name,
    source, ocd_id, kind, county) share a key; a changed rule, another zone
    or an office hour recorded later (:meth:`Jurisdiction.with_law`) does not."""
    folder = make_calendars(tmp_path / "calendars", 0)
    seed = (folder / "model-city.toml").read_text()
    body = "\n".join(line for line in seed[seed.index("timezone"):].splitlines() if not line.startswith("source ="))
    (folder / "twin-a.toml").write_text(f'id = "twin-a"\nname = "A"\nsource = "one"\n{body}')
    (folder / "twin-b.toml").write_text(f'id = "twin-b"\nname = "B"\nsource = "two"\n{body}')
    (folder / "twin-c.toml").write_text(f'id = "twin-c"\nname = "C"\n{body.replace("America/Chicago", "America/Denver")}')
    reg = Registry(folder)
    a, b, c = (reg.get(f"twin-{x}") for x in "abc")
    assert cache.law_key(a) == cache.law_key(b) != cache.law_key(c)
    later = a.with_law(office_hours=reg.get("ypsilanti-mi").office_hours)
    assert cache.law_key(later) not in (cache.law_key(a), cache.law_key(c))
    assert a.with_law(office_hours=later.office_hours).law_key == later.law_key  # the same change, the same key


def test_anchors_and_overrides_are_part_of_the_key(reg):
    town = reg.get(town_id(3))  # model-city's law: its deadline counts from the ordinance
    a = cache.compute(town, election=date(2026, 11, 3), events={"ordinance-adopted": date(2026, 5, 7)}, today=TODAY)
    b = cache.compute(town, election=date(2026, 11, 3), events={"ordinance-adopted": date(2026, 5, 8)}, today=TODAY)
    assert (a.deadlines[0].due, b.deadlines[0].due) == (date(2026, 6, 6), date(2026, 6, 7))


def test_utah_towns_on_the_state_set_share_one_computation_and_keep_their_names(monkeypatch):
    """Alton and Alpine (roster rows on Utah's municipal set, which gives each
    town the ranked-choice pilot as a choice, and no research facts of their
    own, only the same `no` of the lieutenant governor's lists of 2019-2023,
    which name neither) compute the 2025 cycle once; the words naming the town come from each
    result's own jurisdiction."""
    calls = []
    real = engine.compute
    monkeypatch.setattr(engine, "compute", lambda jur, **kw: calls.append(jur.id) or real(jur, **kw))
    registry = Registry()
    alton, alpine = registry.get("alton-ut"), registry.get("alpine-ut")
    assert alton.facts == alpine.facts and {f.listed for f in alton.facts} == {2019, 2021, 2023}
    assert cache.law_key(alton) == cache.law_key(alpine)
    day = date(2025, 11, 4)
    results = [cache.compute(j, election=day, today=date(2025, 1, 2)) for j in (alton, alpine)]
    assert calls == ["alton-ut"]
    english = words("en")
    for town, other, result in zip((alton, alpine), (alpine, alton), results):
        decl = next(d for d in result.deadlines if d.id == "declaration-filing")
        assert result.uid(decl) == f"{town.id}/2025-11-04/declaration-filing"
        said = [*english.warnings(decl, result.place), *(english.reading_name(r, result.place) for r in decl.readings)]
        assert any(f"The law lets {town.name} choose" in s for s in said)
        assert any(s.startswith(f"if {town.name} takes the choice") for s in said)
        assert not any(other.name in s for s in said)
