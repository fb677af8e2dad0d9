"""Text-mode LaTeX in an export's fields, turned into Unicode as the papers are read.

BibTeX, OpenReview and the ACL Anthology write "na{\\"i}ve", "Nos\\'e",
"{\\em word}", "{BERT}" and "\\cite{...}". These become "naïve", "Nosé",
"\\emph{word}" (which the display typesets), "BERT" and nothing. Math
(`$...$`) is left exactly as written: the site typesets it, and plain_math()
spells it in Unicode where only text can go. Only recognised fragments are
converted, each by pylatexenc, so text that merely contains a backslash or a
brace is otherwise kept as it is.

Titles and summaries are shown by spans(): "$" pairs read as TeX reads them,
and only what KaTeX typesets as the author meant marked as math. Authors also
bold a method's initials in math ("$\\textbf{T}$est-$\\textbf{t}$ime"), which
is text: it is shown as its words, and so are commands no one can typeset.
"""

from __future__ import annotations

import functools
import logging
import re
from dataclasses import dataclass

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import LatexWalkerError

from .. import SITE_SOURCES
from ..errors import BuildError

_CITE = re.compile(r"\s*~?\\(?:cite[tp]?|citeauthor|citeyear|citealp|ref|eqref|autoref|cref|Cref)\*?(?:\[[^\]]*\])*\{[^{}]*\}")
_SWITCH = re.compile(r"\{\\(em|it|itshape|sl|bf|bfseries|tt|sc)\s+([^{}]*)\}")
_SWITCH_COMMAND = {"em": "emph", "it": "textit", "itshape": "textit", "sl": "textit", "bf": "textbf", "bfseries": "textbf"}
_SWITCH_COMMAND |= {"tt": "texttt", "sc": "textsc"}
_LETTER = r"(?:\{\\?[A-Za-z]\}|\\?[A-Za-z])"
_ACCENT_MACRO = r"\\(?:['\"^`~=.]\s*|[uvHckbdr](?:\s+|(?=\{)))"
_ACCENT = re.compile(rf"\{{{_ACCENT_MACRO}{_LETTER}\}}|{_ACCENT_MACRO}{_LETTER}")
# A macro with no argument ("\ss", "\ldots", "\times"), which pylatexenc may know as a character.
_SYMBOL = re.compile(r"\\([A-Za-z]+)(?:\{\}|(?![A-Za-z{]))")
_CONTROL_SPACE = re.compile(r"\\ ")
# Braces that protect a word's case in BibTeX: "{BERT}", "{J}apanese"; not a command's argument.
_PROTECTED = re.compile(r"(?<![A-Za-z\\])\{([A-Za-z][^{}\\$]*)\}")
_SPACES = re.compile(r"[^\S\n]{2,}")

# It warns of every macro it cannot fill; those stay as written (see _to_text).
logging.getLogger("pylatexenc").setLevel(logging.ERROR)
_TO_TEXT = LatexNodes2Text(math_mode="text", strict_latex_spaces=True)


def untex(value: str) -> str:
    """value with its text-mode LaTeX in Unicode; math, URLs and the commands the display typesets are kept."""
    if "\\" not in value and "{" not in value:
        return value
    parts = []
    start = 0
    for pair in _pairs(value):
        parts += [_text_mode(value[start : pair.start]), value[pair.start : pair.end]]
        start = pair.end
    parts.append(_text_mode(value[start:]))
    return _SPACES.sub(" ", "".join(parts)).strip()


def _text_mode(text: str) -> str:
    text = _CITE.sub("", text)
    text = _SWITCH.sub(lambda m: f"\\{_SWITCH_COMMAND[m.group(1)]}{{{m.group(2)}}}", text)
    text = _ACCENT.sub(lambda m: _convert(m.group(0)), text)
    text = _SYMBOL.sub(lambda m: _symbol(m.group(0)), text)
    text = _CONTROL_SPACE.sub(" ", text)
    previous = None
    while previous != text:
        previous, text = text, _PROTECTED.sub(r"\1", text)
    return text


def _symbol(macro: str) -> str:
    converted = _convert(macro)
    # Only a macro that stands for a character or two is replaced; others (\url, \textbf, unknown ones) stay.
    return converted if converted and len(converted) <= 2 and not converted.isascii() else macro


@functools.lru_cache(maxsize=4096)
def _convert(fragment: str) -> str:
    return _to_text(fragment, fragment).strip()


def _to_text(tex: str, fallback: str) -> str:
    # pylatexenc gives up on some input (a macro short of its arguments, a
    # brace left open) with one of these, or leaves its template's "%s"
    # unfilled; the text then stays as the export wrote it.
    try:
        text = _TO_TEXT.latex_to_text(tex)
    except (IndexError, KeyError, TypeError, ValueError, LatexWalkerError):
        return fallback
    return fallback if "%s" in text else text


