// Search by meaning, as the main bundle offers it: the sentence model
// (semantic.js, 30 MB with its weights) loads only when first asked for, and
// the papers' vectors come from the site's vectors.js, or a source a tool
// hands in with useVectors().
import { indexPapers, loadData, loadPapers } from "../papers.js";
import { loadVectors } from "../vectors.js";
import { nearest } from "./nearest.js";

var vectorSource = loadVectors;

// source: a function that resolves to { ids, dims, data: Int8Array }.
function useVectors(source) {
  vectorSource = source;
}

function semantic() {
  return loadData("assets/javascripts/semantic.js", "RLSemantic");
}

function encode(text) {
  return semantic().then(function (model) { return model.encode(text); });
}

// The k papers nearest the text by meaning, best first: [{ id, score }].
function similar(text, k) {
  return Promise.all([encode(text), vectorSource()]).then(function (both) {
    return nearest(both[0], both[1], k);
  });
}

// The search-by-meaning page's box: its view comes with semantic.js.
function initSearchPage(box) {
  semantic().then(function (model) {
    model.initSearchPage(box, similar, function () { return loadPapers().then(indexPapers); });
  }, function (err) { console.warn("readinglist: could not load semantic.js", err); });
}

export { encode, initSearchPage, similar, useVectors };
