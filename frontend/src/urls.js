// Where the site is, and links inside it that work served or from file://.
// The site root as an absolute URL ending in "/". This script's own URL is
// the most reliable anchor: it is fixed (assets/javascripts/ under the
// root) and, unlike the rl-root meta tag, stays right after Material's
// instant navigation swaps the page without reloading the head.
var ROOT = (function () {
  var script = document.currentScript;
  if (script?.src) return new URL("../../", script.src).href;
  var meta = document.querySelector('meta[name="rl-root"]');
  return new URL((meta ? meta.content : ".") + "/", location.href).href;
})();

// "papers/x/", "papers/x/index.html" and "papers/x.html" name one page.
function normalisePath(path) {
  return path.replace(/[?#].*$/, "").replace(/index\.html$/, "").replace(/\.html$/, "/");
}

// The site-relative form of a link (as records' url give it), or null when
// the link leaves the site.
function siteRelative(href) {
  var abs = new URL(href, location.href).href;
  return abs.indexOf(ROOT) === 0 ? normalisePath(abs.slice(ROOT.length)) : null;
}

// A link the browser can open, always inside the site: a record's url is
// data, and "javascript:…" or "//elsewhere" must not become a link.
// Folders do not resolve to index.html on file://, so spell it out there.
function pageHref(rel) {
  var url = new URL(String(rel), ROOT);
  if (url.href.indexOf(ROOT) !== 0) return ROOT;
  if (location.protocol === "file:" && /\/$/.test(url.pathname)) url.pathname += "index.html";
  return url.href;
}

// The page's canonical URL when the site knows its public address (its
// site_url), else null. MkDocs writes the link only then; Zensical writes it
// without a site_url too, as a path from the host's root, which is wrong for
// a site below it and on file://.
function canonicalHref() {
  var canonical = document.querySelector('link[rel="canonical"]');
  return canonical && /^[a-z][a-z0-9+.-]*:/i.test(canonical.getAttribute("href")) ? canonical.href : null;
}

// The public address of a page, for exports and copied links: the
// canonical URL when the site knows its site_url, else where we are.
function publicRoot() {
  var canonical = canonicalHref();
  var meta = document.querySelector('meta[name="rl-root"]');
  if (canonical && meta) return new URL(meta.content + "/", canonical).href;
  return ROOT;
}

function publicHref(rel) {
  return new URL(String(rel), publicRoot()).href;
}

// On file:// a link to a folder opens a directory listing, not its
// index.html: spell the file out in the page's own links (MkDocs writes
// folder URLs), so the whole site can be read from disk.
function fixFileLinks() {
  if (location.protocol !== "file:") return;
  document.querySelectorAll("a[href]").forEach(function (a) {
    var href = a.getAttribute("href");
    if (/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(href)) return; // other schemes, other hosts, anchors
    var url = new URL(href, location.href);
    if (/\/$/.test(url.pathname)) a.setAttribute("href", href.replace(/^([^?#]*\/)(?=[?#]|$)/, "$1index.html"));
  });
}

export { ROOT, canonicalHref, fixFileLinks, normalisePath, pageHref, publicHref, siteRelative };
