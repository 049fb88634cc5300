"""The notices the law asks of a clerk by a day counted from the election, not
from another deadline: Utah's notice of the municipal offices and the filing
dates (Utah Code 10-3-301), Colorado's calls for nominations of school
directors (C.R.S. 22-31-107(1.5)) and of special district directors
(C.R.S. 1-13.5-501(1)), and Colorado's municipal notice of election
(C.R.S. 31-10-501). :data:`LAWS` holds, per statute, the words that say
what its notice must state (quoted, with where they were read) and the items
of the draft that state it: a date of the cycle's result where the law fixes
one (the filing period, the last day to file, the signatures a petition
needs), a blank where only the clerk knows it (the offices, where a form is
had). :func:`draft` writes the notice in the clerk's language; the statute's
words stay in English, quoted.

Colorado's statutory cities and towns have the clerk's notice of election
(C.R.S. 31-10-501, "at least ten days before each municipal election"), the
window ``election-notice`` of calendars/shared/colorado-municipal-election-code.toml:
its draft names the election's date and leaves the polls' hours, the polling
places, the voters' qualifications, the officers, the questions and the
certified candidates to the clerk."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from deadlines.core.computed import Deadline, Result
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.words import Words, _

#: What the clerk writes in: a blank line of the draft.
BLANK = "____________________"


@dataclass(frozen=True)
class Item:
    """One thing the notice states: ``label`` (a msgid); ``what`` one of
    ``fill`` (the clerk writes it), ``period`` (a window's first and last
    moments), ``due`` (a deadline's last moment), ``signatures`` (the
    thresholds of a petition); ``of``: the deadline id it is read from."""
    label: str
    what: str
    of: str | None = None


@dataclass(frozen=True)
class NoticeLaw:
    """The law of one notice: ``cite`` begins the citation of the notice
    rules it is the law of; ``heading``, ``opening``: msgids of the draft's
    first lines; ``requires``: the statute's words on what the notice states
    (English, quoted as read at ``source``); ``section``: how the draft cites them."""
    cite: str
    heading: str
    opening: str
    section: str
    requires: str
    source: str
    items: tuple[Item, ...]


_UT_ITEMS = (
    Item(_("Offices to be voted on (office, term, number of seats)"), "fill"),
    Item(_("Dates for filing a declaration of candidacy"), "period", "declaration-filing"),
    Item(_("Dates for filing a nomination petition"), "period", "nomination-petition-filing"),
    Item(_("Where to file (the city recorder or town clerk, address)"), "fill"),
)
_UT_HEADING = _("NOTICE OF THE MUNICIPAL OFFICES TO BE VOTED ON AND THE DATES FOR FILING A DECLARATION OF CANDIDACY")
_UT_OPENING = _("Notice is hereby given of the municipal offices to be voted on at the municipal general election of "
                "{held}, and of the dates for filing a declaration of candidacy for them.")
_SPECIAL = ("The call must state the director offices to be voted upon at the election, where a self-nomination "
            "and acceptance form or letter may be obtained, the deadline for submitting the self-nomination and "
            "acceptance form or letter to the designated election official, and information on obtaining an "
            "absentee ballot.")
_SPECIAL_ITEMS = (
    Item(_("Director offices to be voted upon (and their terms)"), "fill"),
    Item(_("Where a self-nomination and acceptance form or letter may be obtained"), "fill"),
    Item(_("Deadline for submitting the self-nomination and acceptance form or letter to the designated election "
           "official"), "due", "petition-filing"),
    Item(_("How to obtain an absentee ballot"), "fill"),
)
_SPECIAL_HEADING = _("CALL FOR NOMINATIONS")
_SPECIAL_OPENING = _("{place} calls for nominations of candidates for director, to be voted upon at the regular "
                     "special district election of {held}.")

_CO_MUNICIPAL = (
    "The clerk, at least ten days before each municipal election, shall give written or printed notice of the "
    "election stating the date of the election and the hours during which the polls will be open, designating the "
    "polling place of each precinct, stating the qualifications of persons to vote in the election, naming the "
    "officers to be elected and the questions to be voted upon, and listing the names of those candidates whose "
    "nominations have been certified to him, which listing shall be as nearly as possible in the form in which "
    "such nominations shall appear upon the official ballot with reference to wards where applicable. A copy of "
    "such notice shall be posted until after the election in a conspicuous place in the office of the clerk. In "
    "addition, the notice shall be published in at least one newspaper having general circulation in the "
    "municipality.")
_CO_MUNICIPAL_ITEMS = (
    Item(_("Hours during which the polls will be open"), "fill"),
    Item(_("Polling place of each precinct (in a mail ballot election, where ballots may be obtained and "
           "returned)"), "fill"),
    Item(_("Qualifications of persons to vote in the election"), "fill"),
    Item(_("Officers to be elected"), "fill"),
    Item(_("Questions to be voted upon"), "fill"),
    Item(_("Candidates whose nominations have been certified (as on the official ballot, by ward where "
           "applicable)"), "fill"),
)

LAWS: tuple[NoticeLaw, ...] = (
    NoticeLaw(
        "Utah Code 10-3-301(2)", _UT_HEADING, _UT_OPENING, "Utah Code 10-3-301(2)(a)",
        "(2) (a) On or before May 1 in a year in which there is a municipal general election, the municipal clerk "
        "shall publish a notice that identifies: (i) the municipal offices to be voted on in the municipal general "
        "election; and (ii) the dates for filing a declaration of candidacy for the offices identified under "
        "Subsection (2)(a)(i).",
        "https://casetext.com/statute/utah-code/title-10-utah-municipal-code/chapter-3-municipal-government/part-3-"
        "membership-on-governing-body-vacancies-and-power-to-vote/section-10-3-301-notice-eligibility-and-residency-"
        "requirements-for-elected-municipal-office-mayor-and-recorder-limitations", _UT_ITEMS),
    NoticeLaw(
        "Utah Code 10-3-301(1)", _UT_HEADING, _UT_OPENING, "Utah Code 10-3-301(1)(a) (2014 H.B. 272)",
        "(1) (a) On or before February 1 in a year in which there is a municipal general election, the municipal "
        "clerk shall publish a notice that identifies: (i) the municipal offices to be voted on in the municipal "
        "general election; and (ii) the dates for filing a declaration of candidacy for the offices identified "
        "under Subsection (1)(a)(i).",
        "http://le.utah.gov/~2014/bills/hbillenr/hb0272.htm", _UT_ITEMS),
    NoticeLaw(
        "C.R.S. 22-31-107(1.5)", _("CALL FOR NOMINATIONS FOR SCHOOL DIRECTORS"),
        _("{place} calls for nominations of candidates for school director, to be placed on the ballot of the "
          "election of {held}."), "C.R.S. 22-31-107(1.5)",
        "The call shall state the school director offices to be voted upon at the election, where a nomination "
        "petition may be obtained, the number of signatures necessary for the nomination petition, and the deadline "
        "for submitting the nomination petition.",
        "https://getpocketlaw.com/law/state_colorado/section-22-31-107-candidates-for-school-director-call-"
        "qualification-nomination_3c1a3ae7255d", (
            Item(_("School director offices to be voted upon (and their terms)"), "fill"),
            Item(_("Where a nomination petition may be obtained"), "fill"),
            Item(_("Signatures necessary for the nomination petition"), "signatures", "petition-filing"),
            Item(_("Deadline for submitting the nomination petition"), "due", "petition-filing"),
        )),
    NoticeLaw(
        "C.R.S. 1-13.5-501(1), (1.5)", _SPECIAL_HEADING, _SPECIAL_OPENING, "C.R.S. 1-13.5-501(1) (SB 21-262)",
        "(1) ... " + _SPECIAL,
        "https://github.com/UniCourt/cic-code-co/blob/main/transforms/co/occo/r80/gov.co.crs.title.01.html",
        _SPECIAL_ITEMS),
    # Before SB 21-262 the section's words were not read: the contents as a 2014
    # special district election calendar (Collins Cockrel & Cole) states them,
    # quoted in calendars/shared/colorado-special-district.toml.
    NoticeLaw(
        "C.R.S. 1-13.5-501(1) as enacted", _SPECIAL_HEADING, _SPECIAL_OPENING,
        "C.R.S. 1-13.5-501(1), as a May 6, 2014 special district election calendar (Collins Cockrel & Cole) "
        "states it",
        "The call shall state the special district director offices to be voted upon, where a Self-Nomination and "
        "Acceptance form may be obtained, the deadline for submitting the Self-Nomination and Acceptance form to "
        "the Designated Election Official, and information on obtaining an absentee ballot.",
        "calendars/shared/colorado-special-district.toml", _SPECIAL_ITEMS),
    # Colorado Municipal Election Code, one undivided section (Release 80; text
    # unchanged since L. 81), also for mail ballot elections (31-10-908).
    NoticeLaw(
        "C.R.S. 31-10-501", _("NOTICE OF MUNICIPAL ELECTION"),
        _("Notice is hereby given that a municipal election will be held in {place} on {held}."),
        "C.R.S. 31-10-501", _CO_MUNICIPAL,
        "https://github.com/UniCourt/cic-code-co/blob/main/transforms/co/occo/r80/gov.co.crs.title.31.html",
        _CO_MUNICIPAL_ITEMS),
)


def law_of(window: Deadline) -> NoticeLaw | None:
    """The law of the notice ``window`` (by its citation), if it is one of :data:`LAWS`."""
    return next((law for law in LAWS if window.citation.startswith(law.cite)), None)


def _moment(moment, w: Words, zone: str) -> str:
    """"Tuesday, June 1, 2027, at 8:00 a.m. (Mountain Time)", or the day alone."""
    if not isinstance(moment, datetime):
        return w.day(moment)
    said = w._("{day}, at {clock}", day=w.day(moment.date()), clock=w.clock(moment.timetz()))
    return w._("{when} ({zone})", when=said, zone=zone)


def _value(item: Item, d: Deadline | None, w: Words, zone: str) -> str:
    if item.what == "fill" or d is None:
        return BLANK
    if item.what == "signatures":
        return "; ".join(w.threshold(t) for t in d.thresholds) if d.thresholds else BLANK
    if item.what == "period" and d.start is not None:
        return w._("from {start} through {end}", start=_moment(d.start, w, zone), end=_moment(d.due, w, zone))
    return _moment(d.due, w, zone)


def draft(jur: Jurisdiction, result: Result, window: Deadline, law: NoticeLaw, w: Words) -> str:
    """The notice ``window`` asks for, in ``w``'s language: the items of
    ``law`` filled from ``result`` (blanks where only the clerk knows), then
    the statute's words on what it must state, and its authority."""
    by_id = {d.id: d for d in result.deadlines if d.status != "cancelled"}
    zone = w.zone(jur.timezone)
    lines = [w._(law.heading), jur.name, "", w._(law.opening, place=jur.name, held=w.day(result.held)), ""]
    for item in law.items:
        if item.of is not None and item.of not in by_id:
            continue  # (a period this cycle does not have: the ranked-choice one, say)
        lines.append(f"{w._(item.label)}: {_value(item, by_id.get(item.of or ''), w, zone)}")
    lines += ["", w._("What the law says the notice must state ({section}):", section=law.section),
              f"\u201c{law.requires}\u201d", "",
              w._("Authority: {cite}.", cite=window.citation), "",
              w._("Dated: ____________    ______________________, Clerk")]
    return "\n".join(lines)
