/*
 * Render math produced by pymdownx.arithmatex (generic mode) with the
 * bundled KaTeX (docs/assets/katex/, loaded before this file).
 *
 * Arithmatex wraps inline math as <span class="arithmatex">\(...\)</span>
 * and display math as <div class="arithmatex">\[...\]</div>. Only those
 * elements are handed to KaTeX's auto-render, so stray "$" or "\(" in normal
 * prose or code is never touched.
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

  function renderMath(root) {
    if (typeof window.renderMathInElement !== "function") {
      return; // KaTeX not loaded: leave the TeX source visible.
    }
    var scope = root && root.querySelectorAll ? root : document;
    var nodes = scope.querySelectorAll(".arithmatex");
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
  }

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
