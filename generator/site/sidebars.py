"""Material's sidebars, and our search box, rendered once for all the pages that would render them alike.

Material renders the whole nav and the page's table of contents into every
page (the `site_nav` block of its base.html): a third of a paper page's
rendering time. A paper page is not in the nav, so nothing in the nav is
marked active on it, and its links are relative to its folder; every paper
page shows the same headings. So the sidebars of all the pages outside the
nav that sit at the same depth, show the same table of contents and hide the
same parts are one string, rendered on the first such page and reused on the
rest. Pages in the nav are rendered as Material renders them.

That string is not written into each page either: it is the theme nav, 20 KB
at 20,000 papers, most of a paper page. It goes once into a script file that
every page of its kind loads (cached after the first), and that script puts
it in the page, in its place, while the page is still being parsed: before
Material's bundle at the end of the body looks for the sidebars, and with no
layout shift, as a script without async or defer blocks the parser.

The header's search box (partials/search.html, 2 KB) and Material's
configuration (the `__config` JSON its bundle reads, 0.9 KB) go the same way,
one script for all the pages at one depth: neither holds anything of its
page, and without JavaScript the search box could not search anyway.

templates/overrides/main.html wraps both blocks in `rl_sidebars`; without our
plugin (a plain `mkdocs build` of the generated pages) Material renders them
on every page, to the bytes the scripts put there.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment, pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink

from ..paths import SIDEBARS_SCRIPT
from ..state.files import atomic_write
from .compact import SPACE, compact

GLOBAL = "rl_sidebars"


def install(env: Environment) -> Environment:
    """Give env's templates a fresh rl_sidebars: one cache per build, as each build has its nav."""
    env.globals[GLOBAL] = Sidebars()
    return env


class Sidebars:
    """`{% call rl_sidebars() %}…{% endcall %}`: the block's HTML, rendered once per kind of page outside the nav (or, for
    `rl_sidebars(everywhere=NAME)`, once per depth)."""

    def __init__(self) -> None:
        self._rendered: dict[tuple[object, ...], tuple[str, str, str]] = {}
        self._nav: tuple[int, frozenset[int], tuple[str, ...]] | None = None

    @pass_context
    def __call__(self, context: Context, *, caller: Callable[[], str], everywhere: str = "") -> str:
        """The tag of the script that writes the block, or the block itself on a page of its own.

        everywhere names a block that is the same on every page of a depth (the header's search box, Material's
        configuration): one script for each depth, at most a few for the whole site. A template that is no page
        (404.html, served at any depth) renders every block itself.
        """
        page = context.get("page")
        if everywhere and isinstance(page, Page):
            key: tuple[object, ...] | None = ("everywhere", everywhere, str(context.get("base_url")))
        else:
            key = self._key(page, context.get("nav"))
        if key is None:
            return caller()
        if key not in self._rendered:
            self._rendered[key] = _shared(caller(), Path(context["config"].site_dir))
        lead, name, trail = self._rendered[key]
        return Markup(f'{lead}<script src="{escape(posixpath.join(str(context.get("base_url")), name))}"></script>{trail}')

    def _key(self, page: Page | None, nav: Navigation | None) -> tuple[object, ...] | None:
        """What the sidebars of page depend on, or None if they are its own (a page in the nav)."""
        if page is None or nav is None or not isinstance(page, Page):
            return None
        if self._nav is None or self._nav[0] != id(nav):
            self._nav = (id(nav), frozenset(map(id, nav.pages)), tuple(p.url for p in nav.pages))
        _, in_nav, urls = self._nav
        if id(page) in in_nav:
            return None
        # A link from papers/a/ to a page below papers/a/ would differ from papers/b/'s.
        if page.url.endswith("/") and any(url.startswith(page.url) for url in urls):
            return None
        folder = posixpath.dirname(page.url.rstrip("/")) if page.url.endswith("/") else posixpath.dirname(page.url)
        depth = page.url.count("/")
        return (folder, depth, _toc(_shown(page.toc)), repr(page.meta.get("hide")))


def _shared(html: str, site_dir: Path) -> tuple[str, str, str]:
    """Write html into its script in the site; the whitespace around html, and the script's site path.

    The name is the content's hash: the same sidebars, from whichever page worker renders them, are one file.
    The script holds them compacted as the page around them is (compact.py), and the whitespace around them
    stays in the page, so that the page the script completes is the page Material would have written.
    """
    lead, trail = html[: len(html) - len(html.lstrip(SPACE))], html[len(html.rstrip(SPACE)) :]
    core = compact(html.strip(SPACE))
    name = SIDEBARS_SCRIPT.format(hashlib.sha256(core.encode("utf-8")).hexdigest()[:16])
    script = f'(function(s){{s.insertAdjacentHTML("beforebegin",{json.dumps(core, ensure_ascii=False)});s.remove()}})(document.currentScript);\n'
    path = site_dir / name
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, script.encode("utf-8"))
    return lead, name, trail


def _shown(toc: Iterable[AnchorLink]) -> Sequence[AnchorLink]:
    """The table of contents as Material's partials/toc.html shows it: a leading page title gives way to its sections."""
    items = list(toc)
    if items and items[0].level == 1:
        return items[0].children
    return items


def _toc(items: Sequence[AnchorLink]) -> tuple[Any, ...]:
    """A table of contents as a hashable value, with all the sidebar shows of it."""
    return tuple((item.level, item.id, item.title, repr(getattr(item, "typeset", None)), _toc(item.children)) for item in items)
