/* Built by 'npm run build' in frontend/ from frontend/src/: edit those, not this file. */
(() => {
  // src/urls.js
  var ROOT = (function() {
    var script = document.currentScript;
    if (script == null ? void 0 : script.src) return new URL("../../", script.src).href;
    var meta = document.querySelector('meta[name="rl-root"]');
    return new URL((meta ? meta.content : ".") + "/", location.href).href;
  })();

  // src/papers.js
  function loadScript(src) {
    return new Promise(function(resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = reject;
      document.head.appendChild(s);
    });
  }
  var loading = /* @__PURE__ */ new Map();
  function loadData(file, name) {
    if (window[name] !== void 0) return Promise.resolve(window[name]);
    if (!loading.has(file)) {
      var promise = loadScript(ROOT + file).then(function() {
        if (window[name] === void 0) throw new Error(file + " did not define " + name);
        return window[name];
      });
      promise.catch(function() {
        loading.delete(file);
      });
      loading.set(file, promise);
    }
    return loading.get(file);
  }

  // src/semantic/encoder.js
  var HEADS = 12;
  var EPSILON = 1e-12;
  function readSafetensors(bytes) {
    var view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    var size = Number(view.getBigUint64(0, true));
    var header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + size)));
    var arrays = {};
    Object.keys(header).forEach(function(name) {
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
  function dequantise(weights, name) {
    var matrix = weights[name + ".weight"];
    if (!(matrix instanceof Int8Array)) return matrix;
    var scale = weights[name + ".scale"];
    var cols = matrix.shape[1];
    var out = new Float32Array(matrix.length);
    for (var i = 0; i < matrix.length; i++) out[i] = matrix[i] * scale[i / cols | 0];
    return out;
  }
  function linear(weights, name) {
    var w = dequantise(weights, name);
    return { w, b: weights[name + ".bias"], rows: weights[name + ".weight"].shape[0] };
  }
  function Encoder(weights) {
    var prefix = function(i2, name) {
      return "encoder.layer." + i2 + "." + name;
    };
    this.words = weights["embeddings.word_embeddings.weight"];
    this.wordScale = weights["embeddings.word_embeddings.scale"];
    this.dims = this.words.shape[1];
    var positions = weights["embeddings.position_embeddings.weight"];
    var type = weights["embeddings.token_type_embeddings.weight"];
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
  function erf(x) {
    var z = Math.abs(x);
    var t = 1 / (1 + 0.5 * z);
    var r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
    return x >= 0 ? 1 - r : r - 1;
  }
  function add(into, from) {
    for (var i = 0; i < into.length; i++) into[i] += from[i];
    return into;
  }
  Encoder.prototype.vector = function(ids) {
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

  // src/semantic/wordpiece.js
  var SPECIALS = /(\[PAD\]|\[UNK\]|\[CLS\]|\[SEP\]|\[MASK\])/;
  var CONTROL = /^\p{C}$/u;
  var SPACE = /^\s$/u;
  var MARK = /^\p{Mn}$/u;
  var PUNCTUATION = /^[\p{P}\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]$/u;
  var ASCII = /^\p{ASCII}*$/u;
  function isCjk(code) {
    return code >= 19968 && code <= 40959 || code >= 13312 && code <= 19903 || code >= 131072 && code <= 173791 || code >= 173824 && code <= 177983 || code >= 177984 && code <= 178207 || code >= 178208 && code <= 183983 || code >= 63744 && code <= 64255 || code >= 194560 && code <= 195103;
  }
  function clean(char) {
    if (char === "\0" || char === "\uFFFD" || char !== "	" && char !== "\n" && char !== "\r" && CONTROL.test(char)) return "";
    if (SPACE.test(char)) return " ";
    return isCjk(char.codePointAt(0)) ? " " + char + " " : char;
  }
  function fold(char) {
    return MARK.test(char) ? "" : char.toLowerCase();
  }
  function normalise(text) {
    var decomposed = Array.from(text, clean).join("").normalize("NFD");
    return ASCII.test(decomposed) ? decomposed.toLowerCase() : Array.from(decomposed, fold).join("");
  }
  function words(text) {
    var out = [];
    text.split(" ").forEach(function(chunk) {
      var word = "";
      for (var char of chunk) {
        if (PUNCTUATION.test(char)) {
          if (word) out.push(word);
          out.push(char);
          word = "";
        } else {
          word += char;
        }
      }
      if (word) out.push(word);
    });
    return out;
  }
  function WordPiece(manifest) {
    var tokens = manifest.vocab.split("\n");
    this.vocab = new Map(tokens.map(function(token, id) {
      return [token, id];
    }));
    this.unk = this.vocab.get(manifest.unk);
    this.prefix = manifest.prefix;
    this.maxWord = manifest.maxWord;
    this.length = manifest.length;
    this.known = /* @__PURE__ */ new Map();
  }
  WordPiece.prototype.encode = function(text) {
    var ids = [];
    var parts = text.split(SPECIALS);
    for (var i = 0; i < parts.length; i++) {
      if (i % 2) {
        ids.push(this.vocab.get(parts[i]));
      } else {
        var list = words(normalise(parts[i]));
        for (var j = 0; j < list.length; j++) {
          if (!this.known.has(list[j])) this.known.set(list[j], this.pieces(list[j]));
          ids.push.apply(ids, this.known.get(list[j]));
        }
      }
      if (ids.length >= this.length - 2) break;
    }
    return [this.vocab.get("[CLS]")].concat(ids.slice(0, this.length - 2), [this.vocab.get("[SEP]")]);
  };
  WordPiece.prototype.pieces = function(word) {
    var chars = Array.from(word);
    if (chars.length > this.maxWord) return [this.unk];
    var pieces = [];
    var start = 0;
    while (start < chars.length) {
      var end = chars.length;
      for (; end > start; end--) {
        var piece = chars.slice(start, end).join("");
        var id = this.vocab.get(start === 0 ? piece : this.prefix + piece);
        if (id !== void 0) {
          pieces.push(id);
          break;
        }
      }
      if (end === start) return [this.unk];
      start = end;
    }
    return pieces;
  };

  // src/semantic/model.js
  var FOLDER = "assets/models/all-MiniLM-L6-v2/";
  function announce(loaded, total) {
    document.dispatchEvent(new CustomEvent("rl:model-progress", { detail: { loaded, total } }));
  }
  function decode(text, into, offset) {
    var binary = atob(text);
    for (var i = 0; i < binary.length; i++) into[offset + i] = binary.charCodeAt(i);
  }
  function loadWeights(manifest) {
    var total = manifest.parts.reduce(function(a, b) {
      return a + b;
    }, 0);
    var bytes = new Uint8Array(total);
    var loaded = 0;
    var offset = 0;
    announce(0, total);
    return Promise.all(manifest.parts.map(function(size, i) {
      var at = offset;
      offset += size;
      return loadScript(ROOT + FOLDER + "weights-" + i + ".js").then(function() {
        var parts = window.RL_MODEL_PARTS;
        if (!parts || typeof parts[i] !== "string") throw new Error("model: weights-" + i + ".js did not load");
        decode(parts[i], bytes, at);
        delete parts[i];
        loaded += size;
        announce(loaded, total);
      });
    })).then(function() {
      return bytes;
    });
  }
  var ready = null;
  function model() {
    if (!ready) {
      ready = loadData(FOLDER + "manifest.js", "RL_MODEL").then(function(manifest) {
        return loadWeights(manifest).then(function(bytes) {
          return { tokenizer: new WordPiece(manifest), encoder: new Encoder(readSafetensors(bytes)) };
        });
      });
      ready.catch(function() {
        ready = null;
      });
    }
    return ready;
  }
  window.RLSemantic = {
    // A promise of the text's unit vector (a Float32Array of 384).
    encode: function(text) {
      return model().then(function(model2) {
        return model2.encoder.vector(model2.tokenizer.encode(String(text)));
      });
    },
    // A promise of the text's input ids, [CLS] … [SEP].
    tokenize: function(text) {
      return model().then(function(model2) {
        return model2.tokenizer.encode(String(text));
      });
    }
  };
})();
