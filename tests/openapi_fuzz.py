"""Driving schemathesis over an OpenAPI schema with fixed hypothesis settings
(imported by name; no fixtures)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings


def fuzz(schema, max_examples: int, check) -> int:
    """``check(case)`` on ``max_examples`` generated cases of every operation of
    ``schema`` (built inside the test: no app exists at import time); returns
    how many operations ran."""
    def each(case) -> None:
        check(case)

    ran = 0
    for result in schema.get_all_operations():
        run = given(case=result.ok().as_strategy())(each)
        settings(max_examples=max_examples, deadline=None, suppress_health_check=list(HealthCheck),
                 derandomize=True)(run)()
        ran += 1
    return ran
