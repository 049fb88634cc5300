"""The roster import: every local government of Michigan, Colorado and Utah
from the source lists in ``shared/data/jurisdictions`` to the project's own
roster, ``calendars/roster/<st>.csv`` (one row per government: its id, Open
Civic Data division id, name, kind, the state law it sits on, county and
time zone). Run by ``scripts/import_rosters.py``; rerunnable, and a test
checks that the committed roster is what it makes.

What it reads, and how each list is read:

- ``ocd_places_mi_co_ut.csv``: counties (only their names are used: a county
  is not a government this service serves), and every city, village, town
  and township. The kind is the last word(s) of the name (``charter
  township``, ``township``, ``city``, ``village``, ``town``): a few villages
  carry "city" in their id (``mackinaw_city``), so the name decides. Michigan
  townships sit under their county in the id; other places do not, and their
  county comes from ``calendars/roster/place-counties.csv`` (hand-kept, a
  source per row) where it is known.
- ``colorado_dola_municipalities.csv``: Colorado's legal type of each
  municipality (statutory, home rule, territorial charter, city and county),
  joined on ``census_geoid`` = ``place-08`` + FIPS; its counties. A
  municipality on the DOLA list that the OCD list lacks (the Town of
  Carbonate) is added with an id in the OCD scheme (``place:carbonate``).
- ``ocd_school_districts_mi_co_ut.csv`` with ``..._nces_...``: school
  districts. Michigan's are its local districts: the state's district code
  ``CCNNN`` of an intermediate district ends in ``000`` and a public school
  academy's has ``9`` as its third digit (or is one of Detroit's ``827NN``
  academies), and both are left out, as are state agencies (county code 84). Utah's are the 41 whose names end in
  "district" (the rest are charter schools); Colorado's leave out the Charter
  School Institute, the School for the Deaf and the Blind and the BOCES.
- ``colorado_dola_local_governments_2026.csv``: DOLA's directory: the special
  districts of each type ``calendars/roster/district-boards.toml`` says elects
  its board, and the local district colleges its ``[colleges]`` table names
  (kind ``community-college``, law ``local-district-college``).
- ``calendars/roster/additions.csv``: governments the ~2014 census base
  lacks (Utah's newer municipalities, Colorado's Keystone), hand-kept with
  ids in the same scheme and a source per row (``law`` where not the
  state's default for the kind).
- ``calendars/roster/corrections.csv``: changes since the lists were made,
  and the lists' own errors, hand-kept with a source per row (``ocd_id``,
  ``change``, ``kind``, ``name``, ``source``): a place or school district
  ``removed`` (dissolved or merged, or a list's duplicate that is no
  government of its own), a place of another ``kind`` now (a village that
  became a city: its id and OCD id stay, its name and law follow the kind),
  or a place or school district shown under another ``name`` (the one people
  know it by). One row per OCD id.

Ids: a place without a county in its OCD id is ``<place>-<st>``
(``orem-ut``, ``ypsilanti-mi``); a Michigan township ``<place>-township-
<county>-mi`` (``ypsilanti-charter-township-washtenaw-mi``); a school
district ``<district>-<st>``. Hyphens for underscores, dots and other marks
dropped; an id that would repeat one already made takes its county too.
"""
from __future__ import annotations

import csv
import io
import os
import re
import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path

STATES = {"mi": "MI", "co": "CO", "ut": "UT"}
REPO = Path(__file__).resolve().parent.parent


#: The source lists as the committed roster was imported from them (copied whole, with their licences)
COMMITTED_SOURCE = REPO / "calendars" / "roster" / "sources"
#: Where the project's shared lists lie when shared/ sits beside the repository (as CI lays it)
SHARED_SOURCE = REPO.parent / "shared" / "data" / "jurisdictions"


def default_source() -> Path:
    """Where the source lists are: ``DEADLINES_ROSTER_SOURCE``, else the
    shared lists beside the repository where they are, else the copy committed
    in ``calendars/roster/sources`` (a fresh clone on its own)."""
    given = os.environ.get("DEADLINES_ROSTER_SOURCE")
    if given:
        return Path(given)
    return SHARED_SOURCE if SHARED_SOURCE.is_dir() else COMMITTED_SOURCE
