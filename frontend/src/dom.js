// Building elements whose text is always text, never markup.
// el("button", {class: "x", "aria-label": label}, [child, "text"]): text
// children become text nodes, never markup.
import { mathNodes, renderMath } from "./math.js";

function el(tag, attrs, children) {
  var node = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) {
    if (attrs[k] !== null && attrs[k] !== undefined && attrs[k] !== false) node.setAttribute(k, attrs[k] === true ? "" : attrs[k]);
  });
  (children || []).forEach(function (c) {
    node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  });
  return node;
}

function text(value) {
  return value === null || value === undefined ? "" : String(value);
}

// A paper's title as nodes, its math typeset once the nodes are in the page (see typeset).
// A paper's title, as text or typeset math; marked with its language where
// that is not the page's (an English title on a Chinese site), so that a
// screen reader reads it in the right voice, as the rendered lists mark it.
// Kana are Japanese; a title in Chinese characters alone is in the page's
// language on a Japanese site, else Chinese (messages.content_language).
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

// Views that other features add to (the Reading list, the filter) announce
// themselves through events on document, so that they need not know those
// features: notes.js, exports.js, share.js and schedule.js listen.
function announce(name, detail) {
  document.dispatchEvent(new CustomEvent(name, { detail: detail }));
}

export { announce, el, text, titleNodes, typeset };
