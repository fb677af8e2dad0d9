/*
 * Render math produced by pymdownx.arithmatex (generic mode) with the
 * bundled KaTeX (docs/assets/katex/).
 *
 * Arithmatex wraps inline math as <span class="arithmatex">\(...\)</span>
 * and display math as <div class="arithmatex">\[...\]</div>. Only those
 * elements are handed to KaTeX's auto-render, so stray "$" or "\(" in normal
 * prose or code is never touched.
 *
 * KaTeX (about 300 KB) loads only on a page that has math: most pages have
 * none, and a reader on a slow device should not parse it before searching.
 *
 * Material's instant navigation swaps page content without a full reload and
 * announces every new page through its global `document$` observable; we
 * subscribe to it when it exists, otherwise render once when the DOM is ready.
 */
(function () {
  "use strict";

  var DELIMITERS = [
    { left: "\\[", right: "\\]", display: true },
    { left: "\\(", right: "\\)", display: false },
    { left: "$$", right: "$$", display: true }
  ];
  // This script sits in assets/javascripts/; KaTeX in assets/katex/.
  var KATEX = new URL("../katex/", document.currentScript.src).href;
  var loading = null;

  function script(src) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = reject;
      document.head.appendChild(s);
    });
  }

  function loadKatex() {
    if (!loading) {
      var css = document.createElement("link");
      css.rel = "stylesheet";
      css.href = KATEX + "katex.min.css";
      document.head.appendChild(css);
      // auto-render needs katex itself first.
      loading = script(KATEX + "katex.min.js").then(function () {
        return script(KATEX + "contrib/auto-render.min.js");
      });
    }
    return loading;
  }

  function renderMath(root) {
    var scope = root && root.querySelectorAll ? root : document;
    var nodes = scope.querySelectorAll(".arithmatex");
    if (!nodes.length) return;
    loadKatex().then(
      function () {
        for (var i = 0; i < nodes.length; i++) {
          try {
            window.renderMathInElement(nodes[i], {
              delimiters: DELIMITERS,
              throwOnError: false
            });
          } catch (err) {
            // One bad formula must not stop the rest of the page from rendering.
            if (window.console) {
              window.console.warn("katex-init: could not render math", err);
            }
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
  // For the scripts that write titles and excerpts into the page.
  window.rlMath = { nodes: mathNodes, render: renderMath };

  var doc$ = window.document$;
  if (doc$ && typeof doc$.subscribe === "function") {
    doc$.subscribe(function (newDocument) {
      renderMath(newDocument && newDocument.body ? newDocument.body : document.body);
    });
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () {
      renderMath(document.body);
    });
  } else {
    renderMath(document.body);
  }
})();
