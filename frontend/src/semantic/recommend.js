// "More like my stars": the papers nearest the starred ones by their
// sentence vectors, on the home page (once anything is starred) and the
// Reading list, each with its reason. The main bundle hands in its store
// (the reader's stars and read marks, whose changes this must hear) and the
// papers' index.
import { el, text, titleNodes, typeset } from "../dom.js";
import { msg } from "../i18n.js";
import { pageHref } from "../urls.js";
import { loadVectors } from "./vectors.js";

var SHOWN = 10;

// The k papers nearest the papers ids, best first: [{ id, score, near }],
// score the mean cosine to them and near the one of them it is nearest.
// Starred and read papers (by store) are left out; equal scores go to the lower id.
// Cosines are taken about the list's mean vector: what every paper of the
// list says counts for nothing. Five starred papers of one ICLR 2026 area
// (the ten largest of the first 1,000 papers) find 49% of their ten best in
// that area so, 39% uncentred; the highest cosine instead of the mean, 31%.
function recommend(ids, k, store) {
  return loadVectors().then(function (v) {
    var c = centred(v);
    var given = ids.filter(function (id) { return c.rows.has(id); }).map(function (id) { return c.rows.get(id); });
    var mean = new Float32Array(v.dims);
    given.forEach(function (row) {
      for (var j = 0; j < v.dims; j++) mean[j] += c.data[row * v.dims + j] / given.length;
    });
    var left = new Set(given);
    var found = [];
    var score = new Float64Array(v.ids.length);
    v.ids.forEach(function (id, row) {
      if (!given.length || left.has(row) || store.starred(id) || store.read(id)) return;
      score[row] = cosine(c, row, mean, 0);
      found.push(row);
    });
    found.sort(function (a, b) { return score[b] - score[a] || (v.ids[a] < v.ids[b] ? -1 : 1); });
    return found.slice(0, k).map(function (row) {
      var near = given.reduce(function (best, s) { return cosine(c, row, c.data, s * v.dims) > cosine(c, row, c.data, best * v.dims) ? s : best; });
      return { id: v.ids[row], score: score[row], near: v.ids[near] };
    });
  });
}

// The vectors less their mean, rows of unit length, made once per load.
var centredCache = null;
function centred(v) {
  if (centredCache && centredCache.v === v) return centredCache;
  var n = v.ids.length;
  var mean = new Float64Array(v.dims);
  for (var i = 0; i < v.data.length; i++) mean[i % v.dims] += v.data[i] / n;
  var data = new Float32Array(v.data.length);
  for (var row = 0; row < n; row++) {
    var at = row * v.dims;
    var norm = 0;
    for (var j = 0; j < v.dims; j++) {
      data[at + j] = v.data[at + j] - mean[j];
      norm += data[at + j] * data[at + j];
    }
    norm = Math.sqrt(norm) || 1;
    for (var m = 0; m < v.dims; m++) data[at + m] /= norm;
  }
  centredCache = { v: v, dims: v.dims, data: data, rows: new Map(v.ids.map(function (id, r) { return [id, r]; })) };
  return centredCache;
}

// Row row of c's vectors times the vector at offset of other.
function cosine(c, row, other, offset) {
  var dot = 0;
  for (var j = 0; j < c.dims; j++) dot += c.data[row * c.dims + j] * other[offset + j];
  return dot;
}

// The section in box: hidden while nothing is starred, redrawn when stars
// or read marks change; papers() a promise of indexPapers' lookups.
function initRecommend(box, store, papers) {
  var drawn = 0;
  function render() {
    var starred = store.starredIds();
    var turn = ++drawn;
    if (!starred.length) {
      box.hidden = true;
      return;
    }
    Promise.all([papers(), recommend(starred, SHOWN, store)]).then(
      function (found) {
        if (turn === drawn) show(box, found[0], found[1]);
      },
      function (err) {
        console.warn("readinglist: could not load the papers' vectors", err);
        box.hidden = true;
      }
    );
  }
  store.listen(render);
  render();
}

function show(box, idx, found) {
  var list = el("ol", { class: "rl-recommend__papers" });
  found.forEach(function (r) {
    var paper = idx.byId.get(r.id);
    var near = idx.byId.get(r.near);
    if (!paper || !near) return;
    var mine = new Set((near.keywords || []).map(function (k) { return text(k).toLowerCase(); }));
    var shared = (paper.keywords || []).filter(function (k) { return mine.has(text(k).toLowerCase()); });
    var reason = [msg("js.recommend_near", { title: text(near.title) })];
    if (shared.length) reason.push(msg("js.recommend_shared", { keywords: shared.map(text).join(", ") }));
    list.appendChild(
      el("li", { class: "rl-recommend__item", "data-rl-paper": r.id, "data-rl-near": r.near }, [
        el("a", { href: pageHref(paper.url) }, titleNodes(paper)),
        el("br"),
        el("small", { class: "rl-recommend__reason" }, [reason.join(" · ")])
      ])
    );
  });
  box.textContent = "";
  box.append(el("h2", {}, [msg("js.recommend_title")]), found.length ? list : el("p", {}, [msg("js.recommend_none")]));
  typeset(list);
  box.hidden = false;
}

export { initRecommend, recommend };
