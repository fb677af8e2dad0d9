// An author's or affiliation's name folded as the generator's name_key
// (generator/text/words.py) folds it: case, accents and spacing only, so
// that "?author=José García" finds the papers of "jose garcia".
function nameKey(name) {
  return String(name == null ? "" : name)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .join(" ");
}

export { nameKey };
