"""Which pages other sites may put in a frame: only views marked
:func:`frameable` (the embed). A security header policy asks
:func:`is_frameable` for the current request (``frame-ancestors *`` there,
``'none'`` everywhere else)."""
from __future__ import annotations

from typing import Callable, TypeVar

from flask import current_app, request

View = TypeVar("View", bound=Callable)


def frameable(view: View) -> View:
    """Mark a view as made to be framed by any site."""
    view.frameable = True  # type: ignore[attr-defined]
    return view


def is_frameable() -> bool:
    """Whether the view answering this request is marked :func:`frameable`."""
    view = current_app.view_functions.get(request.endpoint or "")
    return bool(getattr(view, "frameable", False))
