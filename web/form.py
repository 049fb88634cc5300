"""The lookup form at ``/``: a plain GET form (no JavaScript needed) and a
results table, in the request's language (:mod:`web.language`); bad input is
answered beside its field with HTTP 400."""
from __future__ import annotations

from flask import Blueprint, render_template, request, url_for

from deadlines.core import inputs
from deadlines.core.computed import Result
from deadlines.core.elections import next_election
from deadlines.core.errors import CalendarError, InputError
from deadlines.core.jurisdiction import GOVERNMENT_KINDS, Jurisdiction
from deadlines.core.model import AUDIENCES
from deadlines.core.places import KIND_NAMES, place_of
from deadlines.publish.place_words import describe_place
from deadlines.publish.speaking import speaking
from deadlines.publish.timeline import layout as timeline_layout
from deadlines.service import lookup, named_cycle_of
from deadlines.words import DEFAULT

from web import form_fields, form_records, landing, where
from web.common import (examples, nearest_places, once_per_change, read_query, registry, records, safe_args,
                        suggestion_links, today_in, trouble_notices)
from web.language import said
from web.security import base_url, external_url
from web.feeds import empty_feed_words
from web.subscriptions import feed_links
from web.wording import for_people

bp = Blueprint("form", __name__)
SEARCH_FIELDS = ("q", "state", "kind", "county")
FORM_FIELDS = ("jurisdiction", "for", "prefilled", "audience", "print", "special", "near", "page", *SEARCH_FIELDS)
MATCHES_SHOWN = 50  # a page of the place search's matches
MAX_PAGE = 10_000
NEAR_SHOWN = 100


def _compute(jur: Jurisdiction, args, errors: dict) -> tuple[Result | None, bool]:
    """The result for the submitted form, or None (with ``errors`` filled),
    and whether it is the published calendar's (the cycle asked by its date
    by rule and nothing else typed: the same look-up the feed makes)."""
    audience = args.get("audience") or None
    if audience is not None and audience not in AUDIENCES:
        errors["audience"] = said()._("Choose one of: {choices}.", choices=", ".join(AUDIENCES))
    try:
        inputs.known_fields(jur, {k: v for k, v in args.items() if v}, also=(*FORM_FIELDS, *form_fields.time_fields(jur)))
        query = read_query(jur, form_fields.joined(jur, args))
        result = lookup(jur, today=today_in(jur.timezone), records=records(), **query)
    except InputError as exc:
        field = exc.field if exc.field in (*jur.triggers, "election", "primary") else "form"
        w = said()
        words = for_people(w, exc, jur, args.get(field))
        # the service's own words too, as the CLI and the APIs say the same mistake (in English, or where the
        # error's template is translated)
        terse = w.error(exc)
        if terse not in words and (w.lang == DEFAULT or terse != str(exc)):
            words = f"{words} ({terse})"
        errors[field] = words
        return None, False
    return (None, False) if errors else (result, query == {"election": result.cycle, "primary": None, "events": {}})


