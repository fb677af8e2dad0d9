// Search by meaning, as the main bundle offers it: the sentence model
// (semantic.js, 30 MB with its weights) loads only when first asked for, and
// the papers' vectors from the site's vectors.js.
import { indexPapers, loadData, loadPapers } from "../papers.js";
import { loadVectors } from "../vectors.js";
import { nearest } from "./nearest.js";

function semantic() {
  return loadData("assets/javascripts/semantic.js", "RLSemantic");
}

function encode(text) {
  return semantic().then(function (model) { return model.encode(text); });
}

// The k papers nearest the text by meaning, best first: [{ id, score }].
function similar(text, k) {
  return Promise.all([encode(text), loadVectors()]).then(function (both) {
    return nearest(both[0], both[1], k);
  });
}

// The search-by-meaning page's box: its view comes with semantic.js.
function initSearchPage(box) {
  semantic().then(function (model) {
    model.initSearchPage(box, similar, function () { return loadPapers().then(indexPapers); });
  }, function (err) { console.warn("readinglist: could not load semantic.js", err); });
}

export { encode, initSearchPage, similar };
