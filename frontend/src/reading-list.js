// The Reading list page: starred papers by theme, exports and CSV import.
import { bibtexEntry, cited, loadCitations } from "./citations.js";
import { announce, el, text, titleNodes, typeset } from "./dom.js";
import { msg, msgCount } from "./i18n.js";
import { store } from "./store.js";
import { register, repaint, toggleButton, views } from "./toggles.js";
import { normalisePath, pageHref, publicHref } from "./urls.js";

function initReadingList(box, idx) {
  if (box.hasAttribute("data-rl-ready")) return;
  box.setAttribute("data-rl-ready", "");
  var status = el("p", { class: "rl-list__status", role: "status", "aria-live": "polite" });
  var file = el("input", { type: "file", accept: ".csv,text/csv", class: "rl-offscreen", tabindex: "-1", "aria-hidden": "true" });
  var buttons = [
    ["export-markdown", function () { download("reading-list.md", toMarkdown(starredPapers(idx)), "text/markdown"); }],
    ["export-bibtex", function () { exportBibtex(starredPapers(idx), status); }],
    ["export-csv", function () { download("reading-list.csv", toCsv(starredPapers(idx)), "text/csv"); }],
    ["import-csv", function () { file.click(); }]
  ].map(function (b) {
    var btn = el("button", { type: "button", class: "rl-button", "data-rl-action": b[0] }, [msg("js." + b[0].replace("-", "_"))]);
    btn.addEventListener("click", b[1]);
    return btn;
  });
  var toolbar = el("div", { class: "rl-list__toolbar", role: "group", "aria-label": msg("js.export_import") }, buttons.concat([file]));
  var summary = el("p", { class: "rl-list__summary" });
  var content = el("div", { class: "rl-list__content" });
  box.append(summary, toolbar, status, content);
  announce("rl:reading-list", { box: box, toolbar: toolbar, status: status, idx: idx });

  file.addEventListener("change", function () {
    var chosen = file.files?.[0];
    if (!chosen) return;
    chosen.text().then(function (body) {
      status.textContent = importCsv(body, idx);
      file.value = ""; // the same file can be imported again
    });
  });

  function render() {
    views.clear();
    var papers = starredPapers(idx);
    var read = papers.filter(function (p) { return store.read(p.id); }).length;
    var elsewhere = store.starredIds().filter(function (id) { return !idx.byId.has(id); }).length;
    summary.textContent = papers.length
      ? msg("js.list_summary", { starred: msgCount("js.starred_papers", papers.length), read: read })
      : msg("js.list_empty");
    if (elsewhere) summary.textContent += " " + msg("js.list_elsewhere", { n: elsewhere });
    buttons.slice(0, 3).forEach(function (b) { b.disabled = !papers.length; });
    content.textContent = "";
    groupByTheme(papers).forEach(function (group) {
      content.appendChild(el("h2", {}, [el("a", { href: pageHref("themes/" + encodeURIComponent(group.slug) + "/") }, [group.label])]));
      var list = el("ul", { class: "rl-list__papers" });
      group.papers.forEach(function (p) {
        var link = el("a", { href: pageHref(p.url) }, titleNodes(p));
        var li = el("li", { class: "rl-item", "data-rl-paper": p.id }, [
          el("span", { class: "rl-item__actions" }, [toggleButton("star", p.id, text(p.title), true), toggleButton("read", p.id, text(p.title), true)]),
          link
        ]);
        if (p.status) li.append(" ", el("span", { class: "rl-badge" }, [text(p.status)]));
        register(p.id, li);
        list.appendChild(li);
      });
      content.appendChild(list);
      typeset(list);
    });
    repaint(null);
    announce("rl:reading-list-render", { content: content, papers: papers });
  }
  // Unstarring removes a paper from the page; the rest of the list is small.
  store.listen(render);
  render();
}

function starredPapers(idx) {
  return store.starredIds()
    .filter(function (id) { return idx.byId.has(id); })
    .map(function (id) { return idx.byId.get(id); });
}

function groupByTheme(papers) {
  var groups = new Map();
  papers.forEach(function (p) {
    var slug = text(p.theme_slug);
    if (!groups.has(slug)) groups.set(slug, { slug: slug, label: text(p.theme || slug), papers: [] });
    groups.get(slug).papers.push(p);
  });
  var list = Array.from(groups.values()).sort(function (a, b) { return a.label.localeCompare(b.label); });
  list.forEach(function (g) { g.papers.sort(function (a, b) { return text(a.title).localeCompare(text(b.title)); }); });
  return list;
}

function siteName() {
  var meta = document.querySelector('meta[property="og:site_name"]');
  return meta ? meta.getAttribute("content") : document.title;
}

