"""The words of a fixed list nearest a misspelt one, as
:func:`difflib.get_close_matches` finds them, without its walk over every
word: an unknown id is compared with 6,761 ids, a typo with every word of
every place's name, on each such request (an anonymous client sending
random ids made each cost 3-10 ms).

difflib skips a word whose upper bounds fall short of the cutoff: its
``real_quick_ratio`` (the two lengths) and its ``quick_ratio`` (the letters
the two words share, counted with repeats), and computes the ratio of the
rest. :class:`Spellings` computes the same bounds for every word at once,
each word a bit of a Python integer: per letter and count, the words with
at least that many of the letter; the shared letters of every word summed
bit by bit (a counter kept as bit planes), and compared with what each
length needs. Only the few words left are compared by
:class:`difflib.SequenceMatcher`. The answer is difflib's, word for word
and in its order (the ratio, then the word, highest first);
``tests/engine/test_spelling.py`` holds it to difflib over generated lists
and words and over every government's id.
"""
from __future__ import annotations

import difflib
import heapq
from collections import Counter


def _ratio(matches: int, length: int) -> float:
    """difflib's ratio of ``matches`` over two words of ``length`` letters in all (its own formula)."""
    return 2.0 * matches / length if length else 1.0


def _add(planes: list[int], mask: int) -> None:
    """Add 1 to the count of every word whose bit ``mask`` sets (``planes[j]``: bit j of each count)."""
    for j, plane in enumerate(planes):
        if not mask:
            return
        planes[j], mask = plane ^ mask, plane & mask
    if mask:
        planes.append(mask)


def _at_least(planes: list[int], value: int, every: int) -> int:
    """The words whose count is at least ``value`` (``every``: all the words' bits)."""
    if value.bit_length() > len(planes):
        return 0
    above, equal = 0, every
    for j in range(len(planes) - 1, -1, -1):
        if value >> j & 1:
            equal &= planes[j]
        else:
            above |= equal & planes[j]
            equal &= ~planes[j]
    return above | equal


class Spellings:
    """A fixed list of words, to find the nearest of a word in."""

    def __init__(self, words):
        self.words = list(words)
        self._every = (1 << len(self.words)) - 1
        self._lengths: dict[int, int] = {}  # length -> its words
        self._having: dict[tuple[str, int], int] = {}  # (letter, k) -> the words with at least k of it
        for i, word in enumerate(self.words):
            bit = 1 << i
            self._lengths[len(word)] = self._lengths.get(len(word), 0) | bit
            for letter, count in Counter(word).items():
                for k in range(1, count + 1):
                    self._having[letter, k] = self._having.get((letter, k), 0) | bit

    def close(self, word: str, n: int = 3, cutoff: float = 0.6) -> list[str]:
        """``difflib.get_close_matches(word, words, n, cutoff)``: at most ``n``
        words whose ratio to ``word`` is at least ``cutoff``, best first."""
        if not n > 0:
            raise ValueError(f"n must be > 0: {n!r}")
        if not 0.0 <= cutoff <= 1.0:
            raise ValueError(f"cutoff must be in [0.0, 1.0]: {cutoff!r}")
        shared: list[int] = []
        for letter, count in Counter(word).items():
            for k in range(1, count + 1):
                _add(shared, self._having.get((letter, k), 0))
        left = 0
        for length, group in self._lengths.items():
            total = length + len(word)
            need = next((m for m in range(min(length, len(word)) + 1) if _ratio(m, total) >= cutoff), None)
            if need is not None:  # else even the lengths fall short (real_quick_ratio)
                left |= group & _at_least(shared, need, self._every)  # quick_ratio
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(word)
        scored = []
        while left:
            low = left & -left
            left ^= low
            x = self.words[low.bit_length() - 1]
            matcher.set_seq1(x)
            ratio = matcher.ratio()
            if ratio >= cutoff:
                scored.append((ratio, x))
        return [x for _, x in heapq.nlargest(n, scored)]
