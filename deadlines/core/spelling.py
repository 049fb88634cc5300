"""The words of a fixed list nearest a misspelt one, as
:func:`difflib.get_close_matches` finds them, without its walk over every
word: an unknown id is compared with 6,761 ids, a typo with every word of
every place's name, on each such request (an anonymous client sending
random ids made each cost 3-10 ms).

:class:`Spellings` keeps each word's length and letter counts in arrays, and
skips at once the words difflib's own upper bounds would skip (its
``real_quick_ratio``: the two lengths; its ``quick_ratio``: the letters the
two words share, counted with repeats), computed with difflib's own
formula; it asks :class:`difflib.SequenceMatcher` for the ratio of the few
left. The answer is difflib's, word for word and in its order (the ratio,
then the word, highest first); ``tests/engine/test_spelling.py`` holds it
to difflib over generated lists and words and over every government's id.
"""
from __future__ import annotations

import difflib
import heapq
from collections import Counter

import numpy as np


class Spellings:
    """A fixed list of words without duplicates, to find the nearest of a word in."""

    def __init__(self, words):
        self.words = list(words)
        letters = sorted({c for w in self.words for c in w})
        self._column = {c: i for i, c in enumerate(letters)}
        self._lengths = np.array([len(w) for w in self.words], dtype=np.float64)
        self._counts = np.zeros((len(self.words), len(letters)), dtype=np.int32)
        for row, w in enumerate(self.words):
            for c, k in Counter(w).items():
                self._counts[row, self._column[c]] = k

    def close(self, word: str, n: int = 3, cutoff: float = 0.6) -> list[str]:
        """``difflib.get_close_matches(word, words, n, cutoff)``: at most ``n``
        words whose ratio to ``word`` is at least ``cutoff``, best first."""
        if not n > 0:
            raise ValueError(f"n must be > 0: {n!r}")
        if not 0.0 <= cutoff <= 1.0:
            raise ValueError(f"cutoff must be in [0.0, 1.0]: {cutoff!r}")
        if not self.words:
            return []
        wanted = np.zeros(len(self._column), dtype=np.int32)
        for c, k in Counter(word).items():
            if c in self._column:  # a letter no word has is shared with none
                wanted[self._column[c]] = k
        total = self._lengths + len(word)
        with np.errstate(invalid="ignore", divide="ignore"):  # two empty words: difflib's ratio is 1.0
            shortest = np.where(total > 0, 2.0 * np.minimum(self._lengths, len(word)) / total, 1.0)
            shared = np.where(total > 0, 2.0 * np.minimum(self._counts, wanted).sum(axis=1) / total, 1.0)
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(word)
        scored = []
        for row in np.flatnonzero((shortest >= cutoff) & (shared >= cutoff)):
            matcher.set_seq1(self.words[row])
            ratio = matcher.ratio()
            if ratio >= cutoff:
                scored.append((ratio, self.words[row]))
        return [x for _, x in heapq.nlargest(n, scored)]
