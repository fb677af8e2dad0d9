// Star and read buttons, and repainting them when the store changes.
import { el } from "./dom.js";
import { msg } from "./i18n.js";
import { store } from "./store.js";

// Per-page registry: paper id -> the elements showing its state, so a
// change repaints only that paper's controls, even with 20,000 in a list.
var views = new Map();

function register(id, node) {
  if (!views.has(id)) views.set(id, []);
  views.get(id).push(node);
}

function toggleButton(kind, id, title, compact) {
  var btn = el("button", {
    type: "button",
    class: "rl-toggle rl-toggle--" + kind + (compact ? " rl-toggle--compact" : " rl-button"),
    "data-rl-toggle": kind,
    "data-paper": id,
    "data-title": title
  });
  paintToggle(btn);
  register(id, btn);
  return btn;
}

function paintToggle(btn) {
  var id = btn.getAttribute("data-paper");
  var star = btn.getAttribute("data-rl-toggle") === "star";
  var on = star ? store.starred(id) : store.read(id);
  var compact = btn.classList.contains("rl-toggle--compact");
  var title = btn.getAttribute("data-title");
  btn.setAttribute("aria-pressed", on ? "true" : "false");
  btn.textContent = star ? (on ? "★" : "☆") : on ? "✓" : "○";
  if (!compact) btn.textContent += " " + msg(star ? (on ? "js.starred" : "js.star") : on ? "js.read" : "js.mark_read");
  btn.setAttribute("title", msg(star ? (on ? "js.unstar_title" : "js.star_title") : on ? "js.unread_title" : "js.mark_read"));
  if (compact) btn.setAttribute("aria-label", msg(star ? "js.star_label" : "js.read_label", { title: title }));
}

// One listener for every toggle on every page: survives instant navigation
// and costs nothing per list item.
document.addEventListener("click", function (event) {
  var btn = event.target.closest?.("[data-rl-toggle]");
  if (!btn) return;
  event.preventDefault();
  var id = btn.getAttribute("data-paper");
  var field = btn.getAttribute("data-rl-toggle") === "star" ? "s" : "r";
  var now = field === "s" ? store.starred(id) : store.read(id);
  store.update([[id, field, !now]]);
});

function repaint(ids) {
  var keys = ids || Array.from(views.keys());
  keys.forEach(function (id) {
    (views.get(id) || []).forEach(function (node) {
      if (node.hasAttribute("data-rl-toggle")) paintToggle(node);
      else {
        node.classList.toggle("rl-is-starred", store.starred(id));
        node.classList.toggle("rl-is-read", store.read(id));
      }
    });
  });
}

export { register, repaint, toggleButton, views };
