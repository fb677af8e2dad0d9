"""Stage 7 on Zensical: the generated pages to a finished site, by Zensical in a child process.

Zensical reads mkdocs.yml but runs no MkDocs plugin, so ours does its part
around it: the plugins' events fire as MkDocs fires them, but for those of
the nav and the pages (Zensical renders them itself). on_config sets the
site's name, nav, language and the scripts' words; on_files gives the docs
folder with the generated pages, which are written out for Zensical to read;
on_post_build checks that every paper has its page, writes the sentence
model, puts the Pagefind index into the site and records the build's state.
Zensical reads a config that inherits mkdocs.yml and sets what on_config
set, and the few things Zensical needs to show the site as Material does.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
from pathlib import Path

import yaml
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import get_files

from ..errors import BuildError
from .children import interrupts_held, start_child, stop_child, work_folder

log = logging.getLogger(__name__)

ZENSICAL = "zensical"
# Zensical's config, the pages and the site, in a work folder: Zensical wants the last two below the first.
_CONFIG = "zensical.yml"
_DOCS = "docs"
_SITE = "site"
# The header as Material shows it (templates/zensical/): Zensical's themes style another search box. Only its site gets it.
_HEADER_CSS = "zensical/header.css"
_HEADER_CSS_URL = "assets/stylesheets/zensical-header.css"


def run_zensical(config: MkDocsConfig, plugin_name: str) -> None:
    """Build the site the plugin generated (plugin.generated) into config.site_dir with Zensical."""
    plugin = config.plugins[plugin_name]
    site_dir = Path(config.site_dir)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        config = config.plugins.on_config(config)
        config.plugins.on_pre_build(config=config)
        with work_folder("readinglist-zensical-") as work:
            root = Path(work)
            _write_docs(config, root / _DOCS)
            (root / _DOCS / _HEADER_CSS_URL).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(plugin.settings(config).templates / _HEADER_CSS, root / _DOCS / _HEADER_CSS_URL)
            _write_config(config, root / _CONFIG)
            _zensical(root / _CONFIG)
            for entry in (root / _SITE).iterdir():
                shutil.move(entry, site_dir / entry.name)
        config.plugins.on_post_build(config=config)
    except PluginError as error:
        # The plugin kept what failed, when it was ours to say.
        raise plugin.failure or BuildError(str(error)) from None
    finally:
        config.plugins.on_shutdown()


def _write_docs(config: MkDocsConfig, docs: Path) -> None:
    """The docs folder as MkDocs would build it: its own files and the generated pages, by the plugin's on_files."""
    files = config.plugins.run_event("files", get_files(config), config=config)
    for file in files:
        if file.inclusion.is_excluded():
            continue
        target = docs / file.src_uri
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(file.content_bytes)


def _write_config(config: MkDocsConfig, target: Path) -> None:
    """mkdocs.yml with what the plugin's on_config set over it, and the work folder's pages and site."""
    custom_dir = config.theme.custom_dir
    settings = {
        "INHERIT": str(Path(config.config_file_path).resolve()),
        "site_name": config.site_name,
        "nav": config.nav,
        "docs_dir": _DOCS,
        "site_dir": _SITE,
        "theme": {
            "language": config.theme["language"],
            # Material's look, whose markup the overrides' search box is: Zensical's modern look styles another search.
            "variant": "classic",
            # Zensical finds custom_dir from its own config's folder.
            **({"custom_dir": str(Path(custom_dir).resolve())} if custom_dir else {}),
        },
        "extra": dict(config.extra),
        # After mkdocs.yml's: Zensical appends an inheriting config's lists to the inherited ones.
        "extra_css": [_HEADER_CSS_URL],
        # Zensical's own search is on unless turned off, and would put its box in the header beside ours.
        "plugins": [{"search": {"enabled": False}}],
    }
    target.write_text(yaml.safe_dump(settings, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _zensical(config_file: Path) -> None:
    """`zensical build` in a child process; what it printed goes to the log."""
    with interrupts_held():
        process = start_child(
            ZENSICAL, "build", "-f", str(config_file), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
    try:
        output, _ = process.communicate()
    finally:
        stop_child(process)
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for line in lines:
        log.info("zensical: %s", line)
    if process.returncode != 0:
        problem = lines[-1] if lines else f"exit code {process.returncode}"
        raise BuildError(f"zensical build failed: {problem}", hint="see its output above")
