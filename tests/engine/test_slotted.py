"""quick_init keeps a frozen, slotted dataclass what it was: same signature,
defaults, equality, frozen, copied and pickled alike."""
import copy
import dataclasses
import inspect
import pickle
from datetime import date

import pytest

from deadlines.core.computed import Deadline
from deadlines.core.model import Expr, Rule
from deadlines.core.notes import Note
from deadlines.core.slotted import quick_init


@dataclasses.dataclass(frozen=True, slots=True)
class _Plain:
    a: int
    b: tuple = ()


@quick_init
@dataclasses.dataclass(frozen=True, slots=True)
class Quick:
    a: int
    b: tuple = ()


def test_same_signature_as_the_dataclass_init():
    def shape(cls):
        return [(p.name, p.kind, p.default) for p in inspect.signature(cls.__init__).parameters.values()]

    assert shape(Quick) == shape(_Plain)
    assert shape(Deadline)[-1] == ("basis", inspect.Parameter.POSITIONAL_OR_KEYWORD, None)


def test_defaults_positional_and_keyword():
    assert (Quick(1).a, Quick(1).b) == (1, ())
    assert Quick(1, (2,)) == Quick(a=1, b=(2,))
    with pytest.raises(TypeError):
        Quick()


def test_still_frozen_and_copied_alike():
    n = Note("count.days_before", (("n", 67),))
    with pytest.raises(dataclasses.FrozenInstanceError):
        n.code = "x"
    assert pickle.loads(pickle.dumps(n)) == n == copy.deepcopy(n)
    assert dataclasses.replace(n, code="x") == Note("x", (("n", 67),))


def test_a_deadline_replaced_keeps_every_field():
    rule = Rule(id="x", title="t", kind="deadline", audience=(), due=Expr("days_before", "general", 67),
                cite="c", text="", source="x.toml")
    d = Deadline(cycle=date(2026, 11, 3), id="x", rule=rule, due=date(2026, 8, 28),
                 ends=Note("ends.end_of_day"), status="scheduled", steps=())
    moved = dataclasses.replace(d, status="cancelled")
    assert moved.status == "cancelled" and moved.basis is None and moved.computed_due is None
    assert (moved.title, moved.citation, moved.source, moved.rule_effective) == ("t", "c", "x.toml", None)
    assert dataclasses.replace(moved, status="scheduled") == d


def test_refuses_default_factories():
    with pytest.raises(TypeError):
        quick_init(dataclasses.make_dataclass("F", [("a", list, dataclasses.field(default_factory=list))],
                                              frozen=True, slots=True))