// Markdown: a task list per theme, checked when read. Titles are escaped
// so that brackets or HTML in them stay text in any Markdown renderer.
function toMarkdown(papers) {
  var md = function (s) { return text(s).replace(/[\\`*_[\]<>|~#]/g, "\\$&"); };
  var read = papers.filter(function (p) { return store.read(p.id); }).length;
  var out = ["# " + md(siteName()) + ": my reading list", "", papers.length + " papers, " + read + " read.", ""];
  groupByTheme(papers).forEach(function (g) {
    out.push("## " + md(g.label), "");
    g.papers.forEach(function (p) {
      out.push("- [" + (store.read(p.id) ? "x" : " ") + "] [" + md(p.title) + "](<" + publicHref(p.url).replace(/>/g, "%3E") + ">)" + (p.status ? " — " + md(p.status) : ""));
      store.note(p.id).split(/\r?\n/).filter(function (line) { return line.trim(); }).forEach(function (line) { out.push("  > " + md(line)); });
    });
    out.push("");
  });
  return out.join("\n");
}

// The same entries as the papers' own pages copy: their citation fields come from citations/XX.js.
function toBibtex(papers, cites) {
  var used = new Set();
  return papers.map(function (p) {
    var paper = { id: p.id, title: p.title, url: publicHref(p.url), theme: p.theme, status: p.status, derived: p.title_derived, read: store.read(p.id), note: store.note(p.id) };
    return bibtexEntry(Object.assign(paper, cited(cites[p.id])), used);
  }).join("\n");
}

function exportBibtex(papers, status) {
  loadCitations(papers).then(
    function (cites) { download("reading-list.bib", toBibtex(papers, cites), "application/x-bibtex"); },
    function () { status.textContent = msg("js.exports.failed"); }
  );
}

var CSV_COLUMNS = ["id", "title", "theme", "status", "url", "read", "note"];

// A BOM so spreadsheet programs read UTF-8 (Chinese titles); cells that a
// spreadsheet would run as a formula get a leading apostrophe.
function toCsv(papers) {
  var rows = [CSV_COLUMNS].concat(papers.map(function (p) {
    return [p.id, p.title, p.theme, p.status, publicHref(p.url), store.read(p.id) ? "yes" : "no", store.note(p.id)];
  }));
  return "\ufeff" + rows.map(function (r) { return r.map(csvCell).join(","); }).join("\r\n") + "\r\n";
}

function csvCell(value) {
  var s = text(value);
  if (/^[=+\-@\t\r]/.test(s)) s = "'" + s;
  return /[",\r\n]/.test(s) || s !== s.trim() ? '"' + s.replace(/"/g, '""') + '"' : s;
}

// RFC 4180: quoted cells may hold commas, quotes ("") and line breaks.
function parseCsv(body) {
  var rows = [];
  var row = [];
  var cell = "";
  var quoted = false;
  var s = body.replace(/^\ufeff/, "");
  for (var i = 0; i < s.length; i++) {
    var ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && s[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter(function (r) { return r.some(function (c) { return c.trim(); }); });
}

function uncell(value) {
  return text(value).replace(/^'(?=[=+\-@\t\r])/, "").trim();
}

// Stars every row's paper (matched by id, else by its papers/… address)
// and sets its read state when the file has a read column. Returns what
// happened, for the status line.
function importCsv(body, idx) {
  var rows = parseCsv(body);
  if (!rows.length) return msg("js.import_empty");
  var head = rows[0].map(function (h) { return uncell(h).toLowerCase(); });
  var col = { id: head.indexOf("id"), url: head.indexOf("url"), read: head.indexOf("read"), note: head.indexOf("note") };
  if (col.id < 0 && col.url < 0) return msg("js.import_no_id");
  var changes = [];
  var skipped = 0;
  var nRead = 0;
  rows.slice(1).forEach(function (r) {
    var rec = col.id >= 0 ? idx.byId.get(uncell(r[col.id])) : null;
    if (!rec && col.url >= 0) {
      var m = /papers\/[^/?#]+/.exec(uncell(r[col.url]));
      rec = m ? idx.byUrl.get(normalisePath(m[0] + "/")) : null;
    }
    if (!rec) {
      skipped++;
      return;
    }
    changes.push([rec.id, "s", true]);
    if (col.read >= 0) {
      var isRead = /^(yes|y|true|1|x|read)$/i.test(uncell(r[col.read]));
      if (isRead) nRead++;
      changes.push([rec.id, "r", isRead]);
    }
    var note = col.note >= 0 ? uncell(r[col.note]) : "";
    if (note) changes.push([rec.id, "n", note]);
  });
  if (changes.length) store.update(changes);
  var n = changes.filter(function (c) { return c[1] === "s"; }).length;
  var said = msg(col.read >= 0 ? "js.imported_read" : "js.imported", { papers: msgCount("js.papers", n), read: nRead });
  if (skipped) said += " " + msgCount("js.import_skipped", skipped);
  return said;
}

// Exports are downloads made in the page: no server, works on file://.
function download(name, body, type) {
  var url = URL.createObjectURL(new Blob([body], { type: type + ";charset=utf-8" }));
  var link = el("a", { href: url, download: name, class: "rl-offscreen" });
  // Keep Material's instant navigation from treating the click as a page link.
  link.addEventListener("click", function (event) { event.stopPropagation(); });
  document.body.appendChild(link);
  link.click();
  setTimeout(function () {
    URL.revokeObjectURL(url);
    link.remove();
  }, 1000);
}

export { download, groupByTheme, initReadingList, siteName, starredPapers, toBibtex, toCsv, toMarkdown };
