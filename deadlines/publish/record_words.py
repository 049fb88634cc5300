"""What the clerk and research recorded, as the pages say it: a cycle's
recorded entries (election dates entered, cases' events, orders), the local
facts (their names, who recorded them, a notice's run, where to file) and an
office's hours. Pure; each function takes ``w``, the
:class:`~deadlines.words.Words` to say it in (bound for a template by
:func:`deadlines.publish.speaking.speaking`)."""
from __future__ import annotations

import re
from datetime import date, timedelta

from deadlines.core.elections import election_date
from deadlines.core.errors import CoverageError
from deadlines.core.holiday_law import closures_in
from deadlines.core.facts import fees, in_force
from deadlines.core.computed import Deadline, Result
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.law import law_of
from deadlines.core.model import OfficeHours, Rule
from deadlines.core.moments import day_of
from deadlines.publish.words import status_name, when
from deadlines.words import Words, _


def recorded(result: Result, w: Words) -> list[str]:
    """What the clerk (or the person asking) recorded for this cycle, in words:
    entered election dates, the cases' trigger events and overrides."""
    jur = result.jurisdiction
    lines = [w._("{title}: {when} (entered)", title=w.calendar(a.title), when=when(a.value, w))
             for a in result.anchors.values()
             if a.how.code == "anchor.entered" and a.name in jur.elections and a.value != _by_rule(result, a.name)]
    if result.moved:
        lines.append(w.moved(result))
    lines += [f"{w.case_label(c)}: {w.calendar(jur.triggers[name].title)} {when(at, w)}"
              + (" " + w._("(deleted)") if name in c.cancelled else "")
              for c in result.cases for name, at in c.events.items()]
    for d in result.deadlines:
        if d.override is not None:
            was = w._(" (computed: {when})", when=when(d.computed_due, w)) if d.computed_due is not None else ""
            lines.append(w._("{title}: {status} by {authority}: {reason}", title=w.title(d),
                             status=status_name(d.status, w), authority=d.override.authority,
                             reason=d.override.reason) + was)
    return lines


def _by_rule(result: Result, name: str) -> date | None:
    found = election_date(result.jurisdiction.elections[name], result.cycle.year)
    return found[0] if found else None


#: The local facts (deadlines.core.jurisdiction.Fact) as pages name them
FACT_WORDS = {"office_hours": _("Office hours"), "filing_office": _("Where to file"), "closure": _("Office closed"),
              "holds_primary": _("Holds a primary election"), "decision:ranked-choice": _("Ranked-choice voting"),
              "decision:no-primary": _("No primary election")}
FACT_BY_WORDS = {"clerk": _("recorded by the clerk"), "report": _("an accepted report of the government's notice"),
                 "research": _("found by research")}


def fact_name(fact: str, w: Words) -> str:
    """A local fact's name as a page says it ("Office hours"; "Published date: petition-filing")."""
    if fact.startswith("published:"):
        return w._("Published date: {deadline}", deadline=fact.split(":", 1)[1])
    if fact.startswith("notice_published:"):
        return w._("Notice published: {deadline}", deadline=fact.split(":", 1)[1])
    return w._(FACT_WORDS[fact]) if fact in FACT_WORDS else fact


def fact_by(by: str, w: Words) -> str:
    """Who recorded a local fact, as a page says it."""
    return w._(FACT_BY_WORDS[by]) if by in FACT_BY_WORDS else by


def notice_run(d: Deadline, w: Words) -> str | None:
    """A notice window the clerk marked published, as its row says it
    ("published Tuesday, May 4, 2027 in the Orem Daily Herald"); None otherwise."""
    found = next((f for f in (d.basis.facts if d.basis else ()) if f.fact == f"notice_published:{d.id}"), None)
    return None if found is None else w._("published {day} in {where}", day=when(date.fromisoformat(found.value), w),
                                          where=found.quote)


def filing_office(d: Deadline, jur: Jurisdiction, w: Words) -> str | None:
    """Where a candidate or petitioner files, for a filing at the office, where
    research recorded it ("File with: City Clerk's Office; 1 S. Huron St. ...")."""
    if not d.rule.office_act or not {"candidates", "petitioners"} & set(d.audience):
        return None
    found = in_force([f for f in jur.facts if f.fact == "filing_office"], day_of(d.due)).get("filing_office")
    return None if found is None else w._("File with: {office}", office=found.value)


