/*
 * A personal schedule: when the input gives sessions with times, the Reading
 * list exports the starred papers' sessions as an iCalendar (.ics) file.
 * Times are written in UTC (RFC 5545's form with a Z), so every calendar
 * places them right and shows them in the reader's own zone; the session's
 * zone and local time go into the description. sessions.js, written by every
 * build, holds the sessions; a session the input names without a time has no
 * start and no event. Without a timed session, the button does not show.
 */
import { el, text } from "./dom.js";
import { strings } from "./i18n.js";
import { loadData } from "./papers.js";
import { download, siteName, starredPapers } from "./reading-list.js";
import { store } from "./store.js";
import { publicHref } from "./urls.js";

// The interface's words, from the site language's catalogue (templates/messages/, keys "js.schedule.*").
var T = strings("js.schedule");

function sessions() {
  return loadData("sessions.js", "RL_SESSIONS");
}

// The paper's timed sessions: the ones a calendar can place.
function own(map, id) {
  return Object.hasOwn(map, id) && Array.isArray(map[id]) ? map[id].filter(function (s) { return s?.start; }) : [];
}

// TEXT values: backslash, semicolon, comma and line breaks escaped.
function icsText(value) {
  return text(value).replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

// "2026-04-24T13:30:00Z" -> "20260424T133000Z".
function icsTime(iso) {
  return text(iso).replace(/[-:]/g, "");
}

// Lines longer than 75 octets continue on lines that start with a space,
// never inside a UTF-8 character.
function fold(line) {
  var out = [];
  var current = "";
  var bytes = 0;
  var limit = 75;
  Array.from(line).forEach(function (ch) {
    var size = new TextEncoder().encode(ch).length;
    if (bytes + size > limit) {
      out.push(current);
      current = " ";
      bytes = 1;
    }
    current += ch;
    bytes += size;
  });
  out.push(current);
  return out.join("\r\n");
}

function toIcs(papers, table) {
  var stamp = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//readinglist//Reading list//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
    "X-WR-CALNAME:" + icsText(siteName() + ": " + T.title)];
  var zone = null;
  papers.forEach(function (p) {
    own(table, p.id).forEach(function (s) {
      if (!zone && /\//.test(text(s.zone))) zone = text(s.zone);
      var page = publicHref(p.url);
      var note = store.note(p.id);
      lines.push(
        "BEGIN:VEVENT",
        "UID:" + icsText(p.id + "-" + icsTime(s.start) + "@readinglist"),
        "DTSTAMP:" + icsTime(stamp),
        "DTSTART:" + icsTime(s.start)
      );
      if (s.end) lines.push("DTEND:" + icsTime(s.end));
      lines.push(
        "SUMMARY:" + icsText(p.title),
        "LOCATION:" + icsText(s.name),
        "DESCRIPTION:" + icsText([T.session + text(s.when), page].concat(note ? [note] : []).join("\n")),
        "URL:" + page,
        "END:VEVENT"
      );
    });
  });
  // A hint to calendars that show a file in one zone (Google's extension).
  if (zone) lines.splice(6, 0, "X-WR-TIMEZONE:" + icsText(zone));
  lines.push("END:VCALENDAR");
  return lines.map(fold).join("\r\n") + "\r\n";
}

// Once per load: the Reading list gets its calendar button when it is made.
function listenForSchedule() {
  document.addEventListener("rl:reading-list", addCalendar);
}

function addCalendar(event) {
  var d = event.detail;
  sessions().then(function (table) {
    if (!Object.keys(table).some(function (id) { return own(table, id).length; })) return;
    var button = el("button", { type: "button", class: "rl-button", "data-rl-action": "export-ics" }, [T.ics]);
    button.addEventListener("click", function () {
      download("reading-list.ics", toIcs(starredPapers(d.idx), table), "text/calendar");
    });
    function paint() {
      button.disabled = !starredPapers(d.idx).some(function (p) { return own(table, p.id).length; });
    }
    d.toolbar.insertBefore(button, d.toolbar.querySelector('[data-rl-action="import-csv"]'));
    document.addEventListener("rl:reading-list-render", paint);
    paint();
  }, function () { /* no sessions.js: no calendar */ });
}

export { listenForSchedule };
