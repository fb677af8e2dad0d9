/* Built by 'npm run build' in frontend/ from frontend/src/: edit those, not this file. */
(() => {
  // src/urls.js
  var ROOT = (function() {
    var script = document.currentScript;
    if (script == null ? void 0 : script.src) return new URL("../../", script.src).href;
    var meta = document.querySelector('meta[name="rl-root"]');
    return new URL((meta ? meta.content : ".") + "/", location.href).href;
  })();
  function normalisePath(path) {
    return path.replace(/[?#].*$/, "").replace(/index\.html$/, "").replace(/\.html$/, "/");
  }
  function siteRelative(href) {
    var abs = new URL(href, location.href).href;
    return abs.indexOf(ROOT) === 0 ? normalisePath(abs.slice(ROOT.length)) : null;
  }
  function pageHref(rel) {
    var url = new URL(String(rel), ROOT);
    if (url.href.indexOf(ROOT) !== 0) return ROOT;
    if (location.protocol === "file:" && /\/$/.test(url.pathname)) url.pathname += "index.html";
    return url.href;
  }
  function canonicalHref() {
    var canonical = document.querySelector('link[rel="canonical"]');
    return canonical && /^[a-z][a-z0-9+.-]*:/i.test(canonical.getAttribute("href")) ? canonical.href : null;
  }
  function publicRoot() {
    var canonical = canonicalHref();
    var meta = document.querySelector('meta[name="rl-root"]');
    if (canonical && meta) return new URL(meta.content + "/", canonical).href;
    return ROOT;
  }
  function publicHref(rel) {
    return new URL(String(rel), publicRoot()).href;
  }
  function fixFileLinks() {
    if (location.protocol !== "file:") return;
    document.querySelectorAll("a[href]").forEach(function(a) {
      var href = a.getAttribute("href");
      if (/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(href)) return;
      var url = new URL(href, location.href);
      if (/\/$/.test(url.pathname)) a.setAttribute("href", href.replace(/^([^?#]*\/)(?=[?#]|$)/, "$1index.html"));
    });
  }

  // src/papers.js
  var papersPromise = null;
  function loadPapers() {
    if (Array.isArray(window.RL_PAPERS)) return Promise.resolve(window.RL_PAPERS);
    if (!papersPromise) {
      papersPromise = loadData("papers.js", "RL_PAPERS").catch(function() {
        return fetch(ROOT + "papers.json").then(function(r) {
          if (!r.ok) throw new Error("papers.json: HTTP " + r.status);
          return r.json();
        });
      });
      papersPromise.catch(function() {
        papersPromise = null;
      });
    }
    return papersPromise;
  }
  function loadScript(src) {
    return new Promise(function(resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = reject;
      document.head.appendChild(s);
    });
  }
  var loading = /* @__PURE__ */ new Map();
  function loadData(file, name) {
    if (window[name] !== void 0) return Promise.resolve(window[name]);
    if (!loading.has(file)) {
      var promise = loadScript(ROOT + file).then(function() {
        if (window[name] === void 0) throw new Error(file + " did not define " + name);
        return window[name];
      });
      promise.catch(function() {
        loading.delete(file);
      });
      loading.set(file, promise);
    }
    return loading.get(file);
  }
  var DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var GRID = 4095;
  var pointsCache = null;
  function loadPoints() {
    return loadData("points.js", "RL_POINTS").then(function(raw) {
      if (pointsCache && pointsCache.raw === raw) return pointsCache;
      var themes = raw.themes.map(function(t) {
        return { label: String(t[0]), slug: String(t[1]) };
      });
      var sorted = themes.slice().sort(function(a, b) {
        return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
      });
      sorted.forEach(function(t, i2) {
        t.index = i2;
      });
      var s = raw.points;
      function at(i2) {
        return DIGITS.indexOf(s[i2]) * 64 + DIGITS.indexOf(s[i2 + 1]);
      }
      var points = [];
      for (var i = 0; i + 8 <= s.length; i += 8) {
        var theme = themes[at(i)];
        var sub = at(i + 2);
        points.push({ row: i / 8, theme_slug: theme.slug, subtheme_slug: sub ? raw.subthemes[sub - 1] : null, c: theme.index, x: at(i + 4) / GRID, y: at(i + 6) / GRID });
      }
      pointsCache = { raw, themes: sorted, points };
      return pointsCache;
    });
  }
  function pageRecords() {
    var byId = /* @__PURE__ */ new Map();
    var byUrl = /* @__PURE__ */ new Map();
    var scope = { total: 0, field: "", slug: "" };
    document.querySelectorAll(".rl-filter-slot[data-records]").forEach(function(slot) {
      var table = { fields: [], rows: [], total: 0, scope: ["", ""] };
      try {
        table = JSON.parse(slot.getAttribute("data-records"));
      } catch (err) {
        console.warn("readinglist: unreadable records on this page", err);
      }
      table.rows.forEach(function(row) {
        var p = {};
        table.fields.forEach(function(field, i) {
          p[field] = row[i];
        });
        byId.set(p.id, p);
        byUrl.set(normalisePath(p.url), p);
      });
      scope = { total: table.total, field: table.scope[0], slug: table.scope[1] };
    });
    return { byId, byUrl, scope };
  }
  var indexCache = null;
  function indexPapers(papers2) {
    if (indexCache && indexCache.papers === papers2) return indexCache;
    var byId = /* @__PURE__ */ new Map();
    var byUrl = /* @__PURE__ */ new Map();
    var slugs = /* @__PURE__ */ new Map();
    papers2.forEach(function(p) {
      if (!p || typeof p.id !== "string") return;
      byId.set(p.id, p);
      if (typeof p.url === "string") byUrl.set(normalisePath(p.url), p);
      if (p.theme_slug && !slugs.has(p.theme_slug)) slugs.set(p.theme_slug, String(p.theme || p.theme_slug));
    });
    var themes = Array.from(slugs.keys()).sort().map(function(slug, i) {
      return { slug, label: slugs.get(slug), index: i };
    });
    var themeIndex = new Map(themes.map(function(t) {
      return [t.slug, t.index];
    }));
    indexCache = { papers: papers2, byId, byUrl, themes, themeIndex };
    return indexCache;
  }
  var AFTER_LOAD_MS = 300;
  function afterLoadAndFirstSearch(firstSearch2) {
    return new Promise(function(resolve) {
      function go() {
        setTimeout(function() {
          Promise.resolve(firstSearch2()).then(resolve, resolve);
        }, AFTER_LOAD_MS);
      }
      if (document.readyState === "complete") go();
      else window.addEventListener("load", go, { once: true });
    });
  }

  // src/math.js
  var DELIMITERS = [
    { left: "\\[", right: "\\]", display: true },
    { left: "\\(", right: "\\)", display: false },
    { left: "$$", right: "$$", display: true }
  ];
  var KATEX = ROOT + "assets/katex/";
  var loading2 = null;
  function loadKatex() {
    if (!loading2) {
      var css = document.createElement("link");
      css.rel = "stylesheet";
      css.href = KATEX + "katex.min.css";
      document.head.appendChild(css);
      loading2 = loadScript(KATEX + "katex.min.js").then(function() {
        return loadScript(KATEX + "contrib/auto-render.min.js");
      });
    }
    return loading2;
  }
  function renderMath(root) {
    var scope = (root == null ? void 0 : root.querySelectorAll) ? root : document;
    var nodes = scope.querySelectorAll(".arithmatex");
    if (!nodes.length) return;
    loadKatex().then(
      function() {
        for (var i = 0; i < nodes.length; i++) {
          try {
            window.renderMathInElement(nodes[i], { delimiters: DELIMITERS, throwOnError: false });
          } catch (err) {
            console.warn("readinglist: could not render math", err);
          }
        }
      },
      function() {
        loading2 = null;
      }
    );
  }
  var MATH_TEXT = /(?<![\\$A-Za-z_])\$([^$\s](?:[^$]*?[^$\s\\])?)\$(?![A-Za-z_$])|\\\(([\s\S]+?)\\\)/g;
  function mathNodes(value) {
    var nodes = [];
    var start = 0;
    value = String(value);
    value.replace(MATH_TEXT, function(match, dollars, parens, at) {
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

  // src/dom.js
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function(k) {
      if (attrs[k] !== null && attrs[k] !== void 0 && attrs[k] !== false) node.setAttribute(k, attrs[k] === true ? "" : attrs[k]);
    });
    (children || []).forEach(function(c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }
  function text(value) {
    return value === null || value === void 0 ? "" : String(value);
  }
  var CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/;
  var KANA = /[\u3040-\u30ff]/;
  function titleNodes(rec) {
    var nodes = rec.title_math ? mathNodes(rec.title_math) : [text(rec.title)];
    var title = text(rec.title);
    var page = (document.documentElement.lang || "en").slice(0, 2);
    var han = page === "ja" ? "ja" : "zh";
    var own2 = KANA.test(title) ? "ja" : CJK.test(title) ? han : "en";
    return own2 === page ? nodes : [el("span", { lang: own2 }, nodes)];
  }
  function typeset(node) {
    renderMath(node);
  }
  function announce(name, detail) {
    document.dispatchEvent(new CustomEvent(name, { detail }));
  }

  // src/hash.js
  function fnv1a(value) {
    var hash = 2166136261;
    new TextEncoder().encode(value).forEach(function(byte) {
      hash = Math.imul(hash ^ byte, 16777619) >>> 0;
    });
    return hash;
  }

  // src/citations.js
  var CITED = {
    authors: "citation_author",
    year: "citation_publication_date",
    conference: "citation_conference_title",
    journal: "citation_journal_title",
    doi: "citation_doi",
    pdf: "citation_pdf_url"
  };
  function citedOnPage() {
    var fields2 = {};
    Object.keys(CITED).forEach(function(field) {
      var values = Array.prototype.map.call(document.head.querySelectorAll('meta[name="' + CITED[field] + '"]'), function(m) {
        return m.content;
      });
      if (values.length) fields2[field] = field === "authors" ? values : values[0];
    });
    return fields2;
  }
  function cited(record) {
    var fields2 = {};
    Object.keys(CITED).forEach(function(field) {
      if (record && Object.hasOwn(record, field)) fields2[field] = field === "authors" ? record[field].map(text) : text(record[field]);
    });
    return fields2;
  }
  var CHUNKS = 256;
  function chunkOf(id) {
    return (fnv1a(id) % CHUNKS).toString(16).padStart(2, "0");
  }
  function loadCitations(recs) {
    var chunks = Array.from(new Set(recs.map(function(r) {
      return chunkOf(text(r.id));
    })));
    return Promise.all(chunks.map(function(c) {
      return loadData("citations/" + c + ".js", "RL_CITATIONS_" + c);
    })).then(function(parts) {
      return Object.assign({}, ...parts);
    });
  }
  function bibKey(id, used) {
    var base = "rl:" + (text(id).replace(/[^A-Za-z0-9_:-]/g, "") || "paper");
    var key = base;
    for (var n = 2; used == null ? void 0 : used.has(key); n++) key = base + "-" + n;
    if (used) used.add(key);
    return key;
  }
  function bibText(value) {
    var s = text(value).replace(/\s+/g, " ").trim();
    var depth = 0;
    for (var i = 0; i < s.length && depth >= 0; i++) {
      if (s[i] === "{" && s[i - 1] !== "\\") depth++;
      else if (s[i] === "}" && s[i - 1] !== "\\") depth--;
    }
    if (depth !== 0) s = s.replace(/[{}]/g, "");
    return s.replace(/(?<!\\)[&%#]/g, "\\$&");
  }
  function citationNote(paper) {
    var note = ["Theme: " + paper.theme];
    if (paper.status) note.push(paper.status);
    if (paper.derived) note.push("title derived from the abstract");
    if (paper.read !== void 0) note.push(paper.read ? "read" : "to read");
    if (paper.note) note.push("Note: " + paper.note);
    return note.join("; ");
  }
  function bibUrl(url) {
    return text(url).replace(/[{}\s]/g, encodeURIComponent);
  }
  function bibtexEntry(paper, used) {
    var _a;
    var type = paper.conference ? "inproceedings" : paper.journal ? "article" : "misc";
    var fields2 = [["title", "{" + bibText(paper.title) + "}"]];
    if ((_a = paper.authors) == null ? void 0 : _a.length) fields2.push(["author", bibText(paper.authors.join(" and "))]);
    if (paper.conference) fields2.push(["booktitle", bibText(paper.conference)]);
    if (paper.journal) fields2.push(["journal", bibText(paper.journal)]);
    if (paper.year) fields2.push(["year", bibText(paper.year)]);
    if (paper.doi) fields2.push(["doi", bibUrl(paper.doi)]);
    fields2.push(["url", bibUrl(paper.url)]);
    if (paper.pdf) fields2.push(["pdf", bibUrl(paper.pdf)]);
    fields2.push(["note", bibText(citationNote(paper))]);
    return "@" + type + "{" + bibKey(paper.id, used) + ",\n" + fields2.map(function(f) {
      return "  " + f[0] + " = {" + f[1] + "}";
    }).join(",\n") + "\n}\n";
  }
  function risEntry(paper) {
    var lines = [["TY", paper.conference ? "CONF" : paper.journal ? "JOUR" : "GEN"], ["TI", paper.title]];
    (paper.authors || []).forEach(function(a) {
      lines.push(["AU", a]);
    });
    if (paper.year) lines.push(["PY", paper.year]);
    if (paper.conference) lines.push(["T2", paper.conference]);
    if (paper.journal) lines.push(["JO", paper.journal]);
    if (paper.doi) lines.push(["DO", paper.doi]);
    lines.push(["UR", paper.url]);
    if (paper.pdf) lines.push(["L1", paper.pdf]);
    lines.push(["N1", citationNote(paper)], ["ER", ""]);
    return lines.map(function(l) {
      return l[0] + "  - " + text(l[1]).replace(/\s+/g, " ").trim();
    }).join("\n") + "\n";
  }

  // src/i18n.js
  var MESSAGES = window.RL_MESSAGES || {};
  function msg(key, values) {
    var template = Object.hasOwn(MESSAGES, key) ? MESSAGES[key] : key;
    return template.replace(/\{(\w+)\}/g, function(hole, name) {
      return values && Object.hasOwn(values, name) ? String(values[name]) : hole;
    });
  }
  function msgCount(key, n) {
    return msg(n === 1 && Object.hasOwn(MESSAGES, key + ".one") ? key + ".one" : key + ".other", { n });
  }
  function strings(prefix) {
    var found = {};
    Object.keys(MESSAGES).forEach(function(key) {
      if (key.indexOf(prefix + ".") === 0) found[key.slice(prefix.length + 1)] = MESSAGES[key];
    });
    return found;
  }

  // src/store.js
  var STORE_KEY = "readinglist:v1";
  var store = (function() {
    var data = load();
    var listeners = [];
    function load() {
      try {
        var parsed = JSON.parse(localStorage.getItem(STORE_KEY) || "{}");
        return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {};
      } catch (_err) {
        return {};
      }
    }
    function save() {
      try {
        localStorage.setItem(STORE_KEY, JSON.stringify(data));
      } catch (err) {
        console.warn("readinglist: cannot save the reading list in this browser", err);
      }
    }
    function set(id, field, on) {
      var entry2 = Object.hasOwn(data, id) ? data[id] : {};
      if (on) entry2[field] = field === "n" ? String(on) : 1;
      else delete entry2[field];
      entry2.t = Date.now();
      if (entry2.s || entry2.r || entry2.n) data[id] = entry2;
      else delete data[id];
    }
    function has(id, field) {
      return Object.hasOwn(data, id) && !!data[id][field];
    }
    function notify(ids) {
      listeners.forEach(function(fn) {
        fn(ids);
      });
    }
    window.addEventListener("storage", function(event) {
      if (event.key !== STORE_KEY && event.key !== null) return;
      data = load();
      notify(null);
    });
    return {
      starred: function(id) {
        return has(id, "s");
      },
      read: function(id) {
        return has(id, "r");
      },
      note: function(id) {
        return has(id, "n") ? String(data[id].n) : "";
      },
      // changes: [[id, "s" | "r", bool], ...], saved and announced once.
      update: function(changes) {
        changes.forEach(function(c) {
          set(c[0], c[1], c[2]);
        });
        save();
        notify(changes.map(function(c) {
          return c[0];
        }));
      },
      starredIds: function() {
        return Object.keys(data).filter(function(id) {
          return data[id].s;
        });
      },
      listen: function(fn) {
        listeners.push(fn);
      },
      // A note typed in a field: saved, and announced as an rl:note event only,
      // so that lists do not redraw (and lose the field) at every keystroke.
      setNote: function(id, value) {
        set(id, "n", value.trim() ? value : "");
        save();
        document.dispatchEvent(new CustomEvent("rl:note", { detail: { id } }));
      },
      // A new page starts with no listeners from the one before it.
      reset: function() {
        listeners = [];
      }
    };
  })();

  // src/toggles.js
  var views = /* @__PURE__ */ new Map();
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
    btn.textContent = star ? on ? "\u2605" : "\u2606" : on ? "\u2713" : "\u25CB";
    if (!compact) btn.textContent += " " + msg(star ? on ? "js.starred" : "js.star" : on ? "js.read" : "js.mark_read");
    btn.setAttribute("title", msg(star ? on ? "js.unstar_title" : "js.star_title" : on ? "js.unread_title" : "js.mark_read"));
    if (compact) btn.setAttribute("aria-label", msg(star ? "js.star_label" : "js.read_label", { title }));
  }
  document.addEventListener("click", function(event) {
    var _a, _b;
    var btn = (_b = (_a = event.target).closest) == null ? void 0 : _b.call(_a, "[data-rl-toggle]");
    if (!btn) return;
    event.preventDefault();
    var id = btn.getAttribute("data-paper");
    var field = btn.getAttribute("data-rl-toggle") === "star" ? "s" : "r";
    var now = field === "s" ? store.starred(id) : store.read(id);
    store.update([[id, field, !now]]);
  });
  function repaint(ids) {
    var keys = ids || Array.from(views.keys());
    keys.forEach(function(id) {
      (views.get(id) || []).forEach(function(node) {
        if (node.hasAttribute("data-rl-toggle")) paintToggle(node);
        else {
          node.classList.toggle("rl-is-starred", store.starred(id));
          node.classList.toggle("rl-is-read", store.read(id));
        }
      });
    });
  }

  // src/actions.js
  function copyText(value) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(value).then(function() {
        return true;
      }, function() {
        return legacyCopy(value);
      });
    }
    return Promise.resolve(legacyCopy(value));
  }
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
  function paperFromPage(id) {
    var themeLink = document.querySelector(".rl-meta a");
    var title = document.head.querySelector('meta[name="citation_title"]');
    var h1 = document.querySelector(".md-content h1");
    return Object.assign(
      {
        id,
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
    var rec = Array.isArray(window.RL_PAPERS) ? indexPapers(window.RL_PAPERS).byId.get(id) : null;
    if (rec) paper.status = text(rec.status);
    var status = el("span", { class: "rl-actions__status", role: "status", "aria-live": "polite" });
    var copyLink = el("button", { type: "button", class: "rl-button", title: msg("js.copy_link_title") }, [msg("js.copy_link")]);
    var copyCite = el("button", { type: "button", class: "rl-button", title: msg("js.copy_citation_title") }, [msg("js.copy_citation")]);
    var copyRis = el("button", { type: "button", class: "rl-button", title: msg("js.copy_ris_title") }, [msg("js.copy_ris")]);
    function copy(value, what) {
      copyText(value).then(function(ok) {
        status.textContent = msg(ok ? what : "js.copy_failed");
        if (!ok) showForManualCopy(box, value);
        setTimeout(function() {
          status.textContent = "";
        }, 2500);
      });
    }
    copyLink.addEventListener("click", function() {
      copy(paper.url, "js.link_copied");
    });
    copyCite.addEventListener("click", function() {
      copy(bibtexEntry(paper), "js.citation_copied");
    });
    copyRis.addEventListener("click", function() {
      copy(risEntry(paper), "js.ris_copied");
    });
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

  // src/reading-list.js
  function initReadingList(box, idx) {
    if (box.hasAttribute("data-rl-ready")) return;
    box.setAttribute("data-rl-ready", "");
    var status = el("p", { class: "rl-list__status", role: "status", "aria-live": "polite" });
    var file = el("input", { type: "file", accept: ".csv,text/csv", class: "rl-offscreen", tabindex: "-1", "aria-hidden": "true" });
    var buttons = [
      ["export-markdown", function() {
        download("reading-list.md", toMarkdown(starredPapers(idx)), "text/markdown");
      }],
      ["export-bibtex", function() {
        exportBibtex(starredPapers(idx), status);
      }],
      ["export-csv", function() {
        download("reading-list.csv", toCsv(starredPapers(idx)), "text/csv");
      }],
      ["import-csv", function() {
        file.click();
      }]
    ].map(function(b) {
      var btn = el("button", { type: "button", class: "rl-button", "data-rl-action": b[0] }, [msg("js." + b[0].replace("-", "_"))]);
      btn.addEventListener("click", b[1]);
      return btn;
    });
    var toolbar = el("div", { class: "rl-list__toolbar", role: "group", "aria-label": msg("js.export_import") }, buttons.concat([file]));
    var summary = el("p", { class: "rl-list__summary" });
    var content = el("div", { class: "rl-list__content" });
    box.append(summary, toolbar, status, content);
    announce("rl:reading-list", { box, toolbar, status, idx });
    file.addEventListener("change", function() {
      var _a;
      var chosen = (_a = file.files) == null ? void 0 : _a[0];
      if (!chosen) return;
      chosen.text().then(function(body) {
        status.textContent = importCsv(body, idx);
        file.value = "";
      });
    });
    function render() {
      views.clear();
      var papers2 = starredPapers(idx);
      var read = papers2.filter(function(p) {
        return store.read(p.id);
      }).length;
      var elsewhere = store.starredIds().filter(function(id) {
        return !idx.byId.has(id);
      }).length;
      summary.textContent = papers2.length ? msg("js.list_summary", { starred: msgCount("js.starred_papers", papers2.length), read }) : msg("js.list_empty");
      if (elsewhere) summary.textContent += " " + msg("js.list_elsewhere", { n: elsewhere });
      buttons.slice(0, 3).forEach(function(b) {
        b.disabled = !papers2.length;
      });
      content.textContent = "";
      groupByTheme(papers2).forEach(function(group) {
        content.appendChild(el("h2", {}, [el("a", { href: pageHref("themes/" + encodeURIComponent(group.slug) + "/") }, [group.label])]));
        var list2 = el("ul", { class: "rl-list__papers" });
        group.papers.forEach(function(p) {
          var link = el("a", { href: pageHref(p.url) }, titleNodes(p));
          var li = el("li", { class: "rl-item", "data-rl-paper": p.id }, [
            el("span", { class: "rl-item__actions" }, [toggleButton("star", p.id, text(p.title), true), toggleButton("read", p.id, text(p.title), true)]),
            link
          ]);
          if (p.status) li.append(" ", el("span", { class: "rl-badge" }, [text(p.status)]));
          register(p.id, li);
          list2.appendChild(li);
        });
        content.appendChild(list2);
        typeset(list2);
      });
      repaint(null);
      announce("rl:reading-list-render", { content, papers: papers2 });
    }
    store.listen(render);
    render();
  }
  function starredPapers(idx) {
    return store.starredIds().filter(function(id) {
      return idx.byId.has(id);
    }).map(function(id) {
      return idx.byId.get(id);
    });
  }
  function groupByTheme(papers2) {
    var groups = /* @__PURE__ */ new Map();
    papers2.forEach(function(p) {
      var slug = text(p.theme_slug);
      if (!groups.has(slug)) groups.set(slug, { slug, label: text(p.theme || slug), papers: [] });
      groups.get(slug).papers.push(p);
    });
    var list2 = Array.from(groups.values()).sort(function(a, b) {
      return a.label.localeCompare(b.label);
    });
    list2.forEach(function(g) {
      g.papers.sort(function(a, b) {
        return text(a.title).localeCompare(text(b.title));
      });
    });
    return list2;
  }
  function siteName() {
    var meta = document.querySelector('meta[property="og:site_name"]');
    return meta ? meta.getAttribute("content") : document.title;
  }
  function toMarkdown(papers2) {
    var md = function(s) {
      return text(s).replace(/[\\`*_[\]<>|~#]/g, "\\$&");
    };
    var read = papers2.filter(function(p) {
      return store.read(p.id);
    }).length;
    var out = ["# " + md(siteName()) + ": my reading list", "", papers2.length + " papers, " + read + " read.", ""];
    groupByTheme(papers2).forEach(function(g) {
      out.push("## " + md(g.label), "");
      g.papers.forEach(function(p) {
        out.push("- [" + (store.read(p.id) ? "x" : " ") + "] [" + md(p.title) + "](<" + publicHref(p.url).replace(/>/g, "%3E") + ">)" + (p.status ? " \u2014 " + md(p.status) : ""));
        store.note(p.id).split(/\r?\n/).filter(function(line) {
          return line.trim();
        }).forEach(function(line) {
          out.push("  > " + md(line));
        });
      });
      out.push("");
    });
    return out.join("\n");
  }
  function toBibtex(papers2, cites) {
    var used = /* @__PURE__ */ new Set();
    return papers2.map(function(p) {
      var paper = { id: p.id, title: p.title, url: publicHref(p.url), theme: p.theme, status: p.status, derived: p.title_derived, read: store.read(p.id), note: store.note(p.id) };
      return bibtexEntry(Object.assign(paper, cited(cites[p.id])), used);
    }).join("\n");
  }
  function exportBibtex(papers2, status) {
    loadCitations(papers2).then(
      function(cites) {
        download("reading-list.bib", toBibtex(papers2, cites), "application/x-bibtex");
      },
      function() {
        status.textContent = msg("js.exports.failed");
      }
    );
  }
  var CSV_COLUMNS = ["id", "title", "theme", "status", "url", "read", "note"];
  function toCsv(papers2) {
    var rows = [CSV_COLUMNS].concat(papers2.map(function(p) {
      return [p.id, p.title, p.theme, p.status, publicHref(p.url), store.read(p.id) ? "yes" : "no", store.note(p.id)];
    }));
    return "\uFEFF" + rows.map(function(r) {
      return r.map(csvCell).join(",");
    }).join("\r\n") + "\r\n";
  }
  function csvCell(value) {
    var s = text(value);
    if (/^[=+\-@\t\r]/.test(s)) s = "'" + s;
    return /[",\r\n]/.test(s) || s !== s.trim() ? '"' + s.replace(/"/g, '""') + '"' : s;
  }
  function parseCsv(body) {
    var rows = [];
    var row = [];
    var cell = "";
    var quoted = false;
    var s = body.replace(/^\ufeff/, "");
    for (var i = 0; i < s.length; i++) {
      var ch = s[i];
      if (quoted) {
        if (ch === '"' && s[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else cell += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ",") {
        row.push(cell);
        cell = "";
      } else if (ch === "\n" || ch === "\r") {
        if (ch === "\r" && s[i + 1] === "\n") i++;
        row.push(cell);
        rows.push(row);
        row = [];
        cell = "";
      } else cell += ch;
    }
    if (cell || row.length) {
      row.push(cell);
      rows.push(row);
    }
    return rows.filter(function(r) {
      return r.some(function(c) {
        return c.trim();
      });
    });
  }
  function uncell(value) {
    return text(value).replace(/^'(?=[=+\-@\t\r])/, "").trim();
  }
  function importCsv(body, idx) {
    var rows = parseCsv(body);
    if (!rows.length) return msg("js.import_empty");
    var head = rows[0].map(function(h) {
      return uncell(h).toLowerCase();
    });
    var col = { id: head.indexOf("id"), url: head.indexOf("url"), read: head.indexOf("read"), note: head.indexOf("note") };
    if (col.id < 0 && col.url < 0) return msg("js.import_no_id");
    var changes = [];
    var skipped = 0;
    var nRead = 0;
    rows.slice(1).forEach(function(r) {
      var rec = col.id >= 0 ? idx.byId.get(uncell(r[col.id])) : null;
      if (!rec && col.url >= 0) {
        var m = /papers\/[^/?#]+/.exec(uncell(r[col.url]));
        rec = m ? idx.byUrl.get(normalisePath(m[0] + "/")) : null;
      }
      if (!rec) {
        skipped++;
        return;
      }
      changes.push([rec.id, "s", true]);
      if (col.read >= 0) {
        var isRead = /^(yes|y|true|1|x|read)$/i.test(uncell(r[col.read]));
        if (isRead) nRead++;
        changes.push([rec.id, "r", isRead]);
      }
      var note = col.note >= 0 ? uncell(r[col.note]) : "";
      if (note) changes.push([rec.id, "n", note]);
    });
    if (changes.length) store.update(changes);
    var n = changes.filter(function(c) {
      return c[1] === "s";
    }).length;
    var said = msg(col.read >= 0 ? "js.imported_read" : "js.imported", { papers: msgCount("js.papers", n), read: nRead });
    if (skipped) said += " " + msgCount("js.import_skipped", skipped);
    return said;
  }
  function download(name, body, type) {
    var url = URL.createObjectURL(new Blob([body], { type: type + ";charset=utf-8" }));
    var link = el("a", { href: url, download: name, class: "rl-offscreen" });
    link.addEventListener("click", function(event) {
      event.stopPropagation();
    });
    document.body.appendChild(link);
    link.click();
    setTimeout(function() {
      URL.revokeObjectURL(url);
      link.remove();
    }, 1e3);
  }

  // src/exports.js
  var T = strings("js.exports");
  function full(rec, cites) {
    var c = Object.hasOwn(cites, rec.id) ? cites[rec.id] : {};
    return {
      id: rec.id,
      title: text(rec.title),
      theme: text(rec.theme),
      page: publicHref(rec.url),
      c,
      note: store.note(rec.id),
      read: store.read(rec.id)
    };
  }
  function list(value) {
    return Array.isArray(value) ? value.map(text) : [];
  }
  function oneLine(value) {
    return text(value).replace(/\s+/g, " ").trim();
  }
  function extras(c) {
    var extra = c.extra && typeof c.extra === "object" ? c.extra : {};
    return Object.keys(extra).sort().map(function(k) {
      return oneLine(k) + ": " + oneLine(extra[k]);
    });
  }
  function venue(c) {
    return c.conference || c.journal || siteName();
  }
  function doi(c) {
    return oneLine(c.doi || "");
  }
  function toRis(papers2) {
    var out = [];
    function tag(name, value) {
      var v = oneLine(value);
      if (v) out.push(name + "  - " + v);
    }
    papers2.forEach(function(p) {
      var c = p.c;
      out.push("TY  - CPAPER");
      tag("ID", p.id);
      tag("TI", p.title);
      list(c.authors).forEach(function(a) {
        tag("AU", a);
      });
      tag("AB", c.abstract);
      list(c.keywords).forEach(function(k) {
        tag("KW", k);
      });
      var date = list(c.date).map(Number);
      if (date.length) {
        tag("PY", String(date[0]));
        tag("DA", [date[0], pad(date[1]), pad(date[2])].join("/") + "/");
      }
      tag("T2", venue(c));
      tag("DO", doi(c));
      tag("UR", c.link || p.page);
      if (c.link) tag("UR", p.page);
      tag("L1", c.pdf);
      tag("L3", c.code);
      tag("N1", p.note);
      [T.theme + p.theme, c.track, c.status, c.primary_area].concat(sessionLines(c), extras(c)).forEach(function(n) {
        if (n) tag("N1", n);
      });
      out.push("ER  - ", "");
    });
    return out.join("\r\n");
  }
  function pad(n) {
    return n ? (n < 10 ? "0" : "") + n : "";
  }
  function sessionLines(c) {
    return Array.isArray(c.sessions) ? c.sessions.map(function(s) {
      return text(s.when);
    }) : [];
  }
  function cslName(name) {
    var n = oneLine(name);
    var at = n.lastIndexOf(" ");
    return at > 0 ? { family: n.slice(at + 1), given: n.slice(0, at) } : { literal: n };
  }
  function toCsl(papers2) {
    var items = papers2.map(function(p) {
      var c = p.c;
      var item = { id: p.id, type: "paper-conference", title: p.title };
      var authors = list(c.authors);
      if (authors.length) item.author = authors.map(cslName);
      if (c.abstract) item.abstract = text(c.abstract);
      if (list(c.keywords).length) item.keyword = list(c.keywords).join(", ");
      var date = list(c.date).map(Number);
      if (date.length) item.issued = { "date-parts": [date] };
      item["container-title"] = venue(c);
      if (c.track) item.genre = text(c.track);
      if (doi(c)) item.DOI = doi(c);
      item.URL = text(c.link || p.page);
      var note = [p.note, T.theme + p.theme, c.status, c.primary_area, c.pdf && "PDF: " + c.pdf, c.code && "Code: " + c.code].concat(c.link ? ["Page: " + p.page] : [], sessionLines(c), extras(c)).filter(Boolean).map(text);
      item.note = note.join("\n");
      return item;
    });
    return JSON.stringify(items, null, 2) + "\n";
  }
  var FORMATS = {
    bibtex: { label: "BibTeX", ext: "bib", type: "application/x-bibtex", cites: true, make: function(recs, cites) {
      return toBibtex(recs, cites);
    } },
    ris: { label: "RIS", ext: "ris", type: "application/x-research-info-systems", cites: true, make: function(recs, cites) {
      return toRis(recs.map(function(r) {
        return full(r, cites);
      }));
    } },
    csl: { label: "CSL-JSON", ext: "json", type: "application/vnd.citationstyles.csl+json", cites: true, make: function(recs, cites) {
      return toCsl(recs.map(function(r) {
        return full(r, cites);
      }));
    } },
    csv: { label: "CSV", ext: "csv", type: "text/csv", make: function(recs) {
      return toCsv(recs);
    } }
  };
  function exportAs(format, recs, name, status) {
    var f = FORMATS[format];
    return (f.cites ? loadCitations(recs) : Promise.resolve({})).then(
      function(cites) {
        download(name + "." + f.ext, f.make(recs, cites), f.type);
      },
      function() {
        if (status) status.textContent = T.failed;
      }
    );
  }
  function listenForExports() {
    document.addEventListener("rl:reading-list", addListExports);
    document.addEventListener("rl:filter", addShownExport);
  }
  function addListExports(event) {
    var d = event.detail;
    var buttons = [["ris", T.ris], ["csl", T.csl]].map(function(b) {
      var btn = el("button", { type: "button", class: "rl-button", "data-rl-action": "export-" + b[0] }, [b[1]]);
      btn.addEventListener("click", function() {
        exportAs(b[0], starredPapers(d.idx), "reading-list", d.status);
      });
      return btn;
    });
    var importButton = d.toolbar.querySelector('[data-rl-action="import-csv"]');
    buttons.forEach(function(b) {
      d.toolbar.insertBefore(b, importButton);
    });
    document.addEventListener("rl:reading-list-render", function(e) {
      buttons.forEach(function(b) {
        b.disabled = !e.detail.papers.length;
      });
    });
  }
  function addShownExport(event) {
    var items = event.detail.items;
    var select = el("select", { class: "rl-export__format", "aria-label": T.shown });
    Object.keys(FORMATS).forEach(function(k) {
      select.appendChild(el("option", { value: k }, [FORMATS[k].label]));
    });
    var button = el("button", { type: "button", class: "rl-button rl-export__go", "data-rl-action": "export-shown" }, [T.download]);
    var status = el("span", { class: "rl-export__status", role: "status", "aria-live": "polite" });
    button.addEventListener("click", function() {
      var shown = items.filter(function(i) {
        return !i.off;
      }).map(function(i) {
        return i.rec;
      });
      exportAs(select.value, shown, pageName(), status);
    });
    event.detail.box.appendChild(el("div", { class: "rl-export" }, [el("label", {}, [T.shown + " ", select]), button, status]));
  }
  function pageName() {
    var rel = location.href.indexOf(ROOT) === 0 ? location.href.slice(ROOT.length).split(/[?#]/)[0] : "";
    var folder = rel.replace(/(index)?\.html$/, "").split("/").filter(Boolean).pop();
    return folder ? folder + "-papers" : "papers";
  }

  // src/names.js
  function nameKey(name) {
    return String(name == null ? "" : name).normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  }

  // src/filters.js
  var URL_KEYS = { text: "filter", tag: "tag", author: "author", aff: "aff", status: "status", starred: "starred" };
  var PEOPLE = [
    { state: "authors", url: URL_KEYS.author, field: "authors", label: "js.author" },
    { state: "affs", url: URL_KEYS.aff, field: "affiliations", label: "js.affiliation" }
  ];
  var TOP_KEYWORDS = 30;
  function fold(value) {
    return text(value).normalize("NFKC").toLowerCase();
  }
  function collectItems(lists, idx) {
    var items = [];
    lists.forEach(function(list2) {
      list2.querySelectorAll("li").forEach(function(li) {
        var link = li.querySelector("a[href]");
        var rel = link && siteRelative(link.getAttribute("href"));
        var rec = rel && idx.byUrl.get(rel);
        if (!rec || li.hasAttribute("data-rl-paper")) return;
        items.push(makeItem(li, rec, list2, false));
      });
    });
    attachToggles(items);
    repaint(items.map(function(i) {
      return i.rec.id;
    }));
    return items;
  }
  function makeItem(li, rec, list2, unlisted) {
    li.setAttribute("data-rl-paper", rec.id);
    li.classList.add("rl-item");
    li.parentNode.classList.add("rl-items");
    register(rec.id, li);
    return {
      li,
      rec,
      list: list2,
      off: unlisted,
      unlisted,
      hay: fold([rec.title, rec.theme, rec.status].concat(rec.keywords || []).join("\n")),
      keywords: new Set((rec.keywords || []).map(fold)),
      status: text(rec.status)
    };
  }
  function unlistedItems(papers2, listed, idx) {
    var scope = idx.scope;
    var ul = el("ul");
    var box = el("div", { class: "rl-papers rl-filter__unlisted rl-off" }, [ul]);
    var heading = el("h2", { class: "rl-filter__unlisted-heading rl-off" }, [msg("js.unlisted")]);
    var items = [];
    papers2.forEach(function(p, row) {
      if (listed.has(p.id) || scope.field && p[scope.field] !== scope.slug) return;
      var rec = Object.assign({ row }, p);
      var li = el("li", { class: "rl-off" }, [el("a", { href: pageHref(p.url) }, titleNodes(p)), " \xB7 " + text(p.theme)]);
      ul.appendChild(li);
      idx.byId.set(rec.id, rec);
      items.push(makeItem(li, rec, box, true));
    });
    typeset(ul);
    return { items, section: { list: box, parts: [box, heading], off: true } };
  }
  var EAGER_TOGGLES = 1500;
  function attachToggles(items) {
    function attach(item) {
      if (item.li.querySelector(".rl-item__actions")) return;
      var title = text(item.rec.title);
      var actions = el("span", { class: "rl-item__actions" }, [toggleButton("star", item.rec.id, title, true), toggleButton("read", item.rec.id, title, true)]);
      var first = item.li.firstElementChild;
      var host = first && first.tagName === "P" ? first : item.li;
      host.insertBefore(actions, host.firstChild);
    }
    if (items.length <= EAGER_TOGGLES || !window.IntersectionObserver) {
      items.forEach(attach);
      return;
    }
    var byLi = new Map(items.map(function(i) {
      return [i.li, i];
    }));
    var observer = new IntersectionObserver(function(entries) {
      entries.forEach(function(entry2) {
        if (!entry2.isIntersecting) return;
        attach(byLi.get(entry2.target));
        observer.unobserve(entry2.target);
      });
    }, { rootMargin: "600px 0px" });
    items.forEach(function(i) {
      observer.observe(i.li);
    });
  }
  function sectionOf(list2) {
    var parts = [list2];
    for (var node = list2.previousElementSibling; node; node = node.previousElementSibling) {
      if (node.matches(".rl-papers, .rl-map, .rl-filter, .rl-filter-slot, h1")) break;
      parts.push(node);
      if (/^H[2-6]$/.test(node.tagName)) return parts;
    }
    return [list2];
  }
  function topKeywords(items) {
    var counts = /* @__PURE__ */ new Map();
    items.forEach(function(item) {
      (item.rec.keywords || []).forEach(function(k) {
        var key = fold(k);
        var c = counts.get(key) || { label: text(k), n: 0 };
        c.n++;
        counts.set(key, c);
      });
    });
    return Array.from(counts.entries()).sort(function(a, b) {
      return b[1].n - a[1].n || a[0].localeCompare(b[0]);
    }).slice(0, Math.min(TOP_KEYWORDS, 6 + 2 * items.length)).map(function(e) {
      return { key: e[0], label: e[1].label, n: e[1].n };
    });
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
  function writeFilterState(state) {
    var params = new URLSearchParams(location.search);
    Object.keys(URL_KEYS).forEach(function(k) {
      params.delete(URL_KEYS[k]);
    });
    if (state.text) params.set(URL_KEYS.text, state.text);
    state.tags.forEach(function(t) {
      params.append(URL_KEYS.tag, t);
    });
    PEOPLE.forEach(function(kind) {
      state[kind.state].forEach(function(key) {
        params.append(kind.url, key);
      });
    });
    if (state.status) params.set(URL_KEYS.status, state.status);
    if (state.starred) params.set(URL_KEYS.starred, "1");
    var query = params.toString();
    var url = location.pathname + (query ? "?" + query : "") + location.hash;
    try {
      history.replaceState(history.state, "", url);
    } catch (_err) {
    }
  }
  function wantsPeople(state) {
    return state.authors.length > 0 || state.affs.length > 0;
  }
  function isActive(state) {
    return Boolean(state.text.trim() || state.tags.length || wantsPeople(state) || state.status || state.starred);
  }
  function peopleByRow(papers2) {
    return papers2.map(function(p) {
      var keys = {};
      PEOPLE.forEach(function(kind) {
        keys[kind.state] = new Set((p[kind.field] || []).map(nameKey));
      });
      return keys;
    });
  }
  function matches(item, state, words, active, people) {
    if (item.unlisted && !active) return false;
    for (var i = 0; i < words.length; i++) if (item.hay.indexOf(words[i]) < 0) return false;
    for (var j = 0; j < state.tags.length; j++) if (!item.keywords.has(state.tags[j])) return false;
    if (wantsPeople(state)) {
      var own2 = people == null ? void 0 : people[item.rec.row];
      if (!own2) return false;
      for (var k = 0; k < PEOPLE.length; k++) {
        var wanted = state[PEOPLE[k].state];
        for (var n = 0; n < wanted.length; n++) if (!own2[PEOPLE[k].state].has(wanted[n])) return false;
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
    state.tags.forEach(function(t) {
      if (!keywords.some(function(k) {
        return k.key === t;
      })) keywords.push({ key: t, label: t, n: 0 });
    });
    var statuses = Array.from(new Set(items.map(function(i) {
      return i.status;
    }).filter(Boolean))).sort();
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
      statuses.forEach(function(s) {
        select.appendChild(el("option", { value: s }, [s]));
      });
      select.value = statuses.indexOf(state.status) >= 0 ? state.status : "";
      state.status = select.value;
      row.appendChild(select);
    }
    row.append(el("label", { class: "rl-filter__check" }, [starred, " " + msg("js.starred_only")]), clear);
    var chips = el("div", { class: "rl-filter__tags", role: "group", "aria-label": msg("js.keywords") });
    keywords.forEach(function(k) {
      var chip = el("button", { type: "button", class: "rl-chip", "data-key": k.key, "aria-pressed": state.tags.indexOf(k.key) >= 0 ? "true" : "false" }, [k.label]);
      if (k.n && !partial) chip.appendChild(el("span", { class: "rl-chip__n" }, [String(k.n)]));
      chips.appendChild(chip);
    });
    var named = el("div", { class: "rl-filter__people", role: "group", "aria-label": msg("js.people") });
    PEOPLE.forEach(function(kind) {
      state[kind.state].forEach(function(key) {
        var chip = el("button", { type: "button", class: "rl-chip", "data-kind": kind.state, "data-key": key, "aria-pressed": "true" }, [msg(kind.label, { name: key })]);
        named.appendChild(chip);
      });
    });
    var empty = el("p", { class: "rl-filter__empty", hidden: true }, [msg("js.no_match")]);
    var box = el("div", { class: "rl-filter", role: "search", "aria-label": msg("js.filter_label") }, named.firstChild ? [row, named, chips, count] : [row, chips, count]);
    var slot = document.querySelector(".rl-filter-slot");
    if (slot) slot.appendChild(box);
    else {
      var first = sectionOf(lists[0]);
      var anchor = first[first.length - 1];
      anchor.parentNode.insertBefore(box, anchor);
    }
    lists[lists.length - 1].after(empty);
    announce("rl:filter", { box, items });
    var sections = lists.map(function(list2) {
      return { list: list2, parts: sectionOf(list2), off: false };
    });
    var unlisted = null;
    function loadUnlisted() {
      if (unlisted || !partial) return;
      unlisted = loadPapers().then(function(papers2) {
        var more = unlistedItems(papers2, new Set(items.map(function(i) {
          return i.rec.id;
        })), idx);
        empty.before(more.section.parts[1], more.section.list);
        more.items.forEach(function(i) {
          items.push(i);
        });
        sections.push(more.section);
        attachToggles(more.items);
        recount(chips, items);
        apply(false);
      }, function(err) {
        unlisted = null;
        console.warn("readinglist: the papers this page does not list could not load", err);
      });
    }
    var people = null;
    var peopleLoading = null;
    function loadPeople() {
      if (people || peopleLoading) return;
      peopleLoading = loadPapers().then(function(papers2) {
        people = peopleByRow(papers2);
        spellNames(named, papers2);
        apply(false);
      }, function(err) {
        peopleLoading = null;
        console.warn("readinglist: the papers' authors could not load", err);
      });
    }
    var urlTimer = 0;
    function apply(writeUrl) {
      var words = fold(state.text).split(/\s+/).filter(Boolean);
      var active = isActive(state);
      var shown = /* @__PURE__ */ new Set();
      var visibleLists = /* @__PURE__ */ new Set();
      if (wantsPeople(state)) loadPeople();
      items.forEach(function(item) {
        var ok = matches(item, state, words, active, people);
        if (item.off === ok) {
          item.off = !ok;
          item.li.classList.toggle("rl-off", !ok);
        }
        if (ok) {
          shown.add(item.rec.id);
          visibleLists.add(item.list);
        }
      });
      sections.forEach(function(s) {
        var hide = !visibleLists.has(s.list);
        if (s.off !== hide) {
          s.off = hide;
          s.parts.forEach(function(p) {
            p.classList.toggle("rl-off", hide);
          });
        }
      });
      if (shown.size === total) count.textContent = msgCount("js.papers", total);
      else count.textContent = msg(active ? "js.showing" : "js.listing", { shown: shown.size, total });
      empty.hidden = shown.size > 0;
      clear.disabled = !active;
      box.setAttribute("data-shown", String(shown.size));
      if (writeUrl) {
        clearTimeout(urlTimer);
        urlTimer = setTimeout(function() {
          writeFilterState(state);
        }, 250);
      }
      if (active) loadUnlisted();
      onChange(items);
    }
    var frame = 0;
    function schedule() {
      if (frame) return;
      frame = requestAnimationFrame(function() {
        frame = 0;
        apply(true);
      });
    }
    input.addEventListener("input", function() {
      state.text = input.value;
      schedule();
    });
    starred.addEventListener("change", function() {
      state.starred = starred.checked;
      schedule();
    });
    if (select) select.addEventListener("change", function() {
      state.status = select.value;
      schedule();
    });
    chips.addEventListener("click", function(event) {
      var chip = event.target.closest(".rl-chip");
      if (!chip) return;
      var key = chip.getAttribute("data-key");
      var on = state.tags.indexOf(key) < 0;
      state.tags = on ? state.tags.concat([key]) : state.tags.filter(function(t) {
        return t !== key;
      });
      chip.setAttribute("aria-pressed", on ? "true" : "false");
      schedule();
    });
    named.addEventListener("click", function(event) {
      var chip = event.target.closest(".rl-chip");
      if (!chip) return;
      var kind = chip.getAttribute("data-kind");
      var key = chip.getAttribute("data-key");
      state[kind] = state[kind].filter(function(k) {
        return k !== key;
      });
      chip.remove();
      schedule();
    });
    clear.addEventListener("click", function() {
      state = { text: "", tags: [], authors: [], affs: [], status: "", starred: false };
      named.replaceChildren();
      input.value = "";
      starred.checked = false;
      if (select) select.value = "";
      chips.querySelectorAll(".rl-chip").forEach(function(c) {
        c.setAttribute("aria-pressed", "false");
      });
      schedule();
      input.focus();
    });
    store.listen(function() {
      if (state.starred) schedule();
    });
    apply(false);
    return items;
  }
  function initTagView(box, idx) {
    var wanted = new URLSearchParams(location.search).get(URL_KEYS.tag);
    if (!wanted) return;
    var key = fold(wanted).trim();
    var papers2 = idx.papers.filter(function(p) {
      return (p.keywords || []).some(function(k) {
        return fold(k).trim() === key;
      });
    });
    var heading = el("h2", { id: "tagged" }, [msg("js.tagged", { keyword: wanted })]);
    var note = el("p", { class: "rl-meta" }, [msgCount("js.papers", papers2.length)]);
    var list2 = el("ul", { class: "rl-tag-view__papers" });
    papers2.forEach(function(p) {
      list2.append(el("li", {}, [el("a", { href: pageHref(p.url) }, titleNodes(p)), " \xB7 " + text(p.theme)]));
    });
    box.replaceChildren(heading, note, list2);
    typeset(list2);
  }
  function spellNames(named, papers2) {
    var spelled = /* @__PURE__ */ new Map();
    papers2.forEach(function(p) {
      PEOPLE.forEach(function(kind) {
        (p[kind.field] || []).forEach(function(name) {
          var key = kind.state + "\n" + nameKey(name);
          if (!spelled.has(key)) spelled.set(key, text(name));
        });
      });
    });
    named.querySelectorAll(".rl-chip").forEach(function(chip) {
      var kind = PEOPLE.find(function(k) {
        return k.state === chip.getAttribute("data-kind");
      });
      var name = spelled.get(kind.state + "\n" + chip.getAttribute("data-key"));
      if (name) chip.textContent = msg(kind.label, { name });
    });
  }
  function recount(chips, items) {
    var counts = /* @__PURE__ */ new Map();
    items.forEach(function(item) {
      item.keywords.forEach(function(k) {
        counts.set(k, (counts.get(k) || 0) + 1);
      });
    });
    chips.querySelectorAll(".rl-chip").forEach(function(chip) {
      var n = counts.get(chip.getAttribute("data-key"));
      if (n) chip.appendChild(el("span", { class: "rl-chip__n" }, [String(n)]));
    });
  }
  function currentlyShown(items) {
    var shown = /* @__PURE__ */ new Set();
    var asListed = true;
    items.forEach(function(i) {
      if (!i.off) shown.add(i.rec.id);
      if (i.off !== i.unlisted) asListed = false;
    });
    return asListed ? null : shown;
  }

  // src/map.js
  var PALETTE_LIGHT = ["#3867b5", "#d9480f", "#2b8a3e", "#ae3ec9", "#c2255c", "#0b7285", "#8f6b00", "#5f3dc4", "#e8590c", "#8c5a3c"];
  var PALETTE_DARK = ["#74a3f5", "#ff8f5c", "#69db7c", "#e599f7", "#f783ac", "#3bc9db", "#ffd43b", "#b197fc", "#ffa94d", "#d9a07b"];
  function themeColour(i, dark) {
    var palette = dark ? PALETTE_DARK : PALETTE_LIGHT;
    if (i < palette.length) return palette[i];
    var hue = Math.round(i * 137.508 % 360);
    var step = i % 3;
    return dark ? "hsl(" + hue + ",70%," + [58, 70, 82][step] + "%)" : "hsl(" + hue + ",65%," + [28, 40, 52][step] + "%)";
  }
  var OTHER_SLUG = "other-topics";
  var OTHER_LIGHT = "#868e96";
  var OTHER_DARK = "#909296";
  function pointColour(map, c, dark) {
    if (map.themes[c] && map.themes[c].slug === OTHER_SLUG) return dark ? OTHER_DARK : OTHER_LIGHT;
    return themeColour(c, dark);
  }
  function isDark() {
    return document.body.getAttribute("data-md-color-scheme") === "slate";
  }
  var maps = [];
  function forgetDetachedMaps() {
    maps = maps.filter(function(m) {
      return m.box.isConnected;
    });
  }
  function initMap(box, data, highlight) {
    if (box.hasAttribute("data-rl-ready")) return null;
    box.setAttribute("data-rl-ready", "");
    var themeSlug = box.getAttribute("data-theme") || "";
    var points = data.points.map(function(p) {
      return Object.assign({ rec: null, px: 0, py: 0 }, p);
    });
    if (!points.length) return null;
    var canvas = el("canvas", { class: "rl-map__canvas", role: "img", tabindex: "0" });
    var overlay = el("canvas", { class: "rl-map__overlay", "aria-hidden": "true" });
    var tip = el("div", { class: "rl-map__tip", hidden: true });
    var live = el("p", { class: "rl-offscreen", role: "status", "aria-live": "polite" });
    var frame = el("div", { class: "rl-map__frame" }, [canvas, overlay, tip]);
    box.append(frame, live);
    canvas.setAttribute("aria-label", msg(themeSlug ? "js.map_label_theme" : "js.map_label", { n: points.length }));
    var map = {
      box,
      canvas,
      overlay,
      tip,
      live,
      frame,
      themes: data.themes,
      points,
      themeSlug,
      lit: null,
      labels: [],
      width: 0,
      height: 0,
      radius: 3,
      grid: null,
      hover: -1,
      selected: -1,
      order: null,
      records: null
    };
    map.lit = highlight || defaultHighlight(map);
    canvas.rlPosition = function(row) {
      var p = points[row];
      return p ? [p.px, p.py] : null;
    };
    canvas.rlLabels = function() {
      return map.labels.map(function(l) {
        return { label: l.label, box: l.ink.slice() };
      });
    };
    bindMapEvents(map);
    if (window.ResizeObserver) new ResizeObserver(function() {
      scheduleDraw(map, false);
    }).observe(box);
    maps.push(map);
    drawMap(map, true);
    return map;
  }
  function defaultHighlight(map) {
    if (!map.themeSlug) return null;
    var sub = map.box.getAttribute("data-subtheme");
    return new Set(
      map.points.filter(function(p) {
        return sub ? p.subtheme_slug === sub : p.theme_slug === map.themeSlug;
      }).map(function(p) {
        return p.row;
      })
    );
  }
  function setMapHighlight(map, rows) {
    map.lit = rows;
    map.order = null;
    scheduleDraw(map, true);
  }
  function scheduleDraw(map, force) {
    if (map.pending) return;
    map.pending = true;
    requestAnimationFrame(function() {
      map.pending = false;
      if (map.box.isConnected) drawMap(map, force);
    });
  }
  function isLit(map, p) {
    return !map.lit || map.lit.has(p.row);
  }
  function drawMap(map, force) {
    var width = map.frame.clientWidth;
    var height = map.frame.clientHeight;
    var start = performance.now();
    if (!width || !height) return;
    if (!force && width === map.width && height === map.height) return;
    var dpr = window.devicePixelRatio || 1;
    map.width = width;
    map.height = height;
    [map.canvas, map.overlay].forEach(function(c) {
      c.width = Math.round(width * dpr);
      c.height = Math.round(height * dpr);
      c.style.width = width + "px";
      c.style.height = height + "px";
    });
    var n = map.points.length;
    var r = Math.max(1, Math.min(5, 0.12 * Math.sqrt(width * height / n)));
    map.radius = r;
    var pad2 = r + 8;
    map.points.forEach(function(p) {
      p.px = pad2 + p.x * (width - 2 * pad2);
      p.py = pad2 + (1 - p.y) * (height - 2 * pad2);
    });
    map.grid = buildGrid(map.points, width, height);
    var ctx = map.canvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    var dark = isDark();
    var faint = [];
    var byColour = /* @__PURE__ */ new Map();
    map.points.forEach(function(p) {
      if (!isLit(map, p)) faint.push(p);
      else {
        if (!byColour.has(p.c)) byColour.set(p.c, []);
        byColour.get(p.c).push(p);
      }
    });
    var square = n > 2e3;
    ctx.globalAlpha = n > 2e3 ? 0.75 : 0.9;
    fillPoints(ctx, faint, Math.max(1.2, r * 0.8), square, cssVar("--md-default-fg-color--lighter", "rgba(128,128,128,.4)"));
    byColour.forEach(function(list2, c) {
      fillPoints(ctx, list2, r, square, pointColour(map, c, dark));
    });
    ctx.globalAlpha = 1;
    drawLabels(map, ctx);
    drawOverlay(map);
    var ms = performance.now() - start;
    map.box.setAttribute("data-render-ms", ms.toFixed(1));
    map.box.setAttribute("data-points", String(n));
    map.box.setAttribute("data-lit", String(map.lit ? map.lit.size : n));
    map.box.setAttribute("data-pad", String(pad2));
  }
  function fillPoints(ctx, list2, r, square, colour) {
    if (!list2.length) return;
    ctx.fillStyle = colour;
    ctx.beginPath();
    for (var i = 0; i < list2.length; i++) {
      var p = list2[i];
      if (square) ctx.rect(p.px - r, p.py - r, 2 * r, 2 * r);
      else {
        ctx.moveTo(p.px + r, p.py);
        ctx.arc(p.px, p.py, r, 0, 2 * Math.PI);
      }
    }
    ctx.fill();
  }
  function cssVar(name, fallback) {
    var value = getComputedStyle(document.body).getPropertyValue(name).trim();
    return value || fallback;
  }
  var PLACE_STEP = 6;
  var PLACE_REACH = 1 / 3;
  var LINE_HEIGHT = 14;
  function drawLabels(map, ctx) {
    var groups = /* @__PURE__ */ new Map();
    map.points.forEach(function(p) {
      if (!groups.has(p.c)) groups.set(p.c, { xs: [], ys: [], lit: false });
      var g = groups.get(p.c);
      g.xs.push(p.px);
      g.ys.push(p.py);
      g.lit = g.lit || isLit(map, p);
    });
    function median(values) {
      values.sort(function(a, b) {
        return a - b;
      });
      return values[values.length >> 1];
    }
    var font = getComputedStyle(map.box).fontFamily;
    var placed = [];
    map.labels = [];
    var offsets = placeOffsets(Math.max(map.width, map.height) * PLACE_REACH);
    var fg = cssVar("--md-default-fg-color", "#000");
    var faint = cssVar("--md-default-fg-color--light", "#666");
    ctx.font = "600 12px " + font;
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    ctx.lineWidth = 3;
    ctx.strokeStyle = cssVar("--md-default-bg-color", "#fff");
    var halo = ctx.lineWidth / 2;
    Array.from(groups.entries()).sort(function(a, b) {
      return b[1].xs.length - a[1].xs.length || a[0] - b[0];
    }).forEach(function(entry2) {
      var g = entry2[1];
      var label = text(map.themes[entry2[0]] ? map.themes[entry2[0]].label : "");
      var shapes = labelShapes(ctx, label);
      var cx = median(g.xs);
      var cy = median(g.ys);
      var shape = null;
      var box = null;
      for (var s = 0; s < shapes.length && !box; s++) {
        shape = shapes[s];
        box = labelPlace(map, placed, offsets, cx, cy, shape);
      }
      if (!box) return;
      placed.push(box);
      ctx.fillStyle = g.lit || !map.lit ? fg : faint;
      var ink = [Infinity, Infinity, -Infinity, -Infinity];
      shape.lines.forEach(function(line, i) {
        var x = box[0] + 2;
        var y = (box[1] + box[3]) / 2 + (i - (shape.lines.length - 1) / 2) * LINE_HEIGHT;
        ctx.strokeText(line, x, y);
        ctx.fillText(line, x, y);
        var m = ctx.measureText(line);
        ink = [
          Math.min(ink[0], x - m.actualBoundingBoxLeft - halo),
          Math.min(ink[1], y - m.actualBoundingBoxAscent - halo),
          Math.max(ink[2], x + m.actualBoundingBoxRight + halo),
          Math.max(ink[3], y + m.actualBoundingBoxDescent + halo)
        ];
      });
      map.labels.push({ label, ink });
    });
    map.box.setAttribute("data-labels", String(placed.length));
  }
  function labelShapes(ctx, label) {
    var shapes = [{ lines: [label], width: ctx.measureText(label).width }];
    var words = label.split(" ");
    var best = null;
    for (var k = 1; k < words.length; k++) {
      var lines = [words.slice(0, k).join(" "), words.slice(k).join(" ")];
      var width = Math.max(ctx.measureText(lines[0]).width, ctx.measureText(lines[1]).width);
      if (!best || width < best.width) best = { lines, width };
    }
    if (best) shapes.push(best);
    return shapes;
  }
  function placeOffsets(reach) {
    var offsets = [];
    var steps = Math.floor(reach / PLACE_STEP);
    for (var i = -steps; i <= steps; i++) {
      for (var j = -steps; j <= steps; j++) {
        if (i * i + j * j <= steps * steps) offsets.push([i * PLACE_STEP, j * PLACE_STEP, i * i + j * j]);
      }
    }
    return offsets.sort(function(a, b) {
      return a[2] - b[2] || a[1] - b[1] || a[0] - b[0];
    });
  }
  function labelPlace(map, placed, offsets, cx, cy, shape) {
    var half = (shape.lines.length - 1) * LINE_HEIGHT / 2 + 10;
    var w = shape.width;
    for (var k = 0; k < offsets.length; k++) {
      var x = Math.max(2, Math.min(map.width - w - 2, cx + offsets[k][0] - w / 2));
      var y = Math.max(half, Math.min(map.height - half, cy + offsets[k][1]));
      var box = [x - 2, y - half, x + w + 2, y + half];
      var onName = placed.some(function(o) {
        return box[0] < o[2] && o[0] < box[2] && box[1] < o[3] && o[1] < box[3];
      });
      if (!onName && !touchesPoint(map, box)) return box;
    }
    return null;
  }
  function touchesPoint(map, box) {
    var g = map.grid;
    var r = map.radius;
    for (var gy = Math.max(0, Math.floor((box[1] - r) / CELL)); gy <= Math.min(g.rows - 1, Math.floor((box[3] + r) / CELL)); gy++) {
      for (var gx = Math.max(0, Math.floor((box[0] - r) / CELL)); gx <= Math.min(g.cols - 1, Math.floor((box[2] + r) / CELL)); gx++) {
        var cell = g.cells[gx + gy * g.cols] || [];
        for (var c = 0; c < cell.length; c++) {
          var p = map.points[cell[c]];
          var dx = Math.max(box[0] - p.px, 0, p.px - box[2]);
          var dy = Math.max(box[1] - p.py, 0, p.py - box[3]);
          if (dx * dx + dy * dy < r * r) return true;
        }
      }
    }
    return false;
  }
  var CELL = 24;
  function buildGrid(points, width, height) {
    var cols = Math.ceil(width / CELL) + 1;
    var rows = Math.ceil(height / CELL) + 1;
    var cells = new Array(cols * rows);
    points.forEach(function(p, i) {
      var k = Math.floor(p.px / CELL) + Math.floor(p.py / CELL) * cols;
      if (!cells[k]) cells[k] = [];
      cells[k].push(i);
    });
    return { cols, rows, cells };
  }
  function hitTest(map, x, y, reach) {
    var g = map.grid;
    var cx = Math.floor(x / CELL);
    var cy = Math.floor(y / CELL);
    var best = -1;
    var bestD = Infinity;
    for (var gy = cy - 1; gy <= cy + 1; gy++) {
      for (var gx = cx - 1; gx <= cx + 1; gx++) {
        if (gx < 0 || gy < 0 || gx >= g.cols || gy >= g.rows) continue;
        var cell = g.cells[gx + gy * g.cols];
        if (!cell) continue;
        for (var i = 0; i < cell.length; i++) {
          var p = map.points[cell[i]];
          var d = Math.hypot(p.px - x, p.py - y) + (isLit(map, p) ? 0 : 6);
          if (d < bestD) {
            bestD = d;
            best = cell[i];
          }
        }
      }
    }
    return bestD <= reach ? best : -1;
  }
  function drawOverlay(map) {
    var ctx = map.overlay.getContext("2d");
    var dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, map.width, map.height);
    var i = map.hover >= 0 ? map.hover : map.selected;
    if (i < 0) {
      map.tip.hidden = true;
      return;
    }
    var p = map.points[i];
    ctx.lineWidth = 2;
    ctx.strokeStyle = cssVar("--md-default-fg-color", "#000");
    ctx.beginPath();
    ctx.arc(p.px, p.py, map.radius + 4, 0, 2 * Math.PI);
    ctx.stroke();
    showTip(map, p);
  }
  function withRecords(map) {
    if (!map.records) {
      map.records = loadPapers().then(function(papers2) {
        map.points.forEach(function(p) {
          p.rec = papers2[p.row] || null;
        });
        drawOverlay(map);
        return map;
      });
      map.records.catch(function() {
        map.records = null;
      });
    }
    return map.records;
  }
  function showTip(map, p) {
    var tip = map.tip;
    tip.textContent = "";
    var theme = map.themes[p.c] ? map.themes[p.c].label : "";
    if (p.rec) tip.append(el("strong", {}, titleNodes(p.rec)), el("span", {}, [text(p.rec.theme) + (p.rec.status ? " \xB7 " + text(p.rec.status) : "")]));
    else {
      withRecords(map);
      tip.append(el("span", {}, [text(theme) + " \u2026"]));
    }
    typeset(tip);
    if (map.touch) tip.appendChild(el("em", {}, [msg("js.tap_again")]));
    tip.hidden = false;
    var right = p.px > map.width * 0.6;
    tip.style.left = right ? "" : p.px + 12 + "px";
    tip.style.right = right ? map.width - p.px + 12 + "px" : "";
    tip.style.top = Math.min(p.py + 12, map.height - 8) + "px";
    tip.classList.toggle("rl-map__tip--above", p.py > map.height * 0.6);
  }
  function openPoint(map, i, newTab) {
    withRecords(map).then(function() {
      var rec = map.points[i].rec;
      if (!rec) return;
      if (newTab) window.open(pageHref(rec.url), "_blank", "noopener");
      else location.assign(pageHref(rec.url));
    });
  }
  function bindMapEvents(map) {
    var canvas = map.canvas;
    var pointerType = "mouse";
    function local(event) {
      var rect = canvas.getBoundingClientRect();
      return [event.clientX - rect.left, event.clientY - rect.top];
    }
    function setHover(i) {
      if (i === map.hover) return;
      map.hover = i;
      canvas.style.cursor = i >= 0 ? "pointer" : "";
      drawOverlay(map);
    }
    canvas.addEventListener("pointerenter", function() {
      withRecords(map);
    });
    canvas.addEventListener("focus", function() {
      withRecords(map);
    });
    canvas.addEventListener("pointerdown", function(event) {
      pointerType = event.pointerType || "mouse";
    });
    canvas.addEventListener("pointermove", function(event) {
      if (event.pointerType !== "mouse" && event.pointerType !== "pen") return;
      map.touch = false;
      var xy = local(event);
      setHover(hitTest(map, xy[0], xy[1], Math.max(8, map.radius + 4)));
    });
    canvas.addEventListener("pointerleave", function() {
      setHover(-1);
    });
    canvas.addEventListener("click", function(event) {
      var xy = local(event);
      var touch = pointerType === "touch";
      var i = hitTest(map, xy[0], xy[1], touch ? 20 : Math.max(8, map.radius + 4));
      map.touch = touch;
      if (i < 0) {
        map.selected = -1;
        drawOverlay(map);
      } else if (!touch || i === map.selected) {
        openPoint(map, i, event.ctrlKey || event.metaKey);
      } else {
        map.selected = i;
        map.hover = -1;
        drawOverlay(map);
      }
    });
    canvas.addEventListener("keydown", function(event) {
      mapKey(map, event);
    });
    canvas.addEventListener("blur", function() {
      map.selected = -1;
      drawOverlay(map);
    });
  }
  function mapKey(map, event) {
    var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step) {
      if (!map.order) {
        map.order = map.points.map(function(_p, i) {
          return i;
        }).filter(function(i) {
          return isLit(map, map.points[i]);
        }).sort(function(a, b) {
          return map.points[a].px - map.points[b].px;
        });
      }
      if (!map.order.length) return;
      var at = map.order.indexOf(map.selected);
      var next = at < 0 ? step > 0 ? 0 : map.order.length - 1 : (at + step + map.order.length) % map.order.length;
      map.selected = map.order[next];
      map.hover = -1;
      map.touch = false;
      drawOverlay(map);
      var selected = map.selected;
      withRecords(map).then(function() {
        var rec = map.points[selected].rec;
        if (rec && map.selected === selected) map.live.textContent = text(rec.title) + " \u2014 " + text(rec.theme);
      });
      event.preventDefault();
    } else if (event.key === "Enter" && map.selected >= 0) {
      openPoint(map, map.selected, false);
    } else if (event.key === "Escape") {
      map.selected = -1;
      drawOverlay(map);
    }
  }
  new MutationObserver(function() {
    maps.forEach(function(m) {
      if (m.box.isConnected) drawMap(m, true);
    });
  }).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });

  // src/notes.js
  var T2 = strings("js.notes");
  var fields = /* @__PURE__ */ new Map();
  function noteField(id, title, compact) {
    var area = el("textarea", {
      class: "rl-note__text",
      rows: compact ? store.note(id) ? "2" : "1" : "3",
      placeholder: compact ? T2.itemPlaceholder : T2.placeholder,
      "aria-label": compact ? T2.itemLabel + title : null,
      "data-paper": id
    });
    area.value = store.note(id);
    area.addEventListener("input", function() {
      if (area.value.trim() && !store.starred(id)) store.update([[id, "s", true]]);
      store.setNote(id, area.value);
    });
    if (!fields.has(id)) fields.set(id, []);
    fields.get(id).push(area);
    return area;
  }
  function refresh(id) {
    (fields.get(id) || []).forEach(function(area) {
      if (document.activeElement !== area) area.value = store.note(id);
    });
  }
  function initPaperPage() {
    document.querySelectorAll(".rl-actions[data-paper]").forEach(function(actions) {
      var _a;
      if ((_a = actions.nextElementSibling) == null ? void 0 : _a.classList.contains("rl-note")) return;
      var id = actions.getAttribute("data-paper");
      var h1 = document.querySelector(".md-content h1");
      var area = noteField(id, h1 ? h1.textContent.trim() : "", false);
      var status = el("span", { class: "rl-note__status", role: "status", "aria-live": "polite" });
      var timer = 0;
      area.addEventListener("input", function() {
        status.textContent = T2.saved;
        clearTimeout(timer);
        timer = setTimeout(function() {
          status.textContent = "";
        }, 1500);
      });
      var box = el("div", { class: "rl-note" }, [el("label", { class: "rl-note__label" }, [T2.label, area]), status]);
      actions.after(box);
    });
  }
  function listenForNotes() {
    document.addEventListener("rl:reading-list-render", function(event) {
      fields.clear();
      event.detail.content.querySelectorAll("li[data-rl-paper]").forEach(function(li) {
        var id = li.getAttribute("data-rl-paper");
        var link = li.querySelector("a");
        li.appendChild(el("div", { class: "rl-note rl-note--compact" }, [noteField(id, link ? link.textContent : "", true)]));
      });
    });
    document.addEventListener("rl:note", function(event) {
      refresh(event.detail.id);
    });
    window.addEventListener("storage", function() {
      fields.forEach(function(_, id) {
        refresh(id);
      });
    });
  }
  function initNotes() {
    fields.clear();
    initPaperPage();
  }

  // src/semantic/load.js
  function semantic() {
    return loadData("assets/javascripts/semantic.js", "RLSemantic");
  }
  function papers() {
    return loadPapers().then(indexPapers);
  }
  function warn(err) {
    console.warn("readinglist: could not load semantic.js", err);
  }
  function encode(text2) {
    return semantic().then(function(m) {
      return m.encode(text2);
    });
  }
  function similar(text2, k) {
    return semantic().then(function(m) {
      return m.similar(text2, k);
    });
  }
  function recommend(ids, k) {
    return semantic().then(function(m) {
      return m.recommend(ids, k, store, papers);
    });
  }
  function initSearchPage(box) {
    semantic().then(function(m) {
      m.initSearchPage(box, papers);
    }, warn);
  }
  function initRecommend(box) {
    var started = false;
    function start() {
      if (started || !store.starredIds().length) return;
      started = true;
      semantic().then(function(m) {
        m.initRecommend(box, store, papers);
      }, function(err) {
        started = false;
        warn(err);
      });
    }
    store.listen(start);
    start();
  }
  function searchByMeaning(box) {
    var view = null;
    return function ask(query) {
      if (!view && !query) return;
      if (!view) {
        view = semantic().then(function(m) {
          return m.initSearchBox(box, papers);
        });
        view.catch(function(err) {
          view = null;
          warn(err);
        });
      }
      view.then(function(show) {
        show(query);
      }, function() {
      });
    };
  }

  // src/schedule.js
  var T3 = strings("js.schedule");
  function sessions() {
    return loadData("sessions.js", "RL_SESSIONS");
  }
  function own(map, id) {
    return Object.hasOwn(map, id) && Array.isArray(map[id]) ? map[id].filter(function(s) {
      return s == null ? void 0 : s.start;
    }) : [];
  }
  function icsText(value) {
    return text(value).replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
  }
  function icsTime(iso) {
    return text(iso).replace(/[-:]/g, "");
  }
  function fold2(line) {
    var out = [];
    var current = "";
    var bytes = 0;
    var limit = 75;
    Array.from(line).forEach(function(ch) {
      var size = new TextEncoder().encode(ch).length;
      if (bytes + size > limit) {
        out.push(current);
        current = " ";
        bytes = 1;
      }
      current += ch;
      bytes += size;
    });
    out.push(current);
    return out.join("\r\n");
  }
  function toIcs(papers2, table) {
    var stamp = (/* @__PURE__ */ new Date()).toISOString().replace(/\.\d+Z$/, "Z");
    var lines = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//readinglist//Reading list//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "X-WR-CALNAME:" + icsText(siteName() + ": " + T3.title)
    ];
    var zone = null;
    papers2.forEach(function(p) {
      own(table, p.id).forEach(function(s) {
        if (!zone && /\//.test(text(s.zone))) zone = text(s.zone);
        var page = publicHref(p.url);
        var note = store.note(p.id);
        lines.push(
          "BEGIN:VEVENT",
          "UID:" + icsText(p.id + "-" + icsTime(s.start) + "@readinglist"),
          "DTSTAMP:" + icsTime(stamp),
          "DTSTART:" + icsTime(s.start)
        );
        if (s.end) lines.push("DTEND:" + icsTime(s.end));
        lines.push(
          "SUMMARY:" + icsText(p.title),
          "LOCATION:" + icsText(s.name),
          "DESCRIPTION:" + icsText([T3.session + text(s.when), page].concat(note ? [note] : []).join("\n")),
          "URL:" + page,
          "END:VEVENT"
        );
      });
    });
    if (zone) lines.splice(6, 0, "X-WR-TIMEZONE:" + icsText(zone));
    lines.push("END:VCALENDAR");
    return lines.map(fold2).join("\r\n") + "\r\n";
  }
  function listenForSchedule() {
    document.addEventListener("rl:reading-list", addCalendar);
  }
  function addCalendar(event) {
    var d = event.detail;
    sessions().then(function(table) {
      if (!Object.keys(table).some(function(id) {
        return own(table, id).length;
      })) return;
      var button = el("button", { type: "button", class: "rl-button", "data-rl-action": "export-ics" }, [T3.ics]);
      button.addEventListener("click", function() {
        download("reading-list.ics", toIcs(starredPapers(d.idx), table), "text/calendar");
      });
      function paint() {
        button.disabled = !starredPapers(d.idx).some(function(p) {
          return own(table, p.id).length;
        });
      }
      d.toolbar.insertBefore(button, d.toolbar.querySelector('[data-rl-action="import-csv"]'));
      document.addEventListener("rl:reading-list-render", paint);
      paint();
    }, function() {
    });
  }

  // src/search-result.js
  function entry(href, heading, teaser) {
    const li = document.createElement("li");
    li.className = "md-search-result__item";
    const link = document.createElement("a");
    link.className = "md-search-result__link";
    link.href = href;
    link.tabIndex = -1;
    const article = document.createElement("article");
    article.className = "md-search-result__article md-typeset";
    const title = document.createElement("h1");
    title.append(...heading);
    const text2 = document.createElement("p");
    text2.className = "md-search-result__teaser";
    text2.append(...teaser);
    article.append(title, text2);
    link.append(article);
    li.append(link);
    return li;
  }

  // src/search.js
  var RESULTS = 10;
  var DELAY = 120;
  var FIRST_WAIT = 3e3;
  var EXCERPT_WORDS = 36;
  var FIRST = ".md-search-result__item:not(.rl-search__meaning) > .md-search-result__link";
  var CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+/g;
  var SEGMENTER = typeof Intl.Segmenter === "function" ? new Intl.Segmenter("zh", { granularity: "word" }) : null;
  function cjkWords(query) {
    if (!SEGMENTER) return query;
    return query.replace(CJK_RUN, (run) => ` ${Array.from(SEGMENTER.segment(run), (word) => word.segment).join(" ")} `).trim();
  }
  var firstAnswer = null;
  function firstSearch() {
    return firstAnswer;
  }
  function initSearch() {
    const box = document.querySelector(".rl-search");
    const toggle = document.getElementById("__search");
    if (!box || !toggle) return;
    const input = box.querySelector(".md-search__input");
    const form = box.querySelector(".md-search__form");
    const results = box.querySelector(".md-search-result");
    const meta = results.querySelector(".md-search-result__meta");
    const list2 = results.querySelector(".md-search-result__list");
    const words = box.dataset;
    const byMeaning = words.rlMeaning === void 0 ? null : searchByMeaning(box);
    const root = new URL(ROOT);
    const served = location.protocol === "http:" || location.protocol === "https:";
    let pagefind = null;
    let latest = 0;
    let timer = 0;
    let settle = null;
    let found = null;
    function load() {
      if (!pagefind) {
        pagefind = import(new URL("pagefind/pagefind.js", root).href).then(async (module) => {
          await module.options({ baseUrl: root.pathname, excerptLength: EXCERPT_WORDS });
          await module.init();
          return module;
        });
        pagefind.catch(() => {
          pagefind = null;
        });
      }
      return pagefind;
    }
    function say(text2) {
      meta.textContent = text2;
    }
    function count(n) {
      if (n === 0) return words.rlNone;
      if (n === 1) return words.rlOne;
      return words.rlOther.replace("#", String(n));
    }
    function unescapeAngles(text2) {
      return text2.replace(/&lt;/g, "<").replace(/&gt;/g, ">");
    }
    function excerptNodes(excerpt) {
      const nodes = [];
      (excerpt || "").split(/(<mark>[^<]*<\/mark>)/).forEach((part, i) => {
        if (!part) return;
        if (i % 2 === 1) {
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
      var _a, _b;
      return entry(data.url, mathNodes(((_a = data.meta) == null ? void 0 : _a.title) || data.url), withoutTitle(excerptNodes(data.excerpt), (_b = data.meta) == null ? void 0 : _b.title));
    }
    function moreButton(total, shown) {
      const li = document.createElement("li");
      li.className = "md-search-result__item rl-search__more";
      const button2 = document.createElement("button");
      button2.type = "button";
      button2.className = "md-search-result__more rl-search__more-button";
      button2.tabIndex = -1;
      button2.textContent = words.rlMore.replace("#", String(Math.min(RESULTS, total - shown)));
      button2.addEventListener("click", async () => {
        var _a;
        const number = latest;
        const answer = found;
        const data = await Promise.all(answer.results.slice(shown, shown + RESULTS).map((result) => result.data()));
        if (number !== latest || answer !== found) return;
        const items = data.map(item);
        li.replaceWith(...items, ...total > shown + items.length ? [moreButton(total, shown + items.length)] : []);
        const first = (_a = items[0]) == null ? void 0 : _a.querySelector("a");
        if (first) first.focus();
      });
      li.append(button2);
      return li;
    }
    function show(query, items, total) {
      list2.replaceChildren(...items);
      renderMath(list2);
      if (total > items.length) list2.append(moreButton(total, items.length));
      if (!query) say(words.rlPlaceholder);
      else say(byMeaning ? msg("js.search_by_words", { count: count(total) }) : count(total));
      box.dataset.rlQuery = query;
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
    function warm() {
      if (!served) return;
      load().catch(() => {
      });
      if (!firstAnswer) {
        firstAnswer = new Promise((resolve) => {
          settle = resolve;
          setTimeout(resolve, FIRST_WAIT);
        });
      }
    }
    if (served) load().catch(() => {
    });
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

  // src/share.js
  var KEY = "share=";
  var VERSION = "1";
  var CODE = 5;
  var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var T4 = strings("js.share");
  function utf8(value) {
    return new TextEncoder().encode(value);
  }
  function code(id) {
    var h = fnv1a(id) >>> 2;
    var out = "";
    for (var i = CODE - 1; i >= 0; i--) out += ALPHABET[h >>> 6 * i & 63];
    return out;
  }
  function toBase64url(value) {
    var bin = "";
    utf8(value).forEach(function(b) {
      bin += String.fromCharCode(b);
    });
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function fromBase64url(value) {
    var bin = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder().decode(Uint8Array.from(bin, function(ch) {
      return ch.charCodeAt(0);
    }));
  }
  function codeIndex(idx) {
    var byCode = /* @__PURE__ */ new Map();
    idx.papers.forEach(function(p) {
      var c = code(p.id);
      if (!byCode.has(c)) byCode.set(c, []);
      byCode.get(c).push(p.id);
    });
    return byCode;
  }
  function encode2(ids, idx) {
    var byCode = codeIndex(idx);
    var codes = [];
    var spelt = [];
    ids.forEach(function(id) {
      var c = code(id);
      if ((byCode.get(c) || []).length > 1) spelt.push(toBase64url(id));
      else codes.push(c);
    });
    return VERSION + codes.sort().join("") + (spelt.length ? "." + spelt.sort().join(".") : "");
  }
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
      if (found.length === 1) ids.push(found[0]);
      else missing++;
    }
    parts.forEach(function(part) {
      var id = null;
      try {
        id = fromBase64url(part);
      } catch (_err) {
        id = null;
      }
      if (id !== null && idx.byId.has(id)) ids.push(id);
      else missing++;
    });
    return { ids: Array.from(new Set(ids)), missing };
  }
  function shareLink(ids, idx) {
    var page = publicHref("reading-list/");
    if (location.protocol === "file:" && /\/$/.test(page)) page += "index.html";
    return page + "#" + KEY + encode2(ids, idx);
  }
  function listenForShare() {
    document.addEventListener("rl:reading-list", addShareLink);
    window.addEventListener("hashchange", function() {
      if (sharedValue() !== null && document.querySelector(".rl-reading-list")) location.reload();
    });
  }
  function addShareLink(event) {
    var d = event.detail;
    var field = el("input", { type: "text", readonly: true, class: "rl-share__link", "aria-label": T4.linkLabel, hidden: true });
    var button = el("button", { type: "button", class: "rl-button", "data-rl-action": "share-link" }, [T4.share]);
    button.addEventListener("click", function() {
      var link = shareLink(store.starredIds().filter(function(id) {
        return d.idx.byId.has(id);
      }), d.idx);
      field.value = link;
      field.hidden = false;
      copyText(link).then(function(ok) {
        d.status.textContent = ok ? T4.copied : T4.copyFailed;
        if (!ok) field.select();
      });
    });
    var importButton = d.toolbar.querySelector('[data-rl-action="import-csv"]');
    d.toolbar.insertBefore(button, importButton);
    d.toolbar.after(field);
    document.addEventListener("rl:reading-list-render", function(e) {
      button.disabled = !e.detail.papers.length;
      field.hidden = true;
    });
    showShared(d.box, d.idx);
  }
  function sharedValue() {
    var hash = location.hash.replace(/^#/, "");
    return hash.indexOf(KEY) === 0 ? hash.slice(KEY.length) : null;
  }
  function showShared(box, idx) {
    var value = sharedValue();
    if (value === null) return;
    var shared = decode(value, idx);
    if (!shared) return;
    var papers2 = shared.ids.map(function(id) {
      return idx.byId.get(id);
    });
    var status = el("p", { class: "rl-shared__status", role: "status", "aria-live": "polite" });
    var save = el("button", { type: "button", class: "rl-button", "data-rl-action": "save-shared" }, [T4.save]);
    var close = el("button", { type: "button", class: "rl-button", "data-rl-action": "close-shared" }, [T4.close]);
    var summary = msgCount("js.share.count", papers2.length) + (shared.missing ? ". " + msgCount("js.share.missing", shared.missing) : ".");
    var panel = el("section", { class: "rl-shared", "aria-labelledby": "rl-shared-heading" }, [
      el("h2", { id: "rl-shared-heading" }, [T4.heading]),
      el("p", { class: "rl-shared__summary" }, [summary]),
      el("div", { class: "rl-list__toolbar" }, [save, close]),
      status
    ]);
    groupByTheme(papers2).forEach(function(group) {
      panel.appendChild(el("h3", {}, [group.label]));
      var list2 = el("ul", { class: "rl-shared__papers" });
      group.papers.forEach(function(p) {
        list2.appendChild(el("li", { "data-rl-shared": p.id }, [el("a", { href: pageHref(p.url) }, [text(p.title)])]));
      });
      panel.appendChild(list2);
    });
    save.disabled = !papers2.length;
    box.before(panel);
    save.addEventListener("click", function() {
      store.update(papers2.map(function(p) {
        return [p.id, "s", true];
      }));
      status.textContent = msgCount("js.share.saved", papers2.length);
      save.disabled = true;
    });
    close.addEventListener("click", function() {
      panel.remove();
      try {
        history.replaceState(history.state, "", location.pathname + location.search);
      } catch (_err) {
      }
    });
  }

  // src/main.js
  window.RL = {
    store,
    loadPapers,
    loadPoints,
    indexPapers,
    share: { code, link: shareLink },
    similar,
    encode,
    recommend
  };
  function initPage() {
    renderMath(document.body);
    store.reset();
    views.clear();
    forgetDetachedMaps();
    store.listen(repaint);
    fixFileLinks();
    document.querySelectorAll(".rl-actions[data-paper]").forEach(initActions);
    document.querySelectorAll(".rl-semantic-search").forEach(initSearchPage);
    initNotes();
    document.querySelectorAll(".rl-recommend").forEach(initRecommend);
    var lists = Array.from(document.querySelectorAll(".rl-papers"));
    var mapBoxes = Array.from(document.querySelectorAll(".rl-map"));
    var readingList = document.querySelector(".rl-reading-list");
    var tagView = document.querySelector(".rl-tag-view");
    var pageMaps = [];
    var records = pageRecords();
    var filtered = lists.length ? initFilter(lists, records, function(items) {
      var shown = currentlyShown(items);
      pageMaps.forEach(function(m) {
        setMapHighlight(m, shown ? rowsOf(shown, records) : defaultHighlight(m));
      });
    }) : null;
    if (mapBoxes.length) {
      loadPoints().then(function(data) {
        mapBoxes.forEach(function(box) {
          var shown = filtered ? currentlyShown(filtered) : null;
          var map = initMap(box, data, shown && rowsOf(shown, records));
          if (map) pageMaps.push(map);
          else if (!box.hasAttribute("data-rl-ready")) box.hidden = true;
        });
      }, function(err) {
        noPapers(mapBoxes, err);
      });
    }
    if (readingList || tagView) {
      afterLoadAndFirstSearch(firstSearch).then(loadPapers).then(
        function(papers2) {
          var idx = indexPapers(papers2);
          if (readingList) initReadingList(readingList, idx);
          if (tagView) initTagView(tagView, idx);
        },
        function(err) {
          noPapers([readingList || tagView], err);
        }
      );
    }
  }
  function rowsOf(ids, records) {
    return new Set(Array.from(ids, function(id) {
      return records.byId.get(id).row;
    }));
  }
  function noPapers(boxes, err) {
    console.warn("readinglist: could not load the paper list", err);
    boxes[0].before(el("p", { class: "rl-filter__empty" }, [msg("js.no_papers_js")]));
  }
  listenForNotes();
  listenForExports();
  listenForShare();
  listenForSchedule();
  initSearch();
  var doc$ = window.document$;
  if (doc$ && typeof doc$.subscribe === "function") doc$.subscribe(initPage);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", initPage);
  else initPage();
})();
