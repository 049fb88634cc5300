"""Frozen, slotted dataclasses that are cheap to build.

The ``__init__`` a frozen dataclass is given stores each field through
``object.__setattr__`` (the frozen ``__setattr__`` refuses): for the engine's
results, built by the million, that is most of their cost. :func:`quick_init`
gives a frozen, slotted dataclass an ``__init__`` of the same signature that
stores straight through the slots' descriptors (a 28-field
:class:`~deadlines.core.computed.Deadline` three times faster). Instances stay
frozen: assigning a field still raises ``FrozenInstanceError``.
"""
from __future__ import annotations

from dataclasses import MISSING, fields


def quick_init(cls: type) -> type:
    """``cls`` (a ``@dataclass(frozen=True, slots=True)`` whose fields are all
    in ``__init__``, none with a default factory, no ``__post_init__``) with
    the faster ``__init__``."""
    params, body, space = [], [], {}
    for i, f in enumerate(fields(cls)):
        if not f.init or f.default_factory is not MISSING or hasattr(cls, "__post_init__"):
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init needs plain fields")
        space[f"_set{i}"] = cls.__dict__[f.name].__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            space[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        body.append(f"    _set{i}(self, {f.name})")
    exec(f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"]), space)
    init = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init
    return cls