COLUMNS = ("id", "ocd_id", "name", "kind", "law", "county", "timezone", "listed_from", "subtype", "website", "geoid", "lgid")
CENTRAL_MI_COUNTIES = {"Gogebic", "Iron", "Dickinson", "Menominee"}  # Michigan's Central-time counties
PLACE_KINDS = (("charter township", "township"), ("metro township", "metro-township"), ("township", "township"),
               ("village", "village"), ("city", "city"), ("town", "town"))
CO_LAWS = {"Statutory Towns": "statutory-municipality", "Statutory Cities": "statutory-city",
           "Home Rule Municipalities": "home-rule-municipality",
           "Territorial Charter Municipalities": "home-rule-municipality",
           "City & County Of Denver": "home-rule-municipality", "City & County Of Broomfield": "home-rule-municipality"}
CO_NOT_DISTRICTS = ("charter_school_institute", "colorado_school_for_the_deaf_and_blind", "boces")
SMALL_WORDS = {"of", "and", "the", "for", "de", "la"}


@dataclass(frozen=True)
class Row:
    id: str
    ocd_id: str
    name: str
    kind: str
    law: str
    county: str
    timezone: str
    listed_from: str
    subtype: str = ""  # the kind of special district (``fire protection``), from district-boards.toml
    website: str = ""  # as the source list gives it (DOLA's have no scheme: ``durangofire.org``)
    geoid: str = ""  # Census GEOID (place 2689140, county subdivision 2616189440, school district 0806900)
    lgid: str = ""  # Colorado DOLA local-government id

    def values(self) -> tuple[str, ...]:
        return tuple(getattr(self, c) for c in COLUMNS)


def slug(text: str) -> str:
    """An id part from an OCD segment or a name: lower case, hyphens."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()  # Cañon -> Canon
    text = re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "").replace(".", ""))
    return text.strip("-")


def recased(name: str) -> str:
    """A lower-case list name in title case; words with digits in capitals
    (``bennett school district no. 29j`` -> ``Bennett School District No. 29J``)."""
    words = []
    for i, word in enumerate(name.split()):
        if any(ch.isdigit() for ch in word):
            words.append(word.upper())
        elif i and word in SMALL_WORDS:
            words.append(word)
        else:
            words.append("-".join("/".join(p[:1].upper() + p[1:] for p in part.split("/")) for part in word.split("-")))
    return " ".join(words)


def _segments(ocd_id: str) -> dict[str, str]:
    return dict(part.split(":", 1) for part in ocd_id.split("/")[1:])


def _read(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _place_kind(name: str) -> tuple[str, str] | None:
    """(base name, kind) from a list name's last words (``Ypsilanti charter township``)."""
    lowered = name.lower()
    for words, kind in PLACE_KINDS:
        if lowered.endswith(" " + words):
            return name[: -len(words) - 1], kind
    return None


def display_name(base: str, kind: str, listed: str) -> str:
    """How a government is named on pages: ``City of Orem``, ``Ypsilanti
    Charter Township``, ``Magna Metro Township``."""
    if kind == "city" and base.endswith(" City") or base.startswith(("City of ", "Village of ", "Town of ")):
        return base  # Salt Lake City; the Village of Grosse Pointe Shores (a city by that name)
    if kind in ("city", "town", "village"):
        return f"{kind.title()} of {base}"
    if kind == "township":
        return f"{base} {'Charter Township' if listed.lower().endswith('charter township') else 'Township'}"
    if kind == "metro-township":
        return f"{base} Metro Township"
    return base


def _timezone(state: str, county: str) -> str:
    if state == "mi":
        return "America/Menominee" if county.split(";")[0] in CENTRAL_MI_COUNTIES else "America/Detroit"
    return "America/Denver"


