// The sentence model: it loads the model's scripts from the site (see
// generator/site/sentence_model.py) on the first query, not with semantic.js,
// and announces how much has loaded as `rl:model-progress` events
// ({ loaded, total } in bytes of weights).
import { loadData, loadScript } from "../papers.js";
import { ROOT } from "../urls.js";
import { Encoder, readSafetensors } from "./encoder.js";
import { WordPiece } from "./wordpiece.js";

var FOLDER = "assets/models/all-MiniLM-L6-v2/";

function announce(loaded, total) {
  document.dispatchEvent(new CustomEvent("rl:model-progress", { detail: { loaded: loaded, total: total } }));
}

function decode(text, into, offset) {
  var binary = atob(text);
  for (var i = 0; i < binary.length; i++) into[offset + i] = binary.charCodeAt(i);
}

// The parts load side by side; each is decoded into place as it arrives and
// its global let go, so the page holds the text of few parts at once.
function loadWeights(manifest) {
  var total = manifest.parts.reduce(function (a, b) { return a + b; }, 0);
  var bytes = new Uint8Array(total);
  var loaded = 0;
  var offset = 0;
  announce(0, total);
  return Promise.all(manifest.parts.map(function (size, i) {
    var at = offset;
    offset += size;
    return loadScript(ROOT + FOLDER + "weights-" + i + ".js").then(function () {
      var parts = window.RL_MODEL_PARTS;
      if (!parts || typeof parts[i] !== "string") throw new Error("model: weights-" + i + ".js did not load");
      decode(parts[i], bytes, at);
      delete parts[i];
      loaded += size;
      announce(loaded, total);
    });
  })).then(function () { return bytes; });
}

// Loaded once, and tried again on the next call if it failed.
var ready = null;
function model() {
  if (!ready) {
    ready = loadData(FOLDER + "manifest.js", "RL_MODEL").then(function (manifest) {
      return loadWeights(manifest).then(function (bytes) {
        return { tokenizer: new WordPiece(manifest), encoder: new Encoder(readSafetensors(bytes), manifest.length) };
      });
    });
    ready.catch(function () { ready = null; });
  }
  return ready;
}

// A promise of the text's unit vector (a Float32Array of 384).
function encode(text) {
  return model().then(function (model) { return model.encoder.vector(model.tokenizer.encode(String(text))); });
}

// A promise of the text's input ids, [CLS] … [SEP].
function tokenize(text) {
  return model().then(function (model) { return model.tokenizer.encode(String(text)); });
}

export { encode, tokenize };
