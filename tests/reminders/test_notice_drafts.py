"""Drafted notices for the notice windows the law counts from the election
(issue 27 item 6): Utah's notice of the municipal offices and the filing
dates (Utah Code 10-3-301), Colorado's calls for nominations (C.R.S.
22-31-107(1.5) for school directors, 1-13.5-501(1) for special district
directors), in English and in Spanish, each stating what its statute says it
must state, with the dates worked out below by hand from the statutes."""
from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from deadlines.core.registry import Registry
from deadlines.reminders.notice import draft_notice
from deadlines.service import lookup
from deadlines.words import words

REG = Registry()
TODAY = date(2026, 12, 6)
ZONE = ZoneInfo("America/Denver")


def _draft(jid: str, election: date, lang: str = "en") -> str:
    jur = REG.get(jid)
    result = lookup(jur, today=TODAY, election=election)
    window = next(d for d in result.deadlines if d.id == "filing-notice")
    return draft_notice(jur, result, window, words(lang))


def test_utah_notice_of_offices_states_the_declaration_period_of_20a_9_203():
    # Orem, municipal general election of 2027: 20A-1-202(1), the first Tuesday after the first Monday in
    # November of an odd year: November 1, 2027 is a Monday, so Tuesday November 2. The declaration period
    # (20A-9-203(3)(a)(i) as amended by 2013 H.B. 403) is June 1-7 of that year, at the office during its hours,
    # 8 a.m. to 5 p.m. (10-3-301(3)(b)(i)): June 1, 2027 is a Tuesday, June 7 a Monday (a business day, so no
    # roll). The notice is 10-3-301(2)(a)'s: the offices and the dates for filing a declaration of candidacy.
    text = _draft("orem-ut", date(2027, 11, 2))
    assert text.startswith("NOTICE OF THE MUNICIPAL OFFICES TO BE VOTED ON AND THE DATES FOR FILING A DECLARATION"
                           " OF CANDIDACY\nCity of Orem\n")
    assert "municipal general election of Tuesday, November 2, 2027" in text
    assert ("Dates for filing a declaration of candidacy: from Tuesday, June 1, 2027, at 8:00 a.m. (Mountain Time) "
            "through Monday, June 7, 2027, at 5:00 p.m. (Mountain Time)") in text
    assert "Offices to be voted on (office, term, number of seats): ____" in text  # the clerk fills it in
    assert ("identifies: (i) the municipal offices to be voted on in the municipal general election; and (ii) the "
            "dates for filing a declaration of candidacy") in text  # the statute's own words, quoted
    assert "Authority: Utah Code 10-3-301(2)(a)-(b)." in text


def test_utah_2015_notice_quotes_the_february_text_and_ends_the_period_on_the_friday():
    # 2015: election Tuesday November 3 (November 2 is the first Monday). June 7, 2015 is a Sunday: the State
    # publishes the period as ending on the last business day within June 1-7, Friday June 5. The notice rule in
    # force from 2014 H.B. 272 is 10-3-301(1)(a), "On or before February 1".
    text = _draft("orem-ut", date(2015, 11, 3))
    assert "from Monday, June 1, 2015, at 8:00 a.m. (Mountain Time) through Friday, June 5, 2015" in text
    assert "On or before February 1 in a year in which there is a municipal general election" in text


def test_colorado_school_call_for_nominations_states_signatures_and_the_petition_deadline():
    # Academy School District No. 20, regular biennial school election, the first Tuesday in November 2027:
    # November 2. 22-31-107(1.5): the call states the offices, where a petition is had, the signatures needed
    # (1-4-803(1)(a): 50 in a district of 1,000 or more students, 25 in a smaller one) and the petition deadline,
    # the 67th day before the election (1-4-803(2)): November 2 - 67 days = August 27 (Nov 2 -> Oct 3 is 30 days,
    # -> Sep 3 is 60, -> Aug 27 is 67), a Friday, by the close of business: the district's Board of Education
    # office closes at 4 p.m. ("7:30 a.m. - 4 p.m., Monday - Friday", asd20.org, calendars/facts/co.csv).
    text = _draft("academy-school-district-no-20-co", date(2027, 11, 2))
    assert text.startswith("CALL FOR NOMINATIONS FOR SCHOOL DIRECTORS\nAcademy School District No. 20\n")
    assert "Deadline for submitting the nomination petition: Friday, August 27, 2027, at 4:00 p.m." in text
    assert "at least 25 eligible electors" in text and "at least 50 eligible electors" in text
    assert "Where a nomination petition may be obtained: ____" in text
    assert "the number of signatures necessary for the nomination petition" in text


