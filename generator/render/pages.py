"""Stage 6: render the Markdown pages from the Jinja templates (see environment.py)."""

from __future__ import annotations

import json
import logging
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ..cache import NO_CACHE, Cache, PageCache, digest
from ..errors import BuildError
from ..model import Paper, ReadingList, Site, Theme
from ..paths import (
    ABOUT,
    AUTHORS,
    AUTHORS_HOME,
    EXPORT,
    EXPORT_SCRIPT,
    HOME,
    MESSAGES_SCRIPT,
    POINTS_SCRIPT,
    READING_LIST,
    SEARCH_BY_MEANING,
    TAGS,
    author_query,
    paper_path,
    redirect,
    theme_path,
)
from ..text.words import name_key, tag_key
from . import messages as catalogue
from .environment import DESCRIPTION_CHARS, environment, listed_papers
from .exports import page_records, paper_records, paper_script, points_script

log = logging.getLogger(__name__)

# templates/about/LANG.md: the About page in each language, plain Markdown a
# curator edits as prose (the Reading list is a template: its words are the
# interface's, from the catalogues).
ABOUT_FOLDER = "about"
# Past this many papers the tags page lists only keywords that papers share:
# a conference's one-paper keywords run to tens of thousands.
_ALL_TAGS = 300
# The palette toggles' names, which mkdocs.yml gives in English.
_PALETTE_TOGGLES = ("palette.to_dark", "palette.to_light")


def render_pages(
    reading_list: ReadingList,
    templates: Path,
    *,
    language: str = "auto",
    redirects: dict[str, str] | None = None,
    semantic: bool = False,
    cache: Cache = NO_CACHE,
) -> Site:
    """Every generated page of the site, keyed by its docs-relative path.

    redirects maps old paper slugs to current ones; each old URL gets a page
    that forwards to the new one. A page whose template and context are
    those it was last rendered from comes from the cache. semantic: the site
    ships vectors.js and the sentence model, so the home page and the Reading
    list have a slot for recommendations, and the search-by-meaning page is
    added.
    """
    language = catalogue.interface_language(language, reading_list)
    han = catalogue.han_language(reading_list)
    messages = catalogue.load(templates, language)
    english = catalogue.load(templates, catalogue.FALLBACK)
    env = environment(templates, messages, han=han)
    sources = sorted((templates / "pages").glob("*.j2")) + sorted((templates / catalogue.FOLDER).glob("*.json"))
    kept = PageCache(cache, digest(language, han, *(path.read_bytes() for path in sources)))
    papers = reading_list.by_id()
    pages: dict[str, str] = {}
    keys: dict[str, str] = {}
    # Each paper's and theme's repr once, though many pages show it: a
    # theme's repr lists its papers, and every paper page shows its theme.
    fingerprints: dict[int, str] = {}

    def fingerprint(value: object) -> object:
        if isinstance(value, Paper | Theme):
            known = fingerprints.get(id(value))
            if known is None:
                known = fingerprints[id(value)] = digest(value)
            return known
        if isinstance(value, list | tuple):
            return [fingerprint(item) for item in value]
        return value

    def add(path: str, template: str, **context: Any) -> None:
        if path in pages:
            raise BuildError(f"two pages would be written to {path}", hint="give the papers distinct ids or titles")
        # The context's repr spells out every value the page can show.
        keys[path] = key = digest(path, template, [(name, fingerprint(value)) for name, value in sorted(context.items())])
        markdown = kept.get(path, key)
        pages[path] = markdown if markdown is not None else env.get_template(template).render(page_path=path, **context)

    records = paper_records(reading_list)
    rows = {paper.id: row for row, paper in enumerate(reading_list.papers)}

    def listed_records(listed: list[Paper], scope: list[Paper], theme: Theme | None) -> dict[str, object]:
        return page_records(records, rows, listed, scope, theme)

    themes = _theme_views(reading_list, papers)
    home_listed = [paper for _, members, children in themes for paper in listed_papers(members, children)]
    add(
        HOME,
        "index.md.j2",
        reading_list=reading_list,
        themes=themes,
        description=home_description(reading_list, messages),
        records=listed_records(home_listed, reading_list.papers, None),
        semantic=semantic,
    )

    def add_theme(theme: Theme, members: list[Paper], children: list[Any], parent: Theme | None) -> None:
        listed = listed_records(listed_papers(members, children), members, theme)
        add(theme_path(theme), "theme.md.j2", theme=theme, papers=members, subthemes=children, parent=parent, records=listed)

    for theme, members, children in themes:
        add_theme(theme, members, children, None)
        for child, child_papers, _ in children:
            add_theme(child, child_papers, [], theme)
    by_slug = reading_list.themes_by_slug()
    for paper in reading_list.papers:
        theme = by_slug[paper.theme]
        related = [(papers[r.paper_id], r.reasons) for r in paper.related]
        subtheme = by_slug[paper.subtheme] if paper.subtheme else None
        previous, following = _neighbours(paper, subtheme or theme, papers)
        add(
            paper_path(paper),
            "paper.md.j2",
            paper=paper,
            theme=theme,
            subtheme=subtheme,
            related=related,
            previous=previous,
            following=following,
        )
    keywords = keyword_index(reading_list, other=messages.t("tags.other"))
    count = sum(len(group) for _, group in keywords)
    add(TAGS, "tags.md.j2", keywords=keywords, keyword_count=count, shared_only=len(reading_list.papers) > _ALL_TAGS)
    authors = author_index(reading_list, other=messages.t("tags.other"))
    if authors:
        count = sum(len(group) for _, group in authors)
        folded = len(reading_list.papers) > _ALL_TAGS
        add(AUTHORS, "authors.md.j2", authors=authors, author_count=count, folded=folded, home=AUTHORS_HOME)
    add(READING_LIST, "reading-list.md.j2", semantic=semantic)
    if semantic:
        add(SEARCH_BY_MEANING, "search.md.j2")
    pages[ABOUT] = about_page(templates, language)
    for old, new in (redirects or {}).items():
        path, target = redirect(old, new)
        add(path, "redirect.html.j2", target=Markup(target))
    # One record a line: as easy to grep and diff as indented JSON, and an eighth smaller.
    pages[EXPORT] = (
        "[\n" + ",\n".join(json.dumps(record, ensure_ascii=False, separators=(",", ":")) for record in records) + "\n]\n"
    )
    # The same records as a script: pages opened from file:// cannot fetch JSON.
    pages[EXPORT_SCRIPT] = paper_script(records)
    pages[POINTS_SCRIPT] = points_script(records)
    pages[MESSAGES_SCRIPT] = messages.page_script()
    kept.save(pages, keys)
    log.info("Rendered %d pages", len(pages))

    return Site(
        title=reading_list.title,
        language=language,
        pages=pages,
        nav=_nav(reading_list, messages, semantic=semantic, authors=bool(authors)),
        reading_list=reading_list,
        messages=messages.page_words(),
        toggle_names={english.t(key): messages.t(key) for key in _PALETTE_TOGGLES},
        semantic=semantic,
    )


