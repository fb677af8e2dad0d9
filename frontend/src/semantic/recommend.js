// "More like my stars": the papers nearest the starred ones by their
// sentence vectors, words and themes, on the home page (once anything is
// starred) and the Reading list, each with its reason. The main bundle hands
// in its store (the reader's stars and read marks, whose changes this must
// hear) and papers(), a promise of indexPapers' lookups.
import { el, text, titleNodes, typeset } from "../dom.js";
import { msg } from "../i18n.js";
import { pageHref } from "../urls.js";
import { loadVectors } from "./vectors.js";

var SHOWN = 10;
// What the words of titles and keywords, those of abstracts, and the site's
// themes weigh beside the sentence vectors' cosine (1). Chosen on the first
// 1,000 ICLR 2026 papers and confirmed on papers 5,001-6,000 (see CONTRIBUTING.md).
var TERMS = 1;
var TOPICS = 0.5;
var THEME = 0.1;
var SUBTHEME = 0.1;
var WEIGHTS = 1 + TERMS + TOPICS + THEME + SUBTHEME;
// Words that say nothing of a paper's subject, left out of its terms.
var STOPWORDS = new Set(
  ("a an and are as at based be by can do does for from how in into is its new not of on or our over the through to " +
    "toward towards under using via vs we what when why with without").split(" ")
);

// The k papers nearest the papers ids, best first: [{ id, score, near }],
// score in [-1, 1] and near the one of them it is nearest. Starred and read
// papers (by store) are left out; equal scores go to the lower id.
//
// A score is a weighted mean of five likenesses to the given papers: the
// cosine to their mean sentence vector, taken about the list's mean vector so
// that what every paper says counts for nothing; the TF-IDF cosine of the
// words and keywords of titles and keywords to theirs, each term weighed by
// the square of its share of them, so that terms several of them have outweigh
// the terms of one; the cosine, taken the same way as the sentence vectors',
// to the mean of their abstracts' words in a few LSA directions (topics); and
// the shares of them in the paper's theme and sub-theme. Five starred papers
// of one ICLR 2026 area (the ten largest of papers 1-1,000) find 49% of their
// ten best in that area by the cosine alone, 54% without the abstracts' words,
// 57% so (see CONTRIBUTING.md).
function recommend(ids, k, store, papers) {
  return Promise.all([loadVectors(), papers()]).then(function (loaded) {
    var v = loaded[0];
    var c = centred(v);
    var a = centred(v.topics);
    var t = termIndex(v, loaded[1].papers);
    var rows = new Map(v.ids.map(function (id, row) { return [id, row]; }));
    var given = ids.filter(function (id) { return rows.has(id); }).map(function (id) { return rows.get(id); });
    var mean = meanRow(c, given);
    var topics = meanRow(a, given);
    var wanted = consensus(t, given);
    var themes = shares(t.themes, given);
    var subthemes = shares(t.subthemes, given);
    var left = new Set(given);
    var found = [];
    var score = new Float64Array(v.ids.length);
    v.ids.forEach(function (id, row) {
      if (!given.length || left.has(row) || store.starred(id) || store.read(id)) return;
      score[row] =
        (cosine(c, row, mean, 0) +
          TERMS * termCosine(t, row, wanted) +
          TOPICS * cosine(a, row, topics, 0) +
          THEME * (themes.get(t.themes[row]) || 0) +
          SUBTHEME * (subthemes.get(t.subthemes[row]) || 0)) /
        WEIGHTS;
      found.push(row);
    });
    found.sort(function (a, b) { return score[b] - score[a] || (v.ids[a] < v.ids[b] ? -1 : 1); });
    return found.slice(0, k).map(function (row) {
      var like = given.map(function (s) { return likeness(c, a, t, row, s); });
      var near = given[like.indexOf(Math.max.apply(null, like))];
      return { id: v.ids[row], score: score[row], near: v.ids[near] };
    });
  });
}

// How like row is the given paper at row other, weighed as recommend weighs its likeness to several.
function likeness(c, a, t, row, other) {
  var dense = new Map();
  t.terms[other].forEach(function (term, i) { dense.set(term, t.weights[other][i]); });
  return (
    cosine(c, row, c.data, other * c.dims) +
    TERMS * termCosine(t, row, dense) +
    TOPICS * cosine(a, row, a.data, other * a.dims) +
    THEME * (t.themes[row] === t.themes[other] ? 1 : 0) +
    SUBTHEME * (t.subthemes[row] !== null && t.subthemes[row] === t.subthemes[other] ? 1 : 0)
  );
}

// The given rows' mean term vector with each weight squared, scaled back to the mean's length: a term all of
// them have weighs as before, a term of one of five a fifth as much again.
function consensus(t, given) {
  var mean = new Map();
  given.forEach(function (row) {
    t.terms[row].forEach(function (term, i) { mean.set(term, (mean.get(term) || 0) + t.weights[row][i] / given.length); });
  });
  var length = 0;
  var squared = 0;
  mean.forEach(function (w) {
    length += w * w;
    squared += w * w * w * w;
  });
  var scale = squared ? Math.sqrt(length / squared) : 0;
  var wanted = new Map();
  mean.forEach(function (w, term) { wanted.set(term, w * w * scale); });
  return wanted;
}

