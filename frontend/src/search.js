// Search over the Pagefind index (pagefind/, written by the build).
//
// Pagefind splits its index into chunks: a query downloads only the few it
// needs, so the first results come as quickly for 20,000 papers as for 20.
// The box is Material's (partials/search.html), the dropdown uses Material's
// result classes, and every title and excerpt is put in as text: they are the
// input's words. Pagefind loads as a JavaScript module, which browsers refuse
// from file://: there the box says that search needs the site served.
// On a site that ships the sentence model, the keyword results are labelled
// "by words", and the papers nearest the query by meaning follow them
// (semantic/search-box.js, in semantic.js): asked once the words' answer
// shows, so that the model's first load never holds it up.
import { msg } from "./i18n.js";
import { mathNodes, renderMath } from "./math.js";
import { entry } from "./search-result.js";
import { searchByMeaning } from "./semantic/load.js";
import { ROOT } from "./urls.js";

const RESULTS = 10; // shown at first, and added by each "more results"
const DELAY = 120; // ms of quiet typing before a query runs
// Heavy work (every paper's record) waits for the first answer, or this long.
const FIRST_WAIT = 3000;
// Room for the title, which the stand-in pages put first and item() cuts
// from an excerpt that starts with it: the result shows it above already.
const EXCERPT_WORDS = 36;
// What Enter in the box opens: the first result, by words or else by
// meaning, never the link to the search-by-meaning page.
const FIRST = ".md-search-result__item:not(.rl-search__meaning) > .md-search-result__link";
// Pagefind splits a query into words only on a page whose <html lang> it
// segments (zh, ja), though the index is split into words on every site
// (INDEX_LANGUAGE in generator/site/search.py): on an English page
// "対話システム" stayed one word, which the index does not hold, and found 1
// of its 3 papers. Runs of Chinese or Japanese are split here, by the
// browser's segmenter as Pagefind splits them, so a query finds the same
// papers whatever the site's language.
const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+/g;
const SEGMENTER = typeof Intl.Segmenter === "function" ? new Intl.Segmenter("zh", { granularity: "word" }) : null;

function cjkWords(query) {
  if (!SEGMENTER) return query;
  return query.replace(CJK_RUN, (run) => ` ${Array.from(SEGMENTER.segment(run), (word) => word.segment).join(" ")} `).trim();
}

let firstAnswer = null; // the promise of the first search's answer, once the reader heads for the box

// What heavy work waits for: the first answer to a search the reader
// started at once (or FIRST_WAIT), or null when none has started.
function firstSearch() {
  return firstAnswer;
}

