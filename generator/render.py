"""Stage 4: render the Markdown pages from the Jinja templates.

This module owns the Jinja environment. Every value a template prints is made
inert (see text.inert) unless Python marked it as finished markup, so a
template cannot forget to escape: input text never becomes structure.
"""

from __future__ import annotations

import functools
import json
import logging
import math
import posixpath
import re
import string
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2
from markupsafe import Markup

from . import messages as catalogue
from . import sessions, text
from .cache import NO_CACHE, Cache, PageCache, digest
from .errors import BuildError
from .latex import math_tex, plain_math
from .model import LinkKind, Paper, ReadingList, Site, Theme

log = logging.getLogger(__name__)

_WORDS_PER_MINUTE = 200
# The paper export at the site's root; its records are data, so they stay raw.
EXPORT = "papers.json"
EXPORT_SCRIPT = "papers.js"
# papers.js holds every record the scripts read, as rows with each theme and
# sub-theme named once: at 20,000 papers, 4.5 MB to download and parse where
# objects took 7.5. Pages load it only on first need (a map tooltip, the
# Reading list, the tags page's view, an export).
_SCRIPT_FIELDS = ("id", "title", "title_math", "theme", "subtheme_slug", "url", "keywords", "status", "x", "y")
_SCRIPT = (
    "window.RL_PAPERS = (function (fields, themes, subthemes, rows) {{\n"
    "  return rows.map(function (row) {{\n"
    "    var paper = {{}};\n"
    "    fields.forEach(function (field, i) {{ paper[field] = row[i]; }});\n"
    "    paper.theme_slug = themes[paper.theme][1];\n"
    "    paper.theme = themes[paper.theme][0];\n"
    "    paper.subtheme_slug = paper.subtheme_slug === null ? null : subthemes[paper.subtheme_slug];\n"
    "    return paper;\n"
    "  }});\n"
    "}})({fields}, {themes}, {subthemes}, {rows});\n"
)
# points.js is what a map needs before it works, 8 characters a paper in
# papers.js's order: theme, sub-theme (0 for none, else its place + 1), x and
# y on a 0-4095 grid (a point of a 2,000-pixel map moves less than half a
# pixel), each as two digits of base 64. Its 79 KB at 9,842 papers replace the
# 2.2 MB the home page's map and filters used to wait for.
POINTS_SCRIPT = "points.js"
_DIGITS = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"
_GRID = len(_DIGITS) ** 2 - 1
# A home or theme page's records of the papers it lists, for its filter and
# its export of the papers shown: rows of these fields, the first the paper's
# row in points.js and papers.js.
_RECORD_FIELDS = ("row", "id", "title", "title_math", "theme", "url", "keywords", "status")
# A theme with sub-themes shows this many of its papers, the most representative.
_REPRESENTATIVES = 3
TAGS = "tags.md"
READING_LIST = "reading-list.md"
ABOUT = "about.md"
# Pages a curator may write themselves: a page of the same name in the docs
# folder replaces ours (plugin.on_files). Ours come in the interface's language.
HAND_WRITTEN = (READING_LIST, ABOUT)
# templates/about/LANG.md: the About page in each language, plain Markdown a
# curator edits as prose (the Reading list is a template: its words are the
# interface's, from the catalogues).
ABOUT_FOLDER = "about"
# Past this many papers the tags page lists only keywords that papers share:
# a conference's one-paper keywords run to tens of thousands.
_ALL_TAGS = 300


