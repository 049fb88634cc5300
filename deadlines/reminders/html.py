"""The HTML part of a message: the same words as its plain text, as
paragraphs with working links, nothing added and nothing left out."""
from __future__ import annotations

import re
from html import escape

_URL = re.compile(r"https?://\S+")


def _line(text: str) -> str:
    out, last = [], 0
    for m in _URL.finditer(text):
        url = m.group(0).rstrip(".,;)")
        out += [escape(text[last:m.start()]), f'<a href="{escape(url)}">{escape(url)}</a>']
        last = m.start() + len(url)
    return "".join(out) + escape(text[last:])


def from_text(subject: str, text: str, lang: str) -> str:
    """``text``'s blank-line-separated blocks as paragraphs (a block of more
    than one line, such as a drafted notice, keeps its lines)."""
    blocks = [b for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
    body = "\n".join(f"<p>{'<br>'.join(_line(line) for line in b.splitlines())}</p>" for b in blocks)
    return (f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8"><title>{escape(subject)}</title></head>'
            f'<body style="font-family:sans-serif;line-height:1.45;color:#111">\n{body}\n</body></html>\n')
