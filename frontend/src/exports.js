/*
 * Exports for reference managers: RIS and CSL-JSON of the Reading list, and
 * an export of the papers a filtered home or theme page shows, in any of the
 * formats. Every field the input gives a paper goes with it; those fields
 * come from citations/XX.js, of which an export loads only those holding its
 * papers.
 */
import { loadCitations } from "./citations.js";
import { el, text } from "./dom.js";
import { strings } from "./i18n.js";
import { download, siteName, starredPapers, toBibtex, toCsv } from "./reading-list.js";
import { store } from "./store.js";
import { publicHref, ROOT } from "./urls.js";

// The interface's words, from the site language's catalogue (templates/messages/, keys "js.exports.*").
var T = strings("js.exports");

// A paper as the exports see it: its record in papers.js, its citation
// fields and the reader's own state.
function full(rec, cites) {
  var c = Object.hasOwn(cites, rec.id) ? cites[rec.id] : {};
  return {
    id: rec.id,
    title: text(rec.title),
    theme: text(rec.theme),
    page: publicHref(rec.url),
    c: c,
    note: store.note(rec.id),
    read: store.read(rec.id)
  };
}

function list(value) {
  return Array.isArray(value) ? value.map(text) : [];
}

function oneLine(value) {
  return text(value).replace(/\s+/g, " ").trim();
}

// Metadata the input gave beyond the known fields, as "name: value".
function extras(c) {
  var extra = c.extra && typeof c.extra === "object" ? c.extra : {};
  return Object.keys(extra).sort().map(function (k) { return oneLine(k) + ": " + oneLine(extra[k]); });
}

// Where the paper appeared: the conference or journal the input names, else the list.
function venue(c) {
  return c.conference || c.journal || siteName();
}

function doi(c) {
  return oneLine(c.doi || "");
}

// ------------------------------------------------------------------ RIS --

// One tag a line, "XX  - value", CRLF, each entry closed by "ER  - ".
function toRis(papers) {
  var out = [];
  function tag(name, value) {
    var v = oneLine(value);
    if (v) out.push(name + "  - " + v);
  }
  papers.forEach(function (p) {
    var c = p.c;
    out.push("TY  - CPAPER");
    tag("ID", p.id);
    tag("TI", p.title);
    list(c.authors).forEach(function (a) { tag("AU", a); });
    tag("AB", c.abstract);
    list(c.keywords).forEach(function (k) { tag("KW", k); });
    var date = list(c.date).map(Number);
    if (date.length) {
      tag("PY", String(date[0]));
      tag("DA", [date[0], pad(date[1]), pad(date[2])].join("/") + "/");
    }
    tag("T2", venue(c));
    tag("DO", doi(c));
    tag("UR", c.link || p.page);
    if (c.link) tag("UR", p.page);
    tag("L1", c.pdf);
    tag("L3", c.code);
    tag("N1", p.note);
    [T.theme + p.theme, c.track, c.status, c.primary_area].concat(sessionLines(c), extras(c)).forEach(function (n) { if (n) tag("N1", n); });
    out.push("ER  - ", "");
  });
  return out.join("\r\n");
}

function pad(n) {
  return n ? (n < 10 ? "0" : "") + n : "";
}

function sessionLines(c) {
  return Array.isArray(c.sessions) ? c.sessions.map(function (s) { return text(s.when); }) : [];
}

// ------------------------------------------------------------- CSL-JSON --

// Names as CSL wants them: family and given split at the last space; a
// name of one word, or in a script without spaces, stays whole.
function cslName(name) {
  var n = oneLine(name);
  var at = n.lastIndexOf(" ");
  return at > 0 ? { family: n.slice(at + 1), given: n.slice(0, at) } : { literal: n };
}