@dataclass(frozen=True)
class Span:
    """A stretch of a title, summary or abstract: text as written, or math that KaTeX typesets (its TeX, no delimiters)."""

    text: str
    math: bool = False
    display: bool = False


@dataclass(frozen=True)
class _Pair:
    """A "$...$" or "$$...$$" in a text: where it starts and ends, its TeX, and whether a letter touches it outside."""

    start: int
    end: int
    tex: str
    display: bool
    glued: bool


# A "$" right after a backslash is a dollar sign.
_DOLLAR = re.compile(r"(?<!\\)\$")
_LETTER_AT = re.compile(r"[A-Za-z]")
# What only TeX writes: a command, a script or a group.
_TEX = re.compile(r"[\\^_{}]")


def _pairs(value: str) -> list[_Pair]:
    """The math delimiters of value, paired left to right as TeX pairs them.

    A pair is math only if it reads like it; otherwise its first "$" is a
    dollar sign and the next "$" may open a pair: "It costs $5 and $10" holds
    none. A regular expression that skips a "$" pairs the wrong ones: in
    "$\\textbf{T}$est-$\\textbf{t}$ime" it took "est-" for the formula.
    """
    dollars = [match.start() for match in _DOLLAR.finditer(value)]
    pairs = []
    at = 0
    while at + 1 < len(dollars):
        start = dollars[at]
        if dollars[at + 1] == start + 1:
            # "$$" opens display math, which the next "$$" closes.
            closing = next((k for k in range(at + 2, len(dollars) - 1) if dollars[k + 1] == dollars[k] + 1), None)
            if closing is None:
                at += 1
                continue
            pair, after = _pair(value, start, dollars[closing] + 2, 2), closing + 2
        else:
            pair, after = _pair(value, start, dollars[at + 1] + 1, 1), at + 2
        if pair is None:
            at += 1
        else:
            pairs.append(pair)
            at = after
    return pairs


def _pair(value: str, start: int, end: int, width: int) -> _Pair | None:
    """The pair of delimiters width long at start and end, if what they hold reads as math."""
    tex = value[start + width : end - width]
    glued = bool((start and _LETTER_AT.match(value, start - 1)) or _LETTER_AT.match(value, end))
    body = tex.strip()
    if not body:
        return None
    if _TEX.search(body):
        reads = True
    elif body != tex:
        # "$ K $" is math; in "$5, $10" the spaces are the prose's.
        reads = body.isalpha()
    else:
        # "$100$B" and "$Co$ntinual" are one token each; "US$5 and US$10" is money.
        reads = not glued or not any(char.isspace() for char in body)
    return _Pair(start, end, tex, width == 2, glued) if reads else None


def math_ranges(value: str) -> list[tuple[int, int]]:
    """Where value's "$" pairs start and end: a cut inside one would leave its "$" open."""
    return [(pair.start, pair.end) for pair in _pairs(value)] if "$" in value else []


@functools.lru_cache(maxsize=1 << 16)
def spans(value: str) -> tuple[Span, ...]:
    """value as text and math, for display: text as written (for the caller to show), math as KaTeX reads it.

    A pair is math only when KaTeX typesets it as the author meant. One glued
    to a word's letters formats letters ("$\\textbf{T}$est", "DA$^2$",
    "$Co$ntinual") and one KaTeX cannot read would show its TeX: each is text,
    its plain reading ("Test", "DA²", "Continual").
    """
    out: list[Span] = []
    start = 0
    for pair in _pairs(value) if "$" in value else ():
        out.append(Span(value[start : pair.start]))
        if not pair.glued and not _prose(pair.tex) and _katex_reads(pair.tex):
            out.append(Span(pair.tex.strip(), math=True, display=pair.display))
        else:
            out.append(Span(_math_text(pair.tex)))
        start = pair.end
    out.append(Span(value[start:]))
    merged: list[Span] = []
    for span in out:
        last = merged[-1] if merged else None
        if last and not span.math and not last.math:
            merged[-1] = Span(last.text + span.text)
        elif last and span.math and last.math and not (span.display or last.display):
            # "$DA$$^{2}$" is one formula; the browser's delimiters could not tell "$$" apart from display math.
            merged[-1] = Span(f"{last.text}{{}}{span.text}", math=True)
        elif span.text:
            merged.append(span)
    return tuple(merged)


_WORD = re.compile(r"[A-Za-z]{3,}")
# A command is a backslash and its name: letters, or one other character ("\\{", "\\,").
_COMMAND_NAME = re.compile(r"\\([A-Za-z]+|.)", re.DOTALL)
# The site's bundled KaTeX: in the wheel beside the package, in a checkout at its root.
_KATEX = "docs/assets/katex/katex.min.js"
# KaTeX names each command it defines in a string literal of its script ("\\alpha", "\\{"), escaped as JavaScript escapes it.
_KATEX_NAME = re.compile(r'"\\\\([A-Za-z]+|\\\\|[^A-Za-z"\\])"')


