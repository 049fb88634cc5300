"""The fixture the Colorado law tests share: the repository's calendars, read
once per test process (nothing here writes them). A module that needs other
calendars (a copy it edits) defines its own ``registry``."""
from __future__ import annotations

import pytest

from deadlines.core.registry import Registry
from tests.law.charter_helpers import CALENDARS


@pytest.fixture(scope="session")
def registry() -> Registry:
    return Registry(CALENDARS)
