"""The search stage: a chunked Pagefind index of the built site.

The browser downloads only the index chunks a query needs, so search starts at
once however long the list is. Only the regions marked `data-pagefind-body`
in the templates are indexed: each paper's title, keywords, summary and
abstract, and the home page's title.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
from pathlib import Path

from pagefind_bin_extended import get_executable

from .errors import BuildError

log = logging.getLogger(__name__)

OUTPUT_SUBDIR = "pagefind"
# Pagefind's ready-made search UIs; the site has its own box (assets/javascripts/search.js).
_UNUSED = ("pagefind-ui.js", "pagefind-ui.css", "pagefind-modular-ui.js", "pagefind-modular-ui.css")
_UNUSED += ("pagefind-component-ui.js", "pagefind-component-ui.css", "pagefind-highlight.js")
# One language for every site, so search behaves the same whatever the UI
# language: Pagefind's extended build splits Chinese into words for "zh" (at
# indexing and in the browser) and leaves Latin words whole and unstemmed.
INDEX_LANGUAGE = "zh"


def index_site(site_dir: Path, *, language: str = INDEX_LANGUAGE) -> None:
    """Write the Pagefind index of site_dir into site_dir/pagefind/."""
    try:
        binary = get_executable()
    except FileNotFoundError:
        raise BuildError("the Pagefind binary is missing", hint="pip install pagefind-bin-extended") from None
    output = site_dir / OUTPUT_SUBDIR
    # A dirty build must not keep chunks of an older index.
    shutil.rmtree(output, ignore_errors=True)
    command = [str(binary), "--site", str(site_dir), "--output-subdir", OUTPUT_SUBDIR, "--force-language", language, "--silent"]
    log.debug("Indexing %s with Pagefind", site_dir)
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError as error:
        raise BuildError(f"cannot run Pagefind: {error.strerror}", where=str(binary)) from None
    if done.returncode != 0:
        lines = [line for line in (done.stderr + done.stdout).splitlines() if line.strip()]
        problem = lines[-1].strip() if lines else f"exit code {done.returncode}"
        raise BuildError(f"Pagefind could not index the site: {problem}", where=str(site_dir))
    for name in _UNUSED:
        (output / name).unlink(missing_ok=True)
    log.info("Indexed the site for search: %s/", output)
