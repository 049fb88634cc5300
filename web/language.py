"""The language a page answers in: ``lang`` in the query, else the
``Accept-Language`` header (:func:`deadlines.words.choose`), else English.

Flask-Babel gives templates ``_()`` from the ``messages`` catalog of that
language; ``g.lang`` holds it for the request. Links to the surfaces that
speak Spanish keep ``lang`` where it was asked for (and a feed's link keeps
it whenever the page is not in English: calendar programs send no
``Accept-Language``), and an answer chosen by the header says
``Vary: Accept-Language``.
"""
from __future__ import annotations

from urllib.parse import quote, urlencode

from flask import Flask, g, request, url_for
from flask_babel import Babel, get_translations
from markupsafe import Markup, escape

from deadlines.words import DEFAULT, LANGUAGES, LOCALE, NAMES, Words, choose, words

#: endpoints that speak every language (their links keep ``lang``)
SPOKEN = frozenset({"form.index", "across.page", "across.spreadsheet", "about.jurisdiction", "embed.jurisdiction", "cycle.printable", "cycle.spreadsheet",
                    "cycle.timeline", "subscriptions.form", "subscriptions.subscribe", "subscriptions.confirm_form",
                    "subscriptions.confirm", "subscriptions.unsubscribe_form", "subscriptions.unsubscribe",
                    "clerk_request.form", "clerk_request.submit", "docs.reference",
                    "desk.home", "desk.ask_link", "desk.sign_in", "desk.sign_out", "desk.jurisdiction", "desk.write"})
FEEDS = frozenset({"feeds.jurisdiction_feed", "feeds.election_feed", "feeds.deadline_feed"})


def lang() -> str:
    """The request's language (English outside a request)."""
    return g.get("lang", DEFAULT) if g else DEFAULT


def said() -> Words:
    """The :class:`~deadlines.words.Words` of the request's language."""
    return words(lang())


def _choose() -> None:
    asked = request.args.get("lang")
    g.lang = choose(asked, None if request.endpoint in FEEDS else request.headers.get("Accept-Language"))
    g.lang_asked = bool(asked)


def _keep(endpoint: str, values: dict) -> None:
    if "lang" in values or not g or "lang" not in g:
        return
    if (endpoint in SPOKEN and g.lang_asked) or (endpoint in FEEDS and g.lang != DEFAULT):
        values["lang"] = g.lang


def _vary(resp):
    if request.endpoint in SPOKEN and not g.get("lang_asked"):
        resp.vary.add("Accept-Language")
    if request.endpoint in SPOKEN or request.endpoint in FEEDS:
        resp.headers.setdefault("Content-Language", lang())
    return resp


def switch() -> list[tuple[str, str, str | None]]:
    """The language switch: (code, the language's own name, a link to this
    page in it, None for the language shown), the query kept."""
    if request.endpoint is None:  # an address nothing answers (the 404 page): the same address in the language
        path = quote("/" + request.path.lstrip("/"))  # never "//host": a link to another site
        return [(code, NAMES[code], None if code == lang()
                 else f"{path}?{urlencode({**request.args.to_dict(), 'lang': code})}") for code in LANGUAGES]
    args = {**(request.view_args or {}), **request.args.to_dict()}
    return [(code, NAMES[code], None if code == lang() else url_for(request.endpoint, **{**args, "lang": code}))
            for code in LANGUAGES]


def hidden_lang() -> str | None:
    """The ``lang`` a page's GET forms carry, where it was asked for."""
    return lang() if g.get("lang_asked") else None


def in_english() -> Markup:
    """`` lang="en"`` for an element that quotes the law or cites it, on a page
    in another language (an English page is left as it was)."""
    return Markup("") if lang() == DEFAULT else Markup(' lang="en"')


def english(text: str) -> Markup:
    """``text`` (a citation) marked English on a page in another language."""
    return escape(text) if lang() == DEFAULT else Markup('<span lang="en">%s</span>') % text


def _catalog():
    """The request's catalog of ``messages``: Flask-Babel's, looked up once
    per request (its look-up walks the app context, the domain and the
    locale again for every string: half of each ``_()``'s cost, a page says
    about 80). Its locale is fixed for the request already (Flask-Babel keeps
    the first one chosen)."""
    if not g:  # outside an app context: Flask-Babel's own (no translation)
        return get_translations()
    found = g.get("catalog")
    if found is None:
        found = g.catalog = get_translations()
    return found


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(LOCALE))
    app.config.setdefault("BABEL_DOMAIN", "messages")
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    Babel(app, locale_selector=lang)
    app.jinja_env.install_gettext_callables(  # Flask-Babel's, with the catalog looked up once per request
        gettext=lambda s: _catalog().ugettext(s), ngettext=lambda s, p, n: _catalog().ungettext(s, p, n),
        pgettext=lambda c, s: _catalog().upgettext(c, s),
        npgettext=lambda c, s, p, n: _catalog().unpgettext(c, s, p, n), newstyle=True)
    app.before_request(_choose)
    app.url_defaults(_keep)
    app.after_request(_vary)
    app.jinja_env.globals.update(lang=lang, language_switch=switch, hidden_lang=hidden_lang, in_english=in_english,
                                 english=english)
