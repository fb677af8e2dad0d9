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
function titleNodes(rec) {
  return rec.title_math ? mathNodes(rec.title_math) : [text(rec.title)];
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
