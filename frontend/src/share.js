/*
 * Share a reading list as a link. The starred papers travel in the URL's
 * fragment, which browsers never send to a server:
 *
 *   reading-list/#share=1<code><code>…[.<id>.<id>…]
 *
 * "1" is the format's version. Each code is five base64url characters: 30
 * bits of an FNV-1a hash of the paper's stable id, so a link survives
 * rebuilds and stays about 1 KB at 200 papers. A paper whose code another
 * paper of this list shares is spelt out instead, as its id in base64url
 * after a ".". Opening the link shows the list; the reader can save it as
 * their own, which stars its papers in this browser.
 */
import { copyText } from "./actions.js";
import { el, text } from "./dom.js";
import { fnv1a } from "./hash.js";
import { msgCount, strings } from "./i18n.js";
import { groupByTheme } from "./reading-list.js";
import { store } from "./store.js";
import { pageHref, publicHref } from "./urls.js";

var KEY = "share=";
var VERSION = "1";
var CODE = 5;
var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// The interface's words, from the site language's catalogue (templates/messages/, keys "js.share.*").
var T = strings("js.share");

function utf8(value) {
  return new TextEncoder().encode(value);
}

// 30 bits of 32-bit FNV-1a over the id's UTF-8 bytes, as 5 characters.
function code(id) {
  var h = fnv1a(id) >>> 2;
  var out = "";
  for (var i = CODE - 1; i >= 0; i--) out += ALPHABET[(h >>> (6 * i)) & 63];
  return out;
}

function toBase64url(value) {
  var bin = "";
  utf8(value).forEach(function (b) { bin += String.fromCharCode(b); });
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(value) {
  var bin = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, function (ch) { return ch.charCodeAt(0); }));
}

// code -> the ids of this list's papers that have it.
function codeIndex(idx) {
  var byCode = new Map();
  idx.papers.forEach(function (p) {
    var c = code(p.id);
    if (!byCode.has(c)) byCode.set(c, []);
    byCode.get(c).push(p.id);
  });
  return byCode;
}

function encode(ids, idx) {
  var byCode = codeIndex(idx);
  var codes = [];
  var spelt = [];
  ids.forEach(function (id) {
    var c = code(id);
    if ((byCode.get(c) || []).length > 1) spelt.push(toBase64url(id));
    else codes.push(c);
  });
  // Sorted, so that the same list always gives the same link.
  return VERSION + codes.sort().join("") + (spelt.length ? "." + spelt.sort().join(".") : "");
}

// { ids: the papers of this list the link names, missing: how many it names that are not }.
function decode(value, idx) {
  var parts = value.split(".");
  var head = parts.shift();
  if (head.charAt(0) !== VERSION) return null;
  var byCode = codeIndex(idx);
  var ids = [];
  var missing = 0;
  var body = head.slice(1);
  for (var i = 0; i + CODE <= body.length; i += CODE) {
    var found = byCode.get(body.slice(i, i + CODE)) || [];
    // A code two papers share (one added in a rebuild) names neither for sure.
    if (found.length === 1) ids.push(found[0]);
    else missing++;
  }
  parts.forEach(function (part) {
    var id = null;
    try {
      id = fromBase64url(part);
    } catch (_err) {
      id = null;
    }
    if (id !== null && idx.byId.has(id)) ids.push(id);
    else missing++;
  });
  return { ids: Array.from(new Set(ids)), missing: missing };
}

function shareLink(ids, idx) {
  var page = publicHref("reading-list/");
  if (location.protocol === "file:" && /\/$/.test(page)) page += "index.html";
  return page + "#" + KEY + encode(ids, idx);
}

// Once per load: the Reading list gets its share button and shows a shared
// list when it is made, and a share link pasted into the address bar of the
// open page, which changes only its fragment, opens.
function listenForShare() {
  document.addEventListener("rl:reading-list", addShareLink);
  window.addEventListener("hashchange", function () {
    if (sharedValue() !== null && document.querySelector(".rl-reading-list")) location.reload();
  });
}

// ------------------------------------------------------- giving a link --

function addShareLink(event) {
  var d = event.detail;
  var field = el("input", { type: "text", readonly: true, class: "rl-share__link", "aria-label": T.linkLabel, hidden: true });
  var button = el("button", { type: "button", class: "rl-button", "data-rl-action": "share-link" }, [T.share]);
  button.addEventListener("click", function () {
    var link = shareLink(store.starredIds().filter(function (id) { return d.idx.byId.has(id); }), d.idx);
    field.value = link;
    field.hidden = false;
    copyText(link).then(function (ok) {
      d.status.textContent = ok ? T.copied : T.copyFailed;
      if (!ok) field.select();
    });
  });
  var importButton = d.toolbar.querySelector('[data-rl-action="import-csv"]');
  d.toolbar.insertBefore(button, importButton);
  d.toolbar.after(field);
  document.addEventListener("rl:reading-list-render", function (e) {
    button.disabled = !e.detail.papers.length;
    field.hidden = true;
  });
  showShared(d.box, d.idx);
}

// ---------------------------------------------------- opening a link --

function sharedValue() {
  var hash = location.hash.replace(/^#/, "");
  return hash.indexOf(KEY) === 0 ? hash.slice(KEY.length) : null;
}

function showShared(box, idx) {
  var value = sharedValue();
  if (value === null) return;
  var shared = decode(value, idx);
  if (!shared) return;
  var papers = shared.ids.map(function (id) { return idx.byId.get(id); });
  var status = el("p", { class: "rl-shared__status", role: "status", "aria-live": "polite" });
  var save = el("button", { type: "button", class: "rl-button", "data-rl-action": "save-shared" }, [T.save]);
  var close = el("button", { type: "button", class: "rl-button", "data-rl-action": "close-shared" }, [T.close]);
  var summary = msgCount("js.share.count", papers.length) + (shared.missing ? ". " + msgCount("js.share.missing", shared.missing) : ".");
  // The actions come before the papers: a shared list may be 200 long.
  var panel = el("section", { class: "rl-shared", "aria-labelledby": "rl-shared-heading" }, [
    el("h2", { id: "rl-shared-heading" }, [T.heading]),
    el("p", { class: "rl-shared__summary" }, [summary]),
    el("div", { class: "rl-list__toolbar" }, [save, close]),
    status
  ]);
  groupByTheme(papers).forEach(function (group) {
    panel.appendChild(el("h3", {}, [group.label]));
    var list = el("ul", { class: "rl-shared__papers" });
    group.papers.forEach(function (p) {
      list.appendChild(el("li", { "data-rl-shared": p.id }, [el("a", { href: pageHref(p.url) }, [text(p.title)])]));
    });
    panel.appendChild(list);
  });
  save.disabled = !papers.length;
  box.before(panel);

  save.addEventListener("click", function () {
    store.update(papers.map(function (p) { return [p.id, "s", true]; }));
    status.textContent = msgCount("js.share.saved", papers.length);
    save.disabled = true;
  });
  close.addEventListener("click", function () {
    panel.remove();
    try {
      history.replaceState(history.state, "", location.pathname + location.search);
    } catch (_err) {
      // file:// may refuse; the panel is gone all the same.
    }
  });
}

export { code, listenForShare, shareLink };
