// BERT's uncased WordPiece, as generator/analysis/wordpiece.py has it: the
// same word pieces for the same text (tests/test_semantic.py compares them).
// The vocabulary and settings come from the model's manifest.js.

var SPECIALS = /(\[PAD\]|\[UNK\]|\[CLS\]|\[SEP\]|\[MASK\])/;
var CONTROL = /^\p{C}$/u;
var SPACE = /^\s$/u;
var MARK = /^\p{Mn}$/u;
var PUNCTUATION = /^[\p{P}\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]$/u;
var ASCII = /^\p{ASCII}*$/u;

function isCjk(code) {
  return (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x20000 && code <= 0x2a6df) || (code >= 0x2a700 && code <= 0x2b73f) ||
    (code >= 0x2b740 && code <= 0x2b81f) || (code >= 0x2b820 && code <= 0x2ceaf) ||
    (code >= 0xf900 && code <= 0xfaff) || (code >= 0x2f800 && code <= 0x2fa1f);
}

// Drop control characters, make whitespace a space, space out CJK ideographs.
function clean(char) {
  if (char === "\x00" || char === "\ufffd" || (char !== "\t" && char !== "\n" && char !== "\r" && CONTROL.test(char))) return "";
  if (SPACE.test(char)) return " ";
  return isCjk(char.codePointAt(0)) ? " " + char + " " : char;
}

// Per character, as wordpiece.py's _fold: a whole word's toLowerCase would
// give a final sigma its final form, which BERT's vocabulary never saw.
function fold(char) {
  return MARK.test(char) ? "" : char.toLowerCase();
}

function normalise(text) {
  var decomposed = Array.from(text, clean).join("").normalize("NFD");
  return ASCII.test(decomposed) ? decomposed.toLowerCase() : Array.from(decomposed, fold).join("");
}

// Split on whitespace, each punctuation character a word of its own.
function words(text) {
  var out = [];
  text.split(" ").forEach(function (chunk) {
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
  this.vocab = new Map(tokens.map(function (token, id) { return [token, id]; }));
  this.unk = this.vocab.get(manifest.unk);
  this.prefix = manifest.prefix;
  this.maxWord = manifest.maxWord;
  this.length = manifest.length;
  this.known = new Map();
}

// Text to input ids: [CLS], at most length - 2 word pieces, [SEP].
WordPiece.prototype.encode = function (text) {
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

// Longest vocabulary match first, left to right; a word with any unmatched
// rest is one [UNK]. Lengths count code points, as Python's do.
WordPiece.prototype.pieces = function (word) {
  var chars = Array.from(word);
  if (chars.length > this.maxWord) return [this.unk];
  var pieces = [];
  var start = 0;
  while (start < chars.length) {
    var end = chars.length;
    for (; end > start; end--) {
      var piece = chars.slice(start, end).join("");
      var id = this.vocab.get(start === 0 ? piece : this.prefix + piece);
      if (id !== undefined) {
        pieces.push(id);
        break;
      }
    }
    if (end === start) return [this.unk];
    start = end;
  }
  return pieces;
};

export { WordPiece };
