"""The `readinglist` command: a thin layer over the pipeline.

Errors the user can fix become one line, `readinglist: error: WHERE: what (hint)`,
and exit code 1.
"""

from __future__ import annotations

import logging
import signal
import sys
import time
from collections.abc import Mapping
from pathlib import Path

import click

from . import SITE_SOURCES, __version__
from .errors import ReadingListError
from .pipeline import generate
from .site.build import ENGINES, MKDOCS, PLUGIN, BuildOptions, build, load_mkdocs_config
from .site.write import write_docs
from .text.words import plural

log = logging.getLogger("readinglist")

_BUNDLED = SITE_SOURCES[0]


def default_config() -> Path:
    """mkdocs.yml in this folder, else the one the package carries."""
    for candidate in (Path("mkdocs.yml"), *(root / "mkdocs.yml" for root in SITE_SOURCES)):
        if candidate.is_file():
            return candidate
    raise click.UsageError("no mkdocs.yml here and none bundled; pass --config")


def _packaged(config_file: Path) -> bool:
    return config_file.resolve().is_relative_to(_BUNDLED.resolve())


def cache_dir(config_file: Path) -> Path | None:
    """Where a build keeps its cache: beside mkdocs.yml, or here when the mkdocs.yml is the packaged one."""
    return Path(".cache", "readinglist").resolve() if _packaged(config_file) else None


def data_dir(config_file: Path) -> Path | None:
    """Where a build keeps its state files: mkdocs.yml's data_dir, or here when the mkdocs.yml is the packaged one."""
    return Path.cwd() if _packaged(config_file) else None


def _overrides(config_file: Path, flags: Mapping[str, object]) -> dict[str, object]:
    """The plugin options the command line gave, over mkdocs.yml's: each flag is named as its option is there.

    A flag left unset (None or empty) keeps mkdocs.yml's value; --semantic false is given, as False.
    """
    given = {**flags, "cache_dir": cache_dir(config_file), "data_dir": data_dir(config_file)}
    return {name: value for name, value in given.items() if value is not None and value != ""}


class _ErrorsAsLines(click.Group):
    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except ReadingListError as error:
            click.echo(f"readinglist: error: {error}", err=True)
            sys.exit(1)


themes_option = click.option(
    "--themes", "-k", type=click.IntRange(min=1), help="How many top-level themes (overrides mkdocs.yml and themes.yml)."
)
group_by_option = click.option(
    "--group-by", metavar="FIELD", help="Use a paper field (e.g. track, primary_area) as the top-level themes."
)
title_option = click.option(
    "--title", "-t", default="", help="The list's title (default: the input's own, else the file's name)."
)
# Unset is None, not off, so that it keeps mkdocs.yml's value (see _overrides).
skip_invalid_option = click.option(
    "--skip-invalid",
    is_flag=True,
    default=None,
    help="Leave out records that cannot be papers, with a warning each, instead of stopping.",
)

_SWITCH = {"auto": "auto", "true": True, "false": False}
semantic_option = click.option(
    "--semantic",
    type=click.Choice(tuple(_SWITCH)),
    callback=lambda ctx, param, value: None if value is None else _SWITCH[value],
    help='Ship the papers\' sentence vectors for "more like my stars": auto (where the build encodes them anyway), true or false.',
)

title_model_option = click.option(
    "--title-model",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A GGUF file of an instruct model that writes the untitled papers' titles (pip install 'readinglist[titles]').",
)


