"""scripts/compare_published.py --top50 / --since (issue 25: the top-50
comparison of published calendars), run as a script on a small list."""
import csv
import subprocess
import sys
from collections import Counter
from pathlib import Path

from deadlines.core.registry import Registry

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "compare_published.py"
TOP50 = ROOT / "scripts" / "top50-list.csv"

#: a Michigan township (its one published cycle 2020), a Utah city (2021 and 2023), a
#: township of 2016 only, and an id that is no government
LISTED = ("plymouth-charter-township-wayne-mi", "canton-charter-township-wayne-mi", "eagle-mountain-ut")


def run(tmp_path, *args):
    path = tmp_path / "list.csv"
    path.write_text("state,jurisdiction,population,source\n"
                    + "".join(f"{j[-2:].upper()},{j},,test\n" for j in (*LISTED, "nowhere-ut")), encoding="utf-8")
    out = subprocess.run([sys.executable, str(SCRIPT), "--top50", str(path), "--list", *args],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    rows = [line.split("\t") for line in out.stdout.splitlines() if "\t" in line]
    return rows, out.stdout, out.stderr


def test_top50_keeps_the_governments_of_the_list_only(tmp_path):
    rows, text, err = run(tmp_path)
    assert {r[0] for r in rows} == set(LISTED)  # detroit-mi and every other government with a notice left out
    assert "nowhere-ut is no government of the calendars" in err
    by_state = Counter(r[0][-2:].upper() for r in rows)
    assert f"| total | {by_state['MI']} | 0 | {by_state['UT']} | {len(rows)} |" in text
    assert "| governments with a row | 2 of 2 | 0 of 0 | 1 of 2 | 3 of 4 |" in text


def test_since_keeps_the_last_two_cycles_a_township_from_two_years_earlier(tmp_path):
    rows, text, _ = run(tmp_path, "--since", "2022")
    cycles = {(r[0], r[1]) for r in rows}
    assert ("plymouth-charter-township-wayne-mi", "2020-11-03") in cycles  # a township: 2020 and later
    assert ("eagle-mountain-ut", "2023-11-21") in cycles
    assert all(r[1] >= ("2020" if "township" in r[0] else "2022") for r in rows)
    assert not any(r[0] == "canton-charter-township-wayne-mi" for r in rows)  # 2016 only
    assert "| governments with a row | 1 of 2 | 0 of 0 | 1 of 2 | 2 of 4 |" in text


def test_the_top50_list_is_fifty_governments_of_each_state():
    with TOP50.open(newline="", encoding="utf-8") as f:
        listed = list(csv.DictReader(f))
    ids = [r["jurisdiction"] for r in listed]
    assert len(ids) == len(set(ids)) == 150
    assert Counter(r["state"] for r in listed) == {"MI": 50, "CO": 50, "UT": 50}
    reg = Registry()
    known = set(reg.ids())
    assert [j for j in ids if j not in known] == []
    assert all(reg.get(r["jurisdiction"]).state == r["state"] for r in listed)
    assert all(r["source"] for r in listed) and all(r["population"].isdigit() for r in listed if r["population"])
