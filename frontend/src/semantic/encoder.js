// all-MiniLM-L6-v2's forward pass, as generator/analysis/embeddings.py runs
// it: the int8 weight matrices times their per-row scale, six BERT layers,
// the mean of the last layer's token states, unit length. The matrix
// products, softmax and GELU run in a WebAssembly SIMD kernel of 2 KB
// (kernel.wat), over activations that stay in its memory: a query is about
// ten times faster than in plain JavaScript (CONTRIBUTING.md, Search by
// meaning, has the figures, and why not a WebAssembly runtime).
import kernel from "./kernel.wasm";

var HEADS = 12;

// The named arrays of a .safetensors file, as embeddings.read_safetensors.
function readSafetensors(bytes) {
  var view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  var size = Number(view.getBigUint64(0, true));
  var header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + size)));
  var arrays = {};
  Object.keys(header).forEach(function (name) {
    if (name === "__metadata__") return;
    var entry = header[name];
    var raw = bytes.slice(8 + size + entry.data_offsets[0], 8 + size + entry.data_offsets[1]);
    if (entry.dtype === "I8") arrays[name] = new Int8Array(raw.buffer);
    else if (entry.dtype === "F32") arrays[name] = new Float32Array(raw.buffer);
    else throw new Error("model: " + name + " has dtype " + entry.dtype);
    arrays[name].shape = entry.shape;
  });
  return arrays;
}

// The weights and the work space live in the kernel's memory, laid out once:
// floats are handed out from its start.
function Memory(floats) {
  this.memory = new WebAssembly.Memory({ initial: Math.ceil((floats * 4) / 65536) });
  this.f32 = new Float32Array(this.memory.buffer);
  this.used = 0;
  this.kernel = new WebAssembly.Instance(new WebAssembly.Module(kernel), { env: { memory: this.memory } }).exports;
}

// A Float32Array of n floats in the memory; its byteOffset is where the kernel finds it.
Memory.prototype.take = function (n) {
  this.used += n;
  return this.f32.subarray(this.used - n, this.used);
};

// A copy of a Float32Array in the memory.
Memory.prototype.copy = function (array) {
  var at = this.take(array.length);
  at.set(array);
  return at;
};

// One or more weight matrices stacked, in float32 (int8 times each row's
// scale), and their biases: a layer for `apply`.
Memory.prototype.matrix = function (weights, names) {
  var cols = weights[names[0] + ".weight"].shape[1];
  var rows = names.reduce(function (n, name) { return n + weights[name + ".weight"].shape[0]; }, 0);
  var w = this.take(rows * cols);
  var b = this.take(rows);
  var at = 0;
  names.forEach(function (name) {
    var matrix = weights[name + ".weight"];
    var scale = weights[name + ".scale"];
    for (var i = 0; i < matrix.length; i++) w[at * cols + i] = matrix[i] * scale[(i / cols) | 0];
    b.set(weights[name + ".bias"], at);
    at += matrix.shape[0];
  });
  return { w: w, b: b, rows: rows, cols: cols };
};

// y = x Wᵀ + b for count rows of x.
Memory.prototype.apply = function (x, count, layer, y) {
  this.kernel.linear(x.byteOffset, layer.cols, count, layer.cols, layer.w.byteOffset, layer.cols, layer.rows,
    layer.b.byteOffset, y.byteOffset, layer.rows);
  return y;
};

// The floats of the weights the memory holds: all but the scales (folded
// into their matrices), the word embeddings (a row read per token) and the
// token types (folded into the positions).
function weightFloats(weights) {
  return Object.keys(weights).reduce(function (n, name) {
    return /\.scale$|word_embeddings|token_type/.test(name) ? n : n + weights[name].length;
  }, 0);
}

