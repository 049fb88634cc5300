"""The clerk API's notice publications (views on :mod:`web.clerk`'s
blueprint), as the desk's "Mark as published" and its undo:
``PUT .../notices/<cycle>/<deadline>`` marks the notice window ``deadline``
of ``cycle`` published (the desk's rules, :func:`web.notice_marks.mark`: not
after today, inside the window; 201 when marked, 200 when the same mark was in
force already, so a retry stores nothing; 409 when it is marked otherwise);
``DELETE`` of the same path undoes it (``?reason=`` kept in the history);
``GET .../notices`` lists the marks. Marking stops the notice's reminders;
undoing brings them back."""
from __future__ import annotations

from flask import g, jsonify, request
from sqlalchemy import select

from deadlines import commands
from deadlines.core import inputs
from deadlines.core.computed import uid
from deadlines.core.errors import InputError
from deadlines.store.tables import NoticePublication
from deadlines.words import DEFAULT, words

from web import notice_marks
from web.clerk import body, bp, changed, error, reading, writing
from web.clerk_reads import envelope
from web.language import said
from web.problems import detail
from web.schemas.clerk import PublicationIn


def _words():
    """The API's language: English unless ``lang`` is asked (as :func:`web.problems.detail`)."""
    return said() if g.get("lang_asked") else words(DEFAULT)


def _window(s, day, deadline: str):
    """The notice window ``deadline`` of the cycle ``day`` (None: there is none)."""
    try:
        return notice_marks.window(s, g.jur, day, _words(), deadline=deadline)
    except InputError:
        return None


def publication_out(p: NoticePublication) -> dict:
    _, cycle, deadline = (p.deadline_uid.split("/") + ["", ""])[:3]
    return {"uid": p.deadline_uid, "deadline": deadline, "election": cycle, "published_on": p.published_on.isoformat(),
            "where": p.where, "by": p.by, "recorded_at": p.recorded_at.isoformat()}


@bp.get("/notices")
def list_publications():
    """The notices marked published, by cycle."""
    with reading() as s:
        rows = s.scalars(select(NoticePublication).where(NoticePublication.jurisdiction_id == g.jid)
                         .order_by(NoticePublication.deadline_uid))
        return envelope([publication_out(p) for p in rows])


@bp.put("/notices/<cycle>/<deadline>")
def mark_published(cycle: str, deadline: str):
    marked = body(PublicationIn)
    day = inputs.cycle(g.jur, cycle)
    with writing() as s, s.begin():
        notice = _window(s, day, deadline)
        if notice is None:
            return error(404, f"no notice {deadline} in the {cycle} cycle of {g.jid}", "deadline")
        try:
            entry, new = notice_marks.mark(s, g.jur, day, notice, marked.published_on, marked.where, g.who, _words())
        except notice_marks.MarkedAlready as exc:
            return error(409, detail(exc), "deadline")
        out = publication_out(entry)
    if new:
        changed()
    return jsonify(out), 201 if new else 200


@bp.delete("/notices/<cycle>/<deadline>")
def undo_published(cycle: str, deadline: str):
    day = inputs.cycle(g.jur, cycle)
    with writing() as s, s.begin():
        notice = _window(s, day, deadline)
        if notice is None:
            return error(404, f"no notice {deadline} in the {cycle} cycle of {g.jid}", "deadline")
        if not commands.delete_publication(s, g.jur, uid(g.jur.id, notice), commands.notice_target(day, notice.id), who=g.who,
                                           reason=request.args.get("reason")):
            return error(404, f"the notice {deadline} of the {cycle} cycle is not marked published")
    changed()
    return "", 204