def render_pages(
    reading_list: ReadingList,
    templates: Path,
    *,
    language: str = "auto",
    redirects: dict[str, str] | None = None,
    cache: Cache = NO_CACHE,
) -> Site:
    """Every generated page of the site, keyed by its docs-relative path.

    redirects maps old paper slugs to current ones; each old URL gets a page
    that forwards to the new one. A page whose template and context are
    those it was last rendered from comes from the cache.
    """
    language = catalogue.interface_language(language, reading_list.title)
    messages = catalogue.load(templates, language)
    env = _environment(templates, messages)
    sources = sorted((templates / "pages").glob("*.j2")) + sorted((templates / catalogue.FOLDER).glob("*.json"))
    kept = PageCache(cache, digest(language, *(path.read_bytes() for path in sources)))
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

    records = _records(reading_list)
    rows = {paper.id: row for row, paper in enumerate(reading_list.papers)}

    def listed_records(listed: list[Paper]) -> dict[str, object]:
        table = [[rows[p.id], *(records[rows[p.id]][field] for field in _RECORD_FIELDS[1:])] for p in listed]
        return {"fields": _RECORD_FIELDS, "rows": table}

    themes = _theme_views(reading_list, papers)
    home_listed = [paper for _, members, children in themes for paper in listed_papers(members, children)]
    add(
        "index.md",
        "index.md.j2",
        reading_list=reading_list,
        themes=themes,
        description=home_description(reading_list, messages),
        records=listed_records(home_listed),
    )

    def add_theme(theme: Theme, members: list[Paper], children: list[Any], parent: Theme | None) -> None:
        listed = listed_records(listed_papers(members, children))
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
    keywords = keyword_index(reading_list)
    count = sum(len(group) for _, group in keywords)
    add(TAGS, "tags.md.j2", keywords=keywords, keyword_count=count, shared_only=len(reading_list.papers) > _ALL_TAGS)
    add(READING_LIST, "reading-list.md.j2")
    pages[ABOUT] = about_page(templates, language)
    for old, new in (redirects or {}).items():
        add(f"papers/{old}/index.html", "redirect.html.j2", target=Markup(f"../{new}/"))
    pages[EXPORT] = json.dumps(records, ensure_ascii=False, indent=1) + "\n"
    # The same records as a script: pages opened from file:// cannot fetch JSON.
    pages[EXPORT_SCRIPT] = _paper_script(records)
    pages[POINTS_SCRIPT] = points_script(records)
    kept.save(pages, keys)
    log.info("Rendered %d pages", len(pages))

    return Site(
        title=reading_list.title,
        language=language,
        pages=pages,
        nav=_nav(reading_list, messages),
        reading_list=reading_list,
        messages=messages.scripts(),
    )


# Search engines show about this many characters of a description.
_DESCRIPTION_CHARS = 160


def home_description(reading_list: ReadingList, messages: catalogue.Messages) -> str:
    """The home page's meta description: how many papers and themes, then the themes' names while they fit."""
    counts = {
        "papers": messages.count("count.papers", len(reading_list.papers)),
        "themes": messages.count("count.themes", len(reading_list.themes)),
    }
    separator = messages.t("list.separator")
    names: list[str] = []
    for theme in reading_list.themes:
        if len(messages.t("home.description", names=separator.join([*names, theme.label]), **counts)) > _DESCRIPTION_CHARS:
            break
        names.append(theme.label)
    if not names:
        return messages.t("home.summary", **counts)
    return messages.t("home.description", names=separator.join(names), **counts)


def paper_description(paper: Paper) -> str:
    """A paper page's meta description: its summary, else its abstract's first sentence cut at a word boundary.

    A paper has no summary when its only candidate would repeat the abstract's
    first sentence; on a search result page that sentence is the right one.
    """
    if paper.summary:
        return paper.summary
    first = next(iter(text.sentences(text.plain_text(paper.abstract))), "")
    return text.shorten(plain_math(first), _DESCRIPTION_CHARS - 1)


