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
 *   - math typeset by the bundled KaTeX, which loads only on pages with math;
 *   - notes on papers (notes.js), RIS and CSL-JSON exports of the Reading list
 *     and of a filtered list (exports.js), share links (share.js), an
 *     iCalendar file of the starred papers' sessions (schedule.js);
 *   - the header's search box over the Pagefind index (search.js);
 *   - search by meaning (semantic/) in the header's box, on its page
 *     (.rl-semantic-search) and as RL.similar, and "more like my stars"
 *     (.rl-recommend) from the papers' sentence vectors: their code is a
 *     second bundle, semantic.js, which loads on their first use (a query,
 *     the first star), and the sentence model with the first query.
 *
 * Paper records come from three places, so that a page downloads little
 * before its map and filter work: the records of the papers a page lists sit
 * in the page (script.rl-records); the map's points in points.js (8 bytes a
 * paper); every record in papers.js, loaded on first need (a map tooltip,
 * a filter on a page that lists only some of its papers, the Reading list,
 * the tags page's view). Scripts, not JSON, load from file://
 * where fetch() cannot. Every text field is untrusted input, so text only
 * ever reaches the page through textContent and setAttribute.
 */
import { initActions } from "./actions.js";
import { el } from "./dom.js";
import { listenForExports } from "./exports.js";
import { currentlyShown, initFilter, initTagView } from "./filters.js";
import { msg } from "./i18n.js";
import { defaultHighlight, forgetDetachedMaps, initMap, setMapHighlight } from "./map.js";
import { renderMath } from "./math.js";
import { initNotes, listenForNotes } from "./notes.js";
import { afterLoadAndFirstSearch, indexPapers, loadPapers, loadPoints, pageRecords } from "./papers.js";
import { initReadingList } from "./reading-list.js";
import { encode, initRecommend, initSearchPage, recommend, similar } from "./semantic/load.js";
import { listenForSchedule } from "./schedule.js";
import { firstSearch, initSearch } from "./search.js";
import { code, listenForShare, shareLink } from "./share.js";
import { store } from "./store.js";
import { repaint, views } from "./toggles.js";
import { fixFileLinks } from "./urls.js";

/*
 * window.RL, the site's public seam: what tests and outside tools call in a
 * page (the modules import from each other, never through it). Keep it
 * small and stable; frontend/README.md lists it too.
 *
 *   store               the reader's state in localStorage (store.js):
 *                       starred(id), read(id), note(id), starredIds(),
 *                       update([[id, "s" | "r" | "n", value], ...]) and
 *                       setNote(id, text), each saved and announced
 *   loadPapers()        a promise of every paper's record, in points.js's
 *                       order (papers.js, downloaded once)
 *   loadPoints()        a promise of the map's points decoded from points.js:
 *                       { themes, points: [{ row, theme_slug, subtheme_slug, x, y }] }
 *   indexPapers(papers) lookups over records: { byId, byUrl, themes, ... }
 *   share.code(id)      a paper's five-character code in a share link
 *   share.link(ids, idx) the share link of these paper ids; idx from indexPapers
 *   similar(text, k)    a promise of the k papers nearest the text by meaning,
 *                       best first: [{ id, score }] (loads the sentence model)
 *   encode(text)        a promise of the text's unit vector, as the build's
 *                       sentence_embeddings gives it (a Float32Array of 384)
 *   recommend(ids, k)   a promise of the k papers nearest these, best first,
 *                       starred and read ones left out: [{ id, score, near }]
 */
window.RL = {
  store: store,
  loadPapers: loadPapers,
  loadPoints: loadPoints,
  indexPapers: indexPapers,
  share: { code: code, link: shareLink },
  similar: similar,
  encode: encode,
  recommend: recommend
};

function initPage() {
  renderMath(document.body);
  store.reset();
  views.clear();
  forgetDetachedMaps();
  store.listen(repaint);
  fixFileLinks();
  document.querySelectorAll(".rl-actions[data-paper]").forEach(initActions);
  document.querySelectorAll(".rl-semantic-search").forEach(initSearchPage);
  initNotes();
  document.querySelectorAll(".rl-recommend").forEach(initRecommend);

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
  var filtered = lists.length ? initFilter(lists, records, function (items) {
    var shown = currentlyShown(items);
    pageMaps.forEach(function (m) { setMapHighlight(m, shown ? rowsOf(shown, records) : defaultHighlight(m)); });
  }) : null;
  if (mapBoxes.length) {
    loadPoints().then(function (data) {
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
    afterLoadAndFirstSearch(firstSearch).then(loadPapers).then(
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

// Once per load, before any page starts: the features that add to the
// Reading list and the filter listen for them (their buttons go in this
// order), and the header's search box, which instant navigation keeps,
// starts at once so that a reader who types early gets answers early.
listenForNotes();
listenForExports();
listenForShare();
listenForSchedule();
initSearch();

// Material's instant navigation announces each new page through
// document$; without it, run once the DOM is ready.
var doc$ = window.document$;
if (doc$ && typeof doc$.subscribe === "function") doc$.subscribe(initPage);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", initPage);
else initPage();
