"""Finding a government: every jurisdiction as a :class:`Place` (who it is,
not its law), and a search by name, state, kind, county or Open Civic Data
id that costs no computation (5,000 places are searched in a few
milliseconds).

A county filter is read as people type it: "Kent", "kent county", "Kent
Co." all mean Kent (:func:`county_words`); one with no letter, or naming no
county the index knows (of the state, where one is given), is an
:class:`~deadlines.core.errors.InputError` naming ``county``, with the
nearest county names (:meth:`PlaceIndex.county_key`). Every surface that
filters by county (the API, the pages, the combined feed, the listing
across governments) searches here, so they read it alike.

Matching: every word of the query (letters and digits, case and accents
ignored) must begin a word of the place's name, kind, county or id. The
best first: a name whose own words are exactly the query's (``orem`` ->
City of Orem, before Orem's schools), then a name that starts with it, then
by kind (city, town, village, township, ... school district), state and name.
"""
from __future__ import annotations

import difflib
import itertools
import re
import unicodedata
from dataclasses import dataclass

from deadlines.core.errors import InputError
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.spelling import Spellings

KIND_WORDS = {"city": "city", "village": "village", "town": "town", "township": "township",
              "metro-township": "metro township", "city-and-county": "city and county",
              "school-district": "school district schools", "special-district": "special district",
              "community-college": "community college"}
KIND_NAMES = {  # (one, many), as pages say them
    "city": ("city", "cities"), "village": ("village", "villages"), "town": ("town", "towns"),
    "township": ("township", "townships"), "metro-township": ("metro township", "metro townships"),
    "city-and-county": ("city and county", "cities and counties"),
    "school-district": ("school district", "school districts"), "special-district": ("special district", "special districts"),
    "community-college": ("community college district", "community college districts"),
}
FILLER = {"of", "the"}  # "City of Orem" is found by "orem city"
NOT_THE_NAME = {"charter", "public", "community", "area", "district", "schools", "school",
                "michigan", "colorado", "utah"}  # words beside a place's own name ("City of Ypsilanti, Michigan")


@dataclass(frozen=True)
class Place:
    id: str
    ocd_id: str | None
    name: str
    kind: str | None
    state: str | None
    counties: tuple[str, ...]
    timezone: str
    words: frozenset[str]  # what a query's words may begin
    base: str  # the name's words without its kind: "orem"
    subtype: str | None = None  # a special district's kind ("fire protection")
    website: str | None = None
    lgid: str | None = None  # Colorado DOLA local-government id

    @property
    def county(self) -> str | None:
        return self.counties[0] if self.counties else None

    def describe(self) -> str:
        """``city, Washtenaw County, MI``: what tells two places of one name apart."""
        parts = [KIND_NAMES[self.kind][0] if self.kind in KIND_NAMES else None,
                 f"{' and '.join(self.counties)} {'Counties' if len(self.counties) > 1 else 'County'}" if self.counties else None,
                 self.state]
        return ", ".join(p for p in parts if p)


