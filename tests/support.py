"""Helpers the tests share: the repo's paths, a paper factory, a real site build."""

from __future__ import annotations

import gzip
import json
import posixpath
import re
import shutil
from pathlib import Path

import pytest

from generator.model import Paper, Source
from generator.site.build import MKDOCS, BuildOptions, build

REPO = Path(__file__).resolve().parent.parent
BUNDLED = REPO / "data" / "iclr2026.txt"
# The OpenReview export beside the repo (../shared/data), for tests at scale.
DEV_DATA = REPO.parent / "shared" / "data" / "iclr2026-openreview.dev.jsonl"
# conftest.py skips the tests so marked when DEV_DATA is not here.
needs_dev = pytest.mark.dev_data
# Texts that test a tokenizer: empty, accents, Greek, CJK, a long word, control and odd spaces, special tokens, math, ligatures, emoji.
AWKWARD = [
    "",
    "   ",
    "Héllo WÖRLD ΣΑΣ İstanbul naïve café",
    "我们提出了一种新的方法。Transformer模型",
    "x" * 150,
    "a\u200bb\x00c\ufffd d\te\u2028f\xa0g",
    "[MASK] is [CLS]x[SEP] [mask]",
    "$x^2 + y_i$ <= 3 | ~a `b` don't — “quotes” …",
    "ﬁne ｆｕｌｌ　width ① Ǆ ß e\u0301 😀!",
]

THREE_PAPERS = """\
A tiny reading list

In this paper, we present Sparse Mixture Routing (SMR), a method that routes tokens to experts in large language models, cutting inference cost while keeping accuracy on reasoning benchmarks.

We introduce FlowCat, a flow matching model for image generation that learns straight transport paths between noise and images, and report strong FID on ImageNet.

Diffusion models generate images by reversing a noising process. We propose a distillation method for diffusion models that samples images in four steps with quality close to the full sampler.
"""


def make_paper(**overrides: object) -> Paper:
    """A paper with plausible defaults; tests override only what they pin."""
    fields: dict[str, object] = {
        "id": "p1",
        "abstract": "We propose a method for testing things. It works well on benchmarks.",
        "source": Source("test.txt", 3),
    }
    fields.update(overrides)
    return Paper(**fields)  # type: ignore[arg-type]


def dev_papers(count: int) -> list[Paper]:
    """The first count papers of the OpenReview export, with title, abstract and keywords only."""
    with DEV_DATA.open(encoding="utf-8") as handle:
        records = [json.loads(line) for _, line in zip(range(count), handle, strict=False)]
    return [
        Paper(id=r["id"], abstract=r["abstract"], source=Source(str(DEV_DATA), line), title=r["title"], keywords=r["keywords"])
        for line, r in enumerate(records, 1)
    ]


def copy_project(dest: Path, *, data: bool = True) -> Path:
    """A copy of the repo's site sources in dest; with data, the bundled list too."""
    for name in ("mkdocs.yml", "templates", "docs", *(["data"] if data else [])):
        source = REPO / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, dest / name)
    return dest


def build_site(project: Path, *inputs: Path, out: str = "site", engine: str = MKDOCS) -> Path:
    """Run the real build (generator + mkdocs build --strict, or Zensical) and return the site folder."""
    build(BuildOptions(project / "mkdocs.yml", project / out, tuple(inputs) or None, engine=engine))
    return project / out


def search_index(site: Path) -> list[dict]:
    """The pages in the site's Pagefind index: url, meta (title) and content, as Pagefind stored them.

    Pagefind splits Chinese into words joined by U+200B; they are dropped here.
    """
    pages = []
    for fragment in sorted((site / "pagefind" / "fragment").glob("*.pf_fragment")):
        data = gzip.decompress(fragment.read_bytes())
        assert data.startswith(b"pagefind_dcd"), fragment
        page = json.loads(data.removeprefix(b"pagefind_dcd"))
        page["content"] = page["content"].replace("\u200b", "")
        page["meta"] = {key: value.replace("\u200b", "") for key, value in page["meta"].items()}
        pages.append(page)
    return pages


_SIDEBARS_TAG = re.compile(r'<script src="([^"]*assets/sidebars/[0-9a-f]+\.js)"></script>')
_SIDEBARS_SCRIPT = re.compile(
    r'\(function\(s\)\{s\.insertAdjacentHTML\("beforebegin",(".*")\);s\.remove\(\)\}\)\(document\.currentScript\);\n', re.S
)


def with_sidebars(site: Path, page: Path) -> str:
    """The HTML of page as a reader's browser has it once parsed: each shared sidebars script replaced by the sidebars it writes."""

    def sidebars(tag: re.Match[str]) -> str:
        script = site / posixpath.normpath(posixpath.join(page.parent.relative_to(site).as_posix(), tag.group(1)))
        body = _SIDEBARS_SCRIPT.fullmatch(script.read_text(encoding="utf-8"))
        assert body, script
        return json.loads(body.group(1))

    return _SIDEBARS_TAG.sub(sidebars, page.read_text(encoding="utf-8"))