def _field_pairs(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> dict[str, str] | None:
    pairs = {}
    for value in values:
        name, equals, column = value.partition("=")
        if not equals or not name.strip() or not column.strip():
            raise click.BadParameter(f"{value!r} is not NAME=COLUMN, e.g. abstract=Summary", ctx=ctx, param=param)
        pairs[name.strip()] = column.strip()
    return pairs or None


field_option = click.option(
    "--field",
    "fields",
    multiple=True,
    metavar="NAME=COLUMN",
    callback=_field_pairs,
    help="Fill our field NAME (title, abstract, authors, url, ...) from the export's COLUMN. Repeatable.",
)
inputs_argument = click.argument("inputs", nargs=-1, type=click.Path(path_type=Path))
config_option = click.option(
    "--config", "-f", "config_file", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="mkdocs.yml to use."
)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@click.group(cls=_ErrorsAsLines)
@click.version_option(__version__, prog_name="readinglist")
@click.option("--verbose", "-v", is_flag=True, help="Say what each stage does.")
@click.option("--quiet", "-q", is_flag=True, help="Print only warnings and errors.")
def main(verbose: bool, quiet: bool) -> None:
    """Turn a list of paper abstracts into a searchable static site."""
    level = logging.DEBUG if verbose else logging.WARNING if quiet else logging.INFO
    # `kill`, a CI job's cancel and `timeout` send SIGTERM, which by default ends Python at once: the staging
    # folder, Pagefind and the page workers would outlive the build. As Ctrl-C, it unwinds the build instead.
    signal.signal(signal.SIGTERM, _interrupt)
    logging.basicConfig(level=level, format="%(levelname)-8s %(message)s", force=True)


@main.command("build")
@inputs_argument
@config_option
@click.option("--out", "-o", type=click.Path(file_okay=False, path_type=Path), default=Path("site"), show_default=True)
@themes_option
@group_by_option
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    show_default="the plugin's jobs, else the available cores",
    help="Processes that render pages; 1 renders them in one, as plain MkDocs does.",
)
@title_option
@skip_invalid_option
@field_option
@semantic_option
@title_model_option
@click.option(
    "--engine",
    type=click.Choice(ENGINES),
    default=MKDOCS,
    show_default=True,
    help="What turns the pages into HTML: MkDocs, or Zensical (pip install zensical), which reads the same mkdocs.yml.",
)
def build_command(inputs: tuple[Path, ...], config_file: Path | None, out: Path, engine: str, **flags: object) -> None:
    """Generate the pages and build the site (default input: the one in mkdocs.yml)."""
    started = time.perf_counter()
    config_file = config_file or default_config()
    options = BuildOptions(config_file, out, inputs or None, _overrides(config_file, flags), engine)
    site = build(options)
    papers, themes = len(site.reading_list.papers), len(site.reading_list.themes)
    seconds = time.perf_counter() - started
    click.echo(f"readinglist: built {plural(papers, 'paper')} in {plural(themes, 'theme')} in {seconds:.1f} s: {out}", err=True)


@main.command("generate")
@inputs_argument
@config_option
@click.option("--docs", type=click.Path(file_okay=False, path_type=Path), default=Path("build/docs"), show_default=True)
@themes_option
@group_by_option
@title_option
@skip_invalid_option
@field_option
@semantic_option
@title_model_option
def generate_command(inputs: tuple[Path, ...], config_file: Path | None, docs: Path, **flags: object) -> None:
    """Write the generated Markdown pages only."""
    config_file = config_file or default_config()
    config = load_mkdocs_config(config_file, inputs, _overrides(config_file, flags))
    site = generate(config.plugins[PLUGIN].settings(config))
    write_docs(site, docs)
    click.echo(f"readinglist: wrote {len(site.pages)} pages: {docs}", err=True)


@main.command("serve")
@config_option
@click.option("--dev-addr", "-a", default="127.0.0.1:8000", show_default=True, help="Address to serve on.")
def serve_command(config_file: Path | None, dev_addr: str) -> None:
    """Preview the site, rebuilding when the input or templates change."""
    from mkdocs.commands.serve import serve

    # Dirty builds re-render only the pages whose Markdown changed (see site/plugin.py).
    serve(config_file=str(config_file or default_config()), dev_addr=dev_addr, livereload=True, build_type="dirty")
