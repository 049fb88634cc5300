// Reads .ics files with Mozilla's ical.js and prints, per file, every VEVENT's
// UID -> {start, end, sequence, status}: instants as UTC ISO strings, all-day
// values as YYYY-MM-DD. Each file's VTIMEZONEs are registered before its events
// are read, so the conversion uses the feed's own zone definitions.
import ICAL from "ical.js";
import { readFileSync } from "node:fs";

function when(t) {
  if (!t) return null;
  if (t.isDate) return t.toString();
  return new Date(t.toUnixTime() * 1000).toISOString().replace(".000Z", "Z");
}

const out = {};
for (const file of process.argv.slice(2)) {
  const cal = new ICAL.Component(ICAL.parse(readFileSync(file, "utf8")));
  ICAL.TimezoneService.reset();
  for (const tz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  const events = {};
  for (const comp of cal.getAllSubcomponents("vevent")) {
    const ev = new ICAL.Event(comp);
    if (ev.uid in events) throw new Error(`${file}: duplicate UID ${ev.uid}`);
    const tzid = comp.getFirstProperty("dtstart").getParameter("tzid");
    if (tzid && !ICAL.TimezoneService.has(tzid)) throw new Error(`${file}: no VTIMEZONE for ${tzid}`);
    events[ev.uid] = {
      start: when(ev.startDate),
      end: comp.hasProperty("dtend") ? when(ev.endDate) : null,
      sequence: ev.sequence,
      status: comp.getFirstPropertyValue("status"),
    };
  }
  out[file] = events;
}
process.stdout.write(JSON.stringify(out));
