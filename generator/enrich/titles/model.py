"""Titles written by a local language model the curator names (a GGUF file), each checked before it is used.

Opt-in (`title_model:` in mkdocs.yml, `--title-model` on the command line),
with the runtime in the `titles` extra (xllamacpp, a prebuilt llama.cpp). The
prompt shows the model three real pairs of abstract and title (examples.json,
from the tune half of the dev export), and the model answers greedily on a
fixed number of threads: the same abstracts and model give the same titles.

What the model wrote is kept in the cache folder by abstract, model file and
PROMPT_VERSION, in a file of its own that no generator release invalidates: a
rebuild with the same model and abstracts asks the model nothing and writes
nothing. The checks (faults) run on what was kept, so a stricter check never
needs the model again. A title that fails one gives way to the derived one.
"""

from __future__ import annotations

import hashlib
import importlib.resources
import json
import logging
import re
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from ...errors import ConfigError
from ...progress import Bar
from ...state.files import atomic_write
from ...text.segment import CJK
from .candidates import make_candidates
from .lexicon import FUNCTION_WORDS, WORD, stem

log = logging.getLogger(__name__)

# Bump when the prompt or the examples change: the titles kept under the old one are then not used.
PROMPT_VERSION = 1
# Fixed, so that the same model gives the same titles on a 2-core laptop and a 64-core server.
THREADS = 2
_SYSTEM = (
    "You write the title of a research paper from its abstract. A method or system the abstract names comes first, "
    "then a colon and what it does. Answer with the title alone, on one line."
)
# An abstract's head says what the paper is; the cut keeps the prompt, and so each title's cost, bounded.
_ABSTRACT_CHARS = 2000
_MAX_TOKENS = 48
_CONTEXT = 4096
MIN_WORDS, MAX_WORDS = 3, 16
# Content words of a title that its abstract may lack ("Towards", "Revisited", a field's everyday term).
_UNSAID = 2
# Double quotes, Markdown and HTML anywhere; a single quote only around the title, where it is not an apostrophe.
_MARKUP = re.compile(r"[\"\u201c\u201d\u201e\u00ab\u00bb`*_#<>|\[\]{}\\$]|^['\u2018]|['\u2019]$")
_CHATTY = re.compile(r"(?i)^(?:title|here is|here's|sure|the title)\b")

Writer = Callable[[str], str]


def faults(title: str, abstract: str) -> list[str]:
    """What is wrong with a model's title for its abstract; none means it may be used."""
    found = []
    words = title.split()
    if not MIN_WORDS <= len(words) <= MAX_WORDS:
        found.append(f"{len(words)} words")
    if _MARKUP.search(title):
        found.append("quotes or markup")
    if _CHATTY.match(title):
        found.append("says something besides the title")
    if bool(CJK.search(title)) != _is_cjk(abstract):
        found.append("another language")
    stems = [stem(part) for word in _content_words(title) for part in word.split("-") if len(part) > 2]
    if len(set(stems)) < len(stems):
        found.append("a repeated word")
    unsaid, _ = invented(title, abstract)
    if len(unsaid) > _UNSAID:
        found.append(f"words the abstract does not say: {', '.join(unsaid)}")
    name = make_candidates(abstract).name
    if name and not title.startswith(name):
        found.append(f"does not lead with {name}")
    return found


def invented(title: str, abstract: str) -> tuple[list[str], int]:
    """The title's content words that its abstract does not say in any form, and how many content words it has."""
    said = _said(abstract)
    content = _content_words(title)
    return [w for w in content if not _is_said(w, said)], len(content)


