/* Built by 'npm run build' in frontend/ from frontend/src/: edit those, not this file. */
(() => {
  var __toBinary = /* @__PURE__ */ (() => {
    var table = new Uint8Array(128);
    for (var i = 0; i < 64; i++) table[i < 26 ? i + 65 : i < 52 ? i + 71 : i < 62 ? i - 4 : i * 4 - 205] = i;
    return (base64) => {
      var n = base64.length, bytes = new Uint8Array((n - (base64[n - 1] == "=") - (base64[n - 2] == "=")) * 3 / 4 | 0);
      for (var i2 = 0, j = 0; i2 < n; ) {
        var c0 = table[base64.charCodeAt(i2++)], c1 = table[base64.charCodeAt(i2++)];
        var c2 = table[base64.charCodeAt(i2++)], c3 = table[base64.charCodeAt(i2++)];
        bytes[j++] = c0 << 2 | c1 >> 4;
        bytes[j++] = c1 << 4 | c2 >> 2;
        bytes[j++] = c2 << 6 | c3;
      }
      return bytes;
    };
  })();

  // src/urls.js
  var ROOT = (function() {
    var script = document.currentScript;
    if (script == null ? void 0 : script.src) return new URL("../../", script.src).href;
    var meta = document.querySelector('meta[name="rl-root"]');
    return new URL((meta ? meta.content : ".") + "/", location.href).href;
  })();
  function pageHref(rel) {
    var url = new URL(String(rel), ROOT);
    if (url.href.indexOf(ROOT) !== 0) return ROOT;
    if (location.protocol === "file:" && /\/$/.test(url.pathname)) url.pathname += "index.html";
    return url.href;
  }

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

  // src/math.js
  var DELIMITERS = [
    { left: "\\[", right: "\\]", display: true },
    { left: "\\(", right: "\\)", display: false },
    { left: "$$", right: "$$", display: true }
  ];
  var KATEX = ROOT + "assets/katex/";
  var loading2 = null;
  function loadKatex() {
    if (!loading2) {
      var css = document.createElement("link");
      css.rel = "stylesheet";
      css.href = KATEX + "katex.min.css";
      document.head.appendChild(css);
      loading2 = loadScript(KATEX + "katex.min.js").then(function() {
        return loadScript(KATEX + "contrib/auto-render.min.js");
      });
    }
    return loading2;
  }
  function renderMath(root) {
    var scope = (root == null ? void 0 : root.querySelectorAll) ? root : document;
    var nodes = scope.querySelectorAll(".arithmatex");
    if (!nodes.length) return;
    loadKatex().then(
      function() {
        for (var i = 0; i < nodes.length; i++) {
          try {
            window.renderMathInElement(nodes[i], { delimiters: DELIMITERS, throwOnError: false });
          } catch (err) {
            console.warn("readinglist: could not render math", err);
          }
        }
      },
      function() {
        loading2 = null;
      }
    );
  }
  var MATH_TEXT = /(?<![\\$A-Za-z_])\$([^$\s](?:[^$]*?[^$\s\\])?)\$(?![A-Za-z_$])|\\\(([\s\S]+?)\\\)/g;
  function mathNodes(value) {
    var nodes = [];
    var start = 0;
    value = String(value);
    value.replace(MATH_TEXT, function(match, dollars, parens, at) {
      if (at > start) nodes.push(document.createTextNode(value.slice(start, at)));
      var span = document.createElement("span");
      span.className = "arithmatex";
      span.textContent = "\\(" + (dollars || parens) + "\\)";
      nodes.push(span);
      start = at + match.length;
      return match;
    });
    if (start < value.length) nodes.push(document.createTextNode(value.slice(start)));
    return nodes;
  }

  // src/dom.js
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function(k) {
      if (attrs[k] !== null && attrs[k] !== void 0 && attrs[k] !== false) node.setAttribute(k, attrs[k] === true ? "" : attrs[k]);
    });
    (children || []).forEach(function(c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }
  function text(value) {
    return value === null || value === void 0 ? "" : String(value);
  }
  var CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/;
  var KANA = /[\u3040-\u30ff]/;
  function titleNodes(rec) {
    var nodes = rec.title_math ? mathNodes(rec.title_math) : [text(rec.title)];
    var title = text(rec.title);
    var page = (document.documentElement.lang || "en").slice(0, 2);
    var han = page === "ja" ? "ja" : "zh";
    var own = KANA.test(title) ? "ja" : CJK.test(title) ? han : "en";
    return own === page ? nodes : [el("span", { lang: own }, nodes)];
  }
  function typeset(node) {
    renderMath(node);
  }

  // src/semantic/kernel.wasm
  var kernel_default = __toBinary("AGFzbQEAAAABLwZgAXsBfWAKf39/f39/f39/fwBgAXsBe2AFf39/f30AYAd/f39/f39/AGACf38AAg8BA2VudgZtZW1vcnkCAAEDBwYAAQIDBAUHIgQGbGluZWFyAAEHc29mdG1heAADBG5vcm0ABARnZWx1AAUKoBIGGQAgAP0fACAA/R8BkiAA/R8CIAD9HwOSkgvvCAQFfwJ9Bn8LeyABQQJ0IQEgBUECdCEFIAlBAnQhCSADQQJ0IQ0CQANAIApBBGogAksNASAAIAogAWxqIREgESABaiESIBIgAWohEyATIAFqIRRBACELAkADQCALQQJqIAZLDQEgBCALIAVsaiEVIBUgBWohFv0MAAAAAAAAAAAAAAAAAAAAACEX/QwAAAAAAAAAAAAAAAAAAAAAIRj9DAAAAAAAAAAAAAAAAAAAAAAhGf0MAAAAAAAAAAAAAAAAAAAAACEa/QwAAAAAAAAAAAAAAAAAAAAAIRv9DAAAAAAAAAAAAAAAAAAAAAAhHP0MAAAAAAAAAAAAAAAAAAAAACEd/QwAAAAAAAAAAAAAAAAAAAAAIR5BACEMA0AgFSAMav0ABAAhHyAWIAxq/QAEACEgIBEgDGr9AAQAISEgFyAhIB/95gH95AEhFyAbICEgIP3mAf3kASEbIBIgDGr9AAQAISEgGCAhIB/95gH95AEhGCAcICEgIP3mAf3kASEcIBMgDGr9AAQAISEgGSAhIB/95gH95AEhGSAdICEgIP3mAf3kASEdIBQgDGr9AAQAISEgGiAhIB/95gH95AEhGiAeICEgIP3mAf3kASEeIAxBEGohDCAMIA1JDQALIAcgC0ECdGoqAgAhDyAHIAtBAnRqKgIEIRAgCCAKIAlsaiALQQJ0aiEOIA4gFxAAIA+SOAIAIA4gGxAAIBCSOAIEIA4gCWohDiAOIBgQACAPkjgCACAOIBwQACAQkjgCBCAOIAlqIQ4gDiAZEAAgD5I4AgAgDiAdEAAgEJI4AgQgDiAJaiEOIA4gGhAAIA+SOAIAIA4gHhAAIBCSOAIEIAtBAmohCwwACwsgCyAGSQRAIAQgCyAFbGohFf0MAAAAAAAAAAAAAAAAAAAAACEX/QwAAAAAAAAAAAAAAAAAAAAAIRj9DAAAAAAAAAAAAAAAAAAAAAAhGf0MAAAAAAAAAAAAAAAAAAAAACEaQQAhDANAIBUgDGr9AAQAIR8gFyARIAxq/QAEACAf/eYB/eQBIRcgGCASIAxq/QAEACAf/eYB/eQBIRggGSATIAxq/QAEACAf/eYB/eQBIRkgGiAUIAxq/QAEACAf/eYB/eQBIRogDEEQaiEMIAwgDUkNAAsgByALQQJ0aioCACEPIAggCiAJbGogC0ECdGohDiAOIBcQACAPkjgCACAOIAlqIQ4gDiAYEAAgD5I4AgAgDiAJaiEOIA4gGRAAIA+SOAIAIA4gCWohDiAOIBoQACAPkjgCAAsgCkEEaiEKDAALCwJAA0AgCiACTw0BIAAgCiABbGohEUEAIQsDQCAEIAsgBWxqIRX9DAAAAAAAAAAAAAAAAAAAAAAhF0EAIQwDQCAXIBEgDGr9AAQAIBUgDGr9AAQA/eYB/eQBIRcgDEEQaiEMIAwgDUkNAAsgCCAKIAlsaiALQQJ0aiAXEAAgByALQQJ0aioCAJI4AgAgC0EBaiELIAsgBkkNAAsgCkEBaiEKDAALCwvhAQEDeyAAQ5qZrsL9E/3rAUOambBC/RP96gEhACAAQzuquD/9E/3mAUMAAEBL/RP95AEhASABQwAAQEv9E/3lASECIAAgAkMAgDE//RP95gH95QEgAkODgF65/RP95gH95QEhA0NnaVA5/RMgA/3mAUPOQ7c6/RP95AEgA/3mAUMIiQg8/RP95AEgA/3mAUPBqSo9/RP95AEgA/3mAUOqqio+/RP95AEgA/3mAUMAAAA//RP95AEgAyAD/eYB/eYBIAP95AFDAACAP/0T/eQBIAFB/wD9Ef2uAUEX/asB/eYBC64CBAN/AX0CewF9IANBAnQhAyACQQJ0IQcCQANAIAFFDQEgACEFIAUqAgAhCEEEIQYCQANAIAYgB08NASAIIAUgBmoqAgCXIQggBkEEaiEGDAALC/0MAAAAAAAAAAAAAAAAAAAAACEKQwAAAAAhC0EAIQYCQANAIAYgB08NASAFIAZq/QAEACAI/RP95QEgBP0T/eYBEAIhCSAGQRBqIAdLBEAgCf0MAAAAAAQAAAAIAAAADAAAACAHIAZr/RH9Of1OIQkLIAUgBmogCf0LBAAgCiAJ/eQBIQogBkEQaiEGDAALCyAKEAD9EyEKQQAhBgJAA0AgBiAHTw0BIAUgBmogBSAGav0ABAAgCv3nAf0LBAAgBkEQaiEGDAALCyAAIANqIQAgAUEBayEBDAALCwvIAgICfwV7IANBAnQhByADs/0TIQ0CQANAIAJFDQH9DAAAAAAAAAAAAAAAAAAAAAAhCkEAIQgDQCAAIAhq/QAEACABIAhq/QAEAP3kASEJIAAgCGogCf0LBAAgCiAJ/eQBIQogCEEQaiEIIAggB0kNAAsgChAA/RMgDf3nASEL/QwAAAAAAAAAAAAAAAAAAAAAIQpBACEIA0AgACAIav0ABAAgC/3lASEJIAogCSAJ/eYB/eQBIQogCEEQaiEIIAggB0kNAAsgChAA/RMgDf3nAUPMvIwr/RP95AH94wEhDEEAIQgDQCAGIAhqIAAgCGr9AAQAIAv95QEgDP3nASAEIAhq/QAEAP3mASAFIAhq/QAEAP3kAf0LBAAgCEEQaiEIIAggB0kNAAsgACAHaiEAIAEgB2ohASAGIAdqIQYgAkEBayECDAALCwu1AgIBfwR7IAAgAUECdGohAgJAA0AgACACTw0BIAD9AAQAIQMgA0PzBDU//RP95gH94AEhBEMAAIA//RNDAACAP/0TQwAAAD/9EyAE/eYB/eQB/ecBIQUgBSAEIAT95gH94QFDTvyhP/0T/eUBIAVDxwCAP/0TIAVD+4i/Pv0TIAVDyTbGPf0TIAVDTMI+vv0TIAVDzMeOPv0TIAVDXU6Rv/0TIAVDsIe+P/0TIAVDknhSv/0TIAVDRfkuPv0T/eYB/eQB/eYB/eQB/eYB/eQB/eYB/eQB/eYB/eQB/eYB/eQB/eYB/eQB/eYB/eQB/eYB/eQBEAL95gEhBiAAIANDAAAAQP0TIAb95QEgBiADQwAAAAD9E/1G/VL95gFDAAAAP/0T/eYB/QsEACAAQRBqIQAMAAsLCw==");

  // src/semantic/encoder.js
  var HEADS = 12;
  function readSafetensors(bytes) {
    var view2 = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    var size = Number(view2.getBigUint64(0, true));
    var header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + size)));
    var arrays = {};
    Object.keys(header).forEach(function(name) {
      if (name === "__metadata__") return;
      var entry2 = header[name];
      var raw = bytes.slice(8 + size + entry2.data_offsets[0], 8 + size + entry2.data_offsets[1]);
      if (entry2.dtype === "I8") arrays[name] = new Int8Array(raw.buffer);
      else if (entry2.dtype === "F32") arrays[name] = new Float32Array(raw.buffer);
      else throw new Error("model: " + name + " has dtype " + entry2.dtype);
      arrays[name].shape = entry2.shape;
    });
    return arrays;
  }
  function Memory(floats) {
    this.memory = new WebAssembly.Memory({ initial: Math.ceil(floats * 4 / 65536) });
    this.f32 = new Float32Array(this.memory.buffer);
    this.used = 0;
    this.kernel = new WebAssembly.Instance(new WebAssembly.Module(kernel_default), { env: { memory: this.memory } }).exports;
  }
  Memory.prototype.take = function(n) {
    this.used += n;
    return this.f32.subarray(this.used - n, this.used);
  };
  Memory.prototype.copy = function(array) {
    var at = this.take(array.length);
    at.set(array);
    return at;
  };
  Memory.prototype.matrix = function(weights, names) {
    var cols = weights[names[0] + ".weight"].shape[1];
    var rows = names.reduce(function(n, name) {
      return n + weights[name + ".weight"].shape[0];
    }, 0);
    var w = this.take(rows * cols);
    var b = this.take(rows);
    var at = 0;
    names.forEach(function(name) {
      var matrix = weights[name + ".weight"];
      var scale = weights[name + ".scale"];
      for (var i = 0; i < matrix.length; i++) w[at * cols + i] = matrix[i] * scale[i / cols | 0];
      b.set(weights[name + ".bias"], at);
      at += matrix.shape[0];
    });
    return { w, b, rows, cols };
  };
  Memory.prototype.apply = function(x, count, layer, y) {
    this.kernel.linear(
      x.byteOffset,
      layer.cols,
      count,
      layer.cols,
      layer.w.byteOffset,
      layer.cols,
      layer.rows,
      layer.b.byteOffset,
      y.byteOffset,
      layer.rows
    );
    return y;
  };
  function weightFloats(weights) {
    return Object.keys(weights).reduce(function(n, name) {
      return /\.scale$|word_embeddings|token_type/.test(name) ? n : n + weights[name].length;
    }, 0);
  }
  function Encoder(weights, length) {
    var prefix = function(i2, name) {
      return "encoder.layer." + i2 + "." + name;
    };
    this.words = weights["embeddings.word_embeddings.weight"];
    this.wordScale = weights["embeddings.word_embeddings.scale"];
    this.dims = this.words.shape[1];
    var up = weights[prefix(0, "intermediate.dense.weight")].shape[0];
    var dims = this.dims;
    var wide = padded(length);
    var work = {
      x: length * dims,
      qkv: length * dims * 3,
      attended: length * dims,
      sum: length * dims,
      up: length * up,
      scores: length * wide,
      values: dims * wide,
      zeros: Math.max(length, dims / HEADS)
    };
    var memory = new Memory(Object.keys(work).reduce(function(n2, name) {
      return n2 + work[name];
    }, weightFloats(weights)));
    this.memory = memory;
    var norm = function(name) {
      return [memory.copy(weights[name + ".weight"]), memory.copy(weights[name + ".bias"])];
    };
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
    Object.keys(work).forEach(function(name) {
      this[name] = memory.take(work[name]);
    }, this);
  }
  function padded(n) {
    return n + 3 & ~3;
  }
  Memory.prototype.norm = function(a, b, count, norm, into) {
    this.kernel.norm(a.byteOffset, b.byteOffset, count, norm[0].length, norm[0].byteOffset, norm[1].byteOffset, into.byteOffset);
  };
  Encoder.prototype.vector = function(ids) {
    var dims = this.dims;
    var count = ids.length;
    var head = dims / HEADS;
    var scale = 1 / Math.sqrt(head);
    var memory = this.memory;
    var x = this.x;
    var words3 = this.sum;
    for (var t = 0; t < count; t++) {
      var row = ids[t] * dims;
      var wordScale = this.wordScale[ids[t]];
      for (var i = 0; i < dims; i++) words3[t * dims + i] = this.words[row + i] * wordScale;
    }
    memory.norm(words3, this.position, count, this.norm, x);
    var kernel = memory.kernel;
    var stride = 3 * dims;
    var wide = padded(count);
    var scores = this.scores.byteOffset;
    var zeros = this.zeros.byteOffset;
    for (var n = 0; n < this.layers.length; n++) {
      var layer = this.layers[n];
      var qkv = memory.apply(x, count, layer.qkv, this.qkv);
      var values = this.values;
      for (var b = 0; b < wide; b++) for (var j = 0; j < dims; j++) values[j * wide + b] = b < count ? qkv[b * stride + 2 * dims + j] : 0;
      var attended = this.attended;
      for (var h = 0; h < HEADS; h++) {
        var q = qkv.byteOffset + h * head * 4;
        kernel.linear(q, stride, count, head, q + dims * 4, stride, count, zeros, scores, wide);
        kernel.softmax(scores, count, count, wide, scale);
        kernel.linear(
          scores,
          wide,
          count,
          wide,
          values.byteOffset + h * head * wide * 4,
          wide,
          head,
          zeros,
          attended.byteOffset + h * head * 4,
          dims
        );
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
  function normalise(text2) {
    var decomposed = Array.from(text2, clean).join("").normalize("NFD");
    return ASCII.test(decomposed) ? decomposed.toLowerCase() : Array.from(decomposed, fold).join("");
  }
  function words(text2) {
    var out = [];
    text2.split(" ").forEach(function(chunk) {
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
  WordPiece.prototype.encode = function(text2) {
    var ids = [];
    var parts = text2.split(SPECIALS);
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
  function decode(text2, into, offset) {
    var binary = atob(text2);
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
          return { tokenizer: new WordPiece(manifest), encoder: new Encoder(readSafetensors(bytes), manifest.length) };
        });
      });
      ready.catch(function() {
        ready = null;
      });
    }
    return ready;
  }
  function encode(text2) {
    return model().then(function(model2) {
      return model2.encoder.vector(model2.tokenizer.encode(String(text2)));
    });
  }
  function tokenize(text2) {
    return model().then(function(model2) {
      return model2.tokenizer.encode(String(text2));
    });
  }

  // src/semantic/vectors.js
  var decoded = null;
  function loadVectors() {
    return loadData("vectors.js", "RL_VECTORS").then(function(raw) {
      if (decoded && decoded.raw === raw) return decoded.vectors;
      var vectors = int8(raw);
      vectors.ids = raw.ids;
      vectors.topics = int8(raw.topics);
      decoded = { raw, vectors };
      return decoded.vectors;
    });
  }
  function int8(raw) {
    var bytes = atob(raw.data);
    var data = new Int8Array(bytes.length);
    for (var i = 0; i < bytes.length; i++) data[i] = bytes.charCodeAt(i) << 24 >> 24;
    return { dims: raw.dims, data, scale: raw.scale };
  }

  // src/semantic/nearest.js
  var norms = /* @__PURE__ */ new WeakMap();
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
  function nearest(query, vectors, k) {
    var lengths = rowNorms(vectors);
    var dims = vectors.dims;
    var scored = vectors.ids.map(function(id, r) {
      var dot = 0;
      for (var i = 0; i < dims; i++) dot += query[i] * vectors.data[r * dims + i];
      return { id, score: dot / lengths[r] };
    });
    scored.sort(function(a, b) {
      return b.score - a.score;
    });
    return scored.slice(0, k);
  }
  function similar(text2, k) {
    return Promise.all([encode(text2), loadVectors()]).then(function(both) {
      return nearest(both[0], both[1], k);
    });
  }

  // src/i18n.js
  var MESSAGES = window.RL_MESSAGES || {};
  function msg(key, values) {
    var template = Object.hasOwn(MESSAGES, key) ? MESSAGES[key] : key;
    return template.replace(/\{(\w+)\}/g, function(hole, name) {
      return values && Object.hasOwn(values, name) ? String(values[name]) : hole;
    });
  }

  // src/semantic/recommend.js
  var SHOWN = 10;
  var TERMS = 1;
  var TOPICS = 0.5;
  var THEME = 0.1;
  var SUBTHEME = 0.1;
  var WEIGHTS = 1 + TERMS + TOPICS + THEME + SUBTHEME;
  var STOPWORDS = new Set(
    "a an and are as at based be by can do does for from how in into is its new not of on or our over the through to toward towards under using via vs we what when why with without".split(" ")
  );
  function recommend(ids, k, store, papers) {
    return Promise.all([loadVectors(), papers()]).then(function(loaded) {
      var v = loaded[0];
      var c = centred(v);
      var a = centred(v.topics);
      var t = termIndex(v, loaded[1].papers);
      var rows = new Map(v.ids.map(function(id, row) {
        return [id, row];
      }));
      var given = ids.filter(function(id) {
        return rows.has(id);
      }).map(function(id) {
        return rows.get(id);
      });
      var mean = meanRow(c, given);
      var topics = meanRow(a, given);
      var wanted = consensus(t, given);
      var themes = shares(t.themes, given);
      var subthemes = shares(t.subthemes, given);
      var left = new Set(given);
      var found = [];
      var score = new Float64Array(v.ids.length);
      v.ids.forEach(function(id, row) {
        if (!given.length || left.has(row) || store.starred(id) || store.read(id)) return;
        score[row] = (cosine(c, row, mean, 0) + TERMS * termCosine(t, row, wanted) + TOPICS * cosine(a, row, topics, 0) + THEME * (themes.get(t.themes[row]) || 0) + SUBTHEME * (subthemes.get(t.subthemes[row]) || 0)) / WEIGHTS;
        found.push(row);
      });
      found.sort(function(a2, b) {
        return score[b] - score[a2] || (v.ids[a2] < v.ids[b] ? -1 : 1);
      });
      return found.slice(0, k).map(function(row) {
        var like = given.map(function(s) {
          return likeness(c, a, t, row, s);
        });
        var near = given[like.indexOf(Math.max.apply(null, like))];
        return { id: v.ids[row], score: score[row], near: v.ids[near] };
      });
    });
  }
  function likeness(c, a, t, row, other) {
    var dense = /* @__PURE__ */ new Map();
    t.terms[other].forEach(function(term, i) {
      dense.set(term, t.weights[other][i]);
    });
    return cosine(c, row, c.data, other * c.dims) + TERMS * termCosine(t, row, dense) + TOPICS * cosine(a, row, a.data, other * a.dims) + THEME * (t.themes[row] === t.themes[other] ? 1 : 0) + SUBTHEME * (t.subthemes[row] !== null && t.subthemes[row] === t.subthemes[other] ? 1 : 0);
  }
  function consensus(t, given) {
    var mean = /* @__PURE__ */ new Map();
    given.forEach(function(row) {
      t.terms[row].forEach(function(term, i) {
        mean.set(term, (mean.get(term) || 0) + t.weights[row][i] / given.length);
      });
    });
    var length = 0;
    var squared = 0;
    mean.forEach(function(w) {
      length += w * w;
      squared += w * w * w * w;
    });
    var scale = squared ? Math.sqrt(length / squared) : 0;
    var wanted = /* @__PURE__ */ new Map();
    mean.forEach(function(w, term) {
      wanted.set(term, w * w * scale);
    });
    return wanted;
  }
  function termCosine(t, row, wanted) {
    var dot = 0;
    t.terms[row].forEach(function(term, i) {
      dot += (wanted.get(term) || 0) * t.weights[row][i];
    });
    return dot;
  }
  function shares(values, given) {
    var share = /* @__PURE__ */ new Map();
    given.forEach(function(row) {
      if (values[row] !== null) share.set(values[row], (share.get(values[row]) || 0) + 1 / given.length);
    });
    return share;
  }
  var termCache = null;
  function termIndex(v, papers) {
    if (termCache && termCache.v === v && termCache.papers === papers) return termCache;
    var byId = new Map(papers.map(function(p) {
      return [p.id, p];
    }));
    var column = /* @__PURE__ */ new Map();
    var counts = [];
    var rows = v.ids.map(function(id) {
      var found = new Set(paperTerms(byId.get(id)));
      return Array.from(found, function(term) {
        if (!column.has(term)) {
          column.set(term, counts.length);
          counts.push(0);
        }
        counts[column.get(term)] += 1;
        return column.get(term);
      });
    });
    var n = v.ids.length;
    var weights = rows.map(function(terms) {
      var w = terms.map(function(term) {
        return counts[term] > 1 ? Math.sqrt(Math.log(n / counts[term])) : 0;
      });
      var norm = Math.sqrt(w.reduce(function(sum, x) {
        return sum + x * x;
      }, 0)) || 1;
      return w.map(function(x) {
        return x / norm;
      });
    });
    function field(name) {
      return v.ids.map(function(id) {
        var paper = byId.get(id) || {};
        return paper[name] || null;
      });
    }
    termCache = { v, papers, column, counts, terms: rows, weights, themes: field("theme_slug"), subthemes: field("subtheme_slug") };
    return termCache;
  }
  function paperTerms(paper) {
    if (!paper) return [];
    var terms = words2(text(paper.title)).map(function(w) {
      return "w:" + w;
    });
    (paper.keywords || []).forEach(function(keyword) {
      var said = words2(text(keyword));
      said.forEach(function(w) {
        terms.push("w:" + w);
      });
      if (said.length) terms.push("k:" + said.join(" "));
    });
    return terms;
  }
  function words2(said) {
    return (said.toLowerCase().match(/[a-z0-9]+/g) || []).filter(function(w) {
      return w.length > 1 && !STOPWORDS.has(w);
    }).map(singular);
  }
  function singular(w) {
    if (w.length > 4 && w.endsWith("ies")) return w.slice(0, -3) + "y";
    if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
    return w;
  }
  function meanRow(c, given) {
    var mean = new Float32Array(c.dims);
    given.forEach(function(row) {
      for (var j = 0; j < c.dims; j++) mean[j] += c.data[row * c.dims + j] / given.length;
    });
    return mean;
  }
  var centredCache = /* @__PURE__ */ new WeakMap();
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
    centredCache.set(v, { dims: v.dims, data });
    return centredCache.get(v);
  }
  function cosine(c, row, other, offset) {
    var dot = 0;
    for (var j = 0; j < c.dims; j++) dot += c.data[row * c.dims + j] * other[offset + j];
    return dot;
  }
  var REASONS = 3;
  var RARE_SHARE = 0.05;
  function sharedKeywords(paper, near) {
    var theirs = (near.keywords || []).map(function(k) {
      return words2(text(k));
    });
    var keys = new Set(theirs.map(function(said2) {
      return said2.join(" ");
    }));
    var mine = (paper.keywords || []).filter(function(k) {
      return words2(text(k)).length;
    });
    var same = mine.filter(function(k) {
      return keys.has(words2(text(k)).join(" "));
    });
    if (same.length || !termCache) return same.slice(0, REASONS);
    var said = new Set([].concat.apply([], theirs));
    var rare = function(w) {
      var at = termCache.column.get("w:" + w);
      return w.length > 3 && at !== void 0 && termCache.counts[at] <= RARE_SHARE * termCache.terms.length;
    };
    return mine.filter(function(k) {
      return words2(text(k)).some(function(w) {
        return said.has(w) && rare(w);
      });
    }).slice(0, REASONS);
  }
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
        function(found) {
          if (turn === drawn) show(box, found[0], found[1]);
        },
        function(err) {
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
    found.forEach(function(r) {
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
          el("small", { class: "rl-recommend__reason" }, [reason.join(" \xB7 ")])
        ])
      );
    });
    box.textContent = "";
    box.append(el("h2", {}, [msg("js.recommend_title")]), found.length ? list : el("p", {}, [msg("js.recommend_none")]));
    typeset(list);
    box.hidden = false;
  }

  // src/search-result.js
  function entry(href, heading, teaser) {
    const li = document.createElement("li");
    li.className = "md-search-result__item";
    const link = document.createElement("a");
    link.className = "md-search-result__link";
    link.href = href;
    link.tabIndex = -1;
    const article = document.createElement("article");
    article.className = "md-search-result__article md-typeset";
    const title = document.createElement("h1");
    title.append(...heading);
    const text2 = document.createElement("p");
    text2.className = "md-search-result__teaser";
    text2.append(...teaser);
    article.append(title, text2);
    link.append(article);
    li.append(link);
    return li;
  }

  // src/semantic/search-box.js
  var SHOWN2 = 5;
  var ID = "rl-search-meaning";
  function initSearchBox(box, papers) {
    var meta = el("div", { class: "md-search-result__meta", id: ID + "-meta", "aria-live": "polite" });
    var progress = el("progress", { class: "rl-search__progress", max: "1", value: "0", hidden: true, "aria-label": msg("js.semantic_loading") });
    var list = el("ol", { class: "rl-search__meaning-list", id: ID, "aria-labelledby": ID + "-meta" });
    var section = el("div", { class: "rl-search__by-meaning", hidden: true }, [meta, progress, list]);
    box.querySelector(".md-search-result").append(section);
    var input = box.querySelector(".md-search__input");
    input.setAttribute("aria-controls", input.getAttribute("aria-controls") + " " + ID);
    document.addEventListener("rl:model-progress", function(e) {
      progress.value = e.detail.loaded / e.detail.total;
      progress.hidden = e.detail.loaded >= e.detail.total;
      if (!progress.hidden) meta.textContent = msg("js.search_meaning_loading");
    });
    var asked = "";
    var busy = false;
    function next() {
      var query = asked;
      busy = true;
      if (!list.children.length) meta.textContent = msg("js.search_meaning_searching");
      Promise.all([similar(query, SHOWN2), papers()]).then(
        function(both) {
          if (query === asked) show3(query, both[0], both[1]);
        },
        function(err) {
          console.warn("readinglist: search by meaning failed", err);
          if (query === asked) meta.textContent = msg("js.semantic_failed");
        }
      ).then(function() {
        busy = false;
        if (asked && asked !== query) next();
      });
    }
    function show3(query, hits, idx) {
      var items = hits.filter(function(hit) {
        return idx.byId.has(hit.id);
      }).map(function(hit) {
        var rec = idx.byId.get(hit.id);
        var li = entry(pageHref(rec.url), titleNodes(rec), [about(rec)]);
        li.setAttribute("data-rl-paper", rec.id);
        return li;
      });
      var url = new URL(box.dataset.rlMeaning, ROOT);
      url.searchParams.set("q", query);
      var more = entry(url.href, [msg("js.search_by_meaning", { query })], [msg("js.search_by_meaning_note")]);
      more.classList.add("rl-search__meaning");
      list.replaceChildren.apply(list, items.concat([more]));
      typeset(list);
      meta.textContent = msg("js.search_meaning_found");
      section.setAttribute("data-rl-query", query);
    }
    return function ask(query) {
      asked = query;
      section.hidden = !query;
      if (!query) list.replaceChildren();
      else if (!busy) next();
    };
  }
  function about(rec) {
    return [rec.theme].concat(rec.keywords || []).map(text).filter(Boolean).join(" \xB7 ");
  }

  // src/semantic/search-view.js
  var SHOWN3 = 20;
  function initSemanticSearch(box, papers) {
    if (box.hasAttribute("data-rl-ready")) return;
    box.setAttribute("data-rl-ready", "");
    var query = el("textarea", { class: "rl-semantic__query", rows: "4", "aria-label": msg("js.semantic_label"), placeholder: msg("js.semantic_placeholder") });
    var form = el("form", { class: "rl-semantic__form", role: "search", "aria-label": msg("js.semantic_search") }, [
      query,
      el("button", { type: "submit", class: "rl-button" }, [msg("js.semantic_search")])
    ]);
    var progress = el("progress", { class: "rl-semantic__progress", max: "1", value: "0", hidden: true, "aria-label": msg("js.semantic_loading") });
    var status = el("p", { class: "rl-semantic__status", role: "status", "aria-live": "polite" });
    var results = el("ol", { class: "rl-semantic__results", "aria-label": msg("js.semantic_results") });
    box.append(form, progress, status, results);
    document.addEventListener("rl:model-progress", function(e) {
      progress.value = e.detail.loaded / e.detail.total;
      progress.hidden = e.detail.loaded >= e.detail.total;
      if (!progress.hidden) status.textContent = msg("js.semantic_loading");
    });
    form.addEventListener("submit", function(e) {
      e.preventDefault();
      var text2 = query.value.trim();
      if (!text2) return;
      status.textContent = msg("js.semantic_searching");
      Promise.all([similar(text2, SHOWN3), papers()]).then(function(both) {
        show2(results, both[0], both[1]);
        status.textContent = msg("js.semantic_found", { n: results.children.length });
        box.setAttribute("data-rl-query", text2);
      }, function(err) {
        console.warn("readinglist: search by meaning failed", err);
        status.textContent = msg("js.semantic_failed");
      });
    });
    var asked = new URLSearchParams(location.search).get("q");
    if (asked) {
      query.value = asked;
      form.requestSubmit();
    }
  }
  function show2(list, hits, idx) {
    list.replaceChildren.apply(list, hits.filter(function(hit) {
      return idx.byId.has(hit.id);
    }).map(function(hit) {
      var rec = idx.byId.get(hit.id);
      return el("li", { class: "rl-semantic__hit", "data-paper": rec.id }, [
        el("a", { href: pageHref(rec.url) }, titleNodes(rec)),
        " ",
        el("span", { class: "rl-semantic__why" }, [msg("js.semantic_by_meaning", { score: hit.score.toFixed(2) })])
      ]);
    }));
    typeset(list);
  }

  // src/semantic/main.js
  var styled = false;
  function view(init) {
    return function(...args) {
      if (!styled) document.head.append(el("link", { rel: "stylesheet", href: ROOT + "assets/stylesheets/semantic.css" }));
      styled = true;
      return init(...args);
    };
  }
  window.RLSemantic = {
    // A promise of the text's unit vector (a Float32Array of 384).
    encode,
    // A promise of the text's input ids, [CLS] … [SEP].
    tokenize,
    // similar(text, k): a promise of the k papers nearest the text, [{ id, score }].
    similar,
    // recommend(ids, k, store, papers): a promise of the k papers nearest these, [{ id, score, near }].
    recommend,
    // The views, each given papers(), a promise of indexPapers' lookups:
    // initSearchPage(box, papers), initSearchBox(box, papers) (returns ask(query)),
    // initRecommend(box, store, papers).
    initSearchPage: view(initSemanticSearch),
    initSearchBox: view(initSearchBox),
    initRecommend: view(initRecommend)
  };
})();
