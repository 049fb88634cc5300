"""``/embed/<id>``: a small page with a jurisdiction's next deadlines and its
subscribe links, made for a city's or county's own site to put in an iframe.
The only page marked :func:`~web.framing.frameable`."""
from __future__ import annotations

from flask import Blueprint, render_template

from deadlines.core.errors import InputError
from deadlines.publish.speaking import speaking
from deadlines.service import coming

from web.common import nearest_places, once_per_change, records, suggestion_links, today_in, unknown_words
from web.framing import frameable
from web.language import said
from web.security import base_url, external_url

bp = Blueprint("embed", __name__)


@bp.get("/embed/<jid>")
@frameable
def jurisdiction(jid: str):
    """Computed once per change (:func:`~web.common.once_per_change`)."""
    try:
        return once_per_change(jid, "embed", _page, vary=(base_url(),))
    except InputError:  # an unknown id: said plainly, with the nearest governments' pages
        suggested = suggestion_links([(external_url("form.index", jurisdiction=p.id), p.name)
                                      for p in nearest_places(jid)], new_window=True)
        return render_template("embed.html", jur=None, error=unknown_words(jid), suggested=suggested), 404


def _page(jur):
    jid = jur.id
    today = today_in(jur.timezone)
    https = external_url("feeds.jurisdiction_feed", jid=jid)
    words = speaking(said())
    items = coming(jur, today=today, records=records(), count=3)
    # where every filing goes to one office (the usual case), it is said once, under the list, not on each row
    offices = list(dict.fromkeys(o for o in (words.filing_office(d, r.jurisdiction) for r, d in items) if o))
    return render_template(
        "embed.html", jur=jur, error=None, today=today, items=items, office=offices[0] if len(offices) == 1 else None,
        https=https, webcal="webcal://" + https.split("://", 1)[1], words=words, when=words.when,
        days_left=words.days_left, days_to=words.days_to, anchor=words.anchor, zone_name=words.zone_name,
    )
