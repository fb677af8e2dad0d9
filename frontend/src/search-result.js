// A result in the header's search dropdown, in Material's classes: by words
// (search.js) and by meaning (semantic/search-box.js).

// A result: a link with a title and a teaser, each given as nodes.
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
  const text = document.createElement("p");
  text.className = "md-search-result__teaser";
  text.append(...teaser);
  article.append(title, text);
  link.append(article);
  li.append(link);
  return li;
}

export { entry };
