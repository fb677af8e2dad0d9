// The header's search box, by meaning: under Pagefind's results by words,
// the papers nearest the query in meaning, then a link to the
// search-by-meaning page for the same query. The main bundle's search.js
// asks each query once its words' answer shows; the first loads the
// sentence model, its progress shown here. A query that comes while the
// model encodes another waits, and only the newest is asked next.
import { el, text, titleNodes, typeset } from "../dom.js";
import { msg } from "../i18n.js";
import { entry } from "../search-result.js";
import { pageHref, ROOT } from "../urls.js";
import { similar } from "./nearest.js";

var SHOWN = 5;
var ID = "rl-search-meaning";

// box: the header's .rl-search (data-rl-meaning: the search-by-meaning
// page's path); papers(): a promise of indexPapers' lookups. Returns
// ask(query), which shows the query's answer; "" empties the section.
function initSearchBox(box, papers) {
  var meta = el("div", { class: "md-search-result__meta", id: ID + "-meta", "aria-live": "polite" });
  var progress = el("progress", { class: "rl-search__progress", max: "1", value: "0", hidden: true, "aria-label": msg("js.semantic_loading") });
  var list = el("ol", { class: "rl-search__meaning-list", id: ID, "aria-labelledby": ID + "-meta" });
  var section = el("div", { class: "rl-search__by-meaning", hidden: true }, [meta, progress, list]);
  box.querySelector(".md-search-result").append(section);
  var input = box.querySelector(".md-search__input");
  input.setAttribute("aria-controls", input.getAttribute("aria-controls") + " " + ID);

  document.addEventListener("rl:model-progress", function (e) {
    progress.value = e.detail.loaded / e.detail.total;
    progress.hidden = e.detail.loaded >= e.detail.total;
    if (!progress.hidden) meta.textContent = msg("js.search_meaning_loading");
  });

  var asked = ""; // the newest query
  var busy = false;
  function next() {
    var query = asked;
    busy = true;
    if (!list.children.length) meta.textContent = msg("js.search_meaning_searching");
    Promise.all([similar(query, SHOWN), papers()])
      .then(
        function (both) {
          if (query === asked) show(query, both[0], both[1]);
        },
        function (err) {
          console.warn("readinglist: search by meaning failed", err);
          if (query === asked) meta.textContent = msg("js.semantic_failed");
        }
      )
      .then(function () {
        busy = false;
        if (asked && asked !== query) next();
      });
  }

  function show(query, hits, idx) {
    var items = hits.filter(function (hit) { return idx.byId.has(hit.id); }).map(function (hit) {
      var rec = idx.byId.get(hit.id);
      var li = entry(pageHref(rec.url), titleNodes(rec), [about(rec)]);
      li.setAttribute("data-rl-paper", rec.id);
      return li;
    });
    var url = new URL(box.dataset.rlMeaning, ROOT);
    url.searchParams.set("q", query);
    var more = entry(url.href, [msg("js.search_by_meaning", { query: query })], [msg("js.search_by_meaning_note")]);
    more.classList.add("rl-search__meaning");
    list.replaceChildren.apply(list, items.concat([more]));
    typeset(list);
    meta.textContent = msg("js.search_meaning_found");
    section.setAttribute("data-rl-query", query); // the query these results answer (tests wait on it)
  }

  return function ask(query) {
    asked = query;
    section.hidden = !query;
    if (!query) list.replaceChildren();
    else if (!busy) next();
  };
}

// What a paper is about, under its title: its theme and keyphrases.
function about(rec) {
  return [rec.theme].concat(rec.keywords || []).map(text).filter(Boolean).join(" · ");
}

export { initSearchBox };
