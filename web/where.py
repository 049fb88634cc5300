"""Where you stand, for the API (``GET /api/v1/jurisdictions?lat=..&lon=..``)
and the page (``/?near=LAT,LON``): the governments of a point as places,
each marked ``inside`` (its loaded boundary holds the point) or ``may`` (no
boundary of it is loaded and it lies in the point's county), from the index
of :mod:`deadlines.geo.where` (``app.extensions["where"]``)."""
from __future__ import annotations

from flask import current_app

from deadlines.core.places import Place

from web.common import registry


def governments_at(lat: float, lon: float, *, state: str | None = None, kind: str | None = None,
                   county: str | None = None) -> list[tuple[Place, str]]:
    """(place, "inside" or "may") for the point, the inside ones first, each
    group by kind and name; ``state``, ``kind`` and ``county`` narrow it."""
    stand = current_app.extensions["where"].at(lat, lon)
    places = registry().places()
    wanted = None
    if state or kind or county:
        wanted = {p.id for p in places.search(state=state, kind=kind, county=county)}
    return [(places.by_id[jid], where) for where, ids in (("inside", stand.inside), ("may", stand.may))
            for jid in ids if jid in places.by_id and (wanted is None or jid in wanted)]


def loaded() -> bool:
    """Whether any boundary is loaded (else no point finds a government)."""
    return current_app.extensions["where"].index().tree is not None


def counties_at(lat: float, lon: float) -> str:
    """The point's county as the page says it (``Washtenaw County, MI``), "" where none was found."""
    from web.language import said

    w = said()
    stand = current_app.extensions["where"].at(lat, lon)  # the index's answer again: a look-up, no rebuild
    return "; ".join(f"{w._('{name} County', name=county)}, {state}" for state, county in stand.counties)