def build(source: Path, roster: Path) -> dict[str, str]:
    """The roster files' texts (``mi.csv`` ...) made from the lists in
    ``source`` and the hand-kept files in ``roster``."""
    places = _read(source / "ocd_places_mi_co_ut.csv")
    counties = {}  # (state, county segment) -> name without "County"
    for p in places:
        seg = _segments(p["id"])
        if "place" not in seg and "county" in seg:
            counties[(seg["state"], seg["county"])] = p["name"].removesuffix(" County")
    known_counties = _place_counties(roster / "place-counties.csv")
    dola_rows = _read(source / "colorado_dola_municipalities.csv")
    dola = {f"place-08{r['FIPS']}": r for r in dola_rows if r.get("FIPS")}
    rows: dict[str, list[Row]] = {st: [] for st in STATES}
    taken: set[str] = set()

    def add(state: str, ocd_id: str, base: str, kind: str, law: str, county: str, listed: str, name: str,
            **extra: str) -> None:
        jid = f"{slug(base)}-{state}"
        if kind == "township" and state == "mi":
            jid = f"{slug(_segments(ocd_id)['place'])}-township-{slug(county)}-mi"
        elif kind == "school-district":
            jid = f"{slug(_segments(ocd_id)['school_district'])}-{state}"
        if jid in taken:
            jid = f"{jid[: -len(state) - 1]}-{slug(county.split(';')[0])}-{state}"
        assert jid not in taken, f"two governments would share the id {jid}"
        taken.add(jid)
        rows[state].append(Row(jid, ocd_id, name, kind, law, county, _timezone(state, county), listed, **extra))

    corrections = _corrections(roster / "corrections.csv")
    for p in places:
        seg = _segments(p["id"])
        state = seg["state"]
        if "place" not in seg or corrections.get(p["id"], {}).get("change") == "removed":
            continue
        found = _place_kind(p["name"])
        if found is None:
            raise ValueError(f"ocd_places_mi_co_ut.csv: {p['id']}: no kind in the name {p['name']!r}")
        base, kind = found
        if corrections.get(p["id"], {}).get("change") == "kind":
            kind = corrections[p["id"]]["kind"]
        shown = _corrected_name(corrections, p["id"])
        county = counties[(state, seg["county"])] if "county" in seg else known_counties.get(p["id"], "")
        extra = {"geoid": p["census_geoid"].removeprefix("place-")}
        if state == "co":
            d = dola.get(p["census_geoid"])
            if d is None:
                continue  # a census place that is not a municipality on the DOLA list (none expected)
            extra["lgid"] = d["LG ID"]
            law = CO_LAWS[d["Type"]]
            county = d["Counties"].replace(", ", ";")
            base, kind = _dola_name(d) if ", " in d["Name"] else (base, kind)  # DOLA's name: "Creede, City of"
            if d["Type"].startswith("City & County"):
                kind = "city-and-county"
            listed = "ocd-places+dola"
        else:
            law = {"mi": {"city": "city", "village": "village", "township": "township"}, "ut": {}}[state].get(kind, "municipality")
            listed = "ocd-places"
        add(state, p["id"], base, kind, law, county, listed, shown or display_name(base, kind, p["name"]), **extra)

    joined = {p["census_geoid"] for p in places}
    for d in dola_rows:
        if not d.get("FIPS") or f"place-08{d['FIPS']}" not in joined:
            base, kind = _dola_name(d)
            add("co", f"ocd-division/country:us/state:co/place:{slug(base).replace('-', '_')}", base, kind,
                CO_LAWS[d["Type"]], d["Counties"].replace(", ", ";"), "dola", display_name(base, kind, d["Name"]),
                lgid=d["LG ID"], geoid=f"08{d['FIPS']}" if d.get("FIPS") else "")

    for a in _read(roster / "additions.csv") if (roster / "additions.csv").exists() else ():
        seg = _segments(a["ocd_id"])
        state, kind = seg["state"], a["kind"].replace(" ", "-")
        base = _place_kind(a["name"])[0] if _place_kind(a["name"]) else a["name"]
        law = a.get("law") or {"mi": kind, "co": "statutory-municipality", "ut": "municipality"}[state]
        add(state, a["ocd_id"], base, kind, law, a["county"], f"additions: {a['source']}", display_name(base, kind, a["name"]))

    nces = {r["id"]: r for r in _read(source / "ocd_school_district_nces_mi_co_ut.csv")}
    districts = _read(source / "ocd_school_districts_mi_co_ut.csv")
    unknown = sorted(set(corrections) - {p["id"] for p in places} - {d["id"] for d in districts})
    if unknown:
        raise ValueError(f"corrections.csv: no place or school district on the lists has the OCD id {unknown[0]}")
    codes = {jid: r["sch_dist_stateid"] for jid, r in nces.items()}
    for d in districts:
        seg = _segments(d["id"])
        state = seg["state"]
        if not _is_school_district(state, seg["school_district"], d["name"], codes.get(d["id"], "")):
            continue
        if corrections.get(d["id"], {}).get("change") == "removed":
            continue
        county = counties.get((state, seg.get("county", "")), "")
        add(state, d["id"], recased(d["name"]), "school-district", "school-district", county, "ocd-school-districts",
            _corrected_name(corrections, d["id"]) or recased(d["name"]),
            geoid=nces.get(d["id"], {}).get("census_geoid", ""))

    boards = _boards(roster / "district-boards.toml")
    towns = {_dola_name(d)[0].lower() if ", " in d["Name"] else d["Name"].lower(): d["Counties"].split(", ")[0]
             for d in dola_rows}
    for d in _colorado_districts(source / "colorado_dola_local_governments_2026.csv", boards["co"], towns):
        add("co", *d[:-1], **d[-1])
    for d in _colorado_districts(source / "colorado_dola_local_governments_2026.csv", {}, towns, boards["colleges"]):
        add("co", *d[:-1], **d[-1])
    for d in _utah_districts(source / "utah_taxing_districts_2025.csv", boards["ut"]):
        add("ut", *d[:-1], **d[-1])
    for d in _read(roster / "community-colleges-mi.csv") if (roster / "community-colleges-mi.csv").exists() else ():
        add("mi", d["ocd_id"], d["name"], "community-college", "community-college", d["county"],
            "community-colleges", d["name"], website=d["website"])

    out = {}
    for state, found in rows.items():
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(COLUMNS)
        w.writerows(r.values() for r in sorted(found, key=lambda r: r.id))
        out[f"{state}.csv"] = buf.getvalue()
    return out


