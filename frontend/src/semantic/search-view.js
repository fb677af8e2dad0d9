// The search-by-meaning page (.rl-semantic-search): a box for a question or
// a pasted abstract, the model's loading progress on first use, and the
// nearest papers, said to be found by meaning. A query in the page's URL
// (?q=) is asked at once. Part of semantic.js, so that no other page
// downloads it; the main bundle hands in the papers' index.
import { el, titleNodes, typeset } from "../dom.js";
import { msg } from "../i18n.js";
import { pageHref } from "../urls.js";
import { similar } from "./nearest.js";

var SHOWN = 20;

function initSemanticSearch(box, papers) {
  if (box.hasAttribute("data-rl-ready")) return;
  box.setAttribute("data-rl-ready", "");
  var query = el("textarea", { class: "rl-semantic__query", rows: "4", "aria-label": msg("js.semantic_label"), placeholder: msg("js.semantic_placeholder") });
  // Labelled, so that it is told apart from the header's search landmark.
  var form = el("form", { class: "rl-semantic__form", role: "search", "aria-label": msg("js.semantic_search") }, [
    query,
    el("button", { type: "submit", class: "rl-button" }, [msg("js.semantic_search")])
  ]);
  var progress = el("progress", { class: "rl-semantic__progress", max: "1", value: "0", hidden: true, "aria-label": msg("js.semantic_loading") });
  var status = el("p", { class: "rl-semantic__status", role: "status", "aria-live": "polite" });
  var results = el("ol", { class: "rl-semantic__results", "aria-label": msg("js.semantic_results") });
  box.append(form, progress, status, results);
  document.addEventListener("rl:model-progress", function (e) {
    progress.value = e.detail.loaded / e.detail.total;
    progress.hidden = e.detail.loaded >= e.detail.total;
    if (!progress.hidden) status.textContent = msg("js.semantic_loading");
  });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    var text = query.value.trim();
    if (!text) return;
    status.textContent = msg("js.semantic_searching");
    Promise.all([similar(text, SHOWN), papers()]).then(function (both) {
      show(results, both[0], both[1]);
      status.textContent = msg("js.semantic_found", { n: results.children.length });
      box.setAttribute("data-rl-query", text);
    }, function (err) {
      console.warn("readinglist: search by meaning failed", err);
      status.textContent = msg("js.semantic_failed");
    });
  });
  // search/?q=…: a link from elsewhere (the keyword search's box) asks at once.
  var asked = new URLSearchParams(location.search).get("q");
  if (asked) {
    query.value = asked;
    form.requestSubmit();
  }
}

function show(list, hits, idx) {
  list.replaceChildren.apply(list, hits.filter(function (hit) { return idx.byId.has(hit.id); }).map(function (hit) {
    var rec = idx.byId.get(hit.id);
    return el("li", { class: "rl-semantic__hit", "data-paper": rec.id }, [
      el("a", { href: pageHref(rec.url) }, titleNodes(rec)),
      " ",
      el("span", { class: "rl-semantic__why" }, [msg("js.semantic_by_meaning", { score: hit.score.toFixed(2) })])
    ]);
  }));
  typeset(list);
}

export { initSemanticSearch };
