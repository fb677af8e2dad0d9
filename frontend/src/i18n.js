// The interface's words, from the site language's message catalogue.
// The interface's words, from the site language's catalogue
// (templates/messages/): messages.js, which main.html loads before the bundle.
var MESSAGES = window.RL_MESSAGES || {};

// msg("js.showing", { shown: 3, total: 9 }): the message with its {holes}
// filled; the id itself when the catalogue lacks it, so a gap shows.
function msg(key, values) {
  var template = Object.hasOwn(MESSAGES, key) ? MESSAGES[key] : key;
  return template.replace(/\{(\w+)\}/g, function (hole, name) {
    return values && Object.hasOwn(values, name) ? String(values[name]) : hole;
  });
}

// A count's message: key.one for exactly 1 when the language has that form.
function msgCount(key, n) {
  return msg(n === 1 && Object.hasOwn(MESSAGES, key + ".one") ? key + ".one" : key + ".other", { n: n });
}

// strings("js.notes"): every message under "js.notes." by the rest of its key, for a feature's words in one object.
function strings(prefix) {
  var found = {};
  Object.keys(MESSAGES).forEach(function (key) {
    if (key.indexOf(prefix + ".") === 0) found[key.slice(prefix.length + 1)] = MESSAGES[key];
  });
  return found;
}

export { msg, msgCount, strings };
