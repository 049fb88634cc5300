"""Many jurisdiction files over shared rule sets: each shared set is validated
once and its rules shared, the registry does not reread files, and
`deadlines check` reports every problem of every file in one run."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.synthetic_calendars import make_calendars, town_id
from deadlines.cli import main
from deadlines.core.loading import files
from deadlines.core.errors import CalendarError
from deadlines.core.registry import Registry, state_of

N = 120
#: the repository's own calendar files, copied beside the synthetic ones
OWN = len(list((Path(__file__).parents[2] / "calendars").glob("*.toml")))


@pytest.fixture
def folder(tmp_path) -> Path:
    return make_calendars(tmp_path / "calendars", N)


def test_every_file_loads_and_shares_its_shared_sets_rules(folder):
    reg = Registry(folder)
    found, invalid = reg.load_all()
    assert invalid == {} and len(found) == N + OWN
    a, b = reg.get(town_id(0)), reg.get(town_id(4))  # both extend synthetic-ypsilanti-mi
    assert a.rules["petition-filing"] is b.rules["petition-filing"]
    assert a.holidays is b.holidays and a.rules["petition-filing"][-1].source.endswith("shared/synthetic-ypsilanti-mi.toml")
    assert [state_of(reg.get(town_id(i))) for i in range(4)] == ["MI", "CO", "UT", None]


def test_a_shared_set_is_parsed_once(folder, monkeypatch):
    parsed = []
    real = files.parse
    monkeypatch.setattr(files, "parse", lambda path: parsed.append(Path(path)) or real(path))
    files._shared.clear()
    found, _ = Registry(folder).load_all()
    shared = [p.name for p in parsed if p.parent.name == "shared"]
    used = {f"{name}.toml" for jur in found for name in jur.extends}
    assert len(shared) == len(set(shared)) and set(shared) == used  # each set used, once, for 124 files


def test_registry_does_not_reread_an_unchanged_file(folder, monkeypatch):
    reg = Registry(folder)
    reg.load_all()
    monkeypatch.setattr(files, "parse", lambda path: pytest.fail(f"reread {path}"))
    assert reg.get(town_id(1)).id == town_id(1)
    reg.load_all()


def test_registry_sees_a_new_file_and_an_edit(folder):
    reg = Registry(folder)
    assert town_id(N) not in reg.ids()
    (folder / f"{town_id(N)}.toml").write_text((folder / f"{town_id(1)}.toml").read_text().replace(town_id(1), town_id(N)))
    assert town_id(N) in reg.ids()  # the folder changed: rescanned at once
    path = folder / f"{town_id(1)}.toml"
    path.write_text(path.read_text().replace("Town 1 ", "Renamed town "))
    stat = path.stat()
    import os

    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert reg.get(town_id(1)).name.startswith("Renamed town")


def test_check_reports_every_problem_in_one_run(folder):
    (folder / f"{town_id(3)}.toml").write_text("id = \"town-00003\"\nname = [unclosed\n")
    (folder / f"{town_id(5)}.toml").write_text((folder / f"{town_id(5)}.toml").read_text().replace(
        "synthetic-colorado-local", "synthetic-atlantis"))
    (folder / f"{town_id(7)}.toml").write_text((folder / f"{town_id(7)}.toml").read_text() + "colour = \"blue\"\n")
    shared = folder / "shared" / "synthetic-salt-lake-city-ut.toml"
    shared.write_text(shared.read_text().replace('kind = "deadline"', 'kind = "dedline"', 1))
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 1
    lines = res.stdout.splitlines()
    assert any(line.startswith(f"{folder / town_id(3)}.toml: not valid TOML") for line in lines)
    assert any(line.startswith(f"{folder / town_id(5)}.toml: extends[0]: no shared rule set 'synthetic-atlantis'")
               for line in lines)
    assert f"{folder / town_id(7)}.toml: colour: unknown key; expected one of: " in "\n".join(lines)
    bad_kind = [line for line in lines if line.startswith(f"{shared}: deadlines.") and "dedline" in line]
    assert len(bad_kind) == 1  # once, though 30 jurisdictions extend the set
    shared = len(list((folder / "shared").glob("*.toml")))  # the repository's sets and one synthetic per seed
    found = len(list((folder / "facts").glob("*.csv")))  # the research facts files
    assert f"{N + OWN + shared + found} file(s) checked, {len(lines)} problem(s)" in res.stderr


def test_load_all_keeps_the_valid_and_names_the_invalid(folder):
    (folder / f"{town_id(2)}.toml").write_text("id = \"town-00002\"\n")
    found, invalid = Registry(folder).load_all()
    assert len(found) == N + OWN - 1 and list(invalid) == [town_id(2)]
    assert isinstance(invalid[town_id(2)], CalendarError)
    assert town_id(2) not in {j.id for j in Registry(folder).all()}


def test_an_edit_in_place_reaches_the_listing_by_a_background_rescan(folder):
    import os
    import time

    reg = Registry(folder, scan_ttl=0)
    before = reg.signature()
    path = folder / f"{town_id(6)}.toml"
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # the folder itself is unchanged
    for _ in range(500):  # each call may start a rescan; none waits for one
        if reg.signature() != before:
            break
        time.sleep(0.01)
    assert reg.signature() != before
