"""readinglist: a static site generator for conference reading lists."""

from pathlib import Path

__version__ = "0.1.0"

# Where the site's sources (mkdocs.yml, templates/, docs/) are: in the wheel
# beside the package, in a checkout at its root.
SITE_SOURCES = (Path(__file__).parent / "_site", Path(__file__).parent.parent)
