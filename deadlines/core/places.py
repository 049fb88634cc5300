"""Finding a government: every jurisdiction as a :class:`Place` (who it is,
not its law), and a search by name, state, kind, county or Open Civic Data
id that costs no computation (5,000 places are searched in a few
milliseconds).

Matching: every word of the query (letters and digits, case and accents
ignored) must begin a word of the place's name, kind, county or id. The
best first: a name whose own words are exactly the query's (``orem`` ->
City of Orem, before Orem's schools), then a name that starts with it, then
by kind (city, town, village, township, ... school district), state and name.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from deadlines.core.model import GOVERNMENT_KINDS, Jurisdiction

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
        for i, p in enumerate(self.places):
            for word in p.words:
                for end in range(1, len(word) + 1):
                    self._prefixes.setdefault(word[:end], set()).add(i)
            keys = [("state", p.state or ""), ("kind", p.kind or ""), ("ocd_id", (p.ocd_id or "").lower())]
            keys += [("county", " ".join(folded(c))) for c in p.counties]
            for key in keys:
                self._filters.setdefault(key, set()).add(i)

    def search(self, q: str | None = None, *, state: str | None = None, kind: str | None = None,
               county: str | None = None, ocd_id: str | None = None) -> list[Place]:
        """The places matching every filter given, best first (by id where no
        query ranks them). ``county`` matches any county a place lies in."""
        words = [w for w in folded(q or "") if w not in FILLER]
        wanted = [("state", state.upper() if state else None), ("kind", kind),
                  ("county", " ".join(folded(county)) if county else None), ("ocd_id", ocd_id.lower() if ocd_id else None)]
        sets = [self._filters.get(key, set()) for key in wanted if key[1]]
        sets += [self._prefixes.get(w, set()) for w in words]
        if not sets:
            return list(self.places)
        chosen = set.intersection(*sorted(sets, key=len))
        found = [self.places[i] for i in sorted(chosen)]
        if words:
            query = " ".join(words)
            found.sort(key=lambda p: _rank(p, query))
        return found