def what_it_takes(d: Deadline, jur: Jurisdiction, w: Words) -> list[str]:
    """What a filing asks of a candidate, on the row's face (not only in its
    folded law): the signatures the law sets ("Signatures: Candidate in a
    town (at large): at least 10 registered electors ...") and, for a
    petition whose quoted law sets its count by MCL 168.544f (by the
    population: "as determined under section 544f"), the government's
    population where research recorded it, with its census year and source;
    and, for a filing whose quoted law asks the filer to pay a filing fee
    (Utah Code 20A-9-203(3)(a)(ii): "pay the filing fee, if one is required by
    municipal ordinance"), the fee research recorded for that cycle, with its
    source ("Filing fee: $50 (https://..., read Tuesday, April 29, 2025).").
    Where none is recorded nothing is added: the quoted law says it."""
    said = [w._("Signatures: {count}.", count=w.threshold(t)) for t in d.thresholds]
    fee = filing_fee(d, jur)
    if fee is not None:
        said.append(what_fee(fee, w))
    if "section 544f" in " ".join((d.text or "").split()):
        found = in_force([f for f in jur.facts if f.fact == "population"], day_of(d.due)).get("population")
        if found is not None:
            said.append(w._("Population: {count} ({year} census, {source}).", count=f"{int(found.value):,}",
                            year=found.as_of.year, source=found.source))
    return said


#: The quoted law asks the filer to pay a fee ("pay the filing fee", "paying the filing fee")
PAYS_A_FEE = re.compile(r"\bpay(?:s|ing)?\b[^.]{0,40}?\bfiling fee", re.I)
#: The offices a ``filing_fee`` fact may name (deadlines.core.facts.FEE_OFFICES), as a sentence says them
FEE_OFFICE_WORDS = {"mayor": _("{amount} for mayor"), "council": _("{amount} for council member")}


def asks_a_fee(rule: Rule) -> bool:
    """Whether ``rule`` is a filing at the office by candidates or petitioners
    whose quoted law asks for a fee (:data:`PAYS_A_FEE`)."""
    return (rule.office_act and bool({"candidates", "petitioners"} & set(rule.audience))
            and PAYS_A_FEE.search(" ".join((rule.text or "").split())) is not None)


def filing_fee(d: Deadline, jur: Jurisdiction):
    """The ``filing_fee`` fact in force on ``d``'s day, for a filing whose law
    asks for a fee (:func:`asks_a_fee`), for ``d``'s cycle (its general
    election in the fact's holds_from..holds_until); None where it is none
    such or no fee is recorded."""
    recorded = [f for f in jur.facts if f.fact == "filing_fee"]
    if not recorded or not asks_a_fee(d.rule):  # the regex over the quoted law only where a fee is recorded
        return None
    # a fee holds for the cycles whose general election is in holds_from..holds_until (a notice's fee: that one)
    return in_force(recorded, d.cycle).get("filing_fee")


def fee_said(d: Deadline, jur: Jurisdiction, w: Words, sourced: bool = True) -> str | None:
    """The recorded filing fee of ``d`` as its row says it (:func:`what_fee`),
    for the feed event's description; ``sourced=False``: the amount alone
    ("Filing fee: $50."), for the embed, whose rows link to the full page
    where the source is said. None where the row says none."""
    fee = filing_fee(d, jur)
    if fee is None:
        return None
    if sourced:
        return what_fee(fee, w)
    if all(float(a) == 0 for _, a in fees(fee.value)):
        return w._("No filing fee.")
    return w._("Filing fee: {amount}.", amount=fee_words(fee.value, w))


