// The filter above paper lists, and the tags page's view of one keyword.
import { announce, el, text, titleNodes, typeset } from "./dom.js";
import { msg, msgCount } from "./i18n.js";
import { nameKey } from "./names.js";
import { loadPapers } from "./papers.js";
import { store } from "./store.js";
import { register, repaint, toggleButton } from "./toggles.js";
import { pageHref, siteRelative } from "./urls.js";

const URL_KEYS = { text: "filter", tag: "tag", author: "author", aff: "aff", status: "status", starred: "starred" };
// The filter's fields that name people: each paper's names for them are in papers.js alone.
const PEOPLE = [
  { state: "authors", url: URL_KEYS.author, field: "authors", label: "js.author" },
  { state: "affs", url: URL_KEYS.aff, field: "affiliations", label: "js.affiliation" }
];
const TOP_KEYWORDS = 30;

function fold(value) {
  return text(value).normalize("NFKC").toLowerCase();
}

// The paper items of the page's lists, annotated with toggles.
function collectItems(lists, idx) {
  var items = [];
  lists.forEach(function (list) {
    list.querySelectorAll("li").forEach(function (li) {
      var link = li.querySelector("a[href]");
      var rel = link && siteRelative(link.getAttribute("href"));
      var rec = rel && idx.byUrl.get(rel);
      if (!rec || li.hasAttribute("data-rl-paper")) return;
      items.push(makeItem(li, rec, list, false));
    });
  });
  attachToggles(items);
  repaint(items.map(function (i) { return i.rec.id; }));
  return items;
}

// A paper's item: unlisted for one the page does not list, which only a filter shows.
function makeItem(li, rec, list, unlisted) {
  li.setAttribute("data-rl-paper", rec.id);
  li.classList.add("rl-item");
  li.parentNode.classList.add("rl-items");
  register(rec.id, li);
  return {
    li: li,
    rec: rec,
    list: list,
    off: unlisted,
    unlisted: unlisted,
    hay: fold([rec.title, rec.theme, rec.status].concat(rec.keywords || []).join("\n")),
    keywords: new Set((rec.keywords || []).map(fold)),
    status: text(rec.status)
  };
}

// The papers of the page's scope that it does not list, as items in a list
// of their own after the page's lists, all hidden: from papers.js, whose
// records get their row there, as the page's own have. They join idx too,
// so that the map finds their rows.
function unlistedItems(papers, listed, idx) {
  var scope = idx.scope;
  var ul = el("ul");
  var box = el("div", { class: "rl-papers rl-filter__unlisted rl-off" }, [ul]);
  var heading = el("h2", { class: "rl-filter__unlisted-heading rl-off" }, [msg("js.unlisted")]);
  var items = [];
  papers.forEach(function (p, row) {
    if (listed.has(p.id) || (scope.field && p[scope.field] !== scope.slug)) return;
    var rec = Object.assign({ row: row }, p);
    var li = el("li", { class: "rl-off" }, [el("a", { href: pageHref(p.url) }, titleNodes(p)), " \u00b7 " + text(p.theme)]);
    ul.appendChild(li);
    idx.byId.set(rec.id, rec);
    items.push(makeItem(li, rec, box, true));
  });
  typeset(ul);
  return { items: items, section: { list: box, parts: [box, heading], off: true } };
}

// Star and read buttons for each item. A long list gets them as its items
// come near the viewport: 40,000 buttons up front would cost seconds of
// style and layout for controls nobody sees.
var EAGER_TOGGLES = 1500;
function attachToggles(items) {
  function attach(item) {
    if (item.li.querySelector(".rl-item__actions")) return;
    var title = text(item.rec.title);
    var actions = el("span", { class: "rl-item__actions" }, [toggleButton("star", item.rec.id, title, true), toggleButton("read", item.rec.id, title, true)]);
    // In a loose list (blank lines between items) the text sits in a <p>:
    // put the buttons inside it, on the title's line.
    var first = item.li.firstElementChild;
    var host = first && first.tagName === "P" ? first : item.li;
    host.insertBefore(actions, host.firstChild);
  }
  if (items.length <= EAGER_TOGGLES || !window.IntersectionObserver) {
    items.forEach(attach);
    return;
  }
  var byLi = new Map(items.map(function (i) { return [i.li, i]; }));
  var observer = new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      attach(byLi.get(entry.target));
      observer.unobserve(entry.target);
    });
  }, { rootMargin: "600px 0px" });
  items.forEach(function (i) { observer.observe(i.li); });
}

// A list's heading and keyword line on the home page sit just before its
// .rl-papers wrapper: hide them with it when nothing in it matches.
function sectionOf(list) {
  var parts = [list];
  for (var node = list.previousElementSibling; node; node = node.previousElementSibling) {
    if (node.matches(".rl-papers, .rl-map, .rl-filter, .rl-filter-slot, h1")) break;
    parts.push(node);
    if (/^H[2-6]$/.test(node.tagName)) return parts;
  }
  return [list];
}

