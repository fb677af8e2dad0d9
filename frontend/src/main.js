/*
 * Reader features of a readinglist site, all in the browser, with no server.
 * One ES module per feature; `npm run build` in frontend/ bundles them into
 * docs/assets/javascripts/readinglist.js, one classic script, because pages
 * opened from file:// may not load modules. The features:
 *
 *   - a personal reading list: star / mark-as-read controls on paper pages and
 *     in paper lists, kept in localStorage by paper id (ids are stable across
 *     rebuilds, list positions are not);
 *   - the Reading list page (.rl-reading-list): starred papers by theme, with
 *     Markdown / BibTeX / CSV export and CSV import;
 *   - instant filters above paper lists (.rl-papers), kept in the URL so a
 *     filtered view can be shared;
 *   - copy-link and copy-citation buttons on paper pages (.rl-actions);
 *   - the tags page's view (.rl-tag-view) of the papers with the keyword in
 *     its URL (?tag=…);
 *   - a theme map (.rl-map): one <canvas> scatter of every paper, fast at
 *     20,000 points thanks to batched drawing and a grid for hit-testing;
 *   - math typeset by the bundled KaTeX, which loads only on pages with math.
 *
 * Paper records come from three places, so that a page downloads little
 * before its map and filter work: the records of the papers a page lists sit
 * in the page (script.rl-records); the map's points in points.js (8 bytes a
 * paper); every record in papers.js, loaded on first need (a map tooltip, the
 * Reading list, the tags page's view). Scripts, not JSON, load from file://
 * where fetch() cannot. Every text field is untrusted input, so text only
 * ever reaches the page through textContent and setAttribute.
 */
import { copyText, initActions } from "./actions.js";
import { el, text } from "./dom.js";
import { currentlyShown, initFilter, initTagView } from "./filters.js";
import { msg, msgCount, strings } from "./i18n.js";
import { defaultHighlight, forgetDetachedMaps, initMap, setMapHighlight } from "./map.js";
import { mathNodes, renderMath } from "./math.js";
import { afterLoadAndFirstSearch, indexPapers, loadData, loadPapers, loadPoints, pageRecords } from "./papers.js";
import { download, groupByTheme, initReadingList, siteName, starredPapers, toBibtex, toCsv, toMarkdown } from "./reading-list.js";
import { store } from "./store.js";
import { repaint, views } from "./toggles.js";
import { fixFileLinks, pageHref, publicHref, ROOT } from "./urls.js";

// The feature scripts beside this bundle (notes.js, exports.js, share.js,
// schedule.js) build on these, and hear of the views it makes through events
// on document (see dom.js, announce).
window.RL = {
  store: store,
  loadPapers: loadPapers,
  loadPoints: loadPoints,
  loadData: loadData,
  indexPapers: indexPapers,
  root: ROOT,
  el: el,
  text: text,
  pageHref: pageHref,
  publicHref: publicHref,
  siteName: siteName,
  copyText: copyText,
  download: download,
  starredPapers: starredPapers,
  groupByTheme: groupByTheme,
  exports: { markdown: toMarkdown, bibtex: toBibtex, csv: toCsv },
  msgCount: msgCount,
  strings: strings
};
// search.js typesets the titles and excerpts it writes with these.
window.rlMath = { nodes: mathNodes, render: renderMath };

function initPage() {
  renderMath(document.body);
  store.reset();
  views.clear();
  forgetDetachedMaps();
  store.listen(repaint);
  fixFileLinks();
  document.querySelectorAll(".rl-actions[data-paper]").forEach(initActions);

  var lists = Array.from(document.querySelectorAll(".rl-papers"));
  var mapBoxes = Array.from(document.querySelectorAll(".rl-map"));
  var readingList = document.querySelector(".rl-reading-list");
  var tagView = document.querySelector(".rl-tag-view");
  var pageMaps = [];
  var records = pageRecords();
  // The map colours the papers the filter shows; without lists, a theme
  // page's own papers. A page may list only some papers (a large list's home
  // page shows each theme's best three): with no filter active, every point
  // keeps its colour.
  var filtered = null;
  // The filter needs no download, but the scripts after this one listen for
  // it (rl:filter): start it once they have run.
  var scriptsRan = new Promise(function (resolve) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", resolve, { once: true });
    else resolve();
  });
  scriptsRan.then(function () {
    filtered = lists.length ? initFilter(lists, records, function (shown) {
      var listed = filtered ? filtered.length : shown.size;
      pageMaps.forEach(function (m) { setMapHighlight(m, shown.size === listed ? defaultHighlight(m) : rowsOf(shown, records)); });
    }) : null;
  });
  if (mapBoxes.length) {
    Promise.all([loadPoints(), scriptsRan]).then(function (loaded) {
      var data = loaded[0];
      mapBoxes.forEach(function (box) {
        var shown = filtered ? currentlyShown(filtered) : null;
        var map = initMap(box, data, shown && rowsOf(shown, records));
        if (map) pageMaps.push(map);
        // No paper has a place on the map: give its kept room back.
        else if (!box.hasAttribute("data-rl-ready")) box.hidden = true;
      });
    }, function (err) { noPapers(mapBoxes, err); });
  }
  if (readingList || tagView) {
    afterLoadAndFirstSearch().then(loadPapers).then(
      function (papers) {
        var idx = indexPapers(papers);
        if (readingList) initReadingList(readingList, idx);
        if (tagView) initTagView(tagView, idx);
      },
      function (err) { noPapers([readingList || tagView], err); }
    );
  }
}

// The rows of the papers with these ids, for the map.
function rowsOf(ids, records) {
  return new Set(Array.from(ids, function (id) { return records.byId.get(id).row; }));
}

function noPapers(boxes, err) {
  console.warn("readinglist: could not load the paper list", err);
  boxes[0].before(el("p", { class: "rl-filter__empty" }, [msg("js.no_papers_js")]));
}

// Material's instant navigation announces each new page through
// document$; without it, run once the DOM is ready.
var doc$ = window.document$;
if (doc$ && typeof doc$.subscribe === "function") doc$.subscribe(initPage);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", initPage);
else initPage();
