// BibTeX entries for papers.
import { text } from "./dom.js";

function bibKey(id, used) {
  var base = "rl:" + (text(id).replace(/[^A-Za-z0-9_:-]/g, "") || "paper");
  var key = base;
  for (var n = 2; used?.has(key); n++) key = base + "-" + n;
  if (used) used.add(key);
  return key;
}

// A BibTeX field value that cannot end the entry early: braces stay only
// when they balance, and LaTeX's &, % and # are escaped.
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

// paper: { id, title, url (absolute), theme, status, derived, read }
function bibtexEntry(paper, used) {
  var note = ["Theme: " + paper.theme];
  if (paper.status) note.push(paper.status);
  if (paper.derived) note.push("title derived from the abstract");
  if (paper.read !== undefined) note.push(paper.read ? "read" : "to read");
  return (
    "@misc{" + bibKey(paper.id, used) + ",\n" +
    "  title = {{" + bibText(paper.title) + "}},\n" +
    "  url = {" + text(paper.url).replace(/[{}\s]/g, encodeURIComponent) + "},\n" +
    "  note = {" + bibText(note.join("; ")) + "}\n" +
    "}\n"
  );
}

export { bibtexEntry };
