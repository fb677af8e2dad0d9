// The papers nearest a text by meaning: its vector's nearest rows of the
// papers' vectors by cosine.
import { encode } from "./model.js";
import { loadVectors } from "./vectors.js";

var norms = new WeakMap();

function rowNorms(vectors) {
  if (!norms.has(vectors)) {
    var out = new Float64Array(vectors.ids.length);
    for (var r = 0; r < out.length; r++) {
      var sum = 0;
      for (var i = r * vectors.dims; i < (r + 1) * vectors.dims; i++) sum += vectors.data[i] * vectors.data[i];
      out[r] = Math.sqrt(sum) || 1;
    }
    norms.set(vectors, out);
  }
  return norms.get(vectors);
}

// The k rows of vectors nearest a unit vector by cosine, best first.
// vectors: { ids, dims, data: Int8Array (one row of dims per id) }; a row's
// own scale cancels out of its cosine, so its length is all that is needed.
function nearest(query, vectors, k) {
  var lengths = rowNorms(vectors);
  var dims = vectors.dims;
  var scored = vectors.ids.map(function (id, r) {
    var dot = 0;
    for (var i = 0; i < dims; i++) dot += query[i] * vectors.data[r * dims + i];
    return { id: id, score: dot / lengths[r] };
  });
  scored.sort(function (a, b) { return b.score - a.score; });
  return scored.slice(0, k);
}

// The k papers nearest the text by meaning, best first: [{ id, score }].
function similar(text, k) {
  return Promise.all([encode(text), loadVectors()]).then(function (both) {
    return nearest(both[0], both[1], k);
  });
}

export { similar };