def home_description(reading_list: ReadingList, messages: catalogue.Messages) -> str:
    """The home page's meta description: how many papers and themes, then the themes' names while they fit."""
    counts = {
        "papers": messages.count("count.papers", len(reading_list.papers)),
        "themes": messages.count("count.themes", len(reading_list.themes)),
    }
    separator = messages.t("list.separator")
    names: list[str] = []
    for theme in reading_list.themes:
        if len(messages.t("home.description", names=separator.join([*names, theme.label]), **counts)) > DESCRIPTION_CHARS:
            break
        names.append(theme.label)
    if not names:
        return messages.t("home.summary", **counts)
    return messages.t("home.description", names=separator.join(names), **counts)


@dataclass(frozen=True)
class Keyword:
    """A keyword on the tags page: as most papers spell it, and how many carry it."""

    label: str
    papers: int


def keyword_index(reading_list: ReadingList, *, other: str) -> list[tuple[str, list[Keyword]]]:
    """The list's keywords under their initials, A to Z then other (the site's word for the rest); in a long list, only those two or more papers share.

    Keywords that differ only in case or Unicode form are one keyword, as in
    the browser's tag filter.
    """
    papers, spellings = _spelled((paper.keywords for paper in reading_list.papers), tag_key)
    least = 2 if len(reading_list.papers) > _ALL_TAGS else 1
    groups: dict[str, list[Keyword]] = {}
    for key in sorted(k for k in papers if papers[k] >= least):
        # The most common spelling; equally common ones by code point.
        label = min(spellings[key].items(), key=lambda item: (-item[1], item[0]))[0]
        groups.setdefault(_initial(key, other), []).append(Keyword(label, papers[key]))
    return sorted(groups.items(), key=lambda group: group[0] == other)