def _is_cjk(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum(1 for c in letters if CJK.match(c)) * 2 > len(letters)


def _content_words(title: str) -> list[str]:
    return [w for w in WORD.findall(title.lower()) if w not in FUNCTION_WORDS and len(w) > 2]


# A word is said in another form when its first letters are ("detection" where the abstract says "detects").
_ROOT = 5


def _said(abstract: str) -> set[str]:
    words = WORD.findall(abstract.lower())
    return {stem(w) for w in words} | {w[:_ROOT] + "…" for w in words if len(w) > _ROOT}


def _is_said(word: str, said: set[str]) -> bool:
    if stem(word) in said or (len(word) > _ROOT and word[:_ROOT] + "…" in said):
        return True
    # "Diversity-Oriented" is said when the abstract says both halves.
    parts = [p for p in word.split("-") if p]
    return len(parts) > 1 and all(_is_said(p, said) for p in parts)


def model_titles(
    abstracts: Sequence[str], model: Path, derived: Sequence[str], store: Path | None, *, writer: Writer | None = None
) -> list[tuple[str, bool]]:
    """For each abstract, the model's title and True, or its derived title and False where the model's fails a check.

    store is the cache folder (None keeps nothing); writer stands in for the model (tests count its calls).
    """
    chosen = []
    for title, abstract, fallback in zip(written_titles(abstracts, model, store, writer=writer), abstracts, derived, strict=True):
        problems = faults(title, abstract)
        if problems:
            log.debug("model title %r not used: %s", title, "; ".join(problems))
        chosen.append((fallback, False) if problems else (title, True))
    used = sum(by_model for _, by_model in chosen)
    log.info("%s wrote %d of %d titles; %d failed a check and are derived", model.name, used, len(chosen), len(chosen) - used)
    return chosen


def written_titles(abstracts: Sequence[str], model: Path, store: Path | None, *, writer: Writer | None = None) -> list[str]:
    """What the model wrote for each abstract (tidied), asking it only for the abstracts it has not titled before."""
    kept_file = store / "title-model" / f"{model_digest(model)[:16]}-p{PROMPT_VERSION}.json" if store else None
    kept = _read_kept(kept_file)
    keys = [_abstract_key(a) for a in abstracts]
    missing = sorted({key: a for key, a in zip(keys, abstracts, strict=True) if key not in kept}.items())
    if missing:
        _write_missing(missing, writer or runtime(model), kept, model)
        if kept_file is not None:
            current = set(keys)
            # Titles of abstracts no longer listed go: an edited abstract's old title is of no use.
            kept = {key: kept[key] for key in sorted(kept) if key in current}
            kept_file.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(kept_file, json.dumps(kept, ensure_ascii=False, indent=0).encode("utf-8"))
    return [tidy(kept[key]) for key in keys]


def _write_missing(missing: list[tuple[str, str]], write: Writer, kept: dict[str, str], model: Path) -> None:
    bar = Bar("titles", len(missing))
    started = time.perf_counter()
    for n, (key, abstract) in enumerate(missing):
        kept[key] = write(abstract)
        bar.advance()
        if n == 0:
            each = time.perf_counter() - started
            log.info(
                "%s writes %d titles: %.1f s for the first, about %.0f s for the rest",
                model.name,
                len(missing),
                each,
                each * (len(missing) - 1),
            )
    bar.close()


def tidy(output: str) -> str:
    """The model's first line, without the trailing full stop a sentence would have."""
    lines = [line.strip() for line in output.strip().splitlines() if line.strip()]
    title = " ".join(lines[0].split()) if lines else ""
    return title[:-1] if title.endswith(".") and not title.endswith("..") else title


def _abstract_key(abstract: str) -> str:
    return hashlib.sha256(abstract.encode("utf-8", "surrogatepass")).hexdigest()


def _read_kept(path: Path | None) -> dict[str, str]:
    if path is None:
        return {}
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        log.warning("%s: unreadable, asking the model again (%s)", path, type(error).__name__)
        return {}
    return {str(k): str(v) for k, v in kept.items()} if isinstance(kept, dict) else {}


def model_digest(path: Path) -> str:
    """The model file's SHA-256, read in chunks: a model is hundreds of MB."""
    hasher = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 22):
            hasher.update(chunk)
    return hasher.hexdigest()


@cache
def _examples() -> list[dict[str, str]]:
    data = json.loads(importlib.resources.files(__package__).joinpath("examples.json").read_text(encoding="utf-8"))
    return data["pairs"]


def messages(abstract: str) -> list[dict[str, str]]:
    """The chat the model answers: the instruction, the three examples, then the abstract."""
    chat = [{"role": "system", "content": _SYSTEM}]
    for pair in _examples():
        chat += [{"role": "user", "content": pair["abstract"]}, {"role": "assistant", "content": pair["title"]}]
    return [*chat, {"role": "user", "content": " ".join(abstract.split())[:_ABSTRACT_CHARS]}]


def runtime(model: Path) -> Writer:
    """The model loaded in this process, as a function from an abstract to what it answers."""
    try:
        import xllamacpp
    except ImportError as error:
        raise ConfigError(
            f"title_model: {model}: the model runtime is not installed", hint="pip install 'readinglist[titles]'"
        ) from error
    params = xllamacpp.CommonParams()
    params.model.path = str(model)
    params.n_ctx = _CONTEXT
    params.n_parallel = 1
    params.cpuparams.n_threads = THREADS
    params.cpuparams_batch.n_threads = THREADS
    params.warmup = False
    params.verbosity = -1
    try:
        server = xllamacpp.Server(params)
    except Exception as error:
        raise ConfigError(f"title_model: {model}: cannot load it as a GGUF model ({error})") from error

    def write(abstract: str) -> str:
        request = {
            "messages": messages(abstract),
            "max_tokens": _MAX_TOKENS,
            "temperature": 0,
            "top_k": 1,
            "seed": 0,
            "stop": ["\n"],
        }
        answer = server.handle_chat_completions(request)
        return str(answer["choices"][0]["message"]["content"]) if "choices" in answer else ""

    return write
