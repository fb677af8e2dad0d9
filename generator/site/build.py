"""Stage 7: the generated pages to a finished site, by MkDocs with our plugin, or by Zensical (zensical.py)."""

from __future__ import annotations

import importlib.util
import logging
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, ConfigurationError

from ..errors import BuildError, ConfigError
from ..model import Site
from ..paths import paper_html_path, paper_path
from ..pipeline import generate
from ..progress import Stopwatch
from ..render.pages import papers_on
from ..state.first_seen import build_time
from .write import staging
from .zensical import ZENSICAL, run_zensical

log = logging.getLogger(__name__)

PLUGIN = "readinglist"
MKDOCS = "mkdocs"
ENGINES = (MKDOCS, ZENSICAL)


@dataclass(frozen=True)
class BuildOptions:
    config_file: Path
    out: Path
    # None: the inputs named in mkdocs.yml.
    inputs: tuple[Path, ...] | None = None
    # The command line's plugin options by name (themes, group_by, jobs, ...), over mkdocs.yml's.
    overrides: Mapping[str, object] = field(default_factory=dict)
    # What turns the pages into HTML: MkDocs with our plugin, or Zensical around it (see zensical.py).
    engine: str = MKDOCS


def build(options: BuildOptions, clock: Stopwatch | None = None) -> Site:
    """Input files to a finished site in options.out; on failure, out is untouched."""
    clock = clock or Stopwatch()
    # Said before the generator's minutes, not after.
    if options.engine == ZENSICAL and importlib.util.find_spec(ZENSICAL) is None:
        raise BuildError("Zensical is not installed", hint="pip install zensical")
    config = load_mkdocs_config(options.config_file, options.inputs, options.overrides)
    plugin = config.plugins[PLUGIN]
    settings = plugin.settings(config)
    try:
        plugin.generated = site = generate(settings, clock, on_papers=plugin.search_starter(config))
    except BaseException:
        # MkDocs has not started, so no plugin event will stop the search index.
        plugin.on_shutdown()
        raise
    with staging(options.out) as site_dir, _build_date(settings.inputs):
        config.site_dir = str(site_dir)
        with clock(options.engine):
            if options.engine == ZENSICAL:
                run_zensical(config, PLUGIN)
            else:
                _run_mkdocs(config)
    return site


def verify_site(site: Site, site_dir: Path, *, use_directory_urls: bool, rendered: Mapping[str, list[str]] | None = None) -> None:
    """Fail unless every paper stands on exactly one page of the built site.

    rendered gives the papers_on() of paper pages as MkDocs wrote them this
    build, so that a full build need not read them back; other pages are read.
    """
    rendered = rendered or {}
    seen: dict[str, int] = {}
    for paper in site.reading_list.papers:
        source = paper_path(paper)
        html = site_dir / paper_html_path(paper, use_directory_urls=use_directory_urls)
        if not html.is_file():
            raise BuildError(f"the page of paper {paper.id} was not written", where=str(paper.source))
        found = rendered.get(source)
        for paper_id in found if found is not None else papers_on(html.read_text(encoding="utf-8")):
            seen[paper_id] = seen.get(paper_id, 0) + 1
    wrong = {p.id for p in site.reading_list.papers if seen.get(p.id) != 1}
    if wrong:
        raise BuildError(f"{len(wrong)} papers are not on exactly one page, e.g. {min(wrong)}")
    log.info("Checked: each of the %d papers is on exactly one page", len(seen))


def load_mkdocs_config(
    config_file: Path, inputs: tuple[Path, ...] | None = None, overrides: Mapping[str, object] | None = None
) -> MkDocsConfig:
    """The validated MkDocs config, with the command line's inputs and plugin options over its own (see config.merged)."""
    try:
        config = load_config(str(config_file), strict=True)
    except (ConfigurationError, Abort) as error:
        raise ConfigError(str(error), where=str(config_file)) from None
    if PLUGIN not in config.plugins:
        raise ConfigError(f"the {PLUGIN} plugin is not enabled", where=str(config_file), hint=f"add '- {PLUGIN}' under plugins")
    given = {**({"input": list(inputs)} if inputs else {}), **(overrides or {})}
    plugin = config.plugins[PLUGIN]
    unknown = sorted(set(given) - set(plugin.config))
    if unknown:
        raise ConfigError(f"the {PLUGIN} plugin has no option {', '.join(unknown)}", where=str(config_file))
    # MkDocs may hand back the plugin object of an earlier build in this process: set its every override.
    plugin.overrides = given
    plugin.dirty = False
    return config


def _run_mkdocs(config: MkDocsConfig) -> None:
    plugin = config.plugins[PLUGIN]
    config.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build(config)
    except Abort as error:
        # MkDocs says only that a plugin failed; the plugin kept what failed.
        if plugin.failure is not None:
            raise plugin.failure from None
        raise BuildError(f"mkdocs build failed: {error}", hint="see the warnings above") from None
    finally:
        config.plugins.on_shutdown()


@contextmanager
def _build_date(inputs: tuple[Path, ...]) -> Iterator[None]:
    """Date the build by its newest input unless SOURCE_DATE_EPOCH says otherwise.

    MkDocs stamps the sitemap with the build date; tying it to the input keeps
    the same input giving the same bytes.
    """
    if "SOURCE_DATE_EPOCH" in os.environ:
        yield
        return
    os.environ["SOURCE_DATE_EPOCH"] = str(int(build_time(inputs).timestamp()))
    try:
        yield
    finally:
        del os.environ["SOURCE_DATE_EPOCH"]
