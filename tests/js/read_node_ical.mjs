// Reads .ics files with node-ical (npm) and prints, per file, every VEVENT's
// UID -> {start, end, sequence, status} in the shape of read_ics.mjs:
// instants as UTC ISO strings, all-day values as YYYY-MM-DD.
import ical from "node-ical";

function when(value) {
  if (!value) return null;
  if (value.dateOnly) {
    const p = (n) => String(n).padStart(2, "0");
    return `${value.getFullYear()}-${p(value.getMonth() + 1)}-${p(value.getDate())}`;
  }
  return value.toISOString().replace(".000Z", "Z");
}

const out = {};
for (const file of process.argv.slice(2)) {
  const events = {};
  for (const item of Object.values(ical.sync.parseFile(file))) {
    if (item.type !== "VEVENT") continue;
    if (!item.start) throw new Error(`${file}: ${item.uid} has no start`);
    events[item.uid] = {
      start: when(item.start),
      end: item.start.dateOnly ? when(item.end) : null, // a timed deadline has no DTEND (node-ical repeats the start)
      sequence: Number(item.sequence),
      status: item.status,
    };
  }
  out[file] = events;
}
process.stdout.write(JSON.stringify(out));
