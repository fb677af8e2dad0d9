"""An abstract as plain text: Markdown, LaTeX and URLs taken out (the URLs kept apart, as they may name the
project), and words broken across a line joined again."""

from __future__ import annotations

import re

# Markup and typography.
_URL = re.compile(r"(?:https?://|www\.)\S*|\b[\w-]+\.github\.io\S*", re.I)
_MARKDOWN_LINK = re.compile(r"\[([^\]]{0,300})\]\(([^)\s]{0,300})\)")
_MARKDOWN = re.compile(r"\*\*([^*]*)\*\*|\*([^*\s][^*]*)\*|`([^`]*)`|(?<!\w)_([^_]+)_(?!\w)")
_LATEX_URL = re.compile(r"\\url\{([^{}]*)\}")
_LATEX_DASH = re.compile(r"\$?\\text(?:em|en)dash(?:\{\})?\$?")
_LATEX_DROPPED = re.compile(r"\\(?:cite\w*|ref|eqref|label|footnote)\{[^{}]*\}")
_LATEX_ESCAPE = re.compile(r"\\([%&_#])")
_LATEX_WRAPPER = re.compile(r"\\[A-Za-z]+\*?\{([^{}]*)\}")
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+|[\\{}]")
_GREEK = re.compile(
    r"\\(alpha|beta|gamma|delta|epsilon|zeta|eta|theta|kappa|lambda|mu|nu|xi|pi|rho|sigma|tau|phi|chi|psi|omega)\b", re.I
)
_MATH = re.compile(r"\$([^$]{0,300})\$")
_LEFTOVER = re.compile(r"\\[A-Za-z]+\*?|[\\{}$*~`]")
_ENUMERATOR = re.compile(r"\((?:[ivx]{1,4}|\d|[a-e])\)\s*")
# An en dash between letters joins a compound ("vision-language-action"), it does not end a phrase.
_COMPOUND_DASH = re.compile(r"(?<=\w)\u2013(?=\w)")
_BROKEN_WORD = re.compile(r"([\w-]*[a-z])-\s+(?!(?:and|or|to|as|vs)\b)([a-z][\w-]*)")


def clean(raw: str) -> tuple[str, list[str]]:
    """Plain text, plus the URLs taken out of it (they may name the project)."""
    text, urls = raw, []
    # Most abstracts have no markup at all; the checks skip passes that would find nothing.
    if "](" in text:
        text = _MARKDOWN_LINK.sub(r"\1 \2", text)
    if "://" in text or "www." in text or ".github.io" in text:
        text = _LATEX_URL.sub(r" \1 ", text)
        urls = [url.rstrip(".,;:)") for url in _URL.findall(text)]
        text = _URL.sub(" ", text)
    if "(" in text:  # "(i) ... and (ii) ..." enumerates; its labels are not words
        text = _ENUMERATOR.sub("", text)
    if "\\" in text:
        text = _LATEX_DASH.sub(" \u2014 ", text)
        text = _LATEX_DROPPED.sub("", text)
        text = _GREEK.sub(r"\1", text)  # "$\pi^3$" names a method "pi^3", not "^3"
        text = _LATEX_ESCAPE.sub(r"\1", text)
        for _ in range(3):  # unwraps nested formatting from the inside out
            text = _LATEX_WRAPPER.sub(r"\1", text)
    if "$" in text:
        text = _MATH.sub(lambda m: _LATEX_COMMAND.sub("", m.group(1)), text)
    text = text.replace("``", '"').replace("''", '"').replace("---", "\u2014")
    # "a method--Drop-Muon--a framework": in abstracts a double hyphen is a dash, not a compound's joint.
    text = text.replace("--", "\u2014")
    if "*" in text or "`" in text or "_" in text:
        text = _MARKDOWN.sub(lambda m: m.group(m.lastindex or 0), text)
    if any(c in text for c in "\\{}$*~`"):
        text = _LEFTOVER.sub(" ", text)
    text = text.replace("\u2010", "-").replace("\u2011", "-")
    if "\u2013" in text:
        text = _COMPOUND_DASH.sub("-", text)
    if "- " in text or "-\n" in text:  # words hyphenated across a line break: "distribu- tions"
        text = _BROKEN_WORD.sub(lambda m: _rejoin(m[1], m[2], text), text)
    return " ".join(text.split()), urls


def _rejoin(left: str, right: str, text: str) -> str:
    """A word broken across a line, joined as the abstract writes it elsewhere: "representa- tions" is
    "representations", "off-the- shelf" is "off-the-shelf" (a compound keeps its hyphen)."""
    hyphenated = f"{left}-{right}"
    if hyphenated in text or (left + right not in text and "-" in left):
        return hyphenated
    return left + right
