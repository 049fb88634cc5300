"""The nearest words of a misspelt one (deadlines.core.spelling) are
difflib's own: the same words in the same order, for any list, word, count
and cutoff."""
from __future__ import annotations

import difflib

import pytest
from hypothesis import given, settings, strategies as st

from deadlines.core.registry import Registry
from deadlines.core.spelling import Spellings

LETTERS = st.text(alphabet="abcdeoru-", max_size=14)


@settings(max_examples=400, deadline=None)
@given(words=st.lists(LETTERS, max_size=40), word=LETTERS, n=st.integers(1, 5),
       cutoff=st.sampled_from([0.0, 0.3, 0.6, 0.75, 0.8, 1.0]))
def test_the_same_words_as_difflib(words, word, n, cutoff):
    assert Spellings(words).close(word, n, cutoff) == difflib.get_close_matches(word, words, n, cutoff)


@pytest.mark.parametrize("typed", ["ypsilanti", "orem", "orm-ut", "denvr-co", "salt-lake-cty-ut", "zzzzqqq",
                                   "city-of-grand-rapids", "a", ""])
def test_the_same_ids_as_difflib_over_every_government(typed):
    ids = Registry().ids()
    assert Spellings(ids).close(typed, 3, 0.75) == difflib.get_close_matches(typed, ids, 3, 0.75)


def test_bad_arguments_are_refused_as_difflib_refuses_them():
    for n, cutoff in ((0, 0.6), (3, 1.5), (3, -0.1)):
        with pytest.raises(ValueError):
            difflib.get_close_matches("a", ["a"], n, cutoff)
        with pytest.raises(ValueError):
            Spellings(["a"]).close("a", n, cutoff)
