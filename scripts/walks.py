"""Walk the service as its people would, with every roster loaded, and keep screenshots of each step.

    .venv/bin/python scripts/walks.py [--out test-artifacts/walks] [--port 0]

Starts ``deadlines serve`` on 127.0.0.1 (its own instance folder and SQLite file, every roster
loaded), a real SMTP server (aiosmtpd) for the sign-in mail, and Debian's headless Chromium
(/usr/bin/chromium). Then walks, at 390 px (a phone) and 1280 px: a candidate of Orem, Utah; a
phone calendar; search; a newsroom (Kent County townships); an integrator (the API reference, the
API's errors); the Town of Hanksville's clerk (ask for access, an operator's approval with
`deadlines clerk approve`, the emailed link, filing-day hours 8:00-12:00, every surface following);
a Spanish reader; everyone (a missing page, the favicon). Each step checks what the person must see
(the "What it must show" items of issues 24, 25, 27 and 28) and saves a screenshot.

Writes ``OUT/NN-person-step-WIDTH.png`` and ``OUT/index.md`` (one line per step: what it shows,
each check passed or failed, the screenshot). Exits 1 when any check fails. ``OUT`` is under
test-artifacts/, which git ignores.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import icalendar

ROOT = Path(__file__).resolve().parent.parent
DEADLINES = Path(sys.executable).parent / "deadlines"
PHONE, DESK = {"width": 390, "height": 844}, {"width": 1280, "height": 900}
OREM = "/?jurisdiction=orem-ut&election=2027-11-02"
HANKSVILLE, CYCLE = "hanksville-ut", "2027-11-02"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


@dataclass
class Step:
    person: str
    name: str
    shows: str
    checks: list[tuple[str, bool]] = field(default_factory=list)
    shot: str = ""

    def check(self, what: str, ok: bool) -> None:
        self.checks.append((what, bool(ok)))


class Walk:
    """The steps walked so far and where their screenshots go."""

    def __init__(self, out: Path, base: str):
        self.out, self.base, self.steps = out, base, []

    def step(self, person: str, name: str, shows: str) -> Step:
        s = Step(person, name, shows)
        self.steps.append(s)
        return s

    def shot(self, step: Step, page, full: bool = True) -> None:
        width = page.viewport_size["width"]
        name = f"{len(self.steps):02d}-{step.person}-{step.name}-{width}.png"
        page.screenshot(path=str(self.out / name), full_page=full)
        step.shot = name

    def get(self, path: str) -> tuple[int, bytes, dict]:
        try:
            with urllib.request.urlopen(self.base + path, timeout=120) as r:
                return r.status, r.read(), dict(r.headers)
        except urllib.error.HTTPError as e:
            return e.code, e.read(), dict(e.headers)

    def json(self, path: str) -> dict:
        status, body, _ = self.get(path)
        return json.loads(body) if status == 200 else {"status": status}

    def index(self) -> str:
        lines = ["# Walks with every roster loaded", "",
                 f"Made by `scripts/walks.py` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.", ""]
        for s in self.steps:
            lines.append(f"- **{s.person}, {s.name}** ({s.shot or 'no screenshot'}): {s.shows}")
            lines += [f"  - {'ok' if ok else 'FAILED'}: {what}" for what, ok in s.checks]
        return "\n".join(lines) + "\n"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def candidate(w: Walk, browser) -> None:
    page = browser.new_page(viewport=PHONE)
    s = w.step("candidate", "orem", "Orem's November 2, 2027 page on a phone: the answer first, subscribe near it")
    page.goto(w.base + OREM)
    link = page.locator("#subscribe-short").bounding_box()
    s.check("a subscribe link within the first two screens (y < 1,688 px)", link and link["y"] < 2 * PHONE["height"])
    row = page.locator("li#declaration-filing").inner_text()
    s.check("the declaration row names the filing office", "Orem City Recorder" in row or "File with" in row)
    s.check("no sideways scroll at 390 px", overflow(page) == 0)
    w.shot(s, page)
    s = w.step("candidate", "orem-declaration", "the declaration of candidacy's row: window, office, fee, basis")
    page.locator("li#declaration-filing").scroll_into_view_if_needed()
    s.check("the row says the filing fee", "Filing fee" in row)
    page.locator("li#declaration-filing").screenshot(path=str(w.out / f"{len(w.steps):02d}-candidate-row-390.png"))
    s.shot = f"{len(w.steps):02d}-candidate-row-390.png"
    page.close()


def calendar(w: Walk, browser) -> None:
    page = browser.new_page(viewport=PHONE)
    s = w.step("calendar", "subscribe", "the subscribe steps for iPhone, Android, Google Calendar and Outlook")
    page.goto(w.base + OREM)
    page.locator("#subscribe-short").click()
    for item in ("iphone", "android", "google", "outlook"):
        s.check(f"steps for {item}", page.locator(f"#steps-{item}").count() == 1)
    w.shot(s, page, full=False)
    status, body, _ = w.get("/calendars/orem-ut.ics")
    summaries = [str(e["summary"]) for e in icalendar.Calendar.from_ical(body).walk("VEVENT")]
    s.check(f"every SUMMARY of /calendars/orem-ut.ics names Orem ({len(summaries)} events)",
            status == 200 and summaries and all("Orem" in t for t in summaries))
    page.close()


def search(w: Walk, browser) -> None:
    page = browser.new_page(viewport=DESK)
    for q, first in (("salt lake city", "salt-lake-city-ut"), ("denver", "denver-co")):
        s = w.step("search", q.replace(" ", "-"), f"the search page for “{q}”: the government itself first")
        items = w.json("/api/v1/jurisdictions?q=" + q.replace(" ", "+")).get("items", [])
        ids = [i["id"] for i in items]
        s.check(f"API ?q={q}: the first item is {first}", ids[:1] == [first])
        s.check("no id twice", len(ids) == len(set(ids)))
        page.goto(w.base + "/?q=" + q.replace(" ", "+"))
        w.shot(s, page)
    s = w.step("search", "kent-county", "“Kent County” in the county field: the same rows as “Kent”")
    rows = {}
    for county in ("Kent+County", "Kent"):
        url = f"/deadlines?state=MI&county={county}&kind=township&from=2028-01-01&to=2028-12-31&view=rows"
        status, body, _ = w.get(url)
        rows[county] = (status, re.findall(r'data-uid="([^"]+)" data-edge="([^"]+)"', body.decode()))
    s.check(f"county=Kent+County lists the same {len(rows['Kent'][1])} rows as county=Kent",
            rows["Kent+County"] == rows["Kent"] and rows["Kent"][0] == 200 and rows["Kent"][1])
    page.goto(w.base + "/deadlines?state=MI&county=Kent+County&kind=township&from=2028-01-01&to=2028-12-31")
    w.shot(s, page, full=False)
    page.close()


def newsroom(w: Walk, browser) -> None:
    page = browser.new_page(viewport=PHONE)
    s = w.step("newsroom", "grouped", "Kent County townships in 2028 on a phone, grouped by deadline")
    page.goto(w.base + "/deadlines?state=MI&county=Kent&kind=township&from=2028-01-01&to=2028-12-31")
    s.check("no sideways scroll at 390 px", overflow(page) == 0)
    s.check("grouped by deadline (expandable groups)", page.locator("details").count() > 0)
    w.shot(s, page)
    page.close()


def integrator(w: Walk, browser) -> None:
    page = browser.new_page(viewport=DESK)
    s = w.step("integrator", "api-docs", "the API reference at /api/v1/docs, served from the package")
    page.goto(w.base + "/api/v1/docs")
    s.check("/api/v1/docs is an HTML page", "html" in (page.evaluate("document.contentType") or ""))
    w.shot(s, page, full=False)
    for path, what in ((OREM.replace("orem-ut", "orem-ut&audience=zzz"), "an unknown audience"),
                       ("/?endpoint=x&_method=y", "url_for's argument names in the query"),
                       ("/calendars/combined.ics?state=UT&county=!!!", "a county with no letters"),
                       ("/?jurisdiction=ypsilanti-mi&election=2026-13-40&lang=es", "a date that does not exist, in Spanish")):
        status, body, _ = w.get(path)
        s.check(f"{what} ({path}): {status}, never 500", status < 500)
    status, body, _ = w.get("/?jurisdiction=ypsilanti-mi&election=2026-13-40&lang=es")
    s.check("the impossible date is said in Spanish", "fecha" in body.decode().lower())
    page.close()


def clerk(w: Walk, browser, smtp, env: dict) -> None:
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    s = w.step("clerk", "ask-for-access", "Hanksville's clerk asks for access from the town's page")
    page.goto(f"{w.base}/?jurisdiction={HANKSVILLE}&election={CYCLE}")
    page.click("text=Are you the clerk? Ask for access")
    page.fill("#name", "Lisa Ekker")
    page.fill("#email", "clerk@hanksville.test")
    page.fill("#role", "Town Clerk")
    page.click("button[type=submit]")
    s.check("the request waits for an operator", "operator" in page.inner_text("main"))
    w.shot(s, page)
    listed = subprocess.run([str(DEADLINES), "clerk", "requests", "--json"], env=env, capture_output=True, text=True)
    [asked] = [r for r in json.loads(listed.stdout) if r["email"] == "clerk@hanksville.test"]
    approved = subprocess.run([str(DEADLINES), "clerk", "approve", str(asked["id"])], env=env, capture_output=True, text=True)
    s = w.step("clerk", "hours", "signed in by the emailed link, she records filing-day hours 8:00 a.m. to 12:00 p.m.")
    s.check("`deadlines clerk approve` succeeded", approved.returncode == 0)
    for _ in range(50):
        if smtp.messages:
            break
        time.sleep(0.1)
    body = smtp.messages[-1].get_body(("plain",)).get_content() if smtp.messages else ""
    link = re.search(r"(http://127\.0\.0\.1:\d+/clerk/sign-in/\S+)", body)
    s.check("the sign-in link was mailed", link is not None)
    page.goto(link.group(1))
    page.click("#sign-in")
    page.goto(f"{w.base}/clerk/{HANKSVILLE}?cycle={CYCLE}")
    page.fill("#office-open", "08:00")
    page.fill("#office-close", "12:00")
    page.fill("#office-authority", "Town Council: filing-period office hours, 2027")
    page.click("text=Check the hours")
    page.click("#save")
    page.wait_for_selector("p.notice[role=status]")
    w.shot(s, page)
    api = w.json(f"/api/v1/jurisdictions/{HANKSVILLE}/deadlines?election={CYCLE}")
    d = next(d for d in api["deadlines"] if d["id"] == "declaration-filing")
    s.check(f"the API: due {d['due']}, basis {d['basis']['status']}",
            d["due"] == "2027-06-07T12:00:00-06:00" and d["basis"]["status"] == "recorded")
    s = w.step("clerk", "public-page", "the town's public page after her record: noon, recorded by the clerk")
    page.goto(f"{w.base}/?jurisdiction={HANKSVILLE}&election={CYCLE}")
    row = page.locator("li#declaration-filing")
    s.check("the row ends at 12:00 noon, Monday, June 7, 2027", "12:00 noon, Monday, June 7, 2027" in row.inner_text())
    s.check("the row says it rests on the clerk's record", "recorded by the clerk" in row.inner_text())
    w.shot(s, page)
    s = w.step("clerk", "desk-es", "the desk in Spanish (?lang=es)")
    page.goto(f"{w.base}/clerk/{HANKSVILLE}?cycle={CYCLE}&lang=es")
    s.check("the desk speaks Spanish", page.locator("html").get_attribute("lang") == "es")
    w.shot(s, page, full=False)
    ctx.close()


def spanish(w: Walk, browser) -> None:
    page = browser.new_page(viewport=PHONE)
    s = w.step("spanish", "orem", "Orem's page in Spanish")
    page.goto(w.base + OREM + "&lang=es")
    text = page.inner_text("main")
    s.check("no “por escrito”", "por escrito" not in text)
    s.check("no sideways scroll at 390 px", overflow(page) == 0)
    w.shot(s, page)
    s = w.step("spanish", "how-computed", "“How these dates are computed” for Orem in Spanish")
    page.goto(w.base + "/jurisdictions/orem-ut?lang=es")
    s.check("no Note( and no Python repr", "Note(" not in page.content() and "code='" not in page.content())
    w.shot(s, page, full=False)
    page.goto(w.base + "/deadlines?lang=es")
    href = page.locator("#listing-json").get_attribute("href")
    s.check(f"the JSON link of /deadlines?lang=es ({href}) answers 200", w.get(href)[0] == 200)
    page.close()


def everyone(w: Walk, browser) -> None:
    page = browser.new_page(viewport=PHONE)
    s = w.step("everyone", "not-found", "a page that does not exist, on a phone")
    response = page.goto(w.base + "/no-such-page")
    s.check("404 with a <main> and no sideways scroll", response.status == 404 and page.locator("main").count() == 1
            and overflow(page) == 0)
    w.shot(s, page, full=False)
    s.check("/favicon.ico answers 200", w.get("/favicon.ico")[0] == 200)
    page.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "test-artifacts" / "walks")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from aiosmtpd.controller import Controller
    from playwright.sync_api import sync_playwright

    class Inbox:
        def __init__(self):
            self.messages = []

        async def handle_DATA(self, server, session, envelope):
            import email
            from email import policy
            self.messages.append(email.message_from_bytes(envelope.content, policy=policy.default))
            return "250 OK"

    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    folder = Path(tempfile.mkdtemp(prefix="walks-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEADLINES_")}
    env.update(DEADLINES_INSTANCE=str(folder), DEADLINES_SECRET_KEY="walks", DEADLINES_BASE_URL=base,
               DEADLINES_SMTP_HOST="127.0.0.1", DEADLINES_SMTP_PORT=str(smtp.port))
    log = open(folder / "serve.log", "w")
    server = subprocess.Popen([str(DEADLINES), "serve", "--port", str(port)], env=env, stdout=log, stderr=subprocess.STDOUT)
    walk = Walk(args.out, base)
    try:
        started = time.monotonic()
        while time.monotonic() - started < 180:
            try:
                if walk.get("/")[0] == 200:
                    break
            except OSError:
                time.sleep(0.5)
        print(f"serving {base} after {time.monotonic() - started:.1f} s", file=sys.stderr)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            for person in (candidate, calendar, search, newsroom, integrator, spanish, everyone):
                person(walk, browser)
                print(f"walked: {person.__name__}", file=sys.stderr)
            clerk(walk, browser, inbox, env)
            print("walked: clerk", file=sys.stderr)
            browser.close()
    finally:
        server.terminate()
        server.wait(30)
        smtp.stop()
        (args.out / "index.md").write_text(walk.index())
    failed = [(s.person, s.name, what) for s in walk.steps for what, ok in s.checks if not ok]
    for person, name, what in failed:
        print(f"FAILED {person}/{name}: {what}", file=sys.stderr)
    print(f"{sum(len(s.checks) for s in walk.steps)} checks, {len(failed)} failed; {args.out / 'index.md'}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