def folded(text: str) -> list[str]:
    """The words of ``text``: lower case, accents dropped (Cañon -> canon)."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.findall(r"[a-z0-9]+", text)


#: Words that say "county" after a county's name ("Kent County", "Kent Co.").
COUNTY_WORDS = {"county", "co", "cnty"}
#: How many nearest county names an unknown county is answered with.
COUNTY_SUGGESTIONS = 3
#: A search that finds nothing (:meth:`PlaceIndex.near`): how many places it suggests, how many nearest
#: words it tries for each word typed (of the first few words), and how near a word must be (difflib's ratio:
#: "denvr" and "denvre" are near "denver", 0.91 and 0.83; "atlantis" is not near "atlanta", 0.8).
NEAR_SHOWN, NEAR_OPTIONS, NEAR_WORDS, NEAR_CUTOFF = 3, 3, 4, 0.82


def county_words(typed: str) -> str:
    """The county a filter names, as the index keys it: its words folded,
    without a "County" (or "Co.") after it or a "County of" before it, "Saint"
    as "St." ("Kent County" -> ``kent``, "Saint Clair" -> ``st clair``)."""
    words = ["st" if w == "saint" else w for w in folded(typed)]
    if len(words) > 2 and words[0] == "county" and words[1] == "of":
        words = words[2:]
    while len(words) > 1 and words[-1] in COUNTY_WORDS:
        words = words[:-1]
    return " ".join(words)


def place_of(jur: Jurisdiction) -> Place:
    kind_words = set(folded(KIND_WORDS.get(jur.kind or "", "")))
    name_words = folded(jur.name)
    base = " ".join(w for w in name_words if w not in kind_words | FILLER | NOT_THE_NAME)
    words = (frozenset(name_words) | kind_words | {w for c in jur.counties for w in folded(c)} | set(folded(jur.id))
             | set(folded(jur.subtype or "")))  # "fire protection" finds the Hotchkiss Fire District
    return Place(jur.id, jur.ocd_id, jur.name, jur.kind, jur.state, jur.counties, jur.timezone, words, base,
                 jur.subtype, jur.website, jur.lgid)


#: Which kind a search lists first among places it names equally well ("denver": the City and County
#: of Denver before Denver Township; "breitung township": the township before its school district)
KIND_RANK = ("city", "city-and-county", "town", "village", "metro-township", "township", "school-district",
             "community-college", "special-district")


def _names(place: Place) -> tuple[str, ...]:
    """What a query naming ``place`` exactly may be: its name without its kind
    words ("orem"), its whole name ("salt lake city", "city of orem"), its
    name with its kind's words ("breitung township")."""
    kind = " ".join(folded(KIND_NAMES[place.kind][0])) if place.kind in KIND_NAMES else ""
    whole = " ".join(w for w in folded(place.name) if w not in FILLER)
    return (place.base, whole, f"{place.base} {kind}".strip(), f"{kind} {place.base}".strip())


def _rank(place: Place, query: str) -> tuple:
    """Exact names first, then names the query begins, then the rest; among
    equals by :data:`KIND_RANK`, state and name."""
    query = " ".join(w for w in query.split() if w not in FILLER)
    names = _names(place)
    exact = 0 if query in names else 1 if any(n.startswith(query) for n in names) else 2
    kind = KIND_RANK.index(place.kind) if place.kind in KIND_RANK else len(KIND_RANK)
    return (exact, kind, place.state or "", place.name, place.id)


