"""``/deadlines``: a newsroom's view, every deadline and window opening across
governments in a range (default the next 30 days), filtered by state, county,
kind of government and audience as ``GET /api/v1/deadlines`` is, paged, each
row naming its government; "Subscribe to these" (the combined feed for the
same filter) and the same rows as CSV (``/deadlines.csv``)."""
from __future__ import annotations

from datetime import date, timedelta
from urllib.parse import quote, urlencode

from flask import Blueprint, Response, current_app, render_template, request, url_for

from deadlines.across import QUERY, Across, by_deadline, check_filters, read_query
from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.jurisdiction import GOVERNMENT_KINDS
from deadlines.core.model import AUDIENCES
from deadlines.publish import as_csv
from deadlines.publish.speaking import speaking
from deadlines.words import Words

from web.common import check_state, known_states, registry, today_in
from web.costly import costly
from web.language import said
from web.feeds_combined import MAX_COMBINED
from web.landing import STATES
from web.problems import input_problem
from web.security import external_url

bp = Blueprint("across", __name__)
bp.register_error_handler(InputError, input_problem)  # the CSV's; the page says them beside the fields
DEFAULT_DAYS = 30
FILTERS = ("state", "county", "kind", "audience")


def _across() -> Across:
    return current_app.extensions["across"]


#: the page's own parameters beside the bulk API's: its language, its view, its page number
OWN = ("lang", "view", "page")
VIEWS = ("grouped", "rows")
#: how far past an empty range the page looks for the next date with deadlines
NEXT_DAYS = 366
#: the governments a shared deadline lists by name (the rest counted, and in the CSV): a Colorado
#: deadline shared by its 3,185 special districts made the default page 0.9 MB and 0.1 s of CPU
LISTED_IN_GROUP = 50
MAX_PAGE = 999_999


def _query(args: dict, today) -> dict:
    """The page's query: the bulk API's, the range defaulting to the next 30 days."""
    given = {k: v for k, v in args.items() if v and k not in OWN}
    given.setdefault("from", today.isoformat())
    given.setdefault("to", (today + timedelta(days=DEFAULT_DAYS)).isoformat())
    return read_query(given)


def _subscribe(q: dict, w: Words) -> dict:
    """The combined feed for the filter, or why there is none (no filter, too many)."""
    filters = {k: q[k] for k in ("state", "county", "kind") if q[k]}
    if not filters:
        return {"why": w._("Choose a state, a county or a kind of government to subscribe to these.")}
    count = len(registry().places().search(**filters))
    https = external_url("feeds.combined_feed", **filters, **({"audience": q["audience"]} if q["audience"] else {}))
    shared = count > MAX_COMBINED and w._("one event per deadline they share, naming them")  # web.feeds_combined._grouped_feed
    return {"https": https, "webcal": "webcal://" + https.split("://", 1)[1], "count": count, "shared": shared}


def _listing(q: dict, today):
    return _across().listing(q["start"], q["end"], today=today, state=q["state"], audience=q["audience"],
                             county=q["county"], kind=q["kind"], costly=costly)