def test_colorado_special_district_call_states_the_self_nomination_deadline():
    # 232 Metropolitan District, regular special district election: the Tuesday after the first Monday of May
    # of odd years (1-13.5-111(1)); May 3, 2027 is a Monday, so May 4. The self-nomination and acceptance form is
    # due the 67th day before (1-13.5-303): May 4 -> April 4 is 30 days, -> March 5 is 60, -> February 26 is 67
    # (a Friday), at 5 p.m. (1-13.5-107(2)). 1-13.5-501(1): the call states the offices, where the form is had,
    # that deadline, and how to obtain an absentee ballot.
    text = _draft("232-metropolitan-district-co", date(2027, 5, 4))
    assert text.startswith("CALL FOR NOMINATIONS\n232 Metropolitan District\n")
    assert ("Deadline for submitting the self-nomination and acceptance form or letter to the designated election "
            "official: Friday, February 26, 2027, at 5:00 p.m. (Mountain Time)") in text
    assert "How to obtain an absentee ballot: ____" in text
    assert "information on obtaining an absentee ballot" in text


@pytest.mark.parametrize("jid, election, heading, dated", [
    ("orem-ut", date(2027, 11, 2), "AVISO DE LOS CARGOS MUNICIPALES QUE SE VOTARÁN",
     "Fechas para presentar una declaración de candidatura: desde el martes, 1 de junio de 2027, a las 8:00 a.m. "
     "(hora de la Montaña) hasta el lunes, 7 de junio de 2027, a las 5:00 p.m."),
    ("academy-school-district-no-20-co", date(2027, 11, 2), "CONVOCATORIA DE CANDIDATURAS A DIRECTOR ESCOLAR",
     "Plazo para entregar la petición de nominación: viernes, 27 de agosto de 2027, a las 4:00 p.m."),  # its office's hours
    ("232-metropolitan-district-co", date(2027, 5, 4), "CONVOCATORIA DE CANDIDATURAS",
     "al funcionario electoral designado: viernes, 26 de febrero de 2027, a las 5:00 p.m."),
])
def test_the_drafts_in_spanish_keep_the_dates_and_quote_the_law_in_english(jid, election, heading, dated):
    text = _draft(jid, election, "es")
    assert text.startswith(heading)
    assert dated in text
    assert "Fundamento legal:" in text and "Authority:" not in text
    assert "el texto de la ley, en inglés" in text and "\u201c" in text  # the statute stays quoted in English


def test_a_michigan_charter_notice_is_still_drafted_from_its_deadline():
    # Ypsilanti's window counts from the petition deadline (Charter § 3.06): the draft names that deadline.
    jur = REG.get("ypsilanti-mi")
    result = lookup(jur, today=TODAY, election=date(2028, 11, 7))
    window = next(d for d in result.deadlines if d.id == "filing-notice")
    assert draft_notice(jur, result, window).startswith("NOTICE OF THE LAST DAY FOR FILING")


def test_a_colorado_statutory_town_clerk_is_reminded_of_the_notice_of_election():
    # Collbran (statutory town), election Tuesday April 7, 2026: C.R.S. 31-10-501's notice window (rule
    # election-notice) opens on the 14th day before, March 24, and closes on the 10th, Saturday March 28
    # (April 7 - 10, the election day excluded; not rolled). A clerk's subscription, confirmed January 5, 2026,
    # with the default notice lead of 3 days, gets one reminder at the opening (March 24) and one 3 days before
    # the close (March 25), each carrying the drafted notice; a candidate's gets none (audience clerk only).
    from datetime import datetime, timezone

    from deadlines.reminders.plan import plan_subscription
    from deadlines.store.tables import Subscription
    from tests.reminders_fixtures import settings_for

    jur = REG.get("collbran-co")
    result = lookup(jur, today=date(2026, 1, 5), election=date(2026, 4, 7))
    confirmed = datetime(2026, 1, 5, tzinfo=timezone.utc)
    clerk = Subscription(id=1, jurisdiction_id=jur.id, channel="email", target="clerk@example.org", leads="7",
                         notice_lead=3, deadline_ids="", audience="clerk", confirmed_at=confirmed)
    candidate = Subscription(id=2, jurisdiction_id=jur.id, channel="email", target="c@example.org", leads="7",
                             notice_lead=3, deadline_ids="", audience="candidates", confirmed_at=confirmed)
    planned = [p for p in plan_subscription(clerk, jur, [result], settings_for())
               if p.deadline_uid.endswith("/election-notice")]
    assert sorted((p.kind, p.fire_at.astimezone(ZONE).date()) for p in planned) == [
        ("notice-close", date(2026, 3, 25)), ("notice-open", date(2026, 3, 24))]
    assert all(p.payload["notice"].startswith("NOTICE OF MUNICIPAL ELECTION\nTown of Collbran\n") for p in planned)
    assert not [p for p in plan_subscription(candidate, jur, [result], settings_for())
                if p.deadline_uid.endswith("/election-notice")]