def _paper_script(records: list[dict[str, object]]) -> str:
    """papers.js: the records' _SCRIPT_FIELDS as rows, each theme by its place in a list of (label, slug), each sub-theme in one of slugs."""
    themes, subthemes = _theme_tables(records)
    place = {theme: i for i, theme in enumerate(themes)}
    sub_place = {slug: i for i, slug in enumerate(subthemes)}

    def cell(record: dict[str, object], field: str) -> object:
        if field == "theme":
            return place[(record["theme"], record["theme_slug"])]
        if field == "subtheme_slug":
            return sub_place.get(record[field])
        return record[field]

    rows = [[cell(record, field) for field in _SCRIPT_FIELDS] for record in records]

    def compact(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    return _SCRIPT.format(
        fields=compact(_SCRIPT_FIELDS), themes=compact(themes), subthemes=compact(subthemes), rows=compact(rows)
    )


def _theme_tables(records: list[dict[str, object]]) -> tuple[list[tuple[object, object]], list[object]]:
    """The themes as (label, slug) and the sub-themes' slugs, in the order the records first name them."""
    themes = list(dict.fromkeys((record["theme"], record["theme_slug"]) for record in records))
    subthemes = list(dict.fromkeys(record["subtheme_slug"] for record in records if record["subtheme_slug"]))
    return themes, subthemes


def points_script(records: list[dict[str, object]]) -> str:
    """points.js: window.RL_POINTS, the themes as (label, slug), the sub-themes' slugs and every paper packed (see POINTS_SCRIPT)."""
    themes, subthemes = _theme_tables(records)
    place = {theme: i for i, theme in enumerate(themes)}
    sub_place = {slug: i + 1 for i, slug in enumerate(subthemes)}
    if max(len(themes), len(subthemes) + 1) > _GRID + 1:
        raise BuildError(
            f"{len(themes)} themes and {len(subthemes)} sub-themes are too many for the map",
            hint="group by a field with fewer values",
        )

    def digits(value: int) -> str:
        return _DIGITS[value >> 6] + _DIGITS[value & 63]

    def grid(value: object) -> int:
        return round(min(1.0, max(0.0, float(value))) * _GRID)  # type: ignore[arg-type]

    packed = "".join(
        digits(place[(r["theme"], r["theme_slug"])])
        + digits(sub_place.get(r["subtheme_slug"], 0))
        + digits(grid(r["x"]))
        + digits(grid(r["y"]))
        for r in records
    )
    data = {"themes": themes, "subthemes": subthemes, "points": packed}
    return f"window.RL_POINTS = {json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"


def listed_papers(members: list[Paper], subthemes: list[Any]) -> list[Paper]:
    """The papers a theme's list shows: all of them, or its most representative when it has sub-themes."""
    return members[:_REPRESENTATIVES] if subthemes else members


def _records(reading_list: ReadingList) -> list[dict[str, object]]:
    """One record per paper, for readers' tools, the site's scripts and scoring."""
    labels = {theme.slug: theme.label for theme in (*reading_list.themes, *reading_list.subthemes)}
    return [
        {
            "id": paper.id,
            "title": plain_math(paper.title),
            # The title with its math as TeX, for the lists and map to typeset; null when it has none.
            "title_math": tex if (tex := math_tex(paper.title)) != plain_math(paper.title) else None,
            "title_derived": paper.title_derived,
            "theme": labels[paper.theme],
            "theme_slug": paper.theme,
            "subtheme": labels[paper.subtheme] if paper.subtheme else None,
            "subtheme_slug": paper.subtheme or None,
            "url": paper_path(paper).removesuffix(".md") + "/",
            "keywords": paper.keywords,
            "status": paper.status,
            "summary": plain_math(paper.summary),
            "x": paper.position[0],
            "y": paper.position[1],
        }
        for paper in reading_list.papers
    ]


@dataclass(frozen=True)
class Keyword:
    """A keyword on the tags page: as most papers spell it, and how many carry it."""

    label: str
    papers: int


def keyword_index(reading_list: ReadingList) -> list[tuple[str, list[Keyword]]]:
    """The list's keywords under their initials, A to Z then "Other"; in a long list, only those two or more papers share.

    Keywords that differ only in case or Unicode form are one keyword, as in
    the browser's tag filter.
    """
    papers: Counter[str] = Counter()
    spellings: dict[str, Counter[str]] = {}
    for paper in reading_list.papers:
        keys = [(keyword, tag_key(keyword)) for keyword in paper.keywords]
        for keyword, key in keys:
            spellings.setdefault(key, Counter())[keyword] += 1
        papers.update({key for _, key in keys})
    least = 2 if len(reading_list.papers) > _ALL_TAGS else 1
    groups: dict[str, list[Keyword]] = {}
    for key in sorted(k for k in papers if papers[k] >= least):
        # The most common spelling; equally common ones by code point.
        label = min(spellings[key].items(), key=lambda item: (-item[1], item[0]))[0]
        initial = key[0].upper() if key[0].isascii() and key[0].isalpha() else "Other"
        groups.setdefault(initial, []).append(Keyword(label, papers[key]))
    return sorted(groups.items(), key=lambda group: group[0] == "Other")


def tag_key(keyword: str) -> str:
    """What the browser's tag filter compares: the keyword case-folded."""
    return unicodedata.normalize("NFKC", keyword).lower().strip()


def _neighbours(paper: Paper, theme: Theme, papers: dict[str, Paper]) -> tuple[Paper | None, Paper | None]:
    """The papers before and after this one in its theme's list, for reading on in order."""
    ids = theme.paper_ids
    at = ids.index(paper.id)
    previous = papers[ids[at - 1]] if at > 0 else None
    following = papers[ids[at + 1]] if at + 1 < len(ids) else None
    return previous, following


def paper_path(paper: Paper) -> str:
    return f"papers/{paper.slug}.md"


def paper_html_path(paper: Paper, *, use_directory_urls: bool) -> str:
    """Where MkDocs writes the paper's page in the site."""
    page = paper_path(paper).removesuffix(".md")
    return f"{page}/index.html" if use_directory_urls else f"{page}.html"


def theme_path(theme: Theme) -> str:
    """themes/SLUG.md, and a sub-theme's page in its parent's folder: themes/PARENT/SLUG.md."""
    return f"themes/{theme.parent}/{theme.slug}.md" if theme.parent else f"themes/{theme.slug}.md"


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


def _nav(reading_list: ReadingList, messages: catalogue.Messages) -> list[dict[str, object]]:
    themes = [{theme.label: theme_path(theme)} for theme in reading_list.themes]
    return [
        {messages.t("nav.home"): "index.md"},
        {messages.t("nav.themes"): themes},
        {messages.t("nav.reading_list"): READING_LIST},
        {messages.t("nav.tags"): TAGS},
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


def _environment(templates: Path, messages: catalogue.Messages) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates / "pages"),
        undefined=jinja2.StrictUndefined,
        finalize=_finalize,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        # Each build has its own environment: checking the templates' times on every page is waste.
        auto_reload=False,
    )
    env.filters.update(
        attr=lambda value: Markup(text.escape(str(value))),
        yaml=_yaml,
        abstract=lambda paper: Markup(text.abstract_html(paper.abstract)),
        inline=lambda value: Markup(text.inline_html(str(value))),
        citation=citation_tags,
        minutes=_reading_minutes,
        plural=text.plural,
        describe=sessions.describe,
        description=paper_description,
        iso=lambda session: session.start.isoformat(),
        lang=catalogue.content_language,
        records=_records_attribute,
    )
    env.globals.update(
        url=_url,
        tag_url=_tag_url,
        link=_link,
        listed=listed_papers,
        lang_of=_lang_of,
        site_language=messages.language,
        LinkKind=LinkKind,
        t=functools.partial(_message, messages),
        t_text=messages.t,
        count=messages.count,
    )
    return env


