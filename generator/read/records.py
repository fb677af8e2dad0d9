"""Flat records (JSONL, JSON, CSV rows, BibTeX and RIS entries) to papers, whatever the export calls its fields."""

from __future__ import annotations

import dataclasses
import hashlib
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

from ..errors import InputError
from ..model import Link, LinkKind, Paper, Source
from ..text.latex import untex
from ..text.residue import tidy
from .sessions import is_session_list, read_sessions

# Field names that exports use, each mapped to ours; where a record has
# several of one field, the alias listed first wins and the others stay
# metadata. Keys are compared lower-cased with spaces, dashes and dots folded
# to underscores.
_ALIASES = {
    "id": ("id", "uid", "paper_id", "paperid", "forum", "forum_id", "openreview_id", "submission_id", "key", "citation_key"),
    "title": ("title", "paper_title", "name"),
    "abstract": ("abstract", "paper_abstract", "description"),
    "summary": ("tldr", "tl;dr", "tl_dr", "one_sentence_summary"),
    "authors": ("authors", "author", "author_names", "authorids_names"),
    "affiliations": ("affiliations", "aff", "affiliation", "affs", "author_affiliations"),
    "keywords": ("keywords", "keyword", "tags", "topics"),
    "track": ("track", "session", "sessions"),
    "status": ("status", "decision"),
    "primary_area": ("primary_area", "area", "subject_area"),
    "year": ("year", "publication_year"),
    "venue": ("venue", "booktitle", "journal", "conference", "container_title", "proceedings"),
    "doi": ("doi",),
}
# Fields that hold a link, and what the page calls it: the first of the
# "url" ones is the paper's page, kept for citations too; its host may say
# better what it is (OpenReview, arXiv, code).
_LINK_ALIASES: dict[str, tuple[tuple[str, ...], LinkKind | None]] = {
    "url": (("url", "link", "site", "forum_url", "paper_url", "openreview_url", "openreview", "html_url", "page_url"), None),
    "pdf": (("pdf", "pdf_url", "pdf_link", "pdf_path", "oa", "openaccess", "open_access"), LinkKind.PDF),
    "supplement": (
        ("supp", "supplement", "supplementary", "supplemental", "supplementary_material", "supp_url"),
        LinkKind.SUPPLEMENT,
    ),
    "arxiv": (("arxiv", "arxiv_url", "arxiv_id"), LinkKind.ARXIV),
    "code": (("code", "code_url", "code_link", "github", "repository", "repo"), LinkKind.CODE),
    "project": (("project", "project_page", "project_url", "homepage", "website"), LinkKind.PROJECT),
}
_LISTS = ("authors", "keywords")
# Lists whose repeats stay: the affiliations of two authors of one lab line up with those authors.
_ALIGNED = ("affiliations",)
# Fields shown as text, whose LaTeX accents and protective braces become Unicode (ids, years and DOIs are left alone).
_UNTEX = ("title", "abstract", "summary", "venue", "track", "status", "primary_area")
# Prose, which keeps what a spreadsheet or a PDF left in it unless repaired (see text/residue.py).
_PROSE = ("title", "abstract", "summary")
_SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_DOI = re.compile(r"10\.\d{4,9}/\S+")
# A DOI as exports spell it: Paper Copilot's ECCV lists write "10.1007/978-3-031-19830-4 _21", a space before the
# chapter's "_21"; a space next to "_", "-", "." or "/" is inside the DOI, unless another DOI follows it.
_SPACED_DOI = re.compile(r"10\.\d{4,9}/\S+(?:(?:(?<=[_./-])\s+|\s+(?=[_./-]))(?!10\.\d{4,9}/)(?=\S*[A-Za-z0-9])\S+)*")
_ARXIV_ID = re.compile(r"(?:arXiv:)?(\d{4}\.\d{4,5}(?:v\d+)?)", re.IGNORECASE)

_HOSTS = (
    (LinkKind.CODE, ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "anonymous.4open.science", "huggingface.co")),
    (LinkKind.OPENREVIEW, ("openreview.net",)),
    (LinkKind.ARXIV, ("arxiv.org",)),
    (LinkKind.DOI, ("doi.org",)),
    (LinkKind.PAGE, ("aclanthology.org",)),
)

