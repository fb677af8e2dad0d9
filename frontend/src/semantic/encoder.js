// all-MiniLM-L6-v2's forward pass, as generator/analysis/embeddings.py runs
// it: the int8 weight matrices times their per-row scale, six BERT layers,
// the mean of the last layer's token states, unit length. Plain JavaScript,
// but for the matrix products, a WebAssembly SIMD kernel of 660 bytes
// (linear.wat) that makes a query three to four times faster (CONTRIBUTING.md,
// Search by meaning, has the figures, and why not a WebAssembly runtime).
import kernel from "./linear.wasm";

var HEADS = 12;
var EPSILON = 1e-12;

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
  this.linear = new WebAssembly.Instance(new WebAssembly.Module(kernel), { env: { memory: this.memory } }).exports.linear;
}

// A Float32Array of n floats in the memory; its byteOffset is where the kernel finds it.
Memory.prototype.take = function (n) {
  this.used += n;
  return this.f32.subarray(this.used - n, this.used);
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
  this.linear(x.byteOffset, count, layer.cols, layer.w.byteOffset, layer.rows, layer.b.byteOffset, y.byteOffset);
  return y;
};

function layerFloats(weights, prefix) {
  return Object.keys(weights).reduce(function (n, name) {
    return name.indexOf(prefix) === 0 && !/LayerNorm|\.scale$/.test(name) ? n + weights[name].length : n;
  }, 0);
}

function Encoder(weights, length) {
  var prefix = function (i, name) { return "encoder.layer." + i + "." + name; };
  this.words = weights["embeddings.word_embeddings.weight"];
  this.wordScale = weights["embeddings.word_embeddings.scale"];
  this.dims = this.words.shape[1];
  var positions = weights["embeddings.position_embeddings.weight"];
  var type = weights["embeddings.token_type_embeddings.weight"];
  // One segment: every token has type 0, a constant row added to each position.
  this.position = new Float32Array(positions.length);
  for (var i = 0; i < positions.length; i++) this.position[i] = positions[i] + type[i % this.dims];
  this.norm = [weights["embeddings.LayerNorm.weight"], weights["embeddings.LayerNorm.bias"]];
  var up = weights[prefix(0, "intermediate.dense.weight")].shape[0];
  var dims = this.dims;
  var memory = new Memory(layerFloats(weights, "encoder.layer.") + length * (dims * 6 + up));
  this.memory = memory;
  this.layers = [];
  for (var n = 0; weights[prefix(n, "attention.self.query.weight")]; n++) {
    var p = prefix.bind(null, n);
    this.layers.push({
      qkv: memory.matrix(weights, [p("attention.self.query"), p("attention.self.key"), p("attention.self.value")]),
      out: memory.matrix(weights, [p("attention.output.dense")]),
      norm1: [weights[p("attention.output.LayerNorm.weight")], weights[p("attention.output.LayerNorm.bias")]],
      up: memory.matrix(weights, [p("intermediate.dense")]),
      down: memory.matrix(weights, [p("output.dense")]),
      norm2: [weights[p("output.LayerNorm.weight")], weights[p("output.LayerNorm.bias")]]
    });
  }
  // The work space, for at most `length` tokens.
  this.x = memory.take(length * dims);
  this.qkv = memory.take(length * dims * 3);
  this.attended = memory.take(length * dims);
  this.sum = memory.take(length * dims);
  this.up = memory.take(length * up);
}

// In place: each row of x, centred and scaled, then norm's weight and bias.
function layerNorm(x, count, dims, norm) {
  for (var t = 0; t < count; t++) {
    var base = t * dims;
    var mean = 0;
    for (var i = 0; i < dims; i++) mean += x[base + i];
    mean /= dims;
    var variance = 0;
    for (var j = 0; j < dims; j++) {
      var centred = x[base + j] - mean;
      variance += centred * centred;
    }
    var inv = 1 / Math.sqrt(variance / dims + EPSILON);
    for (var k = 0; k < dims; k++) x[base + k] = (x[base + k] - mean) * inv * norm[0][k] + norm[1][k];
  }
  return x;
}

// erf to 1.2e-7 (Numerical Recipes' erfc by Chebyshev fit): BERT's exact
// GELU needs it, and JavaScript has no Math.erf.
function erf(x) {
  var z = Math.abs(x);
  var t = 1 / (1 + 0.5 * z);
  var r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 +
    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 +
    t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? 1 - r : r - 1;
}

// into += from, over the first n floats.
function add(into, from, n) {
  for (var i = 0; i < n; i++) into[i] += from[i];
  return into;
}

// The unit-length mean of the last layer's token states for these input ids.
Encoder.prototype.vector = function (ids) {
  var dims = this.dims;
  var count = ids.length;
  var head = dims / HEADS;
  var scale = 1 / Math.sqrt(head);
  var memory = this.memory;
  var x = this.x;
  for (var t = 0; t < count; t++) {
    var row = ids[t] * dims;
    var wordScale = this.wordScale[ids[t]];
    for (var i = 0; i < dims; i++) x[t * dims + i] = this.words[row + i] * wordScale + this.position[t * dims + i];
  }
  layerNorm(x, count, dims, this.norm);
  var scores = new Float64Array(count);
  var stride = 3 * dims;
  for (var n = 0; n < this.layers.length; n++) {
    var layer = this.layers[n];
    // Each token's query, key and value side by side, as embeddings.py's qkv.
    var qkv = memory.apply(x, count, layer.qkv, this.qkv);
    var attended = this.attended.fill(0, 0, count * dims);
    for (var h = 0; h < HEADS; h++) {
      var q = h * head;
      var k = dims + q;
      var v = 2 * dims + q;
      for (var a = 0; a < count; a++) {
        var max = -Infinity;
        for (var b = 0; b < count; b++) {
          var dot = 0;
          for (var d = 0; d < head; d++) dot += qkv[a * stride + q + d] * qkv[b * stride + k + d];
          scores[b] = dot * scale;
          if (scores[b] > max) max = scores[b];
        }
        var total = 0;
        for (var c = 0; c < count; c++) {
          scores[c] = Math.exp(scores[c] - max);
          total += scores[c];
        }
        for (var e = 0; e < count; e++) {
          var weight = scores[e] / total;
          for (var f = 0; f < head; f++) attended[a * dims + q + f] += weight * qkv[e * stride + v + f];
        }
      }
    }
    layerNorm(add(memory.apply(attended, count, layer.out, this.sum), x, count * dims), count, dims, layer.norm1);
    x.set(this.sum.subarray(0, count * dims));
    var up = memory.apply(x, count, layer.up, this.up);
    for (var g = 0; g < count * layer.up.rows; g++) up[g] = up[g] * (1 + erf(up[g] * Math.SQRT1_2)) * 0.5;
    layerNorm(add(memory.apply(up, count, layer.down, this.sum), x, count * dims), count, dims, layer.norm2);
    x.set(this.sum.subarray(0, count * dims));
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