# What an export calls a journal article: BibTeX's, CSL's and RIS's types.
_JOURNAL = {"article", "article-journal", "JOUR", "JFULL", "EJOUR"}


def citation_tags(paper: Paper) -> list[list[str]]:
    """The paper's Highwire Press citation_* meta tags (name, content), as Zotero and Google Scholar read them.

    Every field the input gives goes in: authors, year, venue (as a journal
    or a conference, as the export types it), DOI, PDF and the paper's page.
    """
    tags = [["citation_title", plain_math(paper.title)]]
    tags += [["citation_author", author] for author in paper.authors]
    if paper.year:
        tags.append(["citation_publication_date", paper.year])
    if paper.venue:
        kind = next((paper.extra[key] for key in ("bibtex_type", "csl_type", "ris_type") if key in paper.extra), "")
        tags.append(["citation_journal_title" if kind in _JOURNAL else "citation_conference_title", paper.venue])
    if paper.doi:
        tags.append(["citation_doi", paper.doi])
    if paper.pdf:
        tags.append(["citation_pdf_url", paper.pdf])
    if paper.url:
        tags.append(["citation_abstract_html_url", paper.url])
    return tags


def _message(messages: catalogue.Messages, key: str, **values: object) -> Markup:
    """A message for the page's Markdown: its words and values inert, values that are markup we built (links) as they are."""
    parts = []
    for literal, name in _holes(messages.template(key)):
        parts.append(literal)
        if name is not None:
            value = values[name]
            parts.append(value if isinstance(value, Markup) else text.inert(str(value)))
    return Markup("".join(parts))


