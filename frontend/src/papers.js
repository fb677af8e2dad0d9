// The paper records (papers.js) and lookups over them.
import { ROOT, normalisePath } from "./urls.js";

var papersPromise = null;

// window.RL_PAPERS when papers.js is on the page; else load papers.js now
// (after instant navigation from a page without it); else papers.json.
function loadPapers() {
  if (Array.isArray(window.RL_PAPERS)) return Promise.resolve(window.RL_PAPERS);
  if (!papersPromise) {
    papersPromise = loadScript(ROOT + "papers.js")
      .then(function () {
        if (Array.isArray(window.RL_PAPERS)) return window.RL_PAPERS;
        throw new Error("papers.js did not define RL_PAPERS");
      })
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

// The paper records are a big script (4.5 MB at 20,000 papers): run it a
// moment after the page has loaded, and after a search the reader started
// at once has answered (search.js sets RL_SEARCH_FIRST), so that it holds
// up neither the page nor the first results.
var AFTER_LOAD_MS = 300;
function afterLoadAndFirstSearch() {
  return new Promise(function (resolve) {
    function go() {
      setTimeout(function () {
        Promise.resolve(window.RL_SEARCH_FIRST).then(resolve, resolve);
      }, AFTER_LOAD_MS);
    }
    if (document.readyState === "complete") go();
    else window.addEventListener("load", go, { once: true });
  });
}

export { afterLoadAndFirstSearch, indexPapers, loadPapers, loadScript };
