/*
 * Notes on papers: a note field on each paper page and under each paper of
 * the Reading list, kept in localStorage with the star (store.js, field "n")
 * and exported and imported with the list. Writing a note stars the paper,
 * so that it is in the list that carries the note.
 */
import { el } from "./dom.js";
import { strings } from "./i18n.js";
import { store } from "./store.js";

// The interface's words, from the site language's catalogue (templates/messages/, keys "js.notes.*").
var T = strings("js.notes");

// Every note field on the page, by paper id, so another field or tab's
// change shows in this one.
var fields = new Map();

function noteField(id, title, compact) {
  var area = el("textarea", {
    class: "rl-note__text",
    rows: compact ? (store.note(id) ? "2" : "1") : "3",
    placeholder: compact ? T.itemPlaceholder : T.placeholder,
    "aria-label": compact ? T.itemLabel + title : null,
    "data-paper": id
  });
  area.value = store.note(id);
  area.addEventListener("input", function () {
    if (area.value.trim() && !store.starred(id)) store.update([[id, "s", true]]);
    store.setNote(id, area.value);
  });
  if (!fields.has(id)) fields.set(id, []);
  fields.get(id).push(area);
  return area;
}

function refresh(id) {
  (fields.get(id) || []).forEach(function (area) {
    if (document.activeElement !== area) area.value = store.note(id);
  });
}

function initPaperPage() {
  document.querySelectorAll(".rl-actions[data-paper]").forEach(function (actions) {
    if (actions.nextElementSibling?.classList.contains("rl-note")) return;
    var id = actions.getAttribute("data-paper");
    var h1 = document.querySelector(".md-content h1");
    var area = noteField(id, h1 ? h1.textContent.trim() : "", false);
    var status = el("span", { class: "rl-note__status", role: "status", "aria-live": "polite" });
    var timer = 0;
    area.addEventListener("input", function () {
      status.textContent = T.saved;
      clearTimeout(timer);
      timer = setTimeout(function () { status.textContent = ""; }, 1500);
    });
    var box = el("div", { class: "rl-note" }, [el("label", { class: "rl-note__label" }, [T.label, area]), status]);
    actions.after(box);
  });
}

// Once per load: the Reading list's items get their fields at every render,
// and a note changed in another field or tab shows in this page's.
function listenForNotes() {
  document.addEventListener("rl:reading-list-render", function (event) {
    fields.clear();
    event.detail.content.querySelectorAll("li[data-rl-paper]").forEach(function (li) {
      var id = li.getAttribute("data-rl-paper");
      var link = li.querySelector("a");
      li.appendChild(el("div", { class: "rl-note rl-note--compact" }, [noteField(id, link ? link.textContent : "", true)]));
    });
  });
  document.addEventListener("rl:note", function (event) { refresh(event.detail.id); });
  window.addEventListener("storage", function () { fields.forEach(function (_, id) { refresh(id); }); });
}

// Each page: a paper page's field, below its actions.
function initNotes() {
  fields.clear();
  initPaperPage();
}

export { initNotes, listenForNotes };
