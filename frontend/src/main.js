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
 *     20,000 points thanks to batched drawing and a grid for hit-testing.
 *
 * Paper records come from window.RL_PAPERS (papers.js, which loads from
 * file:// where fetch() cannot). Every text field in them is untrusted input,
 * so text only ever reaches the page through textContent and setAttribute.
 */
import { copyText, initActions } from "./actions.js";
import { el, text } from "./dom.js";
import { currentlyShown, initFilter, initTagView } from "./filters.js";
import { msg, msgCount, strings } from "./i18n.js";
import { defaultHighlight, forgetDetachedMaps, initMap, setMapHighlight } from "./map.js";
import { afterLoadAndFirstSearch, indexPapers, loadPapers, loadScript } from "./papers.js";
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
  indexPapers: indexPapers,
  loadScript: loadScript,
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

function initPage() {
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
  if (!lists.length && !mapBoxes.length && !readingList && !tagView) return;
  afterLoadAndFirstSearch().then(loadPapers).then(
    function (papers) {
      var idx = indexPapers(papers);
      var pageMaps = [];
      // The map colours the papers the filter shows; without lists, a
      // theme page's own papers. A page may list only some papers (a large
      // list's home page shows each theme's best three): with no filter
      // active, every point keeps its colour.
      var filtered = lists.length ? initFilter(lists, idx, function (shown) {
        var listed = filtered ? filtered.length : shown.size;
        pageMaps.forEach(function (m) { setMapHighlight(m, shown.size === listed ? defaultHighlight(m) : shown); });
      }) : null;
      mapBoxes.forEach(function (box) {
        var shown = filtered ? currentlyShown(filtered) : null;
        var map = initMap(box, idx, shown);
        if (map) pageMaps.push(map);
        // No paper has a place on the map: give its kept room back.
        else if (!box.hasAttribute("data-rl-ready")) box.hidden = true;
      });
      if (readingList) initReadingList(readingList, idx);
      if (tagView) initTagView(tagView, idx);
    },
    function (err) {
      console.warn("readinglist: could not load the paper list", err);
      var note = msg("js.no_papers_js");
      lists.concat(mapBoxes, readingList ? [readingList] : [], tagView ? [tagView] : []).slice(0, 1).forEach(function (box) {
        box.before(el("p", { class: "rl-filter__empty" }, [note]));
      });
    }
  );
}

// Material's instant navigation announces each new page through
// document$; without it, run once the DOM is ready.
var doc$ = window.document$;
if (doc$ && typeof doc$.subscribe === "function") doc$.subscribe(initPage);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", initPage);
else initPage();
