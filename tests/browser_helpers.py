"""What the headless-Chromium tests share (imported by name; the
``browser`` fixture is in tests/conftest.py): where screenshots go, Debian's
Chromium's flags, axe-core's script, the two checks every page gets:
no sideways scroll and no axe violation, and saving a desk form."""
from __future__ import annotations

from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
AXE = Path(__file__).resolve().parent / "js" / "node_modules" / "axe-core" / "axe.min.js"


def overflow(page) -> int:
    """How many pixels the page scrolls sideways (0: it reflows)."""
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def axe(page) -> list[str]:
    """axe-core's violations on the page, each "rule: targets"."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate("axe.run().then(r => r.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target).join(' ')))")


def save(page) -> None:
    """Saves the desk form shown and waits for the desk to say it did."""
    page.click("#save")
    page.wait_for_selector("p.notice[role=status]")
