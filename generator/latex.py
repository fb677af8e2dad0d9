"""Text-mode LaTeX in an export's fields, turned into Unicode as the papers are read.

BibTeX, OpenReview and the ACL Anthology write "na{\\"i}ve", "Nos\\'e",
"{\\em word}", "{BERT}" and "\\cite{...}". These become "naïve", "Nosé",
"\\emph{word}" (which the display typesets), "BERT" and nothing. Math
(`$...$`) is left exactly as written: the site typesets it, and plain_math()
spells it in Unicode where only text can go. Only recognised fragments are
converted, each by pylatexenc, so text that merely contains a backslash or a
brace is otherwise kept as it is.
"""

from __future__ import annotations

import functools
import logging
import re

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import LatexWalkerError

# Inline and display math, as text.py marks it for KaTeX.
# A "$" next to a letter is not a delimiter ("US$", "$x$y"), but one next to a digit may be: "85$\times$", "$\sim$20".
MATH = re.compile(r"\$\$(?P<display>[^$]+?)\$\$|(?<![\\$A-Za-z_])\$(?P<inline>[^$\s](?:[^$]*?[^$\s\\])?)\$(?![A-Za-z_$])")
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
    for match in MATH.finditer(value):
        parts += [_text_mode(value[start : match.start()]), match.group(0)]
        start = match.end()
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


def plain_math(value: str) -> str:
    """value with its math spelled in Unicode (a script l and a 1 for "$\\ell_1$"): for page descriptions, exports and tabs."""
    if "$" not in value:
        return value
    return MATH.sub(lambda m: _math_text(m.group("display") or m.group("inline")), value)


_SCRIPT = re.compile(r"([_^])(?:\{([^{}]*)\}|(\S))")
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