// Once per load: the header's box, which instant navigation keeps.
function initSearch() {
  const box = document.querySelector(".rl-search");
  const toggle = document.getElementById("__search");
  if (!box || !toggle) return;
  const input = box.querySelector(".md-search__input");
  const form = box.querySelector(".md-search__form");
  const results = box.querySelector(".md-search-result");
  const meta = results.querySelector(".md-search-result__meta");
  const list = results.querySelector(".md-search-result__list");
  const words = box.dataset;
  // The papers nearest by meaning, on a site that ships the sentence model.
  const byMeaning = words.rlMeaning === undefined ? null : searchByMeaning(box);

  const root = new URL(ROOT);
  const served = location.protocol === "http:" || location.protocol === "https:";

  let pagefind = null; // the promise of the loaded module
  let latest = 0; // the number of the newest query; older answers are dropped
  let timer = 0;
  let settle = null; // resolves firstAnswer
  let found = null; // the newest query's answer: more results come from it

  function load() {
    if (!pagefind) {
      pagefind = import(new URL("pagefind/pagefind.js", root).href).then(async (module) => {
        await module.options({ baseUrl: root.pathname, excerptLength: EXCERPT_WORDS });
        await module.init();
        return module;
      });
      // A failed load may be retried by the next query.
      pagefind.catch(() => {
        pagefind = null;
      });
    }
    return pagefind;
  }

  function say(text) {
    meta.textContent = text;
  }

  function count(n) {
    if (n === 0) return words.rlNone;
    if (n === 1) return words.rlOne;
    return words.rlOther.replace("#", String(n));
  }

  // An excerpt from Pagefind is text with < and > escaped and <mark> around
  // the hits: rebuild it as text nodes and <mark> elements, never as HTML.
  function unescapeAngles(text) {
    return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">");
  }
  function excerptNodes(excerpt) {
    const nodes = [];
    (excerpt || "").split(/(<mark>[^<]*<\/mark>)/).forEach((part, i) => {
      if (!part) return;
      if (i % 2 === 1) {
        // Pagefind's marks take in the space after the word: leave it unmarked.
        const [, word, space] = unescapeAngles(part.slice(6, -7)).match(/^([\s\S]*?)(\s*)$/);
        const mark = document.createElement("mark");
        mark.textContent = word;
        nodes.push(mark);
        if (space) nodes.push(document.createTextNode(space));
      } else {
        nodes.push(document.createTextNode(unescapeAngles(part.replace(/<\/?mark>/g, ""))));
      }
    });
    return nodes;
  }

  // The excerpt's nodes without the title at their start, when they start with it.
  function withoutTitle(nodes, title) {
    const flat = nodes.map((node) => node.textContent).join("");
    if (!title || !flat.startsWith(title)) return nodes;
    let cut = title.length;
    const kept = [];
    nodes.forEach((node) => {
      if (cut >= node.textContent.length) {
        cut -= node.textContent.length;
        return;
      }
      if (cut > 0) {
        node.textContent = node.textContent.slice(cut);
        cut = 0;
      }
      kept.push(node);
    });
    if (kept.length && kept[0].nodeType === Node.TEXT_NODE) kept[0].textContent = kept[0].textContent.replace(/^[\s.:·-]+/, "");
    return kept;
  }

  function item(data) {
    // Titles keep their math as TeX ("$\ell_1$"): show() typesets it.
    return entry(data.url, mathNodes(data.meta?.title || data.url), withoutTitle(excerptNodes(data.excerpt), data.meta?.title));
  }

  // The next RESULTS results of the newest query, after those shown.
  function moreButton(total, shown) {
    const li = document.createElement("li");
    li.className = "md-search-result__item rl-search__more";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "md-search-result__more rl-search__more-button";
    button.tabIndex = -1;
    button.textContent = words.rlMore.replace("#", String(Math.min(RESULTS, total - shown)));
    button.addEventListener("click", async () => {
      const number = latest;
      const answer = found;
      const data = await Promise.all(answer.results.slice(shown, shown + RESULTS).map((result) => result.data()));
      if (number !== latest || answer !== found) return;
      const items = data.map(item);
      // The next "more" takes this one's place, at the list's end.
      li.replaceWith(...items, ...(total > shown + items.length ? [moreButton(total, shown + items.length)] : []));
      const first = items[0]?.querySelector("a");
      if (first) first.focus();
    });
    li.append(button);
    return li;
  }

  function show(query, items, total) {
    list.replaceChildren(...items);
    renderMath(list);
    if (total > items.length) list.append(moreButton(total, items.length));
    if (!query) say(words.rlPlaceholder);
    else say(byMeaning ? msg("js.search_by_words", { count: count(total) }) : count(total));
    box.dataset.rlQuery = query; // the query these results answer (tests wait on it)
    if (query && settle) settle();
  }

  async function run(query, number) {
    await runByWords(query, number);
    if (byMeaning && number === latest) byMeaning(query);
  }

  async function runByWords(query, number) {
    if (!query) {
      show("", [], 0);
      return;
    }
    if (!served) {
      say(words.rlNeedsServer);
      box.dataset.rlQuery = query;
      return;
    }
    try {
      const module = await load();
      const answer = await module.search(cjkWords(query));
      if (number !== latest) return;
      const data = await Promise.all(answer.results.slice(0, RESULTS).map((result) => result.data()));
      if (number !== latest) return;
      found = answer;
      show(query, data.map(item), answer.results.length);
    } catch (_error) {
      if (number !== latest) return;
      say(words.rlUnavailable);
      box.dataset.rlQuery = query;
    }
  }

  function schedule() {
    const number = ++latest;
    clearTimeout(timer);
    timer = setTimeout(() => run(input.value.trim(), number), DELAY);
  }

  function open() {
    if (!toggle.checked) toggle.click();
    input.focus();
  }

  function close() {
    if (toggle.checked) toggle.click();
    input.blur();
    if (settle) settle();
  }

  // What the arrow keys step through: the results by words, the "more"
  // button, then the results by meaning and the link to their page.
  function links() {
    return Array.from(results.querySelectorAll(".md-search-result__link, .rl-search__more-button"));
  }

  function move(step) {
    const all = links();
    if (!all.length) return;
    const at = all.indexOf(document.activeElement);
    const next = at + step;
    if (next < 0) {
      input.focus();
      return;
    }
    all[Math.min(next, all.length - 1)].focus();
  }

  // A reader who heads for the box at once gets the first results before the
  // page's heavy scripts run (main.js waits on firstSearch()).
  function warm() {
    if (!served) return;
    load().catch(() => {});
    if (!firstAnswer) {
      firstAnswer = new Promise((resolve) => {
        settle = resolve;
        setTimeout(resolve, FIRST_WAIT);
      });
    }
  }
  // Pagefind's own start-up (its module, worker, word list and WebAssembly:
  // about 300 KB, cached after the first page) runs while the page opens, so
  // a reader who types at once waits only for the chunks of the query.
  if (served) load().catch(() => {});
  box.addEventListener("pointerenter", warm, { once: true });
  const button = document.querySelector('.md-header__button[for="__search"]');
  if (button) button.addEventListener("pointerdown", warm, { once: true });

  input.addEventListener("input", schedule);
  input.addEventListener("focus", () => {
    if (!toggle.checked) toggle.click();
    warm();
  });
  form.addEventListener("reset", () => {
    const number = ++latest;
    setTimeout(() => run("", number));
    input.focus();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const first = results.querySelector(FIRST);
    if (first) location.href = first.href;
  });
  // Tabbing out of the box closes its dropdown, which would cover the page
  // where focus went; a click elsewhere closes it through Material's overlay.
  box.addEventListener("focusout", (event) => {
    if (toggle.checked && event.relatedTarget && !box.contains(event.relatedTarget)) toggle.click();
  });
  toggle.addEventListener("change", () => {
    if (toggle.checked) setTimeout(() => input.focus(), 0);
  });

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const inBox = box.contains(target);
    if (inBox && toggle.checked) {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
      } else if (event.key === "ArrowDown") {
        event.preventDefault();
        move(1);
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        move(-1);
      } else if (event.key === "Enter" && target === input) {
        event.preventDefault();
        const first = results.querySelector(FIRST);
        if (first) location.href = first.href;
      }
      return;
    }
    const typing = target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (!typing && (event.key === "/" || event.key === "s" || event.key === "S")) {
      event.preventDefault();
      open();
    }
  });
}

export { firstSearch, initSearch };