function topKeywords(items) {
  var counts = new Map();
  items.forEach(function (item) {
    (item.rec.keywords || []).forEach(function (k) {
      var key = fold(k);
      var c = counts.get(key) || { label: text(k), n: 0 };
      c.n++;
      counts.set(key, c);
    });
  });
  return Array.from(counts.entries())
    .sort(function (a, b) { return b[1].n - a[1].n || a[0].localeCompare(b[0]); })
    // A short list gets fewer chips: one per paper's worth of keywords is noise.
    .slice(0, Math.min(TOP_KEYWORDS, 6 + 2 * items.length))
    .map(function (e) { return { key: e[0], label: e[1].label, n: e[1].n }; });
}

function readFilterState() {
  var params = new URLSearchParams(location.search);
  return {
    text: params.get(URL_KEYS.text) || "",
    tags: params.getAll(URL_KEYS.tag).map(fold).filter(Boolean),
    authors: params.getAll(URL_KEYS.author).map(nameKey).filter(Boolean),
    affs: params.getAll(URL_KEYS.aff).map(nameKey).filter(Boolean),
    status: params.get(URL_KEYS.status) || "",
    starred: params.get(URL_KEYS.starred) === "1"
  };
}

// Our keys only: Material's own (?h= for search highlighting) stay.
function writeFilterState(state) {
  var params = new URLSearchParams(location.search);
  Object.keys(URL_KEYS).forEach(function (k) { params.delete(URL_KEYS[k]); });
  if (state.text) params.set(URL_KEYS.text, state.text);
  state.tags.forEach(function (t) { params.append(URL_KEYS.tag, t); });
  PEOPLE.forEach(function (kind) {
    state[kind.state].forEach(function (key) { params.append(kind.url, key); });
  });
  if (state.status) params.set(URL_KEYS.status, state.status);
  if (state.starred) params.set(URL_KEYS.starred, "1");
  var query = params.toString();
  var url = location.pathname + (query ? "?" + query : "") + location.hash;
  try {
    history.replaceState(history.state, "", url);
  } catch (_err) {
    // Some browsers refuse history changes on file://; the filter still works.
  }
}

function wantsPeople(state) {
  return state.authors.length > 0 || state.affs.length > 0;
}

function isActive(state) {
  return Boolean(state.text.trim() || state.tags.length || wantsPeople(state) || state.status || state.starred);
}

// Each paper's authors' and affiliations' keys, by its row in papers.js.
function peopleByRow(papers) {
  return papers.map(function (p) {
    var keys = {};
    PEOPLE.forEach(function (kind) { keys[kind.state] = new Set((p[kind.field] || []).map(nameKey)); });
    return keys;
  });
}

// people: peopleByRow's table, or null until papers.js has come, when no paper matches a name yet.
function matches(item, state, words, active, people) {
  if (item.unlisted && !active) return false;
  for (var i = 0; i < words.length; i++) if (item.hay.indexOf(words[i]) < 0) return false;
  for (var j = 0; j < state.tags.length; j++) if (!item.keywords.has(state.tags[j])) return false;
  if (wantsPeople(state)) {
    var own = people?.[item.rec.row];
    if (!own) return false;
    for (var k = 0; k < PEOPLE.length; k++) {
      var wanted = state[PEOPLE[k].state];
      for (var n = 0; n < wanted.length; n++) if (!own[PEOPLE[k].state].has(wanted[n])) return false;
    }
  }
  if (state.status && item.status !== state.status) return false;
  if (state.starred && !store.starred(item.rec.id)) return false;
  return true;
}

