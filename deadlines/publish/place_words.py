"""Places as the pages name them: kinds of government and a place's
description (kind, county, state), in a language. Pure."""
from __future__ import annotations

from collections import Counter

from deadlines.words import DEFAULT, Words, _


#: kinds of government, (one, many), as the pages say them (the core's KIND_NAMES, for the catalog)
KIND_WORDS = {
    "city": (_("city"), _("cities")), "village": (_("village"), _("villages")), "town": (_("town"), _("towns")),
    "township": (_("township"), _("townships")), "metro-township": (_("metro township"), _("metro townships")),
    "city-and-county": (_("city and county"), _("cities and counties")),
    "school-district": (_("school district"), _("school districts")),
    "special-district": (_("special district"), _("special districts")),
    "community-college": (_("community college district"), _("community college districts")),
}


def kind_name(kind: str, n: int, w: Words) -> str:
    """A kind of government, one or many ("township", "townships")."""
    found = KIND_WORDS.get(kind)
    return kind if found is None else w._(found[0 if n == 1 else 1])


def search_words(w: Words) -> dict:
    """The words the place search's script writes (``web/static/search.js``):
    kinds, a county or counties, "and", how many more match; ``{field}``s filled there."""
    return {"kinds": {k: kind_name(k, 1, w) for k in KIND_WORDS}, "county": w._("{name} County"),
            "counties": w._("{names} Counties"), "and": w._("{some} and {last}"),
            "more": w._("{count} places match: press Find to list more, or add a word.")}


def county_words(counties: tuple[str, ...], w: Words) -> str | None:
    """The counties a place lies in, as the search names them: "Washtenaw
    County", "Kent and Ottawa Counties" (in ``w``'s language); None for none."""
    if not counties:
        return None
    if len(counties) == 1:
        return w._("{name} County", name=counties[0])
    return w._("{names} Counties", names=w._("{some} and {last}", some=", ".join(counties[:-1]), last=counties[-1]))


def describe_place(place, w: Words) -> str:
    """``city, Washtenaw County, MI`` (:meth:`deadlines.core.places.Place.describe`) in ``w``'s language."""
    if w.lang == DEFAULT:
        return place.describe()
    parts = [kind_name(place.kind, 1, w) if place.kind in KIND_WORDS else None, county_words(place.counties, w),
             place.state]
    return ", ".join(p for p in parts if p)


def told_apart(places, w: Words) -> list[str]:
    """Each of ``places`` (jurisdictions or places, in order) by its name,
    with its counties where another of them has the same name ("Adams
    Township (Hillsdale County)": Michigan has three); where even that
    repeats, with its id."""
    places = list(places)
    repeated = Counter(p.name for p in places)
    said = [f"{p.name} ({county_words(p.counties, w)})" if repeated[p.name] > 1 and p.counties else p.name
            for p in places]
    again = Counter(said)
    return [f"{s} ({p.id})" if again[s] > 1 else s for s, p in zip(said, places)]