@bp.get("/deadlines")
def page():
    today = today_in("UTC")
    w = said()
    args = request.args.to_dict()
    errors: dict[str, str] = {}
    listing = q = None
    try:
        q = _query(args, today)
        q["state"] = check_filters(check_state(q["state"]), q["audience"], q["kind"])
        listing = _listing(q, today)
    except InputError as exc:
        field = exc.field if exc.field in QUERY else "from"
        message = _unknown_state(w, exc) if exc.code == "filter.state_unknown" else w.error(exc)
        errors[field] = message[0].upper() + message[1:]
    spoken = speaking(w)
    view = args.get("view") or None
    if view not in (None, *VIEWS):
        errors["view"], view = w._("Choose one of: {choices}.", choices=", ".join(VIEWS)), None
    try:
        number = inputs.whole_number(args.get("page"), "page", 1, MAX_PAGE, 1)
    except InputError as exc:
        errors["page"], number = w.error(exc), 1
    entries = listing.entries if listing is not None else []
    if listing is not None and q["cursor"]:  # a link of the bulk API's kind: from its cursor on
        entries, _ = listing.page(q["cursor"], len(listing.entries) or 1)
    groups = by_deadline(entries)
    if view is None:  # grouped where governments share a deadline, else one row each
        view = "grouped" if len(groups) < len(entries) else "rows"
    items = groups if view == "grouped" else entries
    first = (number - 1) * q["limit"] if q else 0
    chosen = items[first:first + q["limit"]] if q else []
    shown = {k: v for k, v in args.items() if k not in ("cursor", "page") and v}
    to_page = lambda n: url_for("across.page", **shown, **({"page": n} if n > 1 else {}))  # noqa: E731
    return render_template(
        "deadlines.html", args=args, errors=errors, q=q, listing=listing, entries=chosen, today=today, view=view,
        county_named=registry().places().county_name(q["county"], q["state"]) if q and q["county"] and not errors else None,
        counted={"first": first + 1, "last": first + len(chosen), "total": len(items)},
        view_url={v: url_for("across.page", **{**shown, "view": v}) for v in VIEWS},
        next_url=to_page(number + 1) if first + len(chosen) < len(items) else None,
        previous_url=to_page(number - 1) if number > 1 else None,
        next_day=_next_day(q, today) if q and listing is not None and not listing.entries else None,
        csv_url=url_for("across.spreadsheet", **shown),
        subscribe=_subscribe(q, w) if q and not errors else None,
        json_args={**{k: v for k, v in args.items() if k not in OWN}, "from": q["start"].isoformat(),
                   "to": q["end"].isoformat()} if listing is not None else {},  # the API speaks no lang
        defaults={"from": today.isoformat(), "to": (today + timedelta(days=DEFAULT_DAYS)).isoformat()},
        states=STATES, kinds=GOVERNMENT_KINDS, audiences=AUDIENCES, words=spoken, when=spoken.when, row_url=_row_url(),
        listed_in_group=LISTED_IN_GROUP,
    ), 400 if errors else 200


def _next_day(q: dict, today):
    """After an empty range, the first day with a deadline or an opening for
    the same filters within :data:`NEXT_DAYS`, and the page's link to it (None: none)."""
    start = q["end"] + timedelta(days=1)
    later = _across().listing(start, start + timedelta(days=NEXT_DAYS - 1), today=today, state=q["state"],
                              audience=q["audience"], county=q["county"], kind=q["kind"], costly=costly)
    if not later.entries:
        return None
    day = later.entries[0].key[0]
    shown = {k: v for k, v in request.args.items() if k in ("state", "county", "kind", "audience", "lang", "view") and v}
    return {"day": date.fromisoformat(day), "url": url_for("across.page", **shown, **{"from": day, "to": (
        date.fromisoformat(day) + timedelta(days=DEFAULT_DAYS)).isoformat()})}


def _unknown_state(w: Words, exc: InputError) -> str:
    """A state the service does not know, in the page's words: the states it does, by name."""
    known = [STATES.get(code, code) for code in known_states()]
    return w._("There is no state {state} here: choose {states}.", state=dict(exc.facts)["state"],
               states=w._("{first} or {last}", first=", ".join(known[:-1]), last=known[-1]) if len(known) > 1
               else known[0])


def _row_url():
    """Each entry's row on the form (the form's path built once a page, not
    once a row: a page has 100)."""
    root = url_for("form.index")  # "/?lang=es" in Spanish: the row's query joins it
    join = "&" if "?" in root else "?"
    return lambda e: f"{root}{join}{urlencode({'jurisdiction': e.jurisdiction.id, 'election': e.result.held.isoformat()})}" \
                     f"#{quote(e.deadline.id)}"


@bp.get("/deadlines.csv")
def spreadsheet() -> Response:
    """Every row of the listing (no pages) as CSV."""
    today = today_in("UTC")
    q = _query({k: v for k, v in request.args.items() if k not in ("cursor", "limit")}, today)
    q["state"] = check_state(q["state"])
    listing = _listing(q, today)
    body = as_csv.render_listing(listing.entries, lambda e: external_url(
        "form.index", jurisdiction=e.jurisdiction.id, election=e.result.held.isoformat(), _anchor=e.deadline.id),
        said())
    name = f"deadlines-{q['start'].isoformat()}-{q['end'].isoformat()}.csv"
    return Response(body, mimetype="text/csv", headers={"Content-Disposition": f'attachment; filename="{name}"'})
