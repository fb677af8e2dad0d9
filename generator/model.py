"""The data model: a reading list of papers grouped into themes.

Every stage takes and returns these types; nothing passes dicts around.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum


class LinkKind(StrEnum):
    """What a link leads to, which names its button: the paper's page, its PDF and its DOI no longer all read "Paper"."""

    # The paper's page at the venue (its abstract); OpenReview's and arXiv's are named for them.
    PAGE = "page"
    OPENREVIEW = "openreview"
    ARXIV = "arxiv"
    PDF = "pdf"
    DOI = "doi"
    SUPPLEMENT = "supplement"
    CODE = "code"
    PROJECT = "project"


@dataclass(frozen=True)
class Link:
    url: str
    kind: LinkKind


@dataclass(frozen=True)
class Source:
    """Where a paper came from, so errors and warnings can point at it."""

    path: str
    line: int
    # For formats without line numbers (a JSON array): the 1-based record.
    record: int = 0
    # For a paper held inside a record (a crawler's venue object): its place there, as "submission 3".
    within: str = ""

    def __str__(self) -> str:
        place = f"{self.path}: record {self.record}" if self.record else f"{self.path}:{self.line}"
        return f"{place}, {self.within}" if self.within else place


@dataclass(frozen=True)
class Session:
    """A slot of the conference programme where a paper is presented."""

    name: str
    # Aware datetimes in the session's own zone; no start for a session the input names without a time.
    start: datetime | None
    end: datetime | None
    # An IANA zone name, or "UTC+02:00" when the input gave only an offset; "" without a start.
    zone: str


@dataclass
class Paper:
    """One paper. Fields the input lacks are filled in by the enrich stage."""

    id: str
    abstract: str
    source: Source
    title: str = ""
    title_derived: bool = False
    # The file name of the language model that wrote a derived title; empty where the rules made it.
    title_model: str = ""
    authors: list[str] = field(default_factory=list)
    # As the export gives them (paperlists' "aff"), repeats kept: one per author when the counts agree.
    affiliations: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    url: str = ""
    pdf: str = ""
    code: str = ""
    status: str = ""
    track: str = ""
    primary_area: str = ""
    # For citations: what the export gives, as it gives it.
    year: str = ""
    venue: str = ""
    doi: str = ""
    extra: dict[str, str] = field(default_factory=dict)
    # The timed sessions in time order, then those the input names without a time.
    sessions: list[Session] = field(default_factory=list)
    # Derived by the enrich stage.
    slug: str = ""
    summary: str = ""
    # Set by the theme stage: the slug of the paper's (top-level) theme, and
    # in a two-level list the slug of its sub-theme ("" in a flat list).
    theme: str = ""
    subtheme: str = ""
    related: list[Related] = field(default_factory=list)
    # Set by the layout stage: where the paper sits on the theme map, in [0, 1]².
    position: tuple[float, float] = (0.5, 0.5)


@dataclass(frozen=True)
class Related:
    """A nearby paper and why it is near: the keyphrases the two share."""

    paper_id: str
    reasons: tuple[str, ...]


@dataclass(frozen=True, order=True)
class Theme:
    """A named group of papers. Ordered and hashed by slug, like a tag."""

    slug: str
    label: str = field(compare=False)
    keywords: tuple[str, ...] = field(default=(), compare=False)
    # Paper ids, most representative first.
    paper_ids: tuple[str, ...] = field(default=(), compare=False)
    # A sub-theme's parent theme slug; "" for a top-level theme.
    parent: str = field(default="", compare=False)
    # The closing "Other topics": the papers that share no theme's topic.
    other: bool = field(default=False, compare=False)


@dataclass
class ReadingList:
    title: str
    papers: list[Paper]
    # The top-level themes, largest first; they alone make the nav.
    themes: list[Theme] = field(default_factory=list)
    # In a two-level list, the sub-themes of every theme, grouped by parent in
    # the order of the themes; empty in a flat list.
    subthemes: list[Theme] = field(default_factory=list)
    # The themes and sub-themes as detected, before the curator's overrides:
    # what the theme memory keeps for the next build.
    detected: tuple[tuple[Theme, ...], tuple[Theme, ...]] = ((), ())
    # The field (a Paper attribute or key of extra) whose values made the top level; "" when detected.
    group_by: str = ""

    def set_themes(self, themes: list[Theme], subthemes: list[Theme]) -> None:
        """Make these the list's themes, and point every paper at its theme and sub-theme."""
        self.themes, self.subthemes = themes, subthemes
        by_id = self.by_id()
        for paper in self.papers:
            paper.theme = paper.subtheme = ""
        for theme in themes:
            for paper_id in theme.paper_ids:
                by_id[paper_id].theme = theme.slug
        for theme in subthemes:
            for paper_id in theme.paper_ids:
                by_id[paper_id].subtheme = theme.slug

    def children(self, slug: str) -> list[Theme]:
        """The sub-themes of the theme slug, largest first."""
        return [theme for theme in self.subthemes if theme.parent == slug]

    def by_id(self) -> dict[str, Paper]:
        return {paper.id: paper for paper in self.papers}

    def theme(self, slug: str) -> Theme:
        return self.themes_by_slug()[slug]

    def themes_by_slug(self) -> dict[str, Theme]:
        """Every theme and sub-theme by its slug, the first where slugs repeat: for stages that look up one per paper."""
        found: dict[str, Theme] = {}
        for theme in (*self.themes, *self.subthemes):
            found.setdefault(theme.slug, theme)
        return found


@dataclass(frozen=True)
class Site:
    """The rendered pages of a reading list, ready for MkDocs."""

    title: str
    language: str
    # Docs-relative path to generated content (Markdown pages, papers.json), in a stable order.
    pages: dict[str, str]
    # The MkDocs nav: home, themes, tags, about. Paper pages stay out of it.
    nav: list[dict[str, object]]
    reading_list: ReadingList
    # The interface's words the theme's templates and the browser's scripts show, in the site's language.
    messages: dict[str, str] = field(default_factory=dict)
    # The palette toggles' names as mkdocs.yml gives them, in English, each with the site language's name.
    toggle_names: dict[str, str] = field(default_factory=dict)
    # The site ships the papers' sentence vectors and the model that encodes a reader's query (see config.semantic).
    semantic: bool = False
