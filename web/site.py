"""What every page of the site shares that no surface owns: the icon at
``/favicon.ico`` (the one the pages link is ``static/favicon.svg``) and the
page an unknown address answers, a 404 in the site's own layout and the
reader's language with a search box (paths under ``/api/`` and
``/calendars/`` answer problem documents instead: :func:`web.api.http_problem`)."""
from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template, request, send_from_directory
from markupsafe import Markup

bp = Blueprint("site", __name__)
ICON_MAX_AGE = 7 * 24 * 3600


@bp.get("/favicon.ico")
def favicon() -> Response:
    resp = send_from_directory(current_app.static_folder, "favicon.ico", mimetype="image/vnd.microsoft.icon",
                               max_age=ICON_MAX_AGE)
    return resp


def not_found() -> tuple[str, int]:
    """The site's 404: what was asked (cut short), a place search, the ways in."""
    path = request.path if len(request.path) <= 200 else request.path[:200] + "…"
    return render_template("not_found.html", path=Markup('<code class="url">%s</code>') % path), 404