# A page shows a dozen messages, a conference's pages a few hundred thousand: each is parsed once.
@functools.lru_cache(maxsize=256)
def _holes(template: str) -> tuple[tuple[str, str | None], ...]:
    """A message's words, made inert, each with the name of the hole after it (None at the end)."""
    return tuple((text.inert(literal), name) for literal, name, _, _ in string.Formatter().parse(template))


@jinja2.pass_context
def _link(context: jinja2.runtime.Context, target: Paper | Theme) -> Markup:
    """A Markdown link to a paper or theme, by its title or label, marked with the label's language where it is not the page's."""
    label = target.title if isinstance(target, Paper) else target.label
    return Markup(f"[{text.inline_html(label)}]({_url(context, target)}){_lang_of(context, label)}")


@jinja2.pass_context
def _lang_of(context: jinja2.runtime.Context, value: str) -> Markup:
    """A Markdown attribute list giving value's language when it is not the page's (a screen reader then switches voice); else nothing."""
    own = catalogue.content_language(value)
    return Markup(f'{{: lang="{own}" }}') if own != context["site_language"] else Markup("")


def _finalize(value: object) -> object:
    """Make every printed value inert unless it is markup we built."""
    if isinstance(value, Markup):
        return value
    return Markup(text.inert(str(value)))


def _records_attribute(records: dict[str, object]) -> Markup:
    """The records as JSON in an HTML attribute's value, which the page's scripts parse and no text in them can leave."""
    return Markup(text.escape(json.dumps(records, ensure_ascii=False, separators=(",", ":"))))


def _yaml(value: object) -> Markup:
    """A front-matter value: JSON is YAML, and MkDocs prints titles unescaped."""
    return Markup(json.dumps(_yaml_value(value), ensure_ascii=False))


def _yaml_value(value: object) -> object:
    if isinstance(value, str):
        return text.escape(plain_math(value))
    if isinstance(value, list | tuple):
        return [_yaml_value(v if isinstance(v, list | tuple) else str(v)) for v in value]
    return value


@jinja2.pass_context
def _url(context: jinja2.runtime.Context, target: Paper | Theme | str) -> Markup:
    """A relative link from the page being rendered to a paper, theme or page."""
    if isinstance(target, Paper):
        path = paper_path(target)
    elif isinstance(target, Theme):
        path = theme_path(target)
    else:
        path = target
    return Markup(_relative(path, posixpath.dirname(context["page_path"])))


@jinja2.pass_context
def _tag_url(context: jinja2.runtime.Context, keyword: str) -> Markup:
    """A link to the tags page showing the papers with this keyword."""
    tags = _relative(TAGS, posixpath.dirname(context["page_path"]))
    return Markup(f"{tags}?tag={quote(keyword, safe='')}")


def _relative(path: str, folder: str) -> str:
    """path as seen from folder, both relative to docs/: posixpath.relpath without its costly normalising."""
    here = folder.split("/") if folder else []
    parts = path.split("/")
    common = 0
    while common < min(len(here), len(parts) - 1) and here[common] == parts[common]:
        common += 1
    return "/".join([".."] * (len(here) - common) + parts[common:])


def _reading_minutes(paper: Paper) -> int:
    return max(1, math.ceil(len(paper.abstract.split()) / _WORDS_PER_MINUTE))


_PAPER_MARK = re.compile(r'class="rl-abstract" data-paper="([^"]*)"')


def papers_on(html: str) -> list[str]:
    """The ids of the papers whose abstracts an HTML page shows."""
    return _PAPER_MARK.findall(html)
