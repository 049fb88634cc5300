"""Building the :class:`~deadlines.core.jurisdiction.Jurisdiction` from its file and
the shared sets it extends, each already checked on its own: its identity and
place, the merged rules in dependency order, the holiday law, choices,
decisions and overrides, and the years its rules reach."""
from __future__ import annotations

import hashlib
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from deadlines.core import span
from deadlines.core.errors import Problem
from deadlines.core.loading.checker import Checker
from deadlines.core.loading.cross import choice_of, decisions_of, dependency_order, overrides_of
from deadlines.core.loading.files import Part
from deadlines.core.loading.merge import caveats, merge, merged_holidays
from deadlines.core.jurisdiction import GOVERNMENT_KINDS, Jurisdiction
from deadlines.core.roster import OCD_PATTERN


def build(path: Path, parts: list[Part], c: Checker) -> tuple[Jurisdiction, list[Problem]]:
    """The jurisdiction from its file (``parts[0]``) and its shared sets, each
    already validated on its own; returns the problems only the combination
    shows (duplicate ids, missing anchors, cycles, missing tables)."""
    main = parts[0]
    checkers = {p.path: (c if p is main else Checker(p.path)) for p in parts}
    jid, name, tz = _identity(main.doc, path, c)
    merged, defined_in = merge(parts, checkers)
    elections, triggers, rules = merged["elections"], merged["triggers"], merged["deadlines"]
    if "general" not in elections and not any("general" in p.ids["elections"] for p in parts):
        c.fail("elections", "missing 'elections.general': every jurisdiction needs its general election rule")
    first = {key: next((p for p in parts if key in p.doc), None)
             for key in ("time_law", "office_hours", "overrides", "decisions", "state")}
    holidays = merged_holidays(parts, checkers, c)
    if first["time_law"] is None:
        c.fail("time_law", "missing [time_law]: the computation-of-time law (roll, cite, text)")
    order = dependency_order(rules, elections, triggers, defined_in, checkers)

    def found(key: str):
        part = first[key]
        return (part.doc[key], checkers[part.path]) if part else None

    overrides = overrides_of(found("overrides"), rules, elections.get("general"), ZoneInfo(tz) if tz else None)
    choices = {cid: ch for cid, value in merged["choices"].items()
               if (ch := choice_of(cid, value, rules, checkers[defined_in[cid]]))}
    decisions = decisions_of(found("decisions"), choices, elections.get("general"))
    ocd_id, kind, counties = _place(main.doc, c)
    jurisdiction = Jurisdiction(
        id=jid, name=name, timezone=tz, source=str(main.doc.get("source", "")),
        ocd_id=ocd_id, kind=kind, counties=counties, caveats=caveats(parts, checkers),
        holidays=holidays,
        time_law=first["time_law"] and first["time_law"].time_law,
        elections=elections, triggers=triggers, rules=rules, order=order,
        office_hours=first["office_hours"] and first["office_hours"].office_hours,
        overrides=overrides, extends=tuple(main.doc.get("extends", ())),
        choices=choices, decisions=decisions, reach=span.reach(rules, order, choices.values()),
        state=_state(found("state")),
        law_key=law_key(parts),
    )
    return jurisdiction, [p for chk in checkers.values() for p in chk.problems]


#: The keys of a calendar file that say which government it is, not its law.
IDENTITY = ("id", "name", "source", "ocd_id", "kind", "county")


def law_key(parts: list[Part]) -> str:
    """A digest of what the law of ``parts`` (a jurisdiction's file, then its
    shared sets) is made of: every file's contents as read, less the
    government's identity (:data:`IDENTITY`). The rows of one kind of
    government, and a file that says nothing its shared sets do not, share it."""
    own = {k: v for k, v in parts[0].doc.items() if k not in IDENTITY}
    return hashlib.blake2b(repr((own, *(p.doc for p in parts[1:]))).encode(), digest_size=16).hexdigest()


RESERVED_IDS = ("combined",)  # /calendars/<id>.ics would be another feed


def _identity(doc: dict, path: Path, c: Checker) -> tuple[str | None, str | None, str | None]:
    """``id`` (matching the file name), ``name`` and an IANA ``timezone``."""
    jid = c.string(doc.get("id"), "id")
    if jid is not None and jid != path.stem:
        c.fail("id", f"file name '{path.name}' does not match id '{jid}'; name the file '{jid}.toml'")
    if jid in RESERVED_IDS:
        c.fail("id", f"'{jid}' is reserved (/calendars/combined.ics is the feed of several jurisdictions); choose another id")
    name = c.string(doc.get("name"), "name")
    tz = c.string(doc.get("timezone"), "timezone")
    if tz is not None:
        try:
            ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError):
            c.fail("timezone", f"unknown time zone '{tz}'; expected an IANA name such as America/Denver")
            tz = None
    return jid, name, tz


def _place(doc: dict, c: Checker) -> tuple[str | None, str | None, tuple[str, ...]]:
    """``ocd_id`` (an Open Civic Data division id), ``kind`` and ``county``
    (a name, or a list of names where it lies in several, the principal first)."""
    ocd_id = c.string(doc.get("ocd_id"), "ocd_id")
    if ocd_id is not None and not OCD_PATTERN.match(ocd_id):
        c.fail("ocd_id", f"expected an Open Civic Data division id (ocd-division/country:us/state:ut/place:orem), got {ocd_id!r}")
        ocd_id = None
    kind = c.string(doc.get("kind"), "kind", GOVERNMENT_KINDS)
    value = doc.get("county")
    names = value if isinstance(value, list) else [] if value is None else [value]
    counties = []
    for i, name in enumerate(names):
        where = f"county[{i}]" if isinstance(value, list) else "county"
        name = c.string(name, where)
        if name is not None and ("\n" in name or name.lower().endswith(" county")):
            c.fail(where, f"expected a county's name on one line without 'County' (Dickinson), got {name!r}")
        elif name is not None:
            counties.append(name)
    return ocd_id, kind, tuple(counties)


def _state(found) -> str | None:
    """``state``: the postal code of the state whose law a jurisdiction sits on."""
    if found is None:
        return None
    value, c = found
    if not (isinstance(value, str) and len(value) == 2 and value.isascii() and value.isalpha() and value.isupper()):
        c.fail("state", f"expected a state's two-letter postal code in capitals (MI), got {value!r}")
        return None
    return value
