"""Where every page and file of the site is, and its URL: render, feeds, search, exports and the plugin all ask here.

Paths are relative to the docs folder, as MkDocs' File.src_uri is. A page's
URL is its folder (papers/SLUG/ for papers/SLUG.md), as MkDocs writes it
with use_directory_urls.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from .model import Paper, Theme
from .text.words import name_key

HOME = "index.md"
# The home page's search stand-in (see site/search.py), where MkDocs writes the home page.
HOME_HTML = "index.html"
TAGS = "tags.md"
# Only on a list whose papers name their authors. An author's papers are the
# home page's list filtered by ?author= (see author_query): one page per author
# would cost a conference's 80,000 authors a full page each. An index.md is
# index.html with directory URLs or without, so the page's plain HTML links
# (no Markdown: tens of thousands of them) reach the home page as AUTHORS_HOME
# either way, from file:// too.
AUTHORS = "authors/index.md"
AUTHORS_HOME = "../" + HOME_HTML
READING_LIST = "reading-list.md"
# Only on a site that ships the sentence model (see MODEL_FOLDER).
SEARCH_BY_MEANING = "search.md"
ABOUT = "about.md"
# Pages a curator may write themselves: a page of the same name in the docs
# folder replaces ours (plugin.on_files). Ours come in the interface's language.
HAND_WRITTEN = (READING_LIST, ABOUT)
# The paper export at the site's root; its records are data, so they stay raw.
EXPORT = "papers.json"
EXPORT_SCRIPT = "papers.js"
POINTS_SCRIPT = "points.js"
# The interface's words for the browser's scripts, window.RL_MESSAGES: one file every page loads, cached after the first.
MESSAGES_SCRIPT = "messages.js"
# citations/XX.js, XX a paper's chunk (see render/citations.py).
CITATIONS_CHUNK = "citations/{}.js"
SESSIONS_SCRIPT = "sessions.js"
# The sentence model for the browser's search by meaning (site/sentence_model.py
# writes it): a manifest with the vocabulary, then the weights in parts, all
# scripts so that a site opened from file:// loads them too. The front end's
# semantic.js finds them at this path under the site root.
MODEL_FOLDER = "assets/models/all-MiniLM-L6-v2/"
MODEL_MANIFEST = MODEL_FOLDER + "manifest.js"
MODEL_PART = MODEL_FOLDER + "weights-{}.js"
# The papers' sentence vectors, for "more like my stars" (see render/exports.py, vectors_script).
VECTORS_SCRIPT = "vectors.js"
# The sidebars that pages outside the nav share (see site/sidebars.py), named by their content's hash.
SIDEBARS_SCRIPT = "assets/sidebars/{}.js"
# The list's feed at the root, and one in each theme's folder.
FEED = "feed.xml"


def author_query(field: str, name: str) -> str:
    """The filter's query that shows the papers of an author (field "author") or affiliation ("aff"): ?author=KEY.

    Only ASCII punctuation is escaped, and a space is "+": letters of every
    script stay as they are, a third of the bytes of "%E7%8E%8B" for 王 on
    an authors page of tens of thousands of names.
    """
    return f"?{field}=" + _QUERY_ACTIVE.sub(lambda found: "+" if found[0] == " " else quote(found[0]), name_key(name))


_QUERY_ACTIVE = re.compile("[^A-Za-z0-9._~\\-\u0080-\U0010ffff]")


def paper_path(paper: Paper) -> str:
    return f"papers/{paper.slug}.md"


def paper_url(slug: str) -> str:
    """The URL of the paper page with this slug, relative to the site's root: papers/SLUG/."""
    return f"papers/{slug}/"


def paper_html_path(paper: Paper, *, use_directory_urls: bool) -> str:
    """Where MkDocs writes the paper's page in the site."""
    page = paper_path(paper).removesuffix(".md")
    return f"{page}/index.html" if use_directory_urls else f"{page}.html"


def redirect(old: str, new: str) -> tuple[str, str]:
    """The page that forwards a paper's old slug to its new one, and the relative URL it forwards to."""
    return f"{paper_url(old)}index.html", f"../{new}/"


def theme_path(theme: Theme) -> str:
    """themes/SLUG.md, and a sub-theme's page in its parent's folder: themes/PARENT/SLUG.md."""
    return f"themes/{theme.parent}/{theme.slug}.md" if theme.parent else f"themes/{theme.slug}.md"


def feed_folder(theme: Theme | None) -> str:
    """Where a theme's feed sits: beside its page, where the page's <link rel="alternate"> looks; "" for the list's own."""
    return theme_path(theme).removesuffix(".md") + "/" if theme is not None else ""


def relative(path: str, folder: str) -> str:
    """path as seen from folder, both relative to docs/: posixpath.relpath without its costly normalising."""
    here = folder.split("/") if folder else []
    parts = path.split("/")
    common = 0
    while common < min(len(here), len(parts) - 1) and here[common] == parts[common]:
        common += 1
    return "/".join([".."] * (len(here) - common) + parts[common:])