def what_fee(fee, w: Words) -> str:
    """A recorded ``filing_fee`` as its row says it, with its source and the
    day it was read: "Filing fee: $50 (https://..., read Tuesday, April 29, 2025)."; a
    fee of ``0`` (a notice that says "There is no filing fee"): "No filing fee (...)."."""
    if all(float(a) == 0 for _, a in fees(fee.value)):
        return (w._("No filing fee ({source}, read {day}).", source=fee.source, day=w.day(fee.as_of)) if fee.as_of
                else w._("No filing fee ({source}).", source=fee.source))
    if fee.as_of is None:
        return w._("Filing fee: {amount} ({source}).", amount=fee_words(fee.value, w), source=fee.source)
    return w._("Filing fee: {amount} ({source}, read {day}).", amount=fee_words(fee.value, w), source=fee.source,
               day=w.day(fee.as_of))


def fee_words(value: str, w: Words) -> str:
    """A ``filing_fee``'s value as a sentence says it: "$50", or per office
    "$100 for mayor; $50 for council member"."""
    parts = fees(value)
    if parts[0][0] is None:
        return f"${parts[0][1]}"
    return "; ".join(w._(FEE_OFFICE_WORDS[office], amount=f"${amount}") for office, amount in parts)


#: a weekday the office keeps closed, said for every one of them in a window ("Saturdays")
EVERY_WEEKDAY = (_("Mondays"), _("Tuesdays"), _("Wednesdays"), _("Thursdays"), _("Fridays"), _("Saturdays"),
                 _("Sundays"))


def closed_in_window(d: Deadline, jur: Jurisdiction, w: Words) -> str | None:
    """The days the office is closed inside a filing window (an act at the
    office with an opening day), so "June 1-7" never reads as "any time
    before June 7": "Within this window the office is closed on Saturday, June
    5, 2027 and on Sunday, June 6, 2027." A weekday it keeps closed that comes
    round more than once is said once ("Saturdays"); a holiday or a closure
    (of the law or recorded) with its name. None where the office is open on
    every day of the window, or it is no window at the office."""
    if d.start is None or not d.rule.office_act or d.status == "cancelled":
        return None
    law = jur.law if jur.law is not None else law_of(jur)
    calendar = law.office.calendar if law.office is not None else jur.holidays.calendars.legal
    first, last = day_of(d.start), day_of(d.safe_due)
    days = [first + timedelta(days=n) for n in range((last - first).days + 1)]
    try:
        shut = [day for day in days if not calendar.is_business_day(day)]
    except CoverageError:  # a window outside the years the holiday law is written for: nothing said of it
        return None
    weekly = {day.weekday() for day in shut if day not in calendar.closed
              and sum(1 for other in days if other.weekday() == day.weekday()) > 1}
    said = [w._(EVERY_WEEKDAY[n]) for n in sorted(weekly)]
    own = {day: name for year in {first.year, last.year} for day, (name, _) in closures_in(jur.holidays, year).items()}
    for day in shut:
        if day in own:  # the office's own closure (its calendar file's or a clerk's), in the words recorded
            said.append(w._("on {day} (the office is closed: {name})", day=w.day(day), name=w.calendar(own[day])))
        elif day in calendar.closed:
            said.append(w._("on {day} ({name})", day=w.day(day), name=w.calendar(calendar.closed[day])))
        elif day.weekday() not in weekly:
            said.append(w._("on {day}", day=w.day(day)))
    if not said:
        return None
    listed = w._("{some} and {last}", some=", ".join(said[:-1]), last=said[-1]) if len(said) > 1 else said[0]
    return w._("Within this window the office is closed {days}.", days=listed)


def office_hours(hours: OfficeHours, w: Words) -> str:
    """When the office is open, by weekday: "8:00 a.m. to 5:00 p.m., Monday to
    Friday", or, where the days or hours differ, each group of weekdays with
    its hours ("7:00 a.m. to 5:00 p.m. on Monday, Tuesday, Wednesday,
    Thursday; 9:00 a.m. to 1:00 p.m. on Friday")."""
    if hours.weekdays_only and not hours.other:
        return w._("{open} to {close}, Monday to Friday", open=w.clock(hours.open), close=w.clock(hours.close))
    groups: dict[tuple, list[int]] = {}
    for day in hours.days:
        groups.setdefault(next(((o, c) for d, o, c in hours.other if d == day), (hours.open, hours.close)), []).append(day)
    return "; ".join(w._("{open} to {close} on {days}", open=w.clock(o), close=w.clock(c),
                         days=", ".join(w.weekday(d) for d in days)) for (o, c), days in groups.items())
