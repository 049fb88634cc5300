"""Compile the translation catalogs: every ``deadlines/words/locale/<lang>/LC_MESSAGES/<domain>.po``
to the ``.mo`` beside it (the service reads the ``.mo``; both are committed).

Run ``.venv/bin/python scripts/catalogs.py`` after editing a ``.po``;
``--check`` exits 1 naming each ``.mo`` that is not what its ``.po`` compiles
to, and each ``.po`` with an empty or fuzzy translation (the test suite runs it)."""
from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[1] / "deadlines" / "words" / "locale"


def compiled(po: Path) -> tuple[bytes, list[str]]:
    """The ``.mo`` bytes of ``po`` and its messages left untranslated or fuzzy."""
    with po.open("rb") as f:
        catalog = read_po(f)
    missing = [str(m.id) for m in catalog if m.id and (not m.string or m.fuzzy
                                                      or (isinstance(m.string, tuple) and not all(m.string)))]
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue(), missing


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="report stale .mo files and missing translations; write nothing")
    args = ap.parse_args()
    problems = []
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        data, missing = compiled(po)
        mo = po.with_suffix(".mo")
        for msgid in missing:
            problems.append(f"{po.relative_to(LOCALE.parent.parent.parent)}: no translation for {msgid!r}")
        if args.check:
            if not mo.exists() or mo.read_bytes() != data:
                problems.append(f"{mo.relative_to(LOCALE.parent.parent.parent)}: not what its .po compiles to; run scripts/catalogs.py")
        else:
            mo.write_bytes(data)
            print(f"wrote {mo.relative_to(LOCALE.parent.parent.parent)}")
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
