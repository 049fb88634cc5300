"""``GET /api/v1/deadlines``: every deadline of every jurisdiction (of a state,
for an audience) to act on in a range, sorted and paginated by a cursor; each
deadline is the JSON of the per-jurisdiction API (:mod:`deadlines.across`), in
the envelope of every list (``items``, ``next``, ``total``).
A page is rendered once per listing and query and then served as bytes."""
from __future__ import annotations

import json

from flask import Blueprint, Response, current_app, request, url_for

from deadlines.across import Across, read_query
from deadlines.core.errors import InputError
from deadlines.publish.as_json import listing_dict
from deadlines.words import DEFAULT, words

from web.common import check_state, today_in
from web.costly import costly
from web.problems import input_problem

bp = Blueprint("bulk", __name__, url_prefix="/api/v1")
bp.register_error_handler(InputError, input_problem)


def across() -> Across:
    return current_app.extensions["across"]


@bp.get("/deadlines")
def deadlines() -> Response:
    """One page, rendered once per listing (a listing is computed once per change)."""
    q = read_query(request.args)
    q["state"] = check_state(q["state"])  # a state it does not know is a 400, as a bad kind is
    listing = across().listing(q["start"], q["end"], today=today_in("UTC"), state=q["state"], audience=q["audience"],
                               county=q["county"], kind=q["kind"], cancelled=q["cancelled"], costly=costly)
    pages = current_app.extensions["bulk_pages"]
    key = (listing, request.query_string)  # the listing itself: a new one whenever anything changed
    body = pages.get(key)
    if body is None:
        body = json.dumps(_page(listing, q), separators=(",", ":")).encode()
        pages.put(key, body)
    return Response(body, mimetype="application/json")


def _page(listing, q: dict) -> dict:
    """The page in the envelope of every list (``items``, ``total``, ``next``);
    ``deadlines`` (the items again) and ``cursor`` (the next page's cursor
    alone) are the keys this listing had before it, kept one release
    (deprecated: :data:`web.schemas.results.Listing`)."""
    chosen, cursor = listing.page(q["cursor"], q["limit"])
    query = {k: v for k, v in request.args.items() if k != "cursor"}
    body = listing_dict(q["start"], q["end"], q["state"], q["audience"], len(listing.entries), chosen, words(DEFAULT))
    return {
        **body,
        "items": body["deadlines"],
        "next": None if cursor is None else url_for("bulk.deadlines", **query, cursor=cursor),
        "cursor": cursor,
        "warnings": listing.warnings(),
    }