function initFilter(lists, idx, onChange) {
  var items = collectItems(lists, idx);
  if (!items.length) return null;
  var state = readFilterState();
  var keywords = topKeywords(items);
  var total = Math.max(idx.scope ? idx.scope.total : 0, items.length);
  var partial = total > items.length;
  // A tag from a shared URL gets a chip even if it is not among the top ones.
  state.tags.forEach(function (t) {
    if (!keywords.some(function (k) { return k.key === t; })) keywords.push({ key: t, label: t, n: 0 });
  });
  var statuses = Array.from(new Set(items.map(function (i) { return i.status; }).filter(Boolean))).sort();

  var input = el("input", { type: "search", class: "rl-filter__text", placeholder: msg("js.filter_placeholder"), "aria-label": msg("js.filter_label") });
  input.value = state.text;
  var starred = el("input", { type: "checkbox", class: "rl-filter__starred" });
  starred.checked = state.starred;
  var clear = el("button", { type: "button", class: "rl-button rl-filter__clear" }, [msg("js.clear_filters")]);
  var count = el("p", { class: "rl-filter__count", role: "status", "aria-live": "polite" });
  var row = el("div", { class: "rl-filter__row" }, [input]);
  var select = null;
  if (statuses.length) {
    select = el("select", { class: "rl-filter__status", "aria-label": msg("js.status") }, [el("option", { value: "" }, [msg("js.any_status")])]);
    statuses.forEach(function (s) { select.appendChild(el("option", { value: s }, [s])); });
    select.value = statuses.indexOf(state.status) >= 0 ? state.status : "";
    state.status = select.value;
    row.appendChild(select);
  }
  row.append(el("label", { class: "rl-filter__check" }, [starred, " " + msg("js.starred_only")]), clear);
  var chips = el("div", { class: "rl-filter__tags", role: "group", "aria-label": msg("js.keywords") });
  keywords.forEach(function (k) {
    var chip = el("button", { type: "button", class: "rl-chip", "data-key": k.key, "aria-pressed": state.tags.indexOf(k.key) >= 0 ? "true" : "false" }, [k.label]);
    // On a page that lists only some of its papers, a chip's count waits for the others: it counts what the chip shows.
    if (k.n && !partial) chip.appendChild(el("span", { class: "rl-chip__n" }, [String(k.n)]));
    chips.appendChild(chip);
  });
  // An author or affiliation from the URL (a paper page's link, the authors page) is a chip that takes it off again.
  var named = el("div", { class: "rl-filter__people", role: "group", "aria-label": msg("js.people") });
  PEOPLE.forEach(function (kind) {
    state[kind.state].forEach(function (key) {
      var chip = el("button", { type: "button", class: "rl-chip", "data-kind": kind.state, "data-key": key, "aria-pressed": "true" }, [msg(kind.label, { name: key })]);
      named.appendChild(chip);
    });
  });
  var empty = el("p", { class: "rl-filter__empty", hidden: true }, [msg("js.no_match")]);
  var box = el("div", { class: "rl-filter", role: "search", "aria-label": msg("js.filter_label") }, named.firstChild ? [row, named, chips, count] : [row, chips, count]);

  // The page keeps a slot of the filter's height for it, so nothing below moves when it arrives.
  var slot = document.querySelector(".rl-filter-slot");
  if (slot) slot.appendChild(box);
  else {
    var first = sectionOf(lists[0]);
    var anchor = first[first.length - 1];
    anchor.parentNode.insertBefore(box, anchor);
  }
  lists[lists.length - 1].after(empty);
  announce("rl:filter", { box: box, items: items });
  var sections = lists.map(function (list) { return { list: list, parts: sectionOf(list), off: false }; });
  // A page that lists only some of its scope's papers (a theme's most
  // representative) filters the others too, once a filter is set: papers.js
  // brings them, on that first need only.
  var unlisted = null;
  function loadUnlisted() {
    if (unlisted || !partial) return;
    unlisted = loadPapers().then(function (papers) {
      var more = unlistedItems(papers, new Set(items.map(function (i) { return i.rec.id; })), idx);
      empty.before(more.section.parts[1], more.section.list);
      more.items.forEach(function (i) { items.push(i); });
      sections.push(more.section);
      attachToggles(more.items);
      recount(chips, items);
      apply(false);
    }, function (err) {
      unlisted = null;
      console.warn("readinglist: the papers this page does not list could not load", err);
    });
  }

  // The names of the papers' people, from papers.js on the first filter by one.
  var people = null;
  var peopleLoading = null;
  function loadPeople() {
    if (people || peopleLoading) return;
    peopleLoading = loadPapers().then(function (papers) {
      people = peopleByRow(papers);
      spellNames(named, papers);
      apply(false);
    }, function (err) {
      peopleLoading = null;
      console.warn("readinglist: the papers' authors could not load", err);
    });
  }

  var urlTimer = 0;
  function apply(writeUrl) {
    var words = fold(state.text).split(/\s+/).filter(Boolean);
    var active = isActive(state);
    var shown = new Set();
    var visibleLists = new Set();
    if (wantsPeople(state)) loadPeople();
    items.forEach(function (item) {
      var ok = matches(item, state, words, active, people);
      // A class, not the hidden attribute: Material's [hidden] selectors
      // make attribute changes on 20,000 items several times slower.
      if (item.off === ok) {
        item.off = !ok;
        item.li.classList.toggle("rl-off", !ok);
      }
      if (ok) {
        shown.add(item.rec.id);
        visibleLists.add(item.list);
      }
    });
    sections.forEach(function (s) {
      var hide = !visibleLists.has(s.list);
      if (s.off !== hide) {
        s.off = hide;
        s.parts.forEach(function (p) { p.classList.toggle("rl-off", hide); });
      }
    });
    if (shown.size === total) count.textContent = msgCount("js.papers", total);
    else count.textContent = msg(active ? "js.showing" : "js.listing", { shown: shown.size, total: total });
    empty.hidden = shown.size > 0;
    clear.disabled = !active;
    box.setAttribute("data-shown", String(shown.size));
    if (writeUrl) {
      // Chromium throttles rapid history updates: write once typing pauses.
      clearTimeout(urlTimer);
      urlTimer = setTimeout(function () { writeFilterState(state); }, 250);
    }
    if (active) loadUnlisted();
    onChange(items);
  }

  // Keystrokes that arrive while a long list is being filtered are folded
  // into one pass at the next frame.
  var frame = 0;
  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(function () {
      frame = 0;
      apply(true);
    });
  }

  input.addEventListener("input", function () { state.text = input.value; schedule(); });
  starred.addEventListener("change", function () { state.starred = starred.checked; schedule(); });
  if (select) select.addEventListener("change", function () { state.status = select.value; schedule(); });
  chips.addEventListener("click", function (event) {
    var chip = event.target.closest(".rl-chip");
    if (!chip) return;
    var key = chip.getAttribute("data-key");
    var on = state.tags.indexOf(key) < 0;
    state.tags = on ? state.tags.concat([key]) : state.tags.filter(function (t) { return t !== key; });
    chip.setAttribute("aria-pressed", on ? "true" : "false");
    schedule();
  });
  named.addEventListener("click", function (event) {
    var chip = event.target.closest(".rl-chip");
    if (!chip) return;
    var kind = chip.getAttribute("data-kind");
    var key = chip.getAttribute("data-key");
    state[kind] = state[kind].filter(function (k) { return k !== key; });
    chip.remove();
    schedule();
  });
  clear.addEventListener("click", function () {
    state = { text: "", tags: [], authors: [], affs: [], status: "", starred: false };
    named.replaceChildren();
    input.value = "";
    starred.checked = false;
    if (select) select.value = "";
    chips.querySelectorAll(".rl-chip").forEach(function (c) { c.setAttribute("aria-pressed", "false"); });
    schedule();
    input.focus();
  });
  // Unstarring a paper while "starred only" is on takes it out of view.
  store.listen(function () { if (state.starred) schedule(); });
  apply(false);
  return items;
}



