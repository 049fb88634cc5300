"""The calendar file's JSON Schema: exported from the declared shape the loader
checks against, committed current, and agreeing with the loader (every
committed file passes it; a file the loader refuses for its shape fails it)."""
import json
import textwrap
import tomllib
from pathlib import Path

import pytest

from deadlines import calendar_schema
from deadlines.calendar_schema import SCHEMAS, problems_of, text_of
from deadlines.core.loading import shape
from tests.calendar_files import BASE, MESSAGE_CASES

CALENDARS = Path(__file__).resolve().parents[2] / "calendars"
#: Problems of a table's own keys and values, which the schema sees too.
SHAPE_PROBLEMS = ("unknown key", "missing required key", "expected one of", "expected an integer", "expected a table",
                  "expected a list", "expected true or false", "expected a non-empty string", "must be one line")


@pytest.mark.parametrize("path", sorted(SCHEMAS), ids=lambda p: p.name)
def test_the_committed_schema_is_current(path):
    assert path.read_text(encoding="utf-8") == text_of(SCHEMAS[path]), "run .venv/bin/python -m deadlines.calendar_schema"


def test_the_check_finds_a_stale_schema(tmp_path, monkeypatch):
    stale = tmp_path / "calendar.schema.json"
    stale.write_text("{}\n")
    monkeypatch.setattr(calendar_schema, "SCHEMAS", {stale: shape.JURISDICTION})
    assert calendar_schema.main(["--check"]) == 1
    assert calendar_schema.main([]) == 0 and calendar_schema.main(["--check"]) == 0
    assert json.loads(stale.read_text())["required"] == ["id", "name", "timezone"]


def test_the_schema_names_what_the_tables_give():
    schema = json.loads((CALENDARS / "calendar.schema.json").read_text())
    count = schema["definitions"]["Count"]["properties"]
    assert count["days_before"]["maximum"] == 3_660 and count["years_after"]["maximum"] == 10
    assert schema["definitions"]["Way"]["properties"]["rule"]["enum"] == ["tuesday_after_first_monday", "first_tuesday",
                                                                          "second_tuesday_after_first_monday",
                                                                          "last_tuesday"]
    assert schema["definitions"]["TimeLaw"]["properties"]["roll"]["enum"] == [
        "next_business_day", "prior_business_day", "none"]
    assert schema["additionalProperties"] is False and "$ref" in json.dumps(schema["properties"]["deadlines"])


@pytest.mark.parametrize("path", sorted(CALENDARS.glob("*.toml")) + sorted((CALENDARS / "shared").glob("*.toml")),
                         ids=lambda p: p.name)
def test_every_committed_file_passes_its_schema_and_names_it(path):
    table = shape.SHARED_SET if path.parent.name == "shared" else shape.JURISDICTION
    text = path.read_text(encoding="utf-8")
    assert problems_of(tomllib.loads(text), table) == []
    schema = "shared-set.schema.json" if table is shape.SHARED_SET else "calendar.schema.json"
    assert text.startswith(f"#:schema ./{schema}\n")  # the directive taplo (Even Better TOML) reads


def test_the_loaders_example_passes_the_schema():
    assert problems_of(tomllib.loads(BASE)) == []


@pytest.mark.parametrize("name", [n for n, (_, expected) in MESSAGE_CASES.items()
                                  if any(s in expected for s in SHAPE_PROBLEMS)
                                  and not expected.startswith("holidays: missing")])  # merged across files
def test_a_file_refused_for_its_shape_fails_the_schema(name):
    body, expected = MESSAGE_CASES[name]
    assert problems_of(tomllib.loads(textwrap.dedent(body))), expected


def test_the_schemas_problems_name_the_place():
    found = problems_of(tomllib.loads(BASE.replace('kind = "deadline"', 'kind = "deadlin"')))
    # A deadline is a table or a list of versions: pydantic names the table's key and the list it is not.
    assert found[0] == ("deadlines.filing.Deadline.kind: Input should be 'deadline', 'window', 'notice-window' "
                        "or 'retention'")


def test_only_the_quoted_law_runs_over_lines():
    assert problems_of(tomllib.loads(BASE.replace('text = "file 60 days before"', 'text = """file 60\ndays before"""'))) == []
    found = problems_of(tomllib.loads(BASE.replace('title = "Filing"', 'title = """Fil\ning"""')))
    assert found and found[0].startswith("deadlines.filing.Deadline.title: String should match pattern")