@dataclass(frozen=True)
class Author:
    """An author on the authors page: as most papers spell the name, the filter's query for it, and how many papers."""

    label: str
    query: str
    papers: int


def author_index(reading_list: ReadingList, *, other: str) -> list[tuple[str, list[Author]]]:
    """Every author of the list under the initial of their name as written, A to Z then other; [] when no paper names one.

    Names that differ only in case, accents or spacing are one author (name_key).
    """
    papers, spellings = _spelled((paper.authors for paper in reading_list.papers), name_key)
    groups: dict[str, list[Author]] = {}
    for key in sorted(papers):
        # The most common spelling; of equally common ones the first in the list ("JOSÉ GARCÍA" is no better than "José García").
        label = spellings[key].most_common(1)[0][0]
        groups.setdefault(_initial(key, other), []).append(Author(label, author_query("author", key), papers[key]))
    return sorted(groups.items(), key=lambda group: group[0] == other)


def _spelled(names: Iterable[list[str]], key_of: Callable[[str], str]) -> tuple[Counter[str], dict[str, Counter[str]]]:
    """How many papers carry each key of the papers' names, and how often each spelling of it is used, in first-seen order."""
    papers: Counter[str] = Counter()
    spellings: dict[str, Counter[str]] = {}
    for given in names:
        keys = [(name, key_of(name)) for name in given]
        for name, key in keys:
            spellings.setdefault(key, Counter())[name] += 1
        papers.update({key for _, key in keys if key})
    return papers, spellings


def _initial(key: str, other: str) -> str:
    """The index's heading for a key: its initial from A to Z, else other (the site's word for the rest)."""
    return key[0].upper() if key[0].isascii() and key[0].isalpha() else other


def _neighbours(paper: Paper, theme: Theme, papers: dict[str, Paper]) -> tuple[Paper | None, Paper | None]:
    """The papers before and after this one in its theme's list, for reading on in order."""
    ids = theme.paper_ids
    at = ids.index(paper.id)
    previous = papers[ids[at - 1]] if at > 0 else None
    following = papers[ids[at + 1]] if at + 1 < len(ids) else None
    return previous, following


def about_page(templates: Path, language: str) -> str:
    """The About page in the interface's language: templates/about/LANG.md, else the English one."""
    folder = templates / ABOUT_FOLDER
    path = folder / f"{language}.md"
    if not path.is_file():
        path = folder / f"{catalogue.FALLBACK}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        hint = f"give the templates folder {ABOUT_FOLDER}/{catalogue.FALLBACK}.md, as readinglist's own has"
        raise BuildError(f"cannot read the About page ({error.strerror})", where=str(path), hint=hint) from None


def _nav(reading_list: ReadingList, messages: catalogue.Messages, *, semantic: bool, authors: bool) -> list[dict[str, object]]:
    themes = [{theme.label: theme_path(theme)} for theme in reading_list.themes]
    return [
        {messages.t("nav.home"): HOME},
        {messages.t("nav.themes"): themes},
        {messages.t("nav.reading_list"): READING_LIST},
        *([{messages.t("nav.search_meaning"): SEARCH_BY_MEANING}] if semantic else []),
        {messages.t("nav.tags"): TAGS},
        *([{messages.t("nav.authors"): AUTHORS}] if authors else []),
        {messages.t("nav.about"): ABOUT},
    ]


_ThemeView = tuple[Theme, list[Paper], list[Any]]


def _theme_views(reading_list: ReadingList, papers: dict[str, Paper]) -> list[_ThemeView]:
    """Each theme with its papers and its sub-themes, each of those with its papers."""
    return [
        (
            theme,
            [papers[i] for i in theme.paper_ids],
            [(child, [papers[i] for i in child.paper_ids], []) for child in reading_list.children(theme.slug)],
        )
        for theme in reading_list.themes
    ]


_PAPER_MARK = re.compile(r'class="rl-abstract" data-paper="([^"]*)"')


def papers_on(html: str) -> list[str]:
    """The ids of the papers whose abstracts an HTML page shows."""
    return _PAPER_MARK.findall(html)