def _corrections(path: Path) -> dict[str, dict[str, str]]:
    """corrections.csv by OCD id; a row that changes nothing it can (an
    unknown ``change``, a ``kind`` or ``name`` row without its value, no
    source, an OCD id twice) is a ValueError naming its line."""
    if not path.exists():
        return {}
    out: dict[str, dict[str, str]] = {}
    for line, r in enumerate(_read(path), start=2):
        change = r.get("change") or ""
        if change not in ("removed", "kind", "name") or (change in ("kind", "name") and not (r.get(change) or "").strip()):
            raise ValueError(f"{path.name}: line {line}: change {change!r} needs 'removed', 'kind' with a kind "
                             "or 'name' with a name")
        if not (r.get("source") or "").strip() or r["ocd_id"] in out:
            raise ValueError(f"{path.name}: line {line}: no source, or the OCD id {r['ocd_id']} twice")
        out[r["ocd_id"]] = r
    return out


def _corrected_name(corrections: dict, ocd_id: str) -> str:
    """The name a ``name`` row of corrections.csv gives the government
    ``ocd_id`` ("" where none does). The id is still made from the list's
    name: a subscriber's id does not change with the name shown."""
    row = corrections.get(ocd_id, {})
    return (row.get("name") or "").strip() if row.get("change") == "name" else ""


def _boards(path: Path) -> dict:
    """``district-boards.toml``: how each type of Colorado special district
    (by DOLA's type) and of Utah district (by the first pattern its name
    holds) chooses its board, the law it then sits on and its subtype."""
    doc = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return {"co": doc.get("co", {}), "ut": doc.get("ut", []), "colleges": doc.get("colleges", {})}