def _prose(tex: str) -> bool:
    """Words between "$" and no TeX: an author's italics ("$what properties of the data$"), which KaTeX would run together."""
    body = tex.strip()
    return not _TEX.search(body) and any(char.isspace() for char in body) and len(_WORD.findall(body)) > 1


def _katex_reads(tex: str) -> bool:
    """Whether KaTeX typesets tex: it knows every command and the braces pair."""
    names = _COMMAND_NAME.findall(tex)
    if not _katex_commands().issuperset(names):
        return False
    depth = 0
    for char in _COMMAND_NAME.sub("", tex):
        depth += (char == "{") - (char == "}")
        if depth < 0:
            return False
    return depth == 0


@functools.cache
def _katex_commands() -> frozenset[str]:
    for root in SITE_SOURCES:
        script = root / _KATEX
        if script.is_file():
            names = _KATEX_NAME.findall(script.read_text(encoding="utf-8"))
            return frozenset("\\" if name == "\\\\" else name for name in names)
    raise BuildError(f"the bundled KaTeX ({_KATEX}) is missing", hint="reinstall readinglist")


# What text-mode LaTeX untex() leaves in a text: commands the abstract
# typesets, authors' own macros ("\\ours"), line breaks, escaped characters.
_LINE_BREAK = re.compile(r"\s*\\\\\s*")
_ENVIRONMENT = re.compile(r"\\(?:begin|end)\{[^{}]*\}")
_ARGUMENT = re.compile(r"\\([A-Za-z]+)\*?\s*\{([^{}]*)\}")
_ESCAPED = re.compile(r"\\([%&#_${}])")
# A command whose argument never closes ("\\textit{spatial IDs ...") goes with its brace.
_OPEN_COMMAND = re.compile(r"\\[A-Za-z]+\*?\s*\{")
_BARE_COMMAND = re.compile(r"\\([A-Za-z]+)")
_SPACE_SYMBOL = re.compile(r"\\[,;: ]")
# Kerns, hyphenation points and a lone backslash show nothing.
_OTHER_SYMBOL = re.compile(r"\\[^A-Za-z]?")


def commandless(text: str) -> str:
    """Text with its LaTeX commands read as words: "\\textbf{SVG}" is "SVG", an author's "\\ours" or "\\ours{}" is "ours"."""
    if "\\" not in text:
        return text
    text = _LINE_BREAK.sub(" ", text)
    text = _ENVIRONMENT.sub("", text)
    previous = None
    while previous != text:
        previous, text = text, _ARGUMENT.sub(lambda m: m.group(2) or m.group(1), text)
    text = _ESCAPED.sub(r"\1", text)
    text = _OPEN_COMMAND.sub("", text)
    text = _BARE_COMMAND.sub(r"\1", text)
    # A command that showed nothing leaves the spaces it stood between.
    return _SPACES.sub(" ", _OTHER_SYMBOL.sub("", _SPACE_SYMBOL.sub(" ", text)))


def plain_math(value: str) -> str:
    """value as plain text: its math spelled in Unicode ("$\\ell_1$" as a script l and a 1), its commands as words. For descriptions, tabs, feeds and exports."""
    if "$" not in value and "\\" not in value:
        return value
    return commandless("".join(_math_text(span.text) if span.math else span.text for span in spans(value)))


def math_tex(value: str) -> str:
    """value for the browser to typeset: its commands as words, and between "$" only math that KaTeX typesets."""
    if "$" not in value and "\\" not in value:
        return value
    # A title shows display math inline too, and the browser reads only "$...$".
    return "".join(f"${span.text}$" if span.math else commandless(span.text) for span in spans(value))


# A script's one character is never a backslash: "R^\\*" raises no "\\".
_SCRIPT = re.compile(r"([_^])(?:\{([^{}]*)\}|([^\s\\]))")
_SUPERSCRIPT = str.maketrans(
    "0123456789+-=()n", "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207a\u207b\u207c\u207d\u207e\u207f"
)


@functools.lru_cache(maxsize=4096)
def _math_text(tex: str) -> str:
    return " ".join(_to_text(_SCRIPT.sub(_script, tex), tex).split())


def _script(match: re.Match[str]) -> str:
    """A subscript written on the line ("l1"), a superscript raised where Unicode has the characters ("10⁵"), else "^"."""
    body = match.group(2) if match.group(2) is not None else match.group(3)
    # Braces keep a macro before the script apart from it: "\\theta_{t}" is "θt".
    if match.group(1) == "_":
        return f"{{{body}}}"
    raised = body.translate(_SUPERSCRIPT)
    return f"{{{raised}}}" if all(c != r for c, r in zip(body, raised, strict=True)) else f"^{{{body}}}"