class PlaceIndex:
    """Every place (by id), with what a search looks up: each beginning of
    each word, each state, kind, county and OCD id, mapped to the places it
    names. A search intersects the sets of its words and filters and ranks
    only what it found, so its cost grows with the matches, not the roster."""

    def __init__(self, places: list[Place]):
        self.places = sorted(places, key=lambda p: p.id)
        self.by_id = {p.id: p for p in self.places}
        self._prefixes: dict[str, set[int]] = {}
        self._filters: dict[tuple[str, str], set[int]] = {}
        self._counties: dict[str | None, dict[str, str]] = {}  # state (None: any) -> county key -> its name
        self._left_out: dict = {}  # ids -> their positions; ("all", ids) -> every other place
        self._whole: Spellings | None = None  # every whole word, for the nearest words of a typo (:meth:`near`)
        for i, p in enumerate(self.places):
            for word in p.words:
                for end in range(1, len(word) + 1):
                    self._prefixes.setdefault(word[:end], set()).add(i)
            keys = [("state", p.state or ""), ("kind", p.kind or ""), ("ocd_id", (p.ocd_id or "").lower())]
            keys += [("county", " ".join(folded(c))) for c in p.counties]
            for key in keys:
                self._filters.setdefault(key, set()).add(i)
            for c in p.counties:  # the county names as the rosters spell them, by state, for suggestions
                self._counties.setdefault(p.state or "", {}).setdefault(" ".join(folded(c)), c)
                self._counties.setdefault(None, {}).setdefault(" ".join(folded(c)), c)

    def county_name(self, county: str, state: str | None = None) -> str:
        """The county ``county`` names, as its places spell it ("kent county" is
        "Kent"); :class:`InputError` as :meth:`county_key`."""
        key = self.county_key(county, state)
        return self._counties.get(state if state in self._counties else None, {}).get(key, county)

    def county_key(self, county: str | None, state: str | None = None) -> str | None:
        """The index's key of the county ``county`` names (None where none is
        given): :func:`county_words` of it, known among the counties of
        ``state`` (of every state where ``state`` has none here);
        :class:`InputError` naming ``county`` for a value with no letter in it
        (``!!!``) and for a county it does not know, with the nearest names."""
        if not county:
            return None
        shown = repr(county[:40])
        if not any(ch.isalpha() for ch in county):
            raise InputError.of("filter.county", "county", county=shown)
        key = county_words(county)
        state = state.upper() if state else None
        of_state = state if state in self._counties else None
        known = self._counties.get(of_state, {})
        if key in known:
            return key
        if not known:  # (only where no state is named: a state here has a county)
            raise InputError.of("filter.county_none_recorded", "county", county=shown)
        nearest = tuple(known[k] for k in difflib.get_close_matches(key, list(known), n=COUNTY_SUGGESTIONS, cutoff=0.6))
        code = "filter.county_unknown" + ("" if nearest else "_example") + ("" if of_state else "_anywhere")
        said = {"nearest": nearest} if nearest else {"example": sorted(known.values())[0]}
        raise InputError.of(code, "county", county=shown, **({"state": of_state} if of_state else {}), **said)

    def _positions(self, ids: frozenset[str]) -> frozenset[int]:
        """The positions of the places ``ids`` names (remembered: a public list
        always leaves out the same example calendars)."""
        found = self._left_out.get(ids)
        if found is None:
            found = self._left_out[ids] = frozenset(i for i, p in enumerate(self.places) if p.id in ids)
        return found

    def _all_but(self, ids: frozenset[str]) -> tuple[Place, ...]:
        """Every place but those of ``ids``, in order (the unfiltered listing, asked on every page of it)."""
        key = ("all", ids)
        found = self._left_out.get(key)
        if found is None:
            gone = self._positions(ids)
            found = self._left_out[key] = tuple(p for i, p in enumerate(self.places) if i not in gone)
        return found

    def search(self, q: str | None = None, *, state: str | None = None, kind: str | None = None,
               county: str | None = None, ocd_id: str | None = None,
               leave_out: frozenset[str] = frozenset()) -> list[Place]:
        """The places matching every filter given, best first (by id where no
        query ranks them), but those whose ids are in ``leave_out``. ``county``
        matches any county a place lies in (:meth:`county_key`: "Kent County"
        is Kent; an unknown county or one with no letter is an
        :class:`InputError` naming ``county``)."""
        words = [w for w in folded(q or "") if w not in FILLER]
        wanted = [("state", state.upper() if state else None), ("kind", kind),
                  ("county", self.county_key(county, state)), ("ocd_id", ocd_id.lower() if ocd_id else None)]
        sets = [self._filters.get(key, set()) for key in wanted if key[1]]
        sets += [self._prefixes.get(w, set()) for w in words]
        if not sets:
            return list(self._all_but(leave_out))
        chosen = set.intersection(*sorted(sets, key=len)).difference(self._positions(leave_out))
        found = [self.places[i] for i in sorted(chosen)]
        if words:
            query = " ".join(words)
            found.sort(key=lambda p: _rank(p, query))
        return found

    def near(self, q: str | None, n: int = NEAR_SHOWN, *, state: str | None = None, kind: str | None = None,
             county: str | None = None, leave_out: frozenset[str] = frozenset()) -> list[Place]:
        """What a query that finds nothing may have meant ("denvr": the City and
        County of Denver; a bare name "orem": the City of Orem): the places
        found with each word of ``q`` as typed (where some place has a word it
        begins) or as one of the whole words nearest it, the nearest words
        first, at most ``n``. The filters are :meth:`search`'s."""
        words = [w for w in folded(q or "") if w not in FILLER][:NEAR_WORDS]
        if not words:
            return []
        if self._whole is None:
            self._whole = Spellings(sorted({w for p in self.places for w in p.words if len(w) > 1}))
        options = []
        for w in words:
            close = [c for c in self._whole.close(w, n=NEAR_OPTIONS, cutoff=NEAR_CUTOFF) if c != w]
            options.append(([w] if w in self._prefixes else []) + close)
        found: dict[str, Place] = {}
        for combo in itertools.islice(itertools.product(*options), NEAR_OPTIONS ** 2):
            for p in self.search(" ".join(combo), state=state, kind=kind, county=county, leave_out=leave_out)[:n]:
                found.setdefault(p.id, p)
            if len(found) >= 3 * n:
                break
        typed = " ".join(words)  # the names nearest what was typed first; among equals, the search's order
        return sorted(found.values(), key=lambda p: -max(difflib.SequenceMatcher(None, typed, name).ratio()
                                                         for name in _names(p)))[:n]
