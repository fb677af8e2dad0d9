// Search by meaning and "more like my stars", as the main bundle offers
// them: their code is semantic.js (semantic/main.js), loaded on first use
// (a query in the header's box, the search page, RL.similar, the first
// star), and the sentence model (23 MB) with the first query by meaning.
// Before that a page loads nothing of either.
import { indexPapers, loadData, loadPapers } from "../papers.js";
import { store } from "../store.js";

function semantic() {
  return loadData("assets/javascripts/semantic.js", "RLSemantic");
}

function papers() {
  return loadPapers().then(indexPapers);
}

function warn(err) {
  console.warn("readinglist: could not load semantic.js", err);
}

function encode(text) {
  return semantic().then(function (m) { return m.encode(text); });
}

// The k papers nearest the text by meaning, best first: [{ id, score }].
function similar(text, k) {
  return semantic().then(function (m) { return m.similar(text, k); });
}

// The k papers nearest these ids, best first, starred and read ones left out.
function recommend(ids, k) {
  return semantic().then(function (m) { return m.recommend(ids, k, store, papers); });
}

// The search-by-meaning page's box.
function initSearchPage(box) {
  semantic().then(function (m) { m.initSearchPage(box, papers); }, warn);
}

// "More like your stars" (.rl-recommend, hidden): semantic.js draws it once
// a paper is starred.
function initRecommend(box) {
  var started = false;
  function start() {
    if (started || !store.starredIds().length) return;
    started = true;
    semantic().then(function (m) { m.initRecommend(box, store, papers); }, function (err) {
      started = false;
      warn(err);
    });
  }
  store.listen(start);
  start();
}

// The header's box by meaning: ask(query) for each query; semantic.js loads
// with the first, and an empty query before that loads nothing.
function searchByMeaning(box) {
  var view = null;
  return function ask(query) {
    if (!view && !query) return;
    if (!view) {
      view = semantic().then(function (m) { return m.initSearchBox(box, papers); });
      view.catch(function (err) {
        view = null;
        warn(err);
      });
    }
    view.then(function (show) { show(query); }, function () {});
  };
}

export { encode, initRecommend, initSearchPage, recommend, searchByMeaning, similar };
