// The paper records: the page's own (its lists'), the map's points
// (points.js) and every record (papers.js, loaded on first need).
import { ROOT, normalisePath } from "./urls.js";

var papersPromise = null;

// Every paper's record, in points.js's order: papers.js, loaded once; else
// papers.json.
function loadPapers() {
  if (Array.isArray(window.RL_PAPERS)) return Promise.resolve(window.RL_PAPERS);
  if (!papersPromise) {
    papersPromise = loadData("papers.js", "RL_PAPERS")
      .catch(function () {
        return fetch(ROOT + "papers.json").then(function (r) {
          if (!r.ok) throw new Error("papers.json: HTTP " + r.status);
          return r.json();
        });
      });
    papersPromise.catch(function () { papersPromise = null; });
  }
  return papersPromise;
}

function loadScript(src) {
  return new Promise(function (resolve, reject) {
    var s = document.createElement("script");
    s.src = src;
    s.onload = resolve;
    s.onerror = reject;
    document.head.appendChild(s);
  });
}

// window[name], which the site-root script file defines: loaded once, and
// tried again on the next call if it failed.
var loading = new Map();
function loadData(file, name) {
  if (window[name] !== undefined) return Promise.resolve(window[name]);
  if (!loading.has(file)) {
    var promise = loadScript(ROOT + file).then(function () {
      if (window[name] === undefined) throw new Error(file + " did not define " + name);
      return window[name];
    });
    promise.catch(function () { loading.delete(file); });
    loading.set(file, promise);
  }
  return loading.get(file);
}

// The map's points, decoded from points.js (see POINTS_SCRIPT in the
// generator's render.py): each paper's row in papers.js, theme and sub-theme
// slugs, and x, y in [0, 1]. Themes are numbered in slug order, so a theme
// keeps its colour on every page.
var DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
var GRID = 4095;
var pointsCache = null;
function loadPoints() {
  return loadData("points.js", "RL_POINTS").then(function (raw) {
    if (pointsCache && pointsCache.raw === raw) return pointsCache;
    var themes = raw.themes.map(function (t) { return { label: String(t[0]), slug: String(t[1]) }; });
    var sorted = themes.slice().sort(function (a, b) { return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0; });
    sorted.forEach(function (t, i) { t.index = i; });
    var s = raw.points;
    function at(i) { return DIGITS.indexOf(s[i]) * 64 + DIGITS.indexOf(s[i + 1]); }
    var points = [];
    for (var i = 0; i + 8 <= s.length; i += 8) {
      var theme = themes[at(i)];
      var sub = at(i + 2);
      points.push({ row: i / 8, theme_slug: theme.slug, subtheme_slug: sub ? raw.subthemes[sub - 1] : null, c: theme.index, x: at(i + 4) / GRID, y: at(i + 6) / GRID });
    }
    pointsCache = { raw: raw, themes: sorted, points: points };
    return pointsCache;
  });
}

// The records of the papers the page lists, from its filter slot's
// data-records (see render.py's _records_attribute): what its filter needs,
// with each paper's row in points.js and papers.js; and the page's scope,
// the list's or theme's papers, listed or not: how many, and the field and
// slug that tell them in papers.js (field "" for the whole list).
function pageRecords() {
  var byId = new Map();
  var byUrl = new Map();
  var scope = { total: 0, field: "", slug: "" };
  document.querySelectorAll(".rl-filter-slot[data-records]").forEach(function (slot) {
    var table = { fields: [], rows: [], total: 0, scope: ["", ""] };
    try {
      table = JSON.parse(slot.getAttribute("data-records"));
    } catch (err) {
      console.warn("readinglist: unreadable records on this page", err);
    }
    table.rows.forEach(function (row) {
      var p = {};
      table.fields.forEach(function (field, i) { p[field] = row[i]; });
      byId.set(p.id, p);
      byUrl.set(normalisePath(p.url), p);
    });
    scope = { total: table.total, field: table.scope[0], slug: table.scope[1] };
  });
  return { byId: byId, byUrl: byUrl, scope: scope };
}

// Lookups over the records, built once per data set.
var indexCache = null;
function indexPapers(papers) {
  if (indexCache && indexCache.papers === papers) return indexCache;
  var byId = new Map();
  var byUrl = new Map();
  var slugs = new Map();
  papers.forEach(function (p) {
    if (!p || typeof p.id !== "string") return;
    byId.set(p.id, p);
    if (typeof p.url === "string") byUrl.set(normalisePath(p.url), p);
    if (p.theme_slug && !slugs.has(p.theme_slug)) slugs.set(p.theme_slug, String(p.theme || p.theme_slug));
  });
  // Colours follow the sorted slugs, so a theme keeps its colour on every page.
  var themes = Array.from(slugs.keys()).sort().map(function (slug, i) {
    return { slug: slug, label: slugs.get(slug), index: i };
  });
  var themeIndex = new Map(themes.map(function (t) { return [t.slug, t.index]; }));
  indexCache = { papers: papers, byId: byId, byUrl: byUrl, themes: themes, themeIndex: themeIndex };
  return indexCache;
}

// Every paper's record is a big script (4.5 MB at 20,000 papers): run it a
// moment after the page has loaded, and after a search the reader started
// at once has answered (firstSearch: search.js's), so that it holds up
// neither the page nor the first results.
var AFTER_LOAD_MS = 300;
function afterLoadAndFirstSearch(firstSearch) {
  return new Promise(function (resolve) {
    function go() {
      setTimeout(function () {
        Promise.resolve(firstSearch()).then(resolve, resolve);
      }, AFTER_LOAD_MS);
    }
    if (document.readyState === "complete") go();
    else window.addEventListener("load", go, { once: true });
  });
}

export { afterLoadAndFirstSearch, indexPapers, loadData, loadPapers, loadPoints, loadScript, pageRecords };
