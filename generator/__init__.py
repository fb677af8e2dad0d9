"""readinglist: a static site generator for conference reading lists."""

__version__ = "0.1.0"