def _matches(args: dict, errors: dict) -> dict | None:
    """The place search's matches, :data:`MATCHES_SHOWN` to a page (``page``,
    from 1; past the last, the last), and how many there are: ``{"shown",
    "total", "first"}`` (the 1-based rank of the first shown) with the
    ``previous``/``next`` pages' links, and where nothing matches the places
    nearest what was typed (``near``: "denvr", the City and County of Denver);
    None where nothing was searched for. A county it does not know (or with
    no letter) is said beside its field, none found."""
    if not any(args.get(f) for f in SEARCH_FIELDS):
        return None
    kind = args.get("kind") or None
    filters = {"state": args.get("state") or None, "kind": kind if kind in GOVERNMENT_KINDS else None,
               "county": args.get("county") or None, "leave_out": examples()}
    try:
        found = registry().places().search(args.get("q"), **filters)
    except InputError as exc:  # the county (the only filter the search refuses)
        errors[exc.field or "county"] = for_people(said(), exc, None, args.get("county"))
        found = []
    nearest = registry().places().near(args.get("q"), **filters) if not found and args.get("q") and not errors else []
    w = said()
    suggested = suggestion_links([(url_for("form.index", jurisdiction=p.id), f"{p.name} ({describe_place(p, w)})")
                                  for p in nearest])
    try:
        number = inputs.whole_number(args.get("page"), "page", 1, MAX_PAGE, 1)
    except InputError:  # a page number mistyped in a link: the first page
        number = 1
    number = min(number, max(1, -(-len(found) // MATCHES_SHOWN)))
    first = (number - 1) * MATCHES_SHOWN
    shown = {f: args[f] for f in SEARCH_FIELDS if args.get(f)}
    to_page = lambda n: url_for("form.index", **shown, **({"page": n} if n > 1 else {}))  # noqa: E731
    return {"shown": found[first:first + MATCHES_SHOWN], "total": len(found), "first": first + 1,
            "previous": to_page(number - 1) if number > 1 else None,
            "next": to_page(number + 1) if first + MATCHES_SHOWN < len(found) else None, "suggested": suggested}


def _near(args: dict, errors: dict) -> dict | None:
    """Where you stand (``near=LAT,LON``): the governments of the point, the
    inside ones first, then those that may govern it (:mod:`web.where`); None
    where no point was given."""
    typed = args.get("near")
    if not typed:
        return None
    try:
        lat, lon = inputs.near(typed)
    except InputError:
        errors["near"] = said()._("Give the place as latitude,longitude in degrees, for example 42.2411,-83.6130. "
                                  "You entered “{typed}”.", typed=typed[:60])
        return {"error": True}
    found = where.governments_at(lat, lon)
    return {"lat": f"{lat:.4f}", "lon": f"{lon:.4f}", "found": found[:NEAR_SHOWN], "total": len(found),
            "more": len(found) > NEAR_SHOWN, "loaded": where.loaded(), "counties": where.counties_at(lat, lon)}


#: The embed's advised height (px): its tallest content measured in Chromium at 320 px wide (Orem in Spanish,
#: 2027: a window's first and last day, the office to file with and the filing fee on two rows: 1,021 px; 934
#: before the fee was said, 833 before the filing office was, 747 before the closed days were), with room to
#: spare. Where the host page runs the embed code's script, the frame takes the height the embed posts
#: (web/static/embed-size.js).
EMBED_HEIGHT = 1100
#: The tallest the frame is made on the embed's word (a page that posts more is not believed).
EMBED_MAX_HEIGHT = 2000
_RESIZE = ('<script>addEventListener("message",function(e){{var h=e.data&&e.data.deadlinesEmbedHeight;'
           'if(e.origin!=="{origin}"||typeof h!=="number")return;'
           'document.querySelectorAll("iframe[data-deadlines-embed]").forEach(function(f){{'
           'if(f.contentWindow===e.source)f.style.height=Math.min(Math.max(h,80),{most})+"px"}})}})</script>')


def embed_code(jid: str) -> str:
    """The iframe a city's site pastes to show :mod:`web.embed`'s page, then
    the script that fits the frame to the height the embed posts (a site that
    strips scripts keeps :data:`EMBED_HEIGHT`, which fits at 320 px wide)."""
    src = external_url("embed.jurisdiction", jid=jid)
    origin = "/".join(src.split("/", 3)[:3])
    return (f'<iframe src="{src}" title="{said()._("Election deadlines")}" width="100%" height="{EMBED_HEIGHT}" '
            f'style="border:0" data-deadlines-embed></iframe>\n' + _RESIZE.format(origin=origin, most=EMBED_MAX_HEIGHT))


def _typed(jur: Jurisdiction, args: dict) -> dict[str, str]:
    """The dates typed in the form (the election, the primary, trigger events),
    for the links that show the same cycle elsewhere (PDF, CSV, print, embed)."""
    names = ("election", "primary", *jur.triggers, *form_fields.time_fields(jur))
    return {k: args[k] for k in names if args.get(k) and not (k == "election" and args[k] == args.get("prefilled"))}


def _question(jur: Jurisdiction, args: dict, result):
    """The question asked where the typed election is not the one by rule (and
    was taken as a special election, not as the primary)."""
    typed = args.get("election")
    if (not typed or typed == args.get("prefilled") or args.get("special") or args.get("primary")
            or result.anchors["general"].how.code != "anchor.entered"):
        return None
    day = inputs.day(typed, "election")  # read already: the result was computed
    return form_fields.election_question(jur, day, named_cycle_of(jur, day, records().recorded(jur.id)) is not None)


@bp.get("/")
def index():
    """The page: a jurisdiction's computed once per change (:func:`~web.common.once_per_change`;
    the links' base URL and the roster are part of what it depends on)."""
    jid = request.args.get("jurisdiction")
    if jid is not None and not request.args.get("near"):  # a point's answer changes with the boundaries loaded
        try:
            return once_per_change(jid, "form", _page, vary=(base_url(), registry().signature()))
        except (InputError, CalendarError):  # no such id, or no version to serve: the page says so
            pass
    return _page()


def _page(loaded: Jurisdiction | None = None) -> tuple[str, int]:
    """The form, and the answer for the jurisdiction asked (``loaded``: it,
    loaded already by the caller)."""
    reg = registry()
    args = safe_args().to_dict()  # passed on to links (the API's): nothing url_for takes as its own
    args.pop("lang", None)  # the page's language (web.language), not a field of the form
    errors: dict[str, str] = {}
    jid = args.get("jurisdiction")  # none chosen: the landing page, nothing preselected
    searched = _matches(args, errors)
    near = _near(args, errors)
    jur = suggested = None
    try:
        jur = loaded or (reg.get(jid) if jid is not None else None)
    except InputError as exc:
        errors["jurisdiction"] = for_people(said(), exc, None, jid)
        suggested = suggestion_links([(url_for("form.index", jurisdiction=p.id), p.name) for p in nearest_places(jid)])
    except CalendarError:  # logged by the registry; the other jurisdictions still work
        errors["jurisdiction"] = said()._("This calendar file has a problem: '{id}' is not available until it is "
                                          "corrected; please try again later.", id=jid)
        jur = None
    notices: list[str] = [] if jur is None else trouble_notices(jur)
    if jur is not None and args.get("for") not in (None, jid):  # a new jurisdiction: keep what it has too
        args, carried = form_records.carry_over(jur, args)
        notices += carried
    result, published = None, False
    if jur is not None:
        today = today_in(jur.timezone)
        if not args.get("election"):  # none typed (the landing form's date is blank): the next by rule
            args["election"] = args["prefilled"] = next_election(jur.elections["general"], today).isoformat()
        if "jurisdiction" in request.args:
            result, published = _compute(jur, args, errors)
    audience = args.get("audience") if args.get("audience") in AUDIENCES else None  # an unknown one: said beside it
    rows = [] if result is None else [d for d in result.deadlines if not audience or audience in d.audience]
    extra = {} if result is None else {
        "links": form_records.calendar_links(jur, result, today, published),
        "cases": form_records.open_cases(result),
        "clerk": form_records.recorded_by_clerk(result, said()), "empty": empty_feed_words(jur),
        "question": _question(jur, args, result), "typed": (typed := _typed(jur, args)),
        "typed_extra": {k: v for k, v in typed.items() if k != "election"},
        "embed_code": embed_code(jur.id),
        "next_held": next_election(jur.elections["general"], today) if result.held < today else None,
    }
    choices = landing.featured() + (searched["shown"] if searched else [])
    if jur is not None and all(p.id != jur.id for p in choices):  # a government found by search or link
        choices = [place_of(jur), *choices]
    words = speaking(said())
    return render_template(
        "form.html", options=form_fields.jurisdiction_options(choices, jur.id if jur else None, words.w),
        matches=searched, jur=jur, args=args, errors=errors, result=result, rows=rows,
        notices=notices, audiences=AUDIENCES, today=today if jur else None, words=words,
        when=words.when, days_left=words.days_left, subscribe=feed_links(jur.id, audience) if jur else None,
        printing=bool(args.get("print")),
        landing=landing.overview() if jid is None and not searched and near is None else None, near=near,
        unfolded=jur is not None and (any(args.get(t) or t in errors for t in jur.triggers)
                                      or not form_fields.asks(jur, "election")),
        kind_names=KIND_NAMES, page_size=MATCHES_SHOWN, asks=form_fields.asks, suggested=suggested, timeline_layout=timeline_layout,
        split=form_fields.split, **extra,
    ), 400 if errors else 200
