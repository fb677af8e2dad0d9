// The papers' sentence vectors, for "more like my stars" and search by
// meaning: vectors.js at the site's root (see render/exports.py's
// vectors_script), a script so that it loads from file:// too, where a
// fetch of a binary file fails. Loaded on the first call only.
import { loadData } from "../papers.js";

var decoded = null;

// A promise of { ids, dims, data, scale, topics }: row i of data (an
// Int8Array of ids.length * dims) is paper ids[i], and its values times scale
// are about that paper's unit sentence vector; topics, { dims, data, scale }
// in the same way, holds the words of its abstract in a few LSA directions.
function loadVectors() {
  return loadData("vectors.js", "RL_VECTORS").then(function (raw) {
    if (decoded && decoded.raw === raw) return decoded.vectors;
    var vectors = int8(raw);
    vectors.ids = raw.ids;
    vectors.topics = int8(raw.topics);
    decoded = { raw: raw, vectors: vectors };
    return decoded.vectors;
  });
}

function int8(raw) {
  var bytes = atob(raw.data);
  var data = new Int8Array(bytes.length);
  for (var i = 0; i < bytes.length; i++) data[i] = (bytes.charCodeAt(i) << 24) >> 24;
  return { dims: raw.dims, data: data, scale: raw.scale };
}

export { loadVectors };
