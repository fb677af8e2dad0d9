// Math that pymdownx.arithmatex marked (generic mode), typeset with the
// bundled KaTeX (docs/assets/katex/).
//
// Arithmatex wraps inline math as <span class="arithmatex">\(...\)</span>
// and display math as <div class="arithmatex">\[...\]</div>. Only those
// elements are handed to KaTeX's auto-render, so stray "$" or "\(" in normal
// prose or code is never touched.
//
// KaTeX (about 300 KB) loads only on a page that has math: most pages have
// none, and a reader on a slow device should not parse it before searching.
import { loadScript } from "./papers.js";
import { ROOT } from "./urls.js";

var DELIMITERS = [
  { left: "\\[", right: "\\]", display: true },
  { left: "\\(", right: "\\)", display: false },
  { left: "$$", right: "$$", display: true }
];
var KATEX = ROOT + "assets/katex/";
var loading = null;

function loadKatex() {
  if (!loading) {
    var css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = KATEX + "katex.min.css";
    document.head.appendChild(css);
    // auto-render needs katex itself first.
    loading = loadScript(KATEX + "katex.min.js").then(function () {
      return loadScript(KATEX + "contrib/auto-render.min.js");
    });
  }
  return loading;
}

function renderMath(root) {
  var scope = root?.querySelectorAll ? root : document;
  var nodes = scope.querySelectorAll(".arithmatex");
  if (!nodes.length) return;
  loadKatex().then(
    function () {
      for (var i = 0; i < nodes.length; i++) {
        try {
          window.renderMathInElement(nodes[i], { delimiters: DELIMITERS, throwOnError: false });
        } catch (err) {
          // One bad formula must not stop the rest of the page from rendering.
          console.warn("readinglist: could not render math", err);
        }
      }
    },
    function () {
      // KaTeX did not load: the TeX source stays visible.
      loading = null;
    }
  );
}

// Text that holds math ("$\ell_1$" in a title, "\(\ell_1\)" in a search
// excerpt) as nodes: each formula a span for KaTeX, the rest plain text.
// The same delimiters as the generator's: a "$" beside a letter is not one.
var MATH_TEXT = /(?<![\\$A-Za-z_])\$([^$\s](?:[^$]*?[^$\s\\])?)\$(?![A-Za-z_$])|\\\(([\s\S]+?)\\\)/g;
function mathNodes(value) {
  var nodes = [];
  var start = 0;
  value = String(value);
  value.replace(MATH_TEXT, function (match, dollars, parens, at) {
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

export { mathNodes, renderMath };
