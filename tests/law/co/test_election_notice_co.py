"""The clerk's notice of a Colorado municipal election (issue 27): C.R.S.
31-10-501, the rule ``election-notice`` of
calendars/shared/colorado-municipal-election-code.toml, on every statutory
town and city.

The statute (Official Code of Colorado Annotated, Release 80, title 31, read in
github.com/UniCourt/cic-code-co, transforms/co/occo/r80/gov.co.crs.title.31.html):
"The clerk, at least ten days before each municipal election, shall give
written or printed notice of the election ... In addition, the notice shall be
published in at least one newspaper having general circulation in the
municipality. If the clerk finds it impracticable to make the publication on
the tenth day before the election day, he shall make the same on the earliest
possible day before the tenth day. The publications in any weekly newspaper
shall be in the next to last issue thereof before the day of election."

Counting (31-10-103: "the first day shall be included, and the last, or
election, day shall be excluded"): the 10th day before election day E is
E - 10 days; from it through E - 1 are ten days. Before a Tuesday election it is
a Saturday. Publication is not an act at the clerk's office and the statute's
own fallback is an *earlier* day, so the safe last day is not rolled; the
reading that 31-10-103's "extended to include the next day which is not a
Saturday, Sunday, or legal holiday" moves it forward is shown, not safe. The
window opens on the 14th day before: a weekly newspaper's next-to-last issue
before election day falls on the 8th to 14th day before it."""
from __future__ import annotations

from datetime import date

from deadlines.core.registry import Registry
from deadlines.reminders.notice import draft_notice
from deadlines.service import lookup
from deadlines.words import words

REG = Registry()
TODAY = date(2026, 12, 6)


def _notice(jid: str, election: date):
    jur = REG.get(jid)
    result = lookup(jur, today=TODAY, election=election)
    return jur, result, next(d for d in result.deadlines if d.id == "election-notice")


def test_collbran_april_7_2026_notice_by_saturday_march_28():
    # Town of Collbran, a statutory town (roster: statutory-municipality), regular election Tuesday April 7, 2026
    # (its own published calendar). 10th day before: April 7 - 10 = March 28, 2026, a Saturday (March 28 through
    # April 6 are the ten days, the election day excluded). Not rolled. The window opens on the 14th day before:
    # April 7 - 14 = March 24, 2026, a Tuesday.
    _, _, d = _notice("collbran-co", date(2026, 4, 7))
    assert d.kind == "notice-window" and d.audience == ("clerk",)
    assert (d.start, d.due, d.safe_due) == (date(2026, 3, 24), date(2026, 3, 28), date(2026, 3, 28))
    assert date(2026, 3, 28).weekday() == 5  # a Saturday, kept: publication is not an office act


def test_a_november_2_2027_election_notice_by_saturday_october_23_and_the_unsafe_monday_reading():
    # A statutory town whose electors moved its regular election to November (31-10-109(1)), or a statutory
    # city's odd-year regular election (31-1-101(10)(a)): Tuesday November 2, 2027. Nov 2 - 2 = Oct 31, so
    # Nov 2 - 10 = Oct 23, 2027, a Saturday: the last day to publish. The 14th day before: Oct 19, a Tuesday.
    # The reading that 31-10-103 extends a Saturday to the next business day: Monday October 25, 2027 (not a
    # legal holiday), which would leave eight days' notice: not the safe one.
    _, _, d = _notice("collbran-co", date(2027, 11, 2))
    assert (d.start, d.due, d.safe_due) == (date(2027, 10, 19), date(2027, 10, 23), date(2027, 10, 23))
    later = [r for r in d.readings if not r.safe]
    assert [(r.roll, r.due) for r in later] == [("next_business_day", date(2027, 10, 25))]
    assert [r.due for r in d.readings if r.safe] == [date(2027, 10, 23)]


def test_the_draft_states_the_election_and_quotes_31_10_501_in_both_languages():
    # The draft fills the date of the election and leaves to the clerk what only the clerk knows: the polls'
    # hours, the polling places, the qualifications, the officers, the questions, the certified candidates.
    jur, result, d = _notice("collbran-co", date(2026, 4, 7))
    en = draft_notice(jur, result, d, words("en"))
    assert en.startswith("NOTICE OF MUNICIPAL ELECTION\nTown of Collbran\n")
    assert "a municipal election will be held in Town of Collbran on Tuesday, April 7, 2026." in en
    for label in ("Hours during which the polls will be open", "Qualifications of persons to vote in the election",
                  "Officers to be elected", "Questions to be voted upon"):
        assert f"{label}: ____" in en
    assert ("naming the officers to be elected and the questions to be voted upon, and listing the names of those "
            "candidates whose nominations have been certified to him") in en
    assert "published in at least one newspaper having general circulation in the municipality" in en
    assert "Authority: C.R.S. 31-10-501" in en
    es = draft_notice(jur, result, d, words("es"))
    assert es.startswith("AVISO DE ELECCIÓN MUNICIPAL\nTown of Collbran\n")
    assert "se celebrará una elección municipal en Town of Collbran el martes, 7 de abril de 2026." in es
    assert "Cargos que se elegirán: ____" in es and "Fundamento legal: C.R.S. 31-10-501" in es
    assert "The clerk, at least ten days before each municipal election" in es  # the statute stays in English


def test_a_file_that_replaces_another_of_the_sets_rules_keeps_the_notice():
    # Castle Rock's file replaces only the set's write-in-affidavit rule (replaces =
    # "colorado-municipal-election-code" on its own [[deadlines.write-in-affidavit]]): it keeps election-notice.
    # Carbondale extends the set with no rule of its own: it has it too.
    for jid in ("castle-rock-co", "carbondale-co"):
        result = lookup(REG.get(jid), today=TODAY)
        assert "election-notice" in {d.id for d in result.deadlines}, jid
