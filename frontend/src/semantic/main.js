// The entry of semantic.js, the second bundle: search by meaning and "more
// like my stars", which the main bundle (semantic/load.js) loads only on
// their first use, so that no page downloads them before. The sentence
// model loads later still, on the first query by meaning (model.js). What
// the main bundle must share (the reader's store, the papers' index) it
// hands in; window.RLSemantic is the whole of this bundle's seam.
import { el } from "../dom.js";
import { ROOT } from "../urls.js";
import { encode, tokenize } from "./model.js";
import { similar } from "./nearest.js";
import { initRecommend, recommend } from "./recommend.js";
import { initSearchBox } from "./search-box.js";
import { initSemanticSearch } from "./search-view.js";

// The views' styles, semantic.css, load with the first view: no page loads
// them before, and a page with the model alone (benchmarks.semantic) never.
var styled = false;
function view(init) {
  return function (...args) {
    if (!styled) document.head.append(el("link", { rel: "stylesheet", href: ROOT + "assets/stylesheets/semantic.css" }));
    styled = true;
    return init(...args);
  };
}

window.RLSemantic = {
  // A promise of the text's unit vector (a Float32Array of 384).
  encode: encode,
  // A promise of the text's input ids, [CLS] … [SEP].
  tokenize: tokenize,
  // similar(text, k): a promise of the k papers nearest the text, [{ id, score }].
  similar: similar,
  // recommend(ids, k, store, papers): a promise of the k papers nearest these, [{ id, score, near }].
  recommend: recommend,
  // The views, each given papers(), a promise of indexPapers' lookups:
  // initSearchPage(box, papers), initSearchBox(box, papers) (returns ask(query)),
  // initRecommend(box, store, papers).
  initSearchPage: view(initSemanticSearch),
  initSearchBox: view(initSearchBox),
  initRecommend: view(initRecommend)
};