FIELDS = (*_ALIASES, *_LINK_ALIASES)
_ATTRIBUTES = frozenset(field.name for field in dataclasses.fields(Paper))


def column_key(name: str) -> str:
    """A field name as the aliases spell it: lower-cased, with spaces, dashes and dots as underscores."""
    return re.sub(r"[\s.\-]+", "_", str(name).strip().lower())


class FieldMap:
    """Which of our fields each of an export's columns fills: the aliases, under the curator's own mapping."""

    def __init__(self, given: Mapping[str, str] | None = None) -> None:
        self._rank: dict[str, tuple[str, int]] = {}
        for field, aliases in (*_ALIASES.items(), *((f, a) for f, (a, _) in _LINK_ALIASES.items())):
            for rank, alias in enumerate(aliases):
                self._rank[alias] = (field, rank + 1)
        for field, column in (given or {}).items():
            if field not in FIELDS:
                raise InputError(
                    f"no field {field!r} to map a column to",
                    where=f"fields: {field}",
                    hint=f"map one of {', '.join(FIELDS)}",
                )
            # The curator's mapping outranks every alias; the column it took a field from no longer fills another.
            self._rank[column_key(column)] = (field, 0)
        self.given = dict(given or {})

    def field(self, column: str) -> tuple[str, int] | None:
        """The field a column fills and its rank (lower wins), or None for metadata."""
        return self._rank.get(column_key(column))


DEFAULT_FIELDS = FieldMap()


def resolve_field(name: str, papers: Sequence[Paper], fields: FieldMap = DEFAULT_FIELDS) -> str:
    """Where a field named as the export names it lives on the papers: a Paper attribute, or a key of extra.

    "sessions", Mini-Conf's column, is the track; a column the aliases took
    for no field, or that lost to another of the same field, is its own key of extra.
    """
    if not name or any(name in paper.extra for paper in papers):
        return name
    keys = {column_key(key): key for paper in papers for key in paper.extra}
    if column_key(name) in keys:
        return keys[column_key(name)]
    # An alias before an attribute of that name: "sessions" is the track, not the session times read apart.
    found = fields.field(name)
    return found[0] if found and found[0] in _ATTRIBUTES else name


def paper_from_record(record: Any, source: Source, fields: FieldMap = DEFAULT_FIELDS) -> Paper:
    """A paper from one record; an error naming the record if it has neither a title nor an abstract."""
    if not isinstance(record, dict):
        raise InputError(
            f"expected an object, found {type(record).__name__}", where=str(source), hint="one JSON object per paper"
        )
    chosen: dict[str, tuple[int, Any]] = {}
    extra: dict[str, str] = {}
    links: list[tuple[int, str, Any]] = []
    for key, value in record.items():
        found = fields.field(key)
        if found is None:
            extra[str(key)] = _text(value)
            continue
        field, rank = found
        if field in _LINK_ALIASES:
            links.append((rank, field, value))
        elif field not in chosen or rank < chosen[field][0]:
            if field in chosen:
                extra[_column_of(record, fields, field, chosen[field][0])] = _text(chosen[field][1])
            chosen[field] = (rank, value)
        else:
            extra[str(key)] = _text(value)
    values = {
        field: _value(field, _session_names(value) if is_session_list(value) else value) for field, (_, value) in chosen.items()
    }
    abstract = values.pop("abstract", "")
    given_id = values.pop("id", "")
    if not abstract and not values.get("title"):
        named = f"record {given_id!r} has" if given_id else "the record has"
        raise InputError(
            f"{named} neither a title nor an abstract", where=str(source), hint="give every record a title or an abstract"
        )

    # The id hashes the text as the export gives it, so a better LaTeX reading never moves a paper's URL.
    identity = _text(chosen["abstract"][1]) if abstract else _text(chosen["title"][1])
    sessions = read_sessions(record, source)
    paper = Paper(id=given_id or paper_id(identity), abstract=abstract, source=source, extra=extra, sessions=sessions, **values)
    paper.doi = _doi(paper.doi)
    paper.links = _given_links(sorted(links, key=lambda link: (list(_LINK_ALIASES).index(link[1]), link[0])), paper)
    if given_id:
        # A given id is the paper's identity, so it is its URL too.
        paper.slug = given_id if _SAFE_ID.fullmatch(given_id) else f"id-{paper_id(given_id)}"
    return paper


