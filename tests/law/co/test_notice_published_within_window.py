"""A call for nominations the government published on a day of the law's
window keeps the law: the day it appeared is not another last day.

C.R.S. 22-31-107(1.5): "Not less than seventy-five days nor more than ninety
days before the election date, the designated election official shall provide
notice by publication of a call for nominations" (the school district's
``filing-notice``, a ``notice-window``). Worked windows, counted by hand:

- Tuesday, November 7, 2023: 90 days before is Wednesday, August 9 (Nov. 7 -
  7 = Oct. 31; - 31 = Sept. 30; - 30 = Aug. 31; - 22 = Aug. 9: 90 days); 75
  days before is Thursday, August 24. Platte Canyon School District RE-1's call
  ran in The Flume on August 18, 2023, and Buena Vista R-31's in The Chaffee
  County Times on August 17: both inside August 9-24.
- Tuesday, November 5, 2019: 90 days before is Wednesday, August 7; 75 days
  before is Thursday, August 22. Lake County R-1's call ran in the Herald
  Democrat on August 15, 2019.

Each keeps its last day (August 24, 2023; August 22, 2019), gets no second
reading, and its basis is ``published`` with the day it appeared. A call
published after the window's last day (August 25, 2023) departs from the law:
the law's day stays, the published one beside it."""
from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from deadlines.core.basis import Local, basis_of, notes_of
from deadlines.core.jurisdiction import PublishedNotice
from deadlines.words import words
from tests.law.charter_helpers import at, registry  # noqa: F401 (fixture)

TODAY = date(2026, 12, 6)


@pytest.mark.parametrize("jid, election, opens, last, appeared", [
    ("platte-canyon-school-district-no-1-co", date(2023, 11, 7), date(2023, 8, 9), date(2023, 8, 24), "Friday, August 18, 2023"),
    ("buena-vista-school-district-no-r-31-co", date(2023, 11, 7), date(2023, 8, 9), date(2023, 8, 24), "Thursday, August 17, 2023"),
    ("lake-county-school-district-no-r-1-co", date(2019, 11, 5), date(2019, 8, 7), date(2019, 8, 22), "Thursday, August 15, 2019"),
])
def test_a_call_published_within_the_window_keeps_the_law(registry, jid, election, opens, last, appeared):  # noqa: F811
    _, by_id = at(registry, jid, election, TODAY)
    notice = by_id["filing-notice"]
    assert (notice.start, notice.due) == (opens, last)
    assert notice.readings == () and notice.safe_due in (None, last)
    assert notice.basis.status == "published"
    said = " ".join(words("en").note(n) for n in notice.basis.notes)
    assert f"published this notice on {appeared}, within the law's window" in said
    assert "published esta" not in said and "publicó este aviso" in " ".join(
        words("es").note(n) for n in notice.basis.notes)


def test_a_call_published_after_the_window_departs(registry):  # noqa: F811
    jid = "platte-canyon-school-district-no-1-co"
    jur = registry.get(jid)
    _, by_id = at(registry, jid, date(2023, 11, 7), TODAY)
    notice = by_id["filing-notice"]
    [research] = [f for f in jur.facts if f.fact == "published:filing-notice"]
    late = PublishedNotice("filing-notice", date(2023, 11, 7), date(2023, 8, 25), replace(research, value="2023-08-25"))
    basis = basis_of(replace(notice, basis=None), jur, date(2023, 11, 7), Local(notices=(late,)))
    assert basis.status == "departs" and basis.notice is late
    said = " ".join(words("en").note(n) for n in notes_of(notice, jur, basis))
    assert "August 25, 2023" in said and "August 24, 2023" in said
