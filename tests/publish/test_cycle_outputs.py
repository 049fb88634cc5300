"""A cycle as people use it: the timeline (SVG), the printable calendar (PDF,
read back with poppler's pdftotext), the CSV, the results page's banner and
groups, the "how computed" page and the embed. Dates are worked by hand from
the statutes in the comments; pages of the PDF go to test-artifacts/ as PNG."""
from __future__ import annotations

import csv
import io
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import icalendar
from click.testing import CliRunner

from deadlines.cli import main
from web.framing import is_frameable

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SVG = "{http://www.w3.org/2000/svg}"
YPSI_2028 = "/calendars/ypsilanti-mi/2028-11-07"


def pdf_text(pdf: bytes) -> str:
    return subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


def pdf_pages(pdf: bytes) -> int:
    info = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def test_printable_calendar_pdf(client):
    # Michigan's August primary of 2028 is the Tuesday after the first Monday (August 7): August 8.
    # The 15th Tuesday preceding it is August 8 - 105 days = April 25, 2028, 4:00 p.m. (charter § 3.06).
    resp = client.get(YPSI_2028 + ".pdf")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert resp.headers["Content-Disposition"] == 'inline; filename="ypsilanti-mi-2028-11-07.pdf"'
    text = pdf_text(resp.data)
    for words in ("City of Ypsilanti, Michigan", "Election of Tuesday, November 7, 2028", "April 25, 2028",
                  "4:00 p.m.", "3.06", "Eastern Time", "MCL 168.163(1)",
                  # the notice: at least 1 and at most 3 weeks before April 25: April 4 to April 18
                  "Opens Tuesday, April 4, 2028", "Tuesday, April 18, 2028",
                  "Recorded by the clerk", "ypsilanti-mi.toml", "Page 1 of"):
        assert words in text, words
    assert pdf_pages(resp.data) <= 2
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "calendar-ypsilanti-mi-2028-11-07.pdf").write_bytes(resp.data)
    subprocess.run(["pdftoppm", "-r", "80", "-png", str(ARTIFACTS / "calendar-ypsilanti-mi-2028-11-07.pdf"),
                    str(ARTIFACTS / "calendar-ypsilanti-mi-2028-11-07")], check=True)


def test_pdf_readings_are_notes(client):
    # Salt Lake City: June 7, 2031 is a Saturday: the next-business-day reading gives Monday June 9,
    # the safe date is Friday June 6, 5:00 p.m.; both are said, the later one in a note.
    text = pdf_text(client.get("/calendars/salt-lake-city-ut/2031-11-04.pdf").data)
    assert "5:00 p.m., Friday, June 6, 2031 (MDT)" in text
    notes = text[text.index("Notes: readings of the law"):]
    assert "5:00 p.m., Monday, June 9, 2031 (MDT)" in notes and "(safe date)" in notes