function termCosine(t, row, wanted) {
  var dot = 0;
  t.terms[row].forEach(function (term, i) { dot += (wanted.get(term) || 0) * t.weights[row][i]; });
  return dot;
}

// Each value's share of the given rows' values; a null value is no one's.
function shares(values, given) {
  var share = new Map();
  given.forEach(function (row) {
    if (values[row] !== null) share.set(values[row], (share.get(values[row]) || 0) + 1 / given.length);
  });
  return share;
}

// Each row's terms (the words of its paper's title and keywords, each keyword
// whole) weighed by the square root of their idf, rows of unit length; a term
// of one paper weighs nothing, as it can match no other. Made once per load.
var termCache = null;
function termIndex(v, papers) {
  if (termCache && termCache.v === v && termCache.papers === papers) return termCache;
  var byId = new Map(papers.map(function (p) { return [p.id, p]; }));
  var column = new Map();
  var counts = [];
  var rows = v.ids.map(function (id) {
    var found = new Set(paperTerms(byId.get(id)));
    return Array.from(found, function (term) {
      if (!column.has(term)) {
        column.set(term, counts.length);
        counts.push(0);
      }
      counts[column.get(term)] += 1;
      return column.get(term);
    });
  });
  var n = v.ids.length;
  var weights = rows.map(function (terms) {
    var w = terms.map(function (term) { return counts[term] > 1 ? Math.sqrt(Math.log(n / counts[term])) : 0; });
    var norm = Math.sqrt(w.reduce(function (sum, x) { return sum + x * x; }, 0)) || 1;
    return w.map(function (x) { return x / norm; });
  });
  function field(name) {
    return v.ids.map(function (id) {
      var paper = byId.get(id) || {};
      return paper[name] || null;
    });
  }
  termCache = { v: v, papers: papers, column: column, counts: counts, terms: rows, weights: weights, themes: field("theme_slug"), subthemes: field("subtheme_slug") };
  return termCache;
}

// A paper's terms: "w:" and each word of its title and keywords, "k:" and each keyword's words.
function paperTerms(paper) {
  if (!paper) return [];
  var terms = words(text(paper.title)).map(function (w) { return "w:" + w; });
  (paper.keywords || []).forEach(function (keyword) {
    var said = words(text(keyword));
    said.forEach(function (w) { terms.push("w:" + w); });
    if (said.length) terms.push("k:" + said.join(" "));
  });
  return terms;
}

// A text's words, lower-case and singular, stopwords and single letters left out.
function words(said) {
  return (said.toLowerCase().match(/[a-z0-9]+/g) || [])
    .filter(function (w) { return w.length > 1 && !STOPWORDS.has(w); })
    .map(singular);
}

function singular(w) {
  if (w.length > 4 && w.endsWith("ies")) return w.slice(0, -3) + "y";
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

// The mean of c's rows given.
function meanRow(c, given) {
  var mean = new Float32Array(c.dims);
  given.forEach(function (row) {
    for (var j = 0; j < c.dims; j++) mean[j] += c.data[row * c.dims + j] / given.length;
  });
  return mean;
}

// The vectors (v's sentence vectors or its topics) less their mean, rows of unit length, made once per load.
var centredCache = new WeakMap();
function centred(v) {
  if (centredCache.has(v)) return centredCache.get(v);
  var n = v.dims ? v.data.length / v.dims : 0;
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
  centredCache.set(v, { dims: v.dims, data: data });
  return centredCache.get(v);
}

// Row row of c's vectors times the vector at offset of other.
function cosine(c, row, other, offset) {
  var dot = 0;
  for (var j = 0; j < c.dims; j++) dot += c.data[row * c.dims + j] * other[offset + j];
  return dot;
}

// Up to three of paper's keywords that near has too, as paper spells them:
// the same words, singular or plural ("vision-language models", "Vision
// Language Model"); failing those, keywords that share a rare word with one
// of near's ("offline reinforcement learning" and "inverse reinforcement
// learning" share "reinforcement" where at most 5% of the papers say it; on
// a list of fewer than 40 papers, no word is that rare).
var REASONS = 3;
var RARE_SHARE = 0.05;
function sharedKeywords(paper, near) {
  var theirs = (near.keywords || []).map(function (k) { return words(text(k)); });
  var keys = new Set(theirs.map(function (said) { return said.join(" "); }));
  var mine = (paper.keywords || []).filter(function (k) { return words(text(k)).length; });
  var same = mine.filter(function (k) { return keys.has(words(text(k)).join(" ")); });
  if (same.length || !termCache) return same.slice(0, REASONS);
  var said = new Set([].concat.apply([], theirs));
  var rare = function (w) {
    var at = termCache.column.get("w:" + w);
    return w.length > 3 && at !== undefined && termCache.counts[at] <= RARE_SHARE * termCache.terms.length;
  };
  return mine.filter(function (k) { return words(text(k)).some(function (w) { return said.has(w) && rare(w); }); }).slice(0, REASONS);
}

// The section in box: hidden while nothing is starred, redrawn when stars
// or read marks change.
function initRecommend(box, store, papers) {
  var drawn = 0;
  function render() {
    var starred = store.starredIds();
    var turn = ++drawn;
    if (!starred.length) {
      box.hidden = true;
      return;
    }
    Promise.all([papers(), recommend(starred, SHOWN, store, papers)]).then(
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
    var shared = sharedKeywords(paper, near);
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
