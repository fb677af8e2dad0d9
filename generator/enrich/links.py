"""A paper's links: those the record gives, then those in its abstract."""

from __future__ import annotations

from ..model import Link, LinkKind, Paper
from ..read.records import link_kind
from ..text.markup import safe_url, urls


def paper_links(paper: Paper) -> list[Link]:
    """The links the record gives, then those in the abstract; only http(s) ones."""
    found: list[tuple[str, LinkKind | None]] = [(paper.url, None), (paper.pdf, LinkKind.PAPER), (paper.code, LinkKind.CODE)]
    found += [(link.url, link.kind) for link in paper.links]
    found += [(url, None) for url in urls(paper.abstract)]
    links: dict[str, Link] = {}
    for given, kind in found:
        url = safe_url(given)
        if url and url not in links:
            links[url] = Link(url, kind or link_kind(url))
    return list(links.values())