function toCsl(papers) {
  var items = papers.map(function (p) {
    var c = p.c;
    var item = { id: p.id, type: "paper-conference", title: p.title };
    var authors = list(c.authors);
    if (authors.length) item.author = authors.map(cslName);
    if (c.abstract) item.abstract = text(c.abstract);
    if (list(c.keywords).length) item.keyword = list(c.keywords).join(", ");
    var date = list(c.date).map(Number);
    if (date.length) item.issued = { "date-parts": [date] };
    item["container-title"] = venue(c);
    if (c.track) item.genre = text(c.track);
    if (doi(c)) item.DOI = doi(c);
    item.URL = text(c.link || p.page);
    var note = [p.note, T.theme + p.theme, c.status, c.primary_area, c.pdf && "PDF: " + c.pdf, c.code && "Code: " + c.code]
      .concat(c.link ? ["Page: " + p.page] : [], sessionLines(c), extras(c))
      .filter(Boolean)
      .map(text);
    item.note = note.join("\n");
    return item;
  });
  return JSON.stringify(items, null, 2) + "\n";
}

var FORMATS = {
  bibtex: { label: "BibTeX", ext: "bib", type: "application/x-bibtex", cites: true, make: function (recs, cites) { return toBibtex(recs, cites); } },
  ris: { label: "RIS", ext: "ris", type: "application/x-research-info-systems", cites: true, make: function (recs, cites) { return toRis(recs.map(function (r) { return full(r, cites); })); } },
  csl: { label: "CSL-JSON", ext: "json", type: "application/vnd.citationstyles.csl+json", cites: true, make: function (recs, cites) { return toCsl(recs.map(function (r) { return full(r, cites); })); } },
  csv: { label: "CSV", ext: "csv", type: "text/csv", make: function (recs) { return toCsv(recs); } }
};

function exportAs(format, recs, name, status) {
  var f = FORMATS[format];
  // CSV carries what the records give: no citations to load.
  return (f.cites ? loadCitations(recs) : Promise.resolve({})).then(
    function (cites) { download(name + "." + f.ext, f.make(recs, cites), f.type); },
    function () { if (status) status.textContent = T.failed; }
  );
}

// Once per load: the Reading list and the filter get their export buttons
// when they are made.
function listenForExports() {
  document.addEventListener("rl:reading-list", addListExports);
  document.addEventListener("rl:filter", addShownExport);
}

// ------------------------------------------------------- the Reading list --

function addListExports(event) {
  var d = event.detail;
  var buttons = [["ris", T.ris], ["csl", T.csl]].map(function (b) {
    var btn = el("button", { type: "button", class: "rl-button", "data-rl-action": "export-" + b[0] }, [b[1]]);
    btn.addEventListener("click", function () { exportAs(b[0], starredPapers(d.idx), "reading-list", d.status); });
    return btn;
  });
  // Before the import button: exports together, import last.
  var importButton = d.toolbar.querySelector('[data-rl-action="import-csv"]');
  buttons.forEach(function (b) { d.toolbar.insertBefore(b, importButton); });
  document.addEventListener("rl:reading-list-render", function (e) {
    buttons.forEach(function (b) { b.disabled = !e.detail.papers.length; });
  });
}

// ------------------------------------------------ a filtered home or theme --

function addShownExport(event) {
  var items = event.detail.items;
  var select = el("select", { class: "rl-export__format", "aria-label": T.shown });
  Object.keys(FORMATS).forEach(function (k) { select.appendChild(el("option", { value: k }, [FORMATS[k].label])); });
  var button = el("button", { type: "button", class: "rl-button rl-export__go", "data-rl-action": "export-shown" }, [T.download]);
  var status = el("span", { class: "rl-export__status", role: "status", "aria-live": "polite" });
  button.addEventListener("click", function () {
    var shown = items.filter(function (i) { return !i.off; }).map(function (i) { return i.rec; });
    exportAs(select.value, shown, pageName(), status);
  });
  event.detail.box.appendChild(el("div", { class: "rl-export" }, [el("label", {}, [T.shown + " ", select]), button, status]));
}

// The file's name: the page's folder ("themes/video-generation/" gives
// "video-generation"), or the list's for the home page.
function pageName() {
  var rel = location.href.indexOf(ROOT) === 0 ? location.href.slice(ROOT.length).split(/[?#]/)[0] : "";
  var folder = rel.replace(/(index)?\.html$/, "").split("/").filter(Boolean).pop();
  return folder ? folder + "-papers" : "papers";
}

export { listenForExports };