def _value(field: str, value: Any) -> Any:
    """A field's value as the paper keeps it: text, or a list; text-mode LaTeX in Unicode where it is shown, prose tidied."""
    if field in _LISTS:
        return [untex(item) for item in split_values(value)]
    if field in _ALIGNED:
        return [untex(item) for item in split_values(value, unique=False)]
    if field in _PROSE:
        return tidy(untex(_text(value)))
    return untex(_text(value)) if field in _UNTEX else _text(value)


def _column_of(record: dict[str, Any], fields: FieldMap, field: str, rank: int) -> str:
    return next(str(key) for key in record if fields.field(key) == (field, rank))


def _given_links(found: list[tuple[int, str, Any]], paper: Paper) -> list[Link]:
    """The record's links in the order url, pdf, supplement, arXiv, code, project, DOI; the first url, pdf and code fill the paper's fields."""
    links: dict[str, Link] = {}
    for _, field, value in found:
        for url in split_values(value) if isinstance(value, list) else [_text(value)]:
            target = _absolute(url, field)
            if not target:
                continue
            kind = _LINK_ALIASES[field][1] or link_kind(target, LinkKind.PAGE)
            links.setdefault(target, Link(target, kind))
            if field in ("url", "pdf", "code") and not getattr(paper, field):
                setattr(paper, field, target)
    if paper.doi:
        target = f"https://doi.org/{paper.doi}"
        links.setdefault(target, Link(target, LinkKind.DOI))
    return list(links.values())


def _absolute(value: str, field: str) -> str:
    """A followable URL from a link field's value: arXiv ids and DOIs as given become URLs."""
    value = value.strip()
    if field == "arxiv" and (match := _ARXIV_ID.fullmatch(value)):
        return f"https://arxiv.org/abs/{match.group(1)}"
    if value.startswith("10.") and _DOI.fullmatch(value):
        return f"https://doi.org/{value}"
    if value.startswith("//"):
        value = "https:" + value
    return value if re.match(r"https?://[^\s/]+", value, re.IGNORECASE) else ""


def _doi(value: str) -> str:
    """A DOI without the resolver in front of it ("https://doi.org/10.1145/3580305" is 10.1145/3580305), and without spaces."""
    match = _SPACED_DOI.search(value)
    return "".join(match.group(0).split()) if match else ""


def link_kind(url: str, unknown: LinkKind = LinkKind.PROJECT) -> LinkKind:
    """What a link is by its host (code, OpenReview, arXiv, a DOI) or its path (a PDF); unknown where neither says."""
    parts = urlsplit(url)
    host = (parts.hostname or "").removeprefix("www.")
    for kind, hosts in _HOSTS:
        if any(host == h or host.endswith("." + h) for h in hosts):
            return kind
    return LinkKind.PDF if parts.path.lower().endswith(".pdf") else unknown


def paper_id(text: str) -> str:
    """A stable id for a paper the input gives none: a hash of its abstract (or its title, if it has no abstract)."""
    return hashlib.sha256(unicodedata.normalize("NFC", text).encode()).hexdigest()[:10]


def _session_names(value: Any) -> list[str]:
    """A programme's session objects as a track: their names (read_sessions takes their times)."""
    return [item.get("name") or item.get("title") or "" for item in ([value] if isinstance(value, dict) else value)]


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return "; ".join(_text(v) for v in value)
    return " ".join(str(value).split())


def split_values(value: Any, *, unique: bool = True) -> list[str]:
    """A multi-valued cell's values: a list, or text separated by | or ; (or commas, failing both); unique drops repeats."""
    if isinstance(value, list):
        items = [_text(v) for v in value]
    else:
        text = _text(value)
        separator = next((s for s in "|;" if s in text), ",")
        items = [item.strip() for item in text.split(separator)]
    if not unique:
        return items if any(items) else []
    return list(dict.fromkeys(item for item in items if item))
