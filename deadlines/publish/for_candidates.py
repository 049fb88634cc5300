"""A deadline as a candidate reads it: without the research remarks.

The calendar files say beside a citation, a rule's note or a choice's
aftermath what research could not read or found ("(words not read; ...)",
"bills found: ...", "Subsection (1)(b) was not read"). Those remarks belong in
"How these dates are computed" (``/jurisdictions/<id>``) and the JSON; a
candidate's row, the printed calendar and the CSV show the deadline without
them (issue "Local truth", item 3). The remarks are found on the notes' source
words (the calendar files' English, the catalogs' message ids), so a page in
any language drops the same ones. Pure: deadlines in, deadlines out.
"""
from __future__ import annotations

import re
from dataclasses import replace

from deadlines.core.computed import Deadline
from deadlines.core.notes import Note

#: Words that mark a research remark in a calendar file's English.
RESEARCH = re.compile(r"\bnot\s+read\b|\bbills\s+found\b|\bnot\s+found\b", re.IGNORECASE)  # a line may break between the words
_TAIL = re.compile(r":\s*text not read$")
_SEMICOLON = re.compile(r";\s+")


def is_research(words: str) -> bool:
    """Whether ``words`` (a calendar file's English) carry a research remark."""
    return bool(RESEARCH.search(words))


def trimmed(cite: str) -> str:
    """A citation without its research remarks: each parenthesis (nested ones
    inside it too) that says what was not read or found is left out, then each
    clause (between semicolons) that says it ("...; the Charter's words not
    read"), unless every clause does, and a trailing ": text not read"."""
    out, i = [], 0
    while i < len(cite):
        if cite[i] == "(":
            depth, j = 0, i
            while j < len(cite):
                depth += {"(": 1, ")": -1}.get(cite[j], 0)
                if depth == 0:
                    break
                j += 1
            group = cite[i:j + 1]
            if is_research(group):
                while out and out[-1] == " ":
                    out.pop()
            else:
                out.append(group)
            i = j + 1
            continue
        out.append(cite[i])
        i += 1
    kept = _TAIL.sub("", "".join(out)).strip()
    clauses = _SEMICOLON.split(kept)
    plain = [c for c in clauses if not is_research(c)]
    return "; ".join(plain) if plain and len(plain) < len(clauses) else kept


_BRACKET = re.compile(r"\[([^\[\]]*)\]")
_CLAUSE = re.compile(r"(?<=[.;])\s+")


def quoted(text: str) -> str:
    """Quoted law without the research remarks of its editorial brackets: in a
    bracket that says what was not read, the clauses that say it are left
    out (its "as the colleges publish it:" stays), an emptied bracket with them."""
    def kept(m: re.Match) -> str:
        if not is_research(m.group(1)):
            return m.group(0)
        rest = " ".join(c for c in _CLAUSE.split(m.group(1)) if not is_research(c)).strip()
        return f"[{rest}]" if rest else ""
    return re.sub(r"[ \t]{2,}", " ", _BRACKET.sub(kept, text)).strip()


def _note(n: Note) -> Note | None:
    """``n`` without research remarks: a calendar file's words that carry one
    are left out (None), a choice's aftermath that carries one is said as the
    choice's end alone, and every citation inside is :func:`trimmed`."""
    if n.code == "text":
        return None if is_research(n.args[0][1]) else n
    if n.code == "choice.ended_then" and is_research(str(n.arg("after", ""))):
        n = Note("choice.ended", tuple((k, v) for k, v in n.args if k != "after"))
    args = []
    for key, value in n.args:
        if isinstance(value, Note):
            value = _note(value)
        elif isinstance(value, tuple) and any(isinstance(v, Note) for v in value):
            value = tuple(v for v in (_note(v) if isinstance(v, Note) else v for v in value) if v is not None)
            if n.code == "joined" and not value:
                return None
        elif key == "cite" and isinstance(value, str):
            value = trimmed(value)
        args.append((key, value))
    return Note(n.code, tuple(args))


def _notes(notes: tuple[Note, ...]) -> tuple[Note, ...]:
    return tuple(k for k in (_note(n) for n in notes) if k is not None)


def for_candidates(d: Deadline) -> Deadline:
    """``d`` as a candidate's row, the printed calendar and the CSV show it:
    its citation, steps, warnings and readings without research remarks."""
    if not any(is_research(s) for s in remarks_source(d)):
        return d
    readings = tuple(replace(r, name=_note(r.name) or r.name, cite=trimmed(r.cite),
                             why=_note(r.why) if isinstance(r.why, Note) else r.why) for r in d.readings)
    return replace(d, rule=replace(d.rule, cite=trimmed(d.rule.cite), text=quoted(d.rule.text)), steps=_notes(d.steps),
                   warnings=_notes(d.warnings), readings=readings)


def cautions(notes: tuple[Note, ...]) -> tuple[Note, ...]:
    """A cycle's cautions (:attr:`Result.warnings`) as the printed calendar
    shows them: without research remarks (a caveat saying what of a
    government's own law was not read stays in "How these dates are computed")."""
    return _notes(notes)


def remarks_source(d: Deadline) -> list[str]:
    """Every source string of ``d``'s citation and notes (where a remark could be)."""
    found: list[str] = [d.citation, d.text, *(r.cite for r in d.readings)]

    def walk(value) -> None:
        if isinstance(value, Note):
            for _, v in value.args:
                walk(v)
        elif isinstance(value, tuple):
            for v in value:
                walk(v)
        elif isinstance(value, str):
            found.append(value)

    for n in (*d.steps, *d.warnings, *(r.name for r in d.readings), *(r.why for r in d.readings)):
        walk(n)
    return found


def research_remarks(d: Deadline) -> tuple[str | Note, ...]:
    """What :func:`for_candidates` leaves out of ``d``, for "How these dates
    are computed": the citation as the file writes it where it carries a
    remark, and each note that carries one (as notes, said in the reader's
    language by the page)."""
    out: list[str | Note] = []
    if trimmed(d.citation) != d.citation:
        out.append(d.citation)

    def dropped(n: Note) -> None:
        if n.code == "text" and is_research(n.args[0][1]):
            out.append(n)
        elif n.code == "choice.ended_then" and is_research(str(n.arg("after", ""))):
            out.append(Note("text", (("text", n.arg("after")),)))
        elif n.code == "joined":
            for part in n.args[0][1]:
                dropped(part)

    for n in (*d.steps, *d.warnings, *(r.why for r in d.readings if isinstance(r.why, Note))):
        dropped(n)
    out += [f"[{m.group(1)}]" for m in _BRACKET.finditer(d.text) if is_research(m.group(1))]
    for r in d.readings:
        if trimmed(r.cite) != r.cite and r.cite not in out:
            out.append(r.cite)
    return tuple(out)
