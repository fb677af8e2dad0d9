"""Stage 6, render: the site's Markdown pages and the files beside them, one module per kind.

pages (the entry point) renders the templates through environment (Jinja,
its filters and globals); exports makes papers.json, papers.js and points.js;
citations the citations/*.js and sessions.js; feeds the Atom feeds;
messages holds the interface's words.
"""

from .pages import render_pages

__all__ = ["render_pages"]