def _colorado_districts(path: Path, types: dict, towns: dict[str, str], colleges: dict | None = None):
    """(ocd_id, base, kind, law, county, listed, name, extra) of every
    district on DOLA's directory whose type ``types`` lists with a ``law``
    (an appointed board has none and is left out): ids in the OCD scheme by
    LGID (``special_district:66578``), the directory's name, counties,
    website and LGID. The counties are the directory's, alphabetical, the
    principal first: the county of the district's mailing city where that is
    a municipality (``towns``: name -> county) in one of them (the Durango
    Fire Protection District: La Plata, then San Juan). With ``colleges``
    (district-boards.toml ``[colleges]``), the local district colleges instead
    (``community_college_district:<LGID>``, less its ``not_colleges``)."""
    if not path.exists():
        return
    for d in _read(path):
        board = (colleges if colleges is not None else types).get(d["Local Government Type:"].strip())
        lgid = d["LGID:"].strip()
        if board is None or not board.get("law") or lgid in board.get("not_colleges", {}):
            continue
        name = " ".join(d["Local Government Name:"].split())
        counties = sorted({c.strip() for c in d["County:"].split(",") if c.strip()})
        home = towns.get(d["Mailing City:"].strip().lower())
        if home in counties:
            counties.insert(0, counties.pop(counties.index(home)))
        kind, division, listed = (("special-district", "special_district", "dola-directory") if colleges is None
                                  else (board["kind"], "community_college_district", "dola-colleges"))
        yield (f"ocd-division/country:us/state:co/{division}:{lgid}", name, kind, board["law"], ";".join(counties),
               listed, name, {"subtype": board["subtype"], "website": d["Website URL:"].strip(), "lgid": lgid})


def _utah_districts(path: Path, patterns: list):
    """The same of every local district and special service district on the
    State Tax Commission's list (entity codes 4000-4999), one per name with
    every county it levies in, classified by the first of ``patterns``
    whose ``match`` its name holds (a name none matches is left out)."""
    if not path.exists():
        return
    counties: dict[str, list[str]] = {}
    for r in _read(path):
        if r["entity_code"].isdigit() and 4000 <= int(r["entity_code"]) <= 4999:
            listed = counties.setdefault(" ".join(r["entity_name"].split()), [])
            county = recased(r["county"].lower())
            if county not in listed:
                listed.append(county)
    for upper, where in sorted(counties.items()):
        board = next((b for b in patterns if b["match"] in upper), None)
        if board is None or not board.get("law"):
            continue
        name = recased(upper.lower()).replace("The ", "", 1) if upper.startswith("THE ") else recased(upper.lower())
        yield (f"ocd-division/country:us/state:ut/special_district:{slug(name).replace('-', '_')}", name,
               "special-district", board["law"], ";".join(where), "utah-tax-districts", name,
               {"subtype": board["subtype"]})


def _dola_name(d: dict) -> tuple[str, str]:
    """(base name, kind) from a DOLA name: ``Aguilar, Town of`` -> (Aguilar, town)."""
    base, rest = d["Name"].split(", ", 1)
    return base, rest.split()[0].lower()


def _is_school_district(state: str, segment: str, name: str, code: str) -> bool:
    if state == "mi":  # local districts: not an intermediate district (CC000) nor an academy (CC9NN, 827NN)
        return (len(code) == 5 and code[2:] != "000" and code[2] != "9" and not code.startswith(("827", "84")))
    if state == "ut":
        return name.endswith(" district")
    return not any(word in segment for word in CO_NOT_DISTRICTS)


def _place_counties(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    return {r["ocd_id"]: r["county"] for r in _read(path)}


def write(source: Path, roster: Path) -> dict[str, int]:
    """Write the roster files; the number of rows of each."""
    counts = {}
    for name, text in build(source, roster).items():
        (roster / name).write_text(text, encoding="utf-8")
        counts[name] = text.count("\n") - 1
    return counts
