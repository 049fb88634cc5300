"""What every surface needs: the registry, the anchor store, "today", the
user's query (election, primary, trigger events) read into engine arguments,
and the notice a jurisdiction's pages show while its file has a problem."""
from __future__ import annotations

from datetime import date, datetime
from typing import Callable, Mapping
from zoneinfo import ZoneInfo

from flask import current_app, request
from markupsafe import Markup, escape
from werkzeug.datastructures import MultiDict

from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core import inputs
from deadlines.core.errors import InputError
from deadlines.core.registry import Registry
from deadlines.service import RecordSource

from web.language import lang, said
from web.problems import nearest as nearest_ids
from web.security import url_safe


def registry() -> Registry:
    return current_app.extensions["registry"]


def records() -> RecordSource:
    return current_app.extensions["records"]


def today_in(timezone: str) -> date:
    """Config ``TODAY`` if set, else today in the jurisdiction's zone (a deadline
    is counted in the clerk's day, not the server's)."""
    pinned = current_app.config.get("TODAY")
    if pinned:
        return pinned if isinstance(pinned, date) else date.fromisoformat(str(pinned))
    return datetime.now(ZoneInfo(timezone)).date()


def read_query(jur: Jurisdiction, args: Mapping[str, str]) -> dict:
    """The query's ``election``, ``primary`` and trigger events (see
    :func:`deadlines.core.inputs.query`)."""
    return inputs.query(jur, args)


def safe_args() -> MultiDict:
    """The query without the keys that would collide with ``url_for``'s own
    arguments (``endpoint``, ``_external``, ``_method``, any key starting with
    ``_``) or with the path's parts (``jid`` on ``/calendars/<jid>.ics``):
    what a view may pass on as ``url_for(endpoint, **path, **safe_args())``.
    Every request's ``request.args`` is that already
    (:func:`web.security.url_safe`, before any view); this says so where a
    view splats the query into a link."""
    return url_safe(request.args, request.view_args)


def trouble_notices(jur: Jurisdiction) -> list[str]:
    """That the jurisdiction's file is invalid and which version is shown instead (none when all is well)."""
    trouble = registry().trouble(jur.id)
    if trouble is None or trouble[1] is None:
        return []
    written = datetime.fromtimestamp(trouble[1], ZoneInfo(jur.timezone))
    w = said()
    return [w._("This calendar file has a problem; the last good version from {day}, {clock} ({zone}) is shown.",
                day=w.day(written.date()), clock=w.clock(written.time()), zone=jur.timezone)]


def once_per_change(jid: str, what: str, render: Callable[[Jurisdiction], object], vary: tuple = ()):
    """``render(jur)`` for this request, computed once per change of what a
    feed is keyed on (the file's stamp, the records' revision, the day), of
    the query and of ``vary`` (whatever else the answer depends on: the base
    URL of its links, a language), however many ask at once (``answers``, a
    :class:`~deadlines.caches.Computed`). An answer already computed costs
    a stat and look-ups: the jurisdiction is loaded only to compute one."""
    reg = registry()
    jid = reg.resolve(jid)  # an Open Civic Data id too
    stamp = reg.stamp(jid)
    zones = current_app.extensions["zones"]  # (id, stamp) -> its time zone (whose day the answer is of)
    zone, jur = zones.get((jid, stamp)), None
    if zone is None:
        jur = reg.get(jid)
        zone = jur.timezone
        zones.put((jid, stamp), zone)
    key = (what, jid, request.query_string, lang(), stamp, records().revision(jid), today_in(zone), *vary)
    return current_app.extensions["answers"].get(key, lambda: render(jur or reg.get(jid)))


#: The calendars kept for tests and examples only (a fictional city): served
#: by id everywhere, offered in no public list (``EXAMPLE_JURISDICTIONS``).
EXAMPLES = ("model-city",)


def examples() -> frozenset[str]:
    """The ids of the example calendars (config ``EXAMPLE_JURISDICTIONS``)."""
    return frozenset(current_app.config.get("EXAMPLE_JURISDICTIONS", EXAMPLES))


def public(places: list) -> list:
    """``places`` (anything with an ``id``) without the example calendars."""
    hidden = examples()
    return [p for p in places if p.id not in hidden] if hidden else list(places)


def known_states() -> tuple[str, ...]:
    """The states whose governments the service knows (postal codes, sorted),
    read once per change of the places."""
    places = registry().places()
    kept = current_app.extensions.get("known_states")
    if kept is None or kept[0] is not places:
        kept = (places, tuple(sorted({p.state for p in places.places if p.state})))
        current_app.extensions["known_states"] = kept
    return kept[1]


def check_state(state: str | None) -> str | None:
    """``state`` in upper case, None where none is given; :class:`InputError`
    naming ``state`` (code ``filter.state_unknown``, its fact the state as
    typed) for one that is not the postal code of a state whose governments
    the service knows, as an unknown ``kind`` is refused."""
    if not state:
        return None
    known = known_states()
    if state.upper() not in known:
        shown = state.upper() if len(state) == 2 and state.isascii() and state.isalpha() else repr(state[:40])
        raise InputError.of("filter.state_unknown", "state", state=shown, known=tuple(known))
    return state.upper()


def unknown_words(jid: str | None) -> str:
    """A public page's words for an id it does not know (never a command to run)."""
    w = said()
    if not jid:
        return w._("No government was chosen.")
    return w._("There is no government with the id “{id}” here.", id=jid[:100])


def nearest_places(jid: str | None) -> list:
    """The public governments whose ids are nearest an unknown ``jid``, closest
    first (the look-up whose ids the API's ``suggestions`` say: :func:`web.problems.nearest`)."""
    by_id = registry().places().by_id
    return public([by_id[i] for i in nearest_ids(jid) if i in by_id])


def suggestion_links(pairs: list[tuple[str, str]], new_window: bool = False) -> Markup | None:
    """(url, name) pairs as links joined by "or" (None for none), for ``_('Did you mean %(places)s?')``."""
    if not pairs:
        return None
    more = Markup(' target="_blank" rel="noopener"') if new_window else Markup("")
    links = [Markup('<a href="%s"%s>%s</a>') % (url, more, name) for url, name in pairs]
    return Markup(" %s " % escape(said()._("or"))).join(links)
