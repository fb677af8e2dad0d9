// The reader's stars and read marks, in localStorage.
const STORE_KEY = "readinglist:v1";

// { id: { s: 1 (starred), r: 1 (read), n: "note", t: ms } }. One key for every list
// on this origin: ids are content hashes, so lists do not collide, and a
// page only shows the ids it knows.
var store = (function () {
  var data = load();
  var listeners = [];

  function load() {
    try {
      var parsed = JSON.parse(localStorage.getItem(STORE_KEY) || "{}");
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {};
    } catch (_err) {
      return {}; // Storage blocked or corrupt: start empty, keep working in memory.
    }
  }

  function save() {
    try {
      localStorage.setItem(STORE_KEY, JSON.stringify(data));
    } catch (err) {
      console.warn("readinglist: cannot save the reading list in this browser", err);
    }
  }

  // A note's field holds its text; the flags hold 1.
  function set(id, field, on) {
    var entry = Object.hasOwn(data, id) ? data[id] : {};
    if (on) entry[field] = field === "n" ? String(on) : 1;
    else delete entry[field];
    entry.t = Date.now();
    if (entry.s || entry.r || entry.n) data[id] = entry;
    else delete data[id];
  }

  function has(id, field) {
    return Object.hasOwn(data, id) && !!data[id][field];
  }

  function notify(ids) {
    listeners.forEach(function (fn) { fn(ids); });
  }

  // Other tabs of the site change the list too.
  window.addEventListener("storage", function (event) {
    if (event.key !== STORE_KEY && event.key !== null) return;
    data = load();
    notify(null);
  });

  return {
    starred: function (id) { return has(id, "s"); },
    read: function (id) { return has(id, "r"); },
    note: function (id) { return has(id, "n") ? String(data[id].n) : ""; },
    // changes: [[id, "s" | "r", bool], ...], saved and announced once.
    update: function (changes) {
      changes.forEach(function (c) { set(c[0], c[1], c[2]); });
      save();
      notify(changes.map(function (c) { return c[0]; }));
    },
    starredIds: function () {
      return Object.keys(data).filter(function (id) { return data[id].s; });
    },
    listen: function (fn) { listeners.push(fn); },
    // A note typed in a field: saved, and announced as an rl:note event only,
    // so that lists do not redraw (and lose the field) at every keystroke.
    setNote: function (id, value) {
      set(id, "n", value.trim() ? value : "");
      save();
      document.dispatchEvent(new CustomEvent("rl:note", { detail: { id: id } }));
    },
    // A new page starts with no listeners from the one before it.
    reset: function () { listeners = []; }
  };
})();

export { store };
