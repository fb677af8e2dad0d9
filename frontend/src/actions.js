// A paper page's buttons: star, read, copy link, copy citation, copy RIS.
import { bibtexEntry, citedOnPage, risEntry } from "./citations.js";
import { el, text } from "./dom.js";
import { msg } from "./i18n.js";
import { indexPapers } from "./papers.js";
import { toggleButton } from "./toggles.js";
import { canonicalHref } from "./urls.js";

function copyText(value) {
  if (navigator.clipboard && window.isSecureContext) {
    return navigator.clipboard.writeText(value).then(function () { return true; }, function () { return legacyCopy(value); });
  }
  return Promise.resolve(legacyCopy(value));
}

// For plain-http hosts and browsers without the Clipboard API.
function legacyCopy(value) {
  var area = el("textarea", { readonly: true, class: "rl-offscreen" });
  area.value = value;
  document.body.appendChild(area);
  area.select();
  var ok = false;
  try {
    ok = document.execCommand("copy");
  } catch (_err) {
    ok = false;
  }
  area.remove();
  return ok;
}

// Built from the page itself, so paper pages need not load papers.js: the
// citation_* tags in its head hold the citation fields (citedOnPage), the
// title with its math in plain text (the heading's text is KaTeX's once typeset).
function paperFromPage(id) {
  var themeLink = document.querySelector(".rl-meta a");
  var title = document.head.querySelector('meta[name="citation_title"]');
  var h1 = document.querySelector(".md-content h1");
  return Object.assign(
    {
      id: id,
      title: title ? title.content : h1 ? h1.textContent.trim() : document.title,
      url: canonicalPageUrl(),
      theme: themeLink ? themeLink.textContent.trim() : "",
      status: "",
      derived: !!document.querySelector(".rl-derived")
    },
    citedOnPage()
  );
}

function canonicalPageUrl() {
  var url = new URL(canonicalHref() || location.href);
  url.search = "";
  url.hash = "";
  return url.href;
}

function initActions(box) {
  var id = box.getAttribute("data-paper");
  if (!id || box.hasAttribute("data-rl-ready")) return;
  box.setAttribute("data-rl-ready", "");
  var paper = paperFromPage(id);
  // After instant navigation from a list the records are at hand: they
  // know the paper's status, which the page does not mark up.
  var rec = Array.isArray(window.RL_PAPERS) ? indexPapers(window.RL_PAPERS).byId.get(id) : null;
  if (rec) paper.status = text(rec.status);
  var status = el("span", { class: "rl-actions__status", role: "status", "aria-live": "polite" });
  var copyLink = el("button", { type: "button", class: "rl-button", title: msg("js.copy_link_title") }, [msg("js.copy_link")]);
  var copyCite = el("button", { type: "button", class: "rl-button", title: msg("js.copy_citation_title") }, [msg("js.copy_citation")]);
  var copyRis = el("button", { type: "button", class: "rl-button", title: msg("js.copy_ris_title") }, [msg("js.copy_ris")]);

  function copy(value, what) {
    copyText(value).then(function (ok) {
      status.textContent = msg(ok ? what : "js.copy_failed");
      if (!ok) showForManualCopy(box, value);
      setTimeout(function () { status.textContent = ""; }, 2500);
    });
  }
  copyLink.addEventListener("click", function () { copy(paper.url, "js.link_copied"); });
  copyCite.addEventListener("click", function () { copy(bibtexEntry(paper), "js.citation_copied"); });
  copyRis.addEventListener("click", function () { copy(risEntry(paper), "js.ris_copied"); });

  box.setAttribute("role", "group");
  box.setAttribute("aria-label", msg("js.actions"));
  box.append(toggleButton("star", id, paper.title, false), toggleButton("read", id, paper.title, false), copyLink, copyCite, copyRis, status);
}

function showForManualCopy(box, value) {
  var old = box.querySelector(".rl-manual-copy");
  if (old) old.remove();
  var area = el("textarea", { class: "rl-manual-copy", readonly: true, rows: "5", "aria-label": msg("js.text_to_copy") });
  area.value = value;
  box.appendChild(area);
  area.focus();
  area.select();
}

export { copyText, initActions };
