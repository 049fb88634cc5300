"""Extract the words the calendar files say to people into the ``calendars`` catalog.

Reads every TOML under ``calendars/`` (jurisdictions' files, the shared sets,
``calendars/roster/kinds-*.toml``) and collects each string shown to people as
words (:data:`WORDS`): titles, notes, cautions, caveats, readings' names and
reasons, holiday and closure names, thresholds' offices and signers, kinds'
titles. Quoted law (``text``, ``period_text``), citations (``cite``, ``url``,
``source``, ``authority``) and ids are never collected. Writes
``deadlines/words/locale/calendars.pot`` (messages sorted, each with ``#:``
references ``<file>:<key>``) and merges it into the
``<lang>/LC_MESSAGES/calendars.po`` of every language but English
(translations kept; new messages empty; messages no file says any more dropped).

``--check`` writes nothing and exits 1 when the ``.pot`` or a ``.po`` lacks a
calendar string or holds one no file says (run ``scripts/catalogs.py`` after
translating to compile the ``.mo``)."""
from __future__ import annotations

import argparse
import io
import sys
import tomllib
from fnmatch import fnmatchcase
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from deadlines.words import DEFAULT, LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
CALENDARS = ROOT / "calendars"
LOCALE = ROOT / "deadlines" / "words" / "locale"
POT = LOCALE / "calendars.pot"
DOMAIN = "calendars"
PROJECT = "election deadline service"

#: Where words are, as key paths with list positions left out (``*`` is any
#: id); by kind of file. A jurisdiction's ``name`` is shown with its results;
#: a shared set's is not (the loader reads only the jurisdiction's).
_RULE_FILE = (
    "caveat", "time_law.warning", "office_hours.confirm",
    "elections.*.title", "triggers.*.title", "overrides.reason",
    "deadlines.*.title", "deadlines.*.note", "deadlines.*.warning",
    "deadlines.*.readings.name", "deadlines.*.readings.why",
    "deadlines.*.thresholds.office", "deadlines.*.thresholds.who", "deadlines.*.thresholds.note",
    "choices.*.title", "choices.*.after", "choices.*.period.readings.name", "choices.*.period.readings.why",
    "holidays.legal.*.name", "holidays.closures.*.name",
    "holidays.proclaimed.days.name", "holidays.one_off_closures.days.name",
    "holidays.readings.*.name", "holidays.readings.*.why",
)
WORDS = {
    "jurisdiction": ("name", *_RULE_FILE),
    "shared": _RULE_FILE,
    "kinds": ("*.title",),
}
#: Keys whose words the loader strips (what the engine then says).
STRIPPED = {("caveat",)}


def kind_of(path: Path) -> str:
    """``jurisdiction``, ``shared`` or ``kinds`` (a roster's kinds file)."""
    if path.parent.name == "shared":
        return "shared"
    if path.parent.name == "roster":
        return "kinds"
    return "jurisdiction"


def _strings(value, keys: tuple[str, ...], at: str):
    """(keys, full key, string) of every string in ``value``: ``keys`` are
    the table keys down to it (list positions left out), the full key is
    ``deadlines.x.readings[0].name``."""
    if isinstance(value, dict):
        for k, item in value.items():
            yield from _strings(item, (*keys, str(k)), f"{at}.{k}" if at else str(k))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, keys, f"{at}[{i}]")
    elif isinstance(value, str):
        yield keys, at, value


def words_of(path: Path) -> list[tuple[str, str]]:
    """(message, key) of every word-string of one calendar file."""
    patterns = WORDS[kind_of(path)]
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for keys, key, text in _strings(doc, (), ""):
        if any(_matches(keys, p) for p in patterns):
            text = text.strip() if keys in STRIPPED else text
            if text.strip():
                out.append((text, key))
    return out


def _matches(keys: tuple[str, ...], pattern: str) -> bool:
    want = pattern.split(".")
    return len(keys) == len(want) and all(fnmatchcase(k, w) for k, w in zip(keys, want))


def files() -> list[Path]:
    """Every calendar TOML, in a fixed order."""
    return sorted(CALENDARS.rglob("*.toml"))


def template() -> Catalog:
    """The ``.pot``: every message once, sorted, with every place it is written."""
    found: dict[str, list[tuple[str, None]]] = {}
    for path in files():
        rel = path.relative_to(ROOT).as_posix()
        for text, key in words_of(path):
            found.setdefault(text, []).append((f"{rel}:{key}", None))
    pot = Catalog(domain=DOMAIN, project=PROJECT, fuzzy=False)
    for text in sorted(found):
        pot.add(text, locations=found[text])
    return pot


def catalogs() -> list[tuple[str, Path]]:
    """(language, its ``.po``) of every language but English."""
    return [(lang, LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po") for lang in LANGUAGES if lang != DEFAULT]


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True)
    return out.getvalue()


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


def _ids(catalog: Catalog) -> set[str]:
    return {str(m.id) for m in catalog if m.id}


def write(pot: Catalog) -> None:
    if POT.exists():
        old = _read(POT)
        if _ids(old) == _ids(pot):
            pot.creation_date = old.creation_date  # no churn when nothing changed
    POT.write_bytes(_po_bytes(pot))
    print(f"wrote {POT.relative_to(ROOT)} ({len(pot)} messages)")
    for lang, po_path in catalogs():
        po = _read(po_path, lang) if po_path.exists() else Catalog(locale=lang, domain=DOMAIN, project=PROJECT, fuzzy=False)
        po.update(pot, no_fuzzy_matching=True)
        po.obsolete.clear()
        po_path.write_bytes(_po_bytes(po))
        empty = sum(1 for m in po if m.id and not m.string)
        print(f"wrote {po_path.relative_to(ROOT)} ({empty} untranslated)")


def check(pot: Catalog) -> list[str]:
    """What the ``.pot`` and each ``.po`` lack or hold beyond the calendar files."""
    want = _ids(pot)
    problems = []
    for path in [POT, *(po for _, po in catalogs())]:
        have = _ids(_read(path)) if path.exists() else set()
        rel = path.relative_to(ROOT)
        problems += [f"{rel}: missing calendar words {m!r}" for m in sorted(want - have)]
        problems += [f"{rel}: no calendar file says {m!r}" for m in sorted(have - want)]
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when a catalog is not current; write nothing")
    args = ap.parse_args()
    pot = template()
    if not args.check:
        write(pot)
        return 0
    problems = check(pot)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print("run scripts/extract_calendar_words.py, translate, then scripts/catalogs.py", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