def test_cli_writes_the_same_calendar(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no database here: nothing recorded
    out = tmp_path / "ypsi.pdf"
    res = CliRunner().invoke(main, ["calendar", "ypsilanti-mi", "--election", "2028-11-07", "--pdf", str(out)])
    assert res.exit_code == 0, res.output
    text = pdf_text(out.read_bytes())
    assert "April 25, 2028" in text and "4:00 p.m." in text and "3.06" in text
    assert not (tmp_path / "instance").exists()
    bad = CliRunner().invoke(main, ["calendar", "atlantis", "--pdf", str(out)])
    assert bad.exit_code == 2 and "unknown jurisdiction 'atlantis'" in bad.output


def _svg(text: str) -> ET.Element:
    return ET.fromstring(text)


def test_timeline_svg(client):
    resp = client.get("/calendars/salt-lake-city-ut/2025-11-04.svg")
    assert resp.mimetype == "image/svg+xml"
    root = _svg(resp.get_data(as_text=True))
    assert root.get("role") == "img" and root.get("aria-labelledby") == "timeline-title timeline-desc"
    desc = root.find(SVG + "desc").text
    # withdrawal: 23 days before Tuesday November 4 is Sunday October 12; Utah 68-3-7 rolls it to Tuesday
    # October 14 (Monday the 13th is Columbus Day); the prior-business-day reading, the safe one, is Friday October 10.
    assert ("Last day to withdraw a nomination: safe date 5:00 p.m., Friday, October 10, 2025 (MDT); "
            "a later reading gives 5:00 p.m., Tuesday, October 14, 2025 (MDT)") in desc
    rows = {g.find(SVG + "title").text.split(":")[0]: g for g in root.iter(SVG + "g") if "row" in g.get("class", "")}
    withdrawal = rows["Last day to withdraw a nomination"]
    safe, later = [p for p in withdrawal.iter(SVG + "polygon")][::-1][0], [
        p for p in withdrawal.iter(SVG + "polygon") if p.get("fill-opacity") == "0"][0]
    x = lambda p: float(p.get("points").split(",")[0])  # noqa: E731
    assert x(later) > x(safe)  # the later reading drawn faintly to the right of the safe date
    # a window is a bar from its opening to its safe date
    assert rows["Declaration of candidacy, mayor and council member"].find(SVG + "rect[@rx]") is not None


def test_results_page_has_timeline_banner_one_list_and_past(client):
    html = client.get("/?jurisdiction=salt-lake-city-ut&election=2025-11-04").get_data(as_text=True)
    assert html.count('<figure class="timeline"') == 1 and html.count('class="tl-row ') == html.count('class="deadline ') == 5
    banner = html[html.index('id="next-deadline"'):html.index("</div>", html.index('id="next-deadline"'))]
    # today 2025-03-01; in 2025 the city filed in the ranked-choice pilot's period, which closed
    # Tuesday August 19, 2025 at 5:00 p.m.: 30 + 30 + 31 + 30 + 31 + 19 = 171 days
    assert "Declaration of candidacy, mayor and council member" in banner
    assert "5:00 p.m., Tuesday, August 19, 2025 (MDT)" in banner and "<strong>171 days</strong> left" in banner
    # one chronological list, the audience a tag on each row (no table per audience)
    assert '<h3 class="group">' not in html and html.count('<ol class="deadlines"') == 2  # to come, and passed
    coming = html[html.index('id="deadlines-heading"'):html.index('<details class="past-deadlines">')]
    ids = re.findall(r'<li id="([a-z-]+)" class="deadline', coming)
    assert ids == ["declaration-filing", "nomination-petition-filing", "objection-filing", "withdrawal"]
    assert '<span class="tag">the clerk</span>' in coming
    # residency had to begin by November 4, 2024 (12 months before): passed, greyed and collapsed,
    # said "passed" and offered to no calendar
    past = html[html.index('<details class="past-deadlines">'):]
    assert "1 deadline passed" in past and '<li id="residency-start" class="deadline status-scheduled past">' in past
    residency = past[past.index('id="residency-start"'):past.index("</li>", past.index('id="residency-start"'))]
    assert '<span class="row-status">passed</span>' in residency and "Add to calendar" not in residency
    assert html.count('id="residency-start"') == 1


def test_quoted_law_is_reflowed(client):
    html = client.get("/?jurisdiction=ypsilanti-mi&election=2028-11-07").get_data(as_text=True)
    assert ("<blockquote><p>Nominating petitions shall be filed with the City Clerk not later than 4:00 p.m., "
            "local time, on the fifteenth Tuesday preceding") in html
    assert "\n" not in re.search(r"<blockquote>(.*?)</blockquote>", html, re.S).group(1)


def test_csv(client):
    resp = client.get(YPSI_2028 + ".csv")
    assert resp.mimetype == "text/csv" and 'attachment; filename="ypsilanti-mi-2028-11-07.csv"' == resp.headers["Content-Disposition"]
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(resp.data.decode("utf-8-sig")))}
    p = rows["petition-filing"]
    assert (p["jurisdiction"], p["jurisdiction_id"]) == ("City of Ypsilanti, Michigan", "ypsilanti-mi")
    assert (p["safe_date"], p["safe_time"], p["time_zone"], p["due"]) == (
        "2028-04-25", "4:00 p.m.", "America/Detroit", "2028-04-25T16:00:00-04:00")
    assert p["link"] == "https://deadlines.example/?jurisdiction=ypsilanti-mi&election=2028-11-07#petition-filing"
    assert "§ 3.06" in p["citation"]
    assert (rows["filing-notice"]["opens"], rows["filing-notice"]["safe_date"]) == ("2028-04-04", "2028-04-18")


def test_unknown_cycle_outputs_are_problems(client):
    assert client.get("/calendars/atlantis/2028-11-07.pdf").status_code == 404
    resp = client.get("/calendars/ypsilanti-mi/2028-02-30.svg")
    assert resp.status_code == 400 and resp.mimetype == "application/problem+json"


def test_feed_events_link_back_and_name_the_zone(client):
    resp = client.get("/calendars/ypsilanti-mi.ics")
    assert resp.headers["Content-Disposition"] == 'inline; filename="ypsilanti-mi.ics"'
    cal = icalendar.Calendar.from_ical(resp.data)
    assert str(cal["X-WR-TIMEZONE"]) == "America/Detroit"
    urls = {str(e["UID"]): str(e["URL"]) for e in cal.walk("VEVENT")}
    assert urls["ypsilanti-mi/2026-11-03/petition-filing@deadlines"] == \
        "https://deadlines.example/?jurisdiction=ypsilanti-mi&election=2026-11-03#petition-filing"
    assert urls["ypsilanti-mi/2026-11-03/filing-notice/window@deadlines"].endswith("#filing-notice")
    one = client.get("/calendars/ypsilanti-mi/2026-11-03.ics")
    assert one.headers["Content-Disposition"] == 'inline; filename="ypsilanti-mi-2026-11-03.ics"'
    # asked with another Host header: the links stay at BASE_URL (never the client's Host), the versions do not move
    seqs = {str(e["UID"]): int(e["SEQUENCE"]) for e in cal.walk("VEVENT")}
    other = icalendar.Calendar.from_ical(client.get("/calendars/ypsilanti-mi.ics", base_url="http://evil.example").data)
    assert {str(e["UID"]): int(e["SEQUENCE"]) for e in other.walk("VEVENT")} == seqs
    assert all(str(e["URL"]).startswith("https://deadlines.example/?") for e in other.walk("VEVENT"))


