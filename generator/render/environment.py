"""The Jinja environment of the pages: its filters and globals.

This module owns the Jinja environment. Every value a template prints is made
inert (see text.markup.inert) unless Python marked it as finished markup, so a
template cannot forget to escape: input text never becomes structure.
"""

from __future__ import annotations

import functools
import json
import math
import posixpath
import string
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2
from markupsafe import Markup

from ..model import LinkKind, Paper, Theme
from ..paths import HOME, TAGS, author_query, paper_path, relative, theme_path
from ..read import sessions
from ..text.latex import plain_math
from ..text.markup import abstract_html, escape, inert, inline_html, plain_text
from ..text.words import plural, sentences, shorten
from . import messages as catalogue
from .citations import CITATION_TAGS, citation

_WORDS_PER_MINUTE = 200
# A theme with sub-themes shows this many of its papers, the most representative.
_REPRESENTATIVES = 3
# Search engines show about this many characters of a description.
DESCRIPTION_CHARS = 160


def paper_description(paper: Paper) -> str:
    """A paper page's meta description: its summary, else its abstract's first sentence cut at a word boundary.

    A paper has no summary when its only candidate would repeat the abstract's
    first sentence; on a search result page that sentence is the right one.
    """
    if paper.summary:
        return paper.summary
    first = next(iter(sentences(plain_text(paper.abstract))), "")
    return shorten(plain_math(first), DESCRIPTION_CHARS - 1)


def listed_papers(members: list[Paper], subthemes: list[Any]) -> list[Paper]:
    """The papers a theme's list shows: all of them, or its most representative when it has sub-themes."""
    return members[:_REPRESENTATIVES] if subthemes else members


def environment(templates: Path, messages: catalogue.Messages, *, han: str = "zh") -> jinja2.Environment:
    """The pages' Jinja environment; han is the language of the list's text in Chinese characters alone (messages.han_language)."""
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
        attr=lambda value: Markup(escape(str(value))),
        yaml=_yaml,
        abstract=lambda paper: Markup(abstract_html(paper.abstract)),
        inline=lambda value: Markup(inline_html(str(value))),
        citation=citation_tags,
        minutes=_reading_minutes,
        plural=plural,
        describe=sessions.describe,
        description=paper_description,
        iso=lambda session: session.start.isoformat(),
        lang=functools.partial(catalogue.content_language, han=han),
        records=_records_attribute,
    )
    env.globals.update(
        url=_url,
        tag_url=_tag_url,
        author_url=_author_url,
        byline=byline,
        link=_link,
        listed=listed_papers,
        lang_of=_lang_of,
        site_language=messages.language,
        han_language=han,
        LinkKind=LinkKind,
        t=functools.partial(_message, messages),
        t_text=messages.t,
        count=messages.count,
    )
    return env


def citation_tags(paper: Paper) -> list[list[str]]:
    """The paper's Highwire Press citation_* meta tags (name, content), as Zotero and Google Scholar read them.

    Every field the input gives goes in: the title, the citation's fields
    (authors, year, venue, DOI, PDF; see citations.citation) and the paper's page.
    """
    tags = [["citation_title", plain_math(paper.title)]]
    for field, value in citation(paper).items():
        tags += [[CITATION_TAGS[field], item] for item in (value if isinstance(value, list) else [value])]
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
            parts.append(value if isinstance(value, Markup) else inert(str(value)))
    return Markup("".join(parts))


# A page shows a dozen messages, a conference's pages a few hundred thousand: each is parsed once.
@functools.lru_cache(maxsize=256)
def _holes(template: str) -> tuple[tuple[str, str | None], ...]:
    """A message's words, made inert, each with the name of the hole after it (None at the end)."""
    return tuple((inert(literal), name) for literal, name, _, _ in string.Formatter().parse(template))


@jinja2.pass_context
def _link(context: jinja2.runtime.Context, target: Paper | Theme) -> Markup:
    """A Markdown link to a paper or theme, by its title or label, marked with the label's language where it is not the page's."""
    label = target.title if isinstance(target, Paper) else target.label
    return Markup(f"[{inline_html(label)}]({_url(context, target)}){_lang_of(context, label)}")


@jinja2.pass_context
def _lang_of(context: jinja2.runtime.Context, value: str) -> Markup:
    """A Markdown attribute list giving value's language when it is not the page's (a screen reader then switches voice); else nothing."""
    own = catalogue.content_language(value, context["han_language"])
    return Markup(f'{{: lang="{own}" }}') if own != context["site_language"] else Markup("")


def _finalize(value: object) -> object:
    """Make every printed value inert unless it is markup we built."""
    if isinstance(value, Markup):
        return value
    return Markup(inert(str(value)))


def _records_attribute(records: dict[str, object]) -> Markup:
    """The records as JSON in an HTML attribute's value, which the page's scripts parse and no text in them can leave."""
    return Markup(escape(json.dumps(records, ensure_ascii=False, separators=(",", ":"))))


def _yaml(value: object) -> Markup:
    """A front-matter value: JSON is YAML, and MkDocs prints titles unescaped."""
    return Markup(json.dumps(_yaml_value(value), ensure_ascii=False))


def _yaml_value(value: object) -> object:
    if isinstance(value, str):
        return escape(plain_math(value))
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
    return Markup(relative(path, posixpath.dirname(context["page_path"])))


@jinja2.pass_context
def _tag_url(context: jinja2.runtime.Context, keyword: str) -> Markup:
    """A link to the tags page showing the papers with this keyword."""
    tags = relative(TAGS, posixpath.dirname(context["page_path"]))
    return Markup(f"{tags}?tag={quote(keyword, safe='')}")


@jinja2.pass_context
def _author_url(context: jinja2.runtime.Context, name: str, field: str = "author") -> Markup:
    """A link to the home page's list filtered to the papers of this author, or of this affiliation (field "aff")."""
    home = relative(HOME, posixpath.dirname(context["page_path"]))
    return Markup(home + author_query(field, name))


def byline(paper: Paper) -> tuple[list[tuple[str, str]], list[str]]:
    """The paper's authors, each with its affiliation, and the affiliations that pair with no author.

    The export's affiliations pair with its authors only when it gives one
    for each (paperlists' "aff"); else they are shown apart, each once.
    """
    if len(paper.affiliations) == len(paper.authors):
        return list(zip(paper.authors, paper.affiliations, strict=True)), []
    return [(author, "") for author in paper.authors], list(dict.fromkeys(a for a in paper.affiliations if a))


def _reading_minutes(paper: Paper) -> int:
    return max(1, math.ceil(len(paper.abstract.split()) / _WORDS_PER_MINUTE))
