// BibTeX and RIS entries for papers, and the citation fields they cite.
import { text } from "./dom.js";
import { fnv1a } from "./hash.js";
import { loadData } from "./papers.js";

// What a citation says of a paper beyond its title and page, each field with
// the citation_* meta tag a paper page holds it in: the generator's
// citations.citation writes them there and in citations/XX.js alike, so a
// paper's Copy citation and every BibTeX export of it cite the same.
var CITED = {
  authors: "citation_author",
  year: "citation_publication_date",
  conference: "citation_conference_title",
  journal: "citation_journal_title",
  doi: "citation_doi",
  pdf: "citation_pdf_url"
};

// The citation fields of a paper page, from its head.
function citedOnPage() {
  var fields = {};
  Object.keys(CITED).forEach(function (field) {
    var values = Array.prototype.map.call(document.head.querySelectorAll('meta[name="' + CITED[field] + '"]'), function (m) { return m.content; });
    if (values.length) fields[field] = field === "authors" ? values : values[0];
  });
  return fields;
}

// The citation fields of a record of citations/XX.js.
function cited(record) {
  var fields = {};
  Object.keys(CITED).forEach(function (field) {
    if (record && Object.hasOwn(record, field)) fields[field] = field === "authors" ? record[field].map(text) : text(record[field]);
  });
  return fields;
}

// The chunk holding a paper's citation fields, as the generator's
// citations.chunk_of names it: the low byte of the 32-bit FNV-1a hash of
// the id's UTF-8, in two hex digits.
var CHUNKS = 256;
function chunkOf(id) {
  return (fnv1a(id) % CHUNKS).toString(16).padStart(2, "0");
}

// The citations/XX.js records of these papers, by id, from their chunks.
function loadCitations(recs) {
  var chunks = Array.from(new Set(recs.map(function (r) { return chunkOf(text(r.id)); })));
  return Promise.all(chunks.map(function (c) { return loadData("citations/" + c + ".js", "RL_CITATIONS_" + c); })).then(function (parts) {
    return Object.assign({}, ...parts);
  });
}

function bibKey(id, used) {
  var base = "rl:" + (text(id).replace(/[^A-Za-z0-9_:-]/g, "") || "paper");
  var key = base;
  for (var n = 2; used?.has(key); n++) key = base + "-" + n;
  if (used) used.add(key);
  return key;
}

// A BibTeX field value that cannot end the entry early: braces stay only
// when they balance, and LaTeX's &, % and # are escaped.
function bibText(value) {
  var s = text(value).replace(/\s+/g, " ").trim();
  var depth = 0;
  for (var i = 0; i < s.length && depth >= 0; i++) {
    if (s[i] === "{" && s[i - 1] !== "\\") depth++;
    else if (s[i] === "}" && s[i - 1] !== "\\") depth--;
  }
  if (depth !== 0) s = s.replace(/[{}]/g, "");
  return s.replace(/(?<!\\)[&%#]/g, "\\$&");
}

function citationNote(paper) {
  var note = ["Theme: " + paper.theme];
  if (paper.status) note.push(paper.status);
  if (paper.derived) note.push("title derived from the abstract");
  if (paper.read !== undefined) note.push(paper.read ? "read" : "to read");
  if (paper.note) note.push("Note: " + paper.note);
  return note.join("; ");
}

function bibUrl(url) {
  return text(url).replace(/[{}\s]/g, encodeURIComponent);
}

// paper: { id, title, url (absolute), theme, status, derived, read, note }, and
// the citation fields (CITED): authors, year, conference or journal, doi, pdf.
function bibtexEntry(paper, used) {
  var type = paper.conference ? "inproceedings" : paper.journal ? "article" : "misc";
  var fields = [["title", "{" + bibText(paper.title) + "}"]];
  if (paper.authors?.length) fields.push(["author", bibText(paper.authors.join(" and "))]);
  if (paper.conference) fields.push(["booktitle", bibText(paper.conference)]);
  if (paper.journal) fields.push(["journal", bibText(paper.journal)]);
  if (paper.year) fields.push(["year", bibText(paper.year)]);
  if (paper.doi) fields.push(["doi", bibUrl(paper.doi)]);
  fields.push(["url", bibUrl(paper.url)]);
  if (paper.pdf) fields.push(["pdf", bibUrl(paper.pdf)]);
  fields.push(["note", bibText(citationNote(paper))]);
  return "@" + type + "{" + bibKey(paper.id, used) + ",\n" + fields.map(function (f) { return "  " + f[0] + " = {" + f[1] + "}"; }).join(",\n") + "\n}\n";
}

// The same as RIS, which EndNote, Zotero and Mendeley import. A line break in a value would end its tag.
function risEntry(paper) {
  var lines = [["TY", paper.conference ? "CONF" : paper.journal ? "JOUR" : "GEN"], ["TI", paper.title]];
  (paper.authors || []).forEach(function (a) { lines.push(["AU", a]); });
  if (paper.year) lines.push(["PY", paper.year]);
  if (paper.conference) lines.push(["T2", paper.conference]);
  if (paper.journal) lines.push(["JO", paper.journal]);
  if (paper.doi) lines.push(["DO", paper.doi]);
  lines.push(["UR", paper.url]);
  if (paper.pdf) lines.push(["L1", paper.pdf]);
  lines.push(["N1", citationNote(paper)], ["ER", ""]);
  return lines.map(function (l) { return l[0] + "  - " + text(l[1]).replace(/\s+/g, " ").trim(); }).join("\n") + "\n";
}

export { bibtexEntry, cited, citedOnPage, loadCitations, risEntry };
