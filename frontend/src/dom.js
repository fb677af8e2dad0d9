// Building elements whose text is always text, never markup.
// el("button", {class: "x", "aria-label": label}, [child, "text"]): text
// children become text nodes, never markup.
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

export { el, text };
