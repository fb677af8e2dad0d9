"""A paper's links: those the record gives, then those in its abstract."""

from __future__ import annotations

from ..model import Link, LinkKind, Paper
from ..read.records import link_kind
from ..text.markup import safe_url, urls


def paper_links(paper: Paper) -> list[Link]:
    """The links the record gives, in its order, then those in the abstract; only http(s) ones.

    A paper made without links has its url, pdf and code; its url is its page
    unless its host says more (OpenReview, arXiv, code).
    """
    found = [(link.url, link.kind) for link in paper.links]
    found += [(paper.url, link_kind(paper.url, LinkKind.PAGE)), (paper.pdf, LinkKind.PDF), (paper.code, LinkKind.CODE)]
    found += [(url, link_kind(url)) for url in urls(paper.abstract)]
    links: dict[str, Link] = {}
    for given, kind in found:
        url = safe_url(given)
        if url and url not in links:
            links[url] = Link(url, kind)
    return list(links.values())