// The tags page lists the keywords; ?tag=… shows the papers that carry one.
function initTagView(box, idx) {
  var wanted = new URLSearchParams(location.search).get(URL_KEYS.tag);
  if (!wanted) return;
  var key = fold(wanted).trim();
  var papers = idx.papers.filter(function (p) {
    return (p.keywords || []).some(function (k) { return fold(k).trim() === key; });
  });
  var heading = el("h2", { id: "tagged" }, [msg("js.tagged", { keyword: wanted })]);
  var note = el("p", { class: "rl-meta" }, [msgCount("js.papers", papers.length)]);
  var list = el("ul", { class: "rl-tag-view__papers" });
  papers.forEach(function (p) {
    list.append(el("li", {}, [el("a", { href: pageHref(p.url) }, titleNodes(p)), " \u00b7 " + text(p.theme)]));
  });
  box.replaceChildren(heading, note, list);
  typeset(list);
}

// The people chips name each author or affiliation as the papers spell it, not as its folded key.
function spellNames(named, papers) {
  var spelled = new Map();
  papers.forEach(function (p) {
    PEOPLE.forEach(function (kind) {
      (p[kind.field] || []).forEach(function (name) {
        var key = kind.state + "\n" + nameKey(name);
        if (!spelled.has(key)) spelled.set(key, text(name));
      });
    });
  });
  named.querySelectorAll(".rl-chip").forEach(function (chip) {
    var kind = PEOPLE.find(function (k) { return k.state === chip.getAttribute("data-kind"); });
    var name = spelled.get(kind.state + "\n" + chip.getAttribute("data-key"));
    if (name) chip.textContent = msg(kind.label, { name: name });
  });
}

// The chips' counts over every item, once the unlisted have come.
function recount(chips, items) {
  var counts = new Map();
  items.forEach(function (item) { item.keywords.forEach(function (k) { counts.set(k, (counts.get(k) || 0) + 1); }); });
  chips.querySelectorAll(".rl-chip").forEach(function (chip) {
    var n = counts.get(chip.getAttribute("data-key"));
    if (n) chip.appendChild(el("span", { class: "rl-chip__n" }, [String(n)]));
  });
}

// The ids the filter shows, or null when it shows the page's own list: every listed item and no other.
function currentlyShown(items) {
  var shown = new Set();
  var asListed = true;
  items.forEach(function (i) {
    if (!i.off) shown.add(i.rec.id);
    if (i.off !== i.unlisted) asListed = false;
  });
  return asListed ? null : shown;
}

export { currentlyShown, initFilter, initTagView };
