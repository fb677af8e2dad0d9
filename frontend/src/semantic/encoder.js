// all-MiniLM-L6-v2's forward pass, as generator/analysis/embeddings.py runs
// it: the int8 weight matrices times their per-row scale, six BERT layers,
// the mean of the last layer's token states, unit length. Plain JavaScript
// over Float32Arrays (CONTRIBUTING.md, Search by meaning, says why not a
// WebAssembly runtime).

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

// A weight matrix in float32, one output row after another.
function dequantise(weights, name) {
  var matrix = weights[name + ".weight"];
  if (!(matrix instanceof Int8Array)) return matrix;
  var scale = weights[name + ".scale"];
  var cols = matrix.shape[1];
  var out = new Float32Array(matrix.length);
  for (var i = 0; i < matrix.length; i++) out[i] = matrix[i] * scale[(i / cols) | 0];
  return out;
}

function linear(weights, name) {
  var w = dequantise(weights, name);
  return { w: w, b: weights[name + ".bias"], rows: weights[name + ".weight"].shape[0] };
}

function Encoder(weights) {
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
  this.layers = [];
  for (var n = 0; weights[prefix(n, "attention.self.query.weight")]; n++) {
    this.layers.push({
      query: linear(weights, prefix(n, "attention.self.query")),
      key: linear(weights, prefix(n, "attention.self.key")),
      value: linear(weights, prefix(n, "attention.self.value")),
      out: linear(weights, prefix(n, "attention.output.dense")),
      norm1: [weights[prefix(n, "attention.output.LayerNorm.weight")], weights[prefix(n, "attention.output.LayerNorm.bias")]],
      up: linear(weights, prefix(n, "intermediate.dense")),
      down: linear(weights, prefix(n, "output.dense")),
      norm2: [weights[prefix(n, "output.LayerNorm.weight")], weights[prefix(n, "output.LayerNorm.bias")]]
    });
  }
}

// x (count rows of `cols`) times a layer's weights, plus its bias: count rows of layer.rows.
// Four tokens at a time share each weight row's reads.
function apply(x, count, cols, layer) {
  var rows = layer.rows;
  var w = layer.w;
  var y = new Float32Array(count * rows);
  var t = 0;
  for (; t + 4 <= count; t += 4) {
    var a = t * cols, b = a + cols, c = b + cols, d = c + cols;
    for (var o = 0; o < rows; o++) {
      var r = o * cols;
      var s0 = 0, s1 = 0, s2 = 0, s3 = 0;
      for (var k = 0; k < cols; k++) {
        var wk = w[r + k];
        s0 += x[a + k] * wk;
        s1 += x[b + k] * wk;
        s2 += x[c + k] * wk;
        s3 += x[d + k] * wk;
      }
      var bias = layer.b[o];
      y[t * rows + o] = s0 + bias;
      y[(t + 1) * rows + o] = s1 + bias;
      y[(t + 2) * rows + o] = s2 + bias;
      y[(t + 3) * rows + o] = s3 + bias;
    }
  }
  for (; t < count; t++) {
    var base = t * cols;
    for (var p = 0; p < rows; p++) {
      var q = p * cols;
      var sum = 0;
      for (var m = 0; m < cols; m++) sum += x[base + m] * w[q + m];
      y[t * rows + p] = sum + layer.b[p];
    }
  }
  return y;
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

function add(into, from) {
  for (var i = 0; i < into.length; i++) into[i] += from[i];
  return into;
}

// The unit-length mean of the last layer's token states for these input ids.
Encoder.prototype.vector = function (ids) {
  var dims = this.dims;
  var count = ids.length;
  var head = dims / HEADS;
  var scale = 1 / Math.sqrt(head);
  var x = new Float32Array(count * dims);
  for (var t = 0; t < count; t++) {
    var row = ids[t] * dims;
    var wordScale = this.wordScale[ids[t]];
    for (var i = 0; i < dims; i++) x[t * dims + i] = this.words[row + i] * wordScale + this.position[t * dims + i];
  }
  layerNorm(x, count, dims, this.norm);
  var scores = new Float64Array(count);
  for (var n = 0; n < this.layers.length; n++) {
    var layer = this.layers[n];
    var query = apply(x, count, dims, layer.query);
    var key = apply(x, count, dims, layer.key);
    var value = apply(x, count, dims, layer.value);
    var attended = new Float32Array(count * dims);
    for (var h = 0; h < HEADS; h++) {
      var off = h * head;
      for (var a = 0; a < count; a++) {
        var max = -Infinity;
        for (var b = 0; b < count; b++) {
          var dot = 0;
          for (var d = 0; d < head; d++) dot += query[a * dims + off + d] * key[b * dims + off + d];
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
          for (var f = 0; f < head; f++) attended[a * dims + off + f] += weight * value[e * dims + off + f];
        }
      }
    }
    x = layerNorm(add(apply(attended, count, dims, layer.out), x), count, dims, layer.norm1);
    var up = apply(x, count, dims, layer.up);
    for (var g = 0; g < up.length; g++) up[g] = up[g] * (1 + erf(up[g] * Math.SQRT1_2)) * 0.5;
    x = layerNorm(add(apply(up, count, layer.up.rows, layer.down), x), count, dims, layer.norm2);
  }
  var mean = new Float32Array(dims);
  for (var u = 0; u < count; u++) for (var v = 0; v < dims; v++) mean[v] += x[u * dims + v];
  var norm = 0;
  for (var z = 0; z < dims; z++) norm += mean[z] * mean[z];
  norm = Math.sqrt(norm);
  for (var s = 0; s < dims; s++) mean[s] /= norm;
  return mean;
};

export { Encoder, readSafetensors };