def test_how_dates_are_computed(client):
    html = client.get("/jurisdictions/ypsilanti-mi?election=2028-11-07").get_data(as_text=True)
    assert "<h1>How City of Ypsilanti, Michigan's dates are computed</h1>" in html
    assert "MCL 168.13" in html or "MCL 8.6" in html
    # holidays in force from the notice window's opening (April 4, 2028) to the election (November 7):
    # Memorial Day, the last Monday of May 2028, is May 29; Independence Day is Tuesday July 4; Labor Day
    # is the first Monday of September, September 4.
    table = html[html.index('<table class="holidays">'):html.index("</table>", html.index('<table class="holidays">'))]
    for day in ("Monday, May 29, 2028", "Tuesday, July 4, 2028", "Monday, September 4, 2028"):
        assert day in table, day
    assert "Monday, January 17, 2028" not in table  # before the cycle's first deadline
    assert "8:00 a.m. to 5:00 p.m., Monday to Friday" in html
    assert "ypsilanti-mi.toml" in html
    assert client.get("/jurisdictions/atlantis").status_code == 404


def test_embed_is_the_one_frameable_page(app, client):
    html = client.get("/embed/ypsilanti-mi").get_data(as_text=True)
    # today 2025-03-01: the petitions are due 4:00 p.m. April 21, 2026 (416 days); the notice of
    # that deadline (April 14) is the clerk's task, not shown as the public's next deadline
    first = html[html.index('<ol class="coming">'):].split("</li>")[0]
    assert "Nominating petitions due" in first and "416 days left" in first
    assert "Publish notice" not in html
    assert 'href="webcal://deadlines.example/calendars/ypsilanti-mi.ics"' in html
    # no inline style or script; the one script is the site's own file (CSP 'self'): it posts the embed's height
    assert "<style" not in html and "style=" not in html and not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert re.findall(r'<script src="([^"]+)"', html) == ["/static/embed-size.js"]
    for path, framed in (("/embed/ypsilanti-mi", True), ("/", False), ("/jurisdictions/ypsilanti-mi", False)):
        with app.test_request_context(path):  # the URL is matched to its view on push
            assert is_frameable() is framed, path
    assert client.get("/embed/atlantis").status_code == 404


def test_new_templates_have_no_inline_style_or_script():
    templates = Path(__file__).resolve().parents[2] / "web" / "templates"
    for name in ("results.html", "_row.html", "landing.html", "about.html", "embed.html", "form.html"):
        text = (templates / name).read_text()
        inline_script = re.search(r"<script(?![^>]*\bsrc=)", text)  # a script file of the site's own is fine (CSP 'self')
        assert "<style" not in text and " style=" not in text and not inline_script, name



def test_how_dates_are_computed_cites_each_holiday_and_keeps_closures_apart(client):
    # Ypsilanti 2028 (notice window from April 4 to the election, November 7): Juneteenth, Monday
    # June 19, 2028, with the words that make it a holiday; no office closure falls in the span
    # (Christmas Eve and the day after Thanksgiving are after it), so no closures table.
    html = client.get("/jurisdictions/ypsilanti-mi?election=2028-11-07").get_data(as_text=True)
    table = html[html.index('<table class="holidays">'):html.index("</table>", html.index('<table class="holidays">'))]
    assert "<td>Juneteenth</td><td>MCL 435.101(1)(f) (2023 PA 54); MCL 435.102</td>" in table
    assert '<table class="closures">' not in html


def test_how_dates_are_computed_lists_the_offices_closures(tmp_path):
    # A copy of the calendars where Ypsilanti's clerk also closes on Friday July 7, 2028 (a one-off
    # closure): it is listed apart from the legal holidays, with its authority.
    import shutil

    from web import create_app

    calendars = tmp_path / "calendars"
    shutil.copytree(Path(__file__).resolve().parents[2] / "calendars", calendars)
    ypsi = calendars / "ypsilanti-mi.toml"
    ypsi.write_text(ypsi.read_text() + (
        '\n[holidays.one_off_closures]\ncovers = { from = 2028, to = 2028 }\ncite = "Clerk notices"\n'
        'days = [{ date = 2028-07-07, name = "Office move", cite = "Clerk notice of June 1, 2028" }]\n'))
    app = create_app({"TESTING": True, "TODAY": "2028-03-01", "CALENDARS_DIR": str(calendars),
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    html = app.test_client().get("/jurisdictions/ypsilanti-mi?election=2028-11-07").get_data(as_text=True)
    closures = html[html.index('<table class="closures">'):html.index("</table>", html.index('<table class="closures">'))]
    assert "<td>Office move</td><td>Clerk notice of June 1, 2028</td>" in closures
    assert "Friday, July 7, 2028" in closures