function Encoder(weights, length) {
  var prefix = function (i, name) { return "encoder.layer." + i + "." + name; };
  this.words = weights["embeddings.word_embeddings.weight"];
  this.wordScale = weights["embeddings.word_embeddings.scale"];
  this.dims = this.words.shape[1];
  var up = weights[prefix(0, "intermediate.dense.weight")].shape[0];
  var dims = this.dims;
  var wide = padded(length);
  // The work space, for at most `length` tokens: one head's attention
  // scores at a time, the values transposed, and zeros for a bias.
  var work = {
    x: length * dims, qkv: length * dims * 3, attended: length * dims, sum: length * dims, up: length * up,
    scores: length * wide, values: dims * wide, zeros: Math.max(length, dims / HEADS)
  };
  var memory = new Memory(Object.keys(work).reduce(function (n, name) { return n + work[name]; }, weightFloats(weights)));
  this.memory = memory;
  var norm = function (name) { return [memory.copy(weights[name + ".weight"]), memory.copy(weights[name + ".bias"])]; };
  // One segment: every token has type 0, a constant row added to each position.
  var type = weights["embeddings.token_type_embeddings.weight"];
  this.position = memory.copy(weights["embeddings.position_embeddings.weight"]);
  for (var i = 0; i < this.position.length; i++) this.position[i] += type[i % dims];
  this.norm = norm("embeddings.LayerNorm");
  this.layers = [];
  for (var n = 0; weights[prefix(n, "attention.self.query.weight")]; n++) {
    var p = prefix.bind(null, n);
    this.layers.push({
      qkv: memory.matrix(weights, [p("attention.self.query"), p("attention.self.key"), p("attention.self.value")]),
      out: memory.matrix(weights, [p("attention.output.dense")]),
      norm1: norm(p("attention.output.LayerNorm")),
      up: memory.matrix(weights, [p("intermediate.dense")]),
      down: memory.matrix(weights, [p("output.dense")]),
      norm2: norm(p("output.LayerNorm"))
    });
  }
  Object.keys(work).forEach(function (name) { this[name] = memory.take(work[name]); }, this);
}

// n rounded up to a multiple of 4: the kernel reads rows 4 floats at a time.
function padded(n) {
  return (n + 3) & ~3;
}

// into = LayerNorm(a + b), for count rows: a keeps the sums.
Memory.prototype.norm = function (a, b, count, norm, into) {
  this.kernel.norm(a.byteOffset, b.byteOffset, count, norm[0].length, norm[0].byteOffset, norm[1].byteOffset, into.byteOffset);
};

// The unit-length mean of the last layer's token states for these input ids.
Encoder.prototype.vector = function (ids) {
  var dims = this.dims;
  var count = ids.length;
  var head = dims / HEADS;
  var scale = 1 / Math.sqrt(head);
  var memory = this.memory;
  var x = this.x;
  var words = this.sum;
  for (var t = 0; t < count; t++) {
    var row = ids[t] * dims;
    var wordScale = this.wordScale[ids[t]];
    for (var i = 0; i < dims; i++) words[t * dims + i] = this.words[row + i] * wordScale;
  }
  memory.norm(words, this.position, count, this.norm, x);
  var kernel = memory.kernel;
  var stride = 3 * dims;
  var wide = padded(count);
  var scores = this.scores.byteOffset;
  var zeros = this.zeros.byteOffset;
  for (var n = 0; n < this.layers.length; n++) {
    var layer = this.layers[n];
    // Each token's query, key and value side by side, as embeddings.py's qkv.
    var qkv = memory.apply(x, count, layer.qkv, this.qkv);
    // The values transposed, a row per dimension, zero past the last token:
    // a head's probabilities times its values is then `linear` too.
    var values = this.values;
    for (var b = 0; b < wide; b++) for (var j = 0; j < dims; j++) values[j * wide + b] = b < count ? qkv[b * stride + 2 * dims + j] : 0;
    // Per head: its queries' scores against its keys (both rows of qkv), their
    // softmax, scaled by 1/√head as embeddings.py scales the queries, then
    // the probabilities times the values, into the head's columns.
    var attended = this.attended;
    for (var h = 0; h < HEADS; h++) {
      var q = qkv.byteOffset + h * head * 4;
      kernel.linear(q, stride, count, head, q + dims * 4, stride, count, zeros, scores, wide);
      kernel.softmax(scores, count, count, wide, scale);
      kernel.linear(scores, wide, count, wide, values.byteOffset + h * head * wide * 4, wide, head, zeros,
        attended.byteOffset + h * head * 4, dims);
    }
    memory.norm(memory.apply(attended, count, layer.out, this.sum), x, count, layer.norm1, x);
    var up = memory.apply(x, count, layer.up, this.up);
    kernel.gelu(up.byteOffset, count * layer.up.rows);
    memory.norm(memory.apply(up, count, layer.down, this.sum), x, count, layer.norm2, x);
  }
  var mean = new Float32Array(dims);
  for (var u = 0; u < count; u++) for (var w = 0; w < dims; w++) mean[w] += x[u * dims + w];
  var norm = 0;
  for (var z = 0; z < dims; z++) norm += mean[z] * mean[z];
  norm = Math.sqrt(norm);
  for (var s = 0; s < dims; s++) mean[s] /= norm;
  return mean;
};

export { Encoder, readSafetensors };
