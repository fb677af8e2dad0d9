"""Abstract text for display: LaTeX-isms cleaned, everything else inert.

Input text is data. It reaches the page as HTML we built ourselves, with every
character that Markdown, HTML or Jinja could act on written as a character
reference, so no later stage can read structure into it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from .latex import Span, commandless, spans

# Characters that start Markdown, HTML, Jinja or pymdownx syntax.
_ACTIVE = "&<>\"'`*_{}[]()#+-.!|~^=:$\\%@"
_ACTIVE_CHAR = re.compile(f"[{re.escape(_ACTIVE)}]")
_REFERENCE = {c: f"&#{ord(c)};" for c in _ACTIVE}
# Inside a raw HTML block Markdown reads nothing, so HTML and Jinja are the risk.
# "&" comes first: the references written for the others start with it.
_HTML_ACTIVE = "&<>\"'{}"

# Brackets end a URL: outside an IPv6 host they are Markdown's, not the URL's.
_URL = re.compile(r"""https?://[^\s<>"'`{}\\\[\]]+""")
# A URL's last character is rarely punctuation: that belongs to the sentence.
_URL_TRAILING = ".,;:!?)]'"
_LATEX_URL = re.compile(r"\\(?:url|href)\{([^{}]*)\}")
_COMMAND = re.compile(r"\\(textbf|textit|emph|texttt|textsc|underline|mathrm|text)\{([^{}]*)\}")
_BOLD = re.compile(r"(?<!\*)\*\*(?=\S)([^*]+?)(?<=\S)\*\*(?!\*)")
_QUOTES = re.compile(r"``(.+?)''")
_ESCAPED = re.compile(r"\\([%&#_$])")
_EM_DASH = re.compile(r"---")
_EN_DASH = re.compile(r"(?<=[\s\d])--(?=[\s\d])")
_SPACE = re.compile(r"\s+")

# The same commands after escape() has encoded their braces.
_ESCAPED_COMMAND = re.compile(r"\\(textbf|textit|emph|texttt|textsc|underline|mathrm|text)&#123;((?:(?!&#123;|&#125;).)*)&#125;")

_TAGS = {"textbf": "strong", "textit": "em", "emph": "em", "texttt": "code"}


def inert(text: str) -> str:
    """Text that Markdown, HTML and Jinja all show exactly as written."""
    # One pass: "&" and "#" are active too, and must stay intact in the references written.
    return _ACTIVE_CHAR.sub(lambda match: _REFERENCE[match.group()], text)


def escape(text: str) -> str:
    """Text for a raw HTML block: HTML and Jinja show it exactly as written."""
    # str.replace per character is some forty times faster than str.translate's per-character lookups.
    for char in _HTML_ACTIVE:
        if char in text:
            text = text.replace(char, _REFERENCE[char])
    return text


def safe_url(url: str) -> str | None:
    """The URL if a reader can safely follow it, else None."""
    url = url.strip()
    if not re.match(r"https?://[^\s/]+", url, re.IGNORECASE):
        return None
    try:
        urlsplit(url)
    except ValueError:
        return None
    return url


def trim_url(url: str) -> str:
    """Drop sentence punctuation that a URL pattern swallowed."""
    while url and url[-1] in _URL_TRAILING:
        if url[-1] == ")" and url.count("(") >= url.count(")"):
            break
        url = url[:-1]
    return url


@dataclass(frozen=True)
class _Piece:
    """A stretch of the abstract: either plain text or finished HTML."""

    text: str
    html: bool = False


def _split(pieces: list[_Piece], pattern: re.Pattern[str], convert: Callable[[re.Match[str]], _Piece | None]) -> list[_Piece]:
    """Replace matches of pattern in the plain pieces with converted pieces."""
    out: list[_Piece] = []
    for piece in pieces:
        if piece.html:
            out.append(piece)
            continue
        start = 0
        for match in pattern.finditer(piece.text):
            converted = convert(match)
            if converted is None:
                continue
            out.append(_Piece(piece.text[start : match.start()]))
            out.append(converted)
            start = match.end()
        out.append(_Piece(piece.text[start:]))
    return [p for p in out if p.text]


def _link(url: str) -> _Piece | None:
    target = safe_url(url)
    if target is None:
        return None
    return _Piece(f'<a href="{escape(target)}">{escape(url)}</a>', html=True)


def _bare_link(match: re.Match[str]) -> _Piece | None:
    url = trim_url(match.group(0))
    link = _link(url)
    if link is None:
        return None
    # Give back what trim_url dropped, as text.
    rest = match.group(0)[len(url) :]
    return _Piece(link.text + escape(rest), html=True)


def _math(pieces: list[_Piece]) -> list[_Piece]:
    """The plain pieces' math marked for KaTeX; what only looked like math (see latex.spans) is text."""
    out: list[_Piece] = []
    for piece in pieces:
        if piece.html:
            out.append(piece)
            continue
        for span in spans(piece.text):
            if not span.math:
                out.append(_Piece(span.text))
            elif span.display:
                out.append(_Piece(f'<span class="arithmatex">\\[{escape(span.text)}\\]</span>', html=True))
            else:
                out.append(_Piece(f'<span class="arithmatex">\\({escape(span.text)}\\)</span>', html=True))
    return out


def _plain_html(text: str) -> str:
    """Inert HTML for plain text, with the typographic LaTeX-isms resolved."""
    text = _QUOTES.sub("\u201c\\1\u201d", text)
    text = _ESCAPED.sub(r"\1", text)
    text = _EM_DASH.sub("\u2014", text)
    text = _EN_DASH.sub("\u2013", text)
    out = escape(text)

    def command(match: re.Match[str]) -> str:
        tag = _TAGS.get(match.group(1))
        inner = match.group(2)
        return f"<{tag}>{inner}</{tag}>" if tag else inner

    previous = None
    while previous != out:
        previous, out = out, _ESCAPED_COMMAND.sub(command, out)
    return _BOLD.sub(r"<strong>\1</strong>", out)


# The search stand-in pages (made before theme detection) and the paper
# pages (rendered after it) both need each abstract's HTML.
@functools.lru_cache(maxsize=1 << 16)
def abstract_html(raw: str) -> str:
    """The abstract as one HTML paragraph: links live, math marked, the rest inert."""
    pieces = [_Piece(_SPACE.sub(" ", raw).strip())]
    pieces = _split(pieces, _LATEX_URL, lambda m: _link(m.group(1)))
    pieces = _split(pieces, _URL, _bare_link)
    pieces = _math(pieces)
    body = "".join(p.text if p.html else _plain_html(p.text) for p in pieces)
    return f"<p>{body}</p>"


def inline_html(value: str) -> str:
    """A title or summary as inline HTML: its math marked for KaTeX, its commands as words, everything else inert (in Markdown or HTML)."""
    if "$" not in value and "\\" not in value:
        return inert(value)
    return "".join(_inline(span) for span in spans(value))


def _inline(span: Span) -> str:
    if span.math:
        tex = inert(f"\\({span.text}\\)")
        return f'<span class="arithmatex">{tex}</span>'
    return inert(commandless(span.text))


def plain_text(raw: str) -> str:
    """The abstract as readable plain text: for summaries and search."""
    text = raw
    # Most abstracts hold no LaTeX, quotes, bold or dashes: a substring test skips a pattern that looks at every character.
    if "\\" in text:
        text = _LATEX_URL.sub(r"\1", text)
    if "``" in text:
        text = _QUOTES.sub("\u201c\\1\u201d", text)
    previous = None
    while "\\" in text and previous != text:
        previous, text = text, _COMMAND.sub(r"\2", text)
    if "**" in text:
        text = _BOLD.sub(r"\1", text)
    if "\\" in text:
        text = _ESCAPED.sub(r"\1", text)
    if "--" in text:
        text = _EM_DASH.sub("\u2014", text)
        text = _EN_DASH.sub("\u2013", text)
    return _SPACE.sub(" ", text).strip()


def urls(raw: str) -> list[str]:
    """Every followable URL in the abstract, in order, without repeats."""
    found = [m.group(1) for m in _LATEX_URL.finditer(raw)]
    found += [trim_url(m.group(0)) for m in _URL.finditer(raw)]
    found += _bare_domains(raw)
    seen: dict[str, None] = {}
    for url in found:
        normal = url if url.startswith(("http://", "https://")) else f"https://{url}"
        if safe_url(normal):
            seen.setdefault(normal.rstrip("/"), None)
    return list(seen)


# Project pages are often given without a scheme: "see g4splat.github.io".
_BARE_DOMAIN = re.compile(
    r"(?<![\w./@-])((?:[a-z0-9-]+\.)+(?:github\.io|gitlab\.io|com|org|net|io|ai|dev)(?:/[^\s<>\"'`{}\\]*)?)",
    re.IGNORECASE,
)


# Every bare domain holds one of these: most abstracts hold none, and this finds that at once.
_DOMAIN_HINT = re.compile(r"\.(?:com|org|net|io|ai|dev)", re.IGNORECASE)


def _bare_domains(raw: str) -> list[str]:
    if not _DOMAIN_HINT.search(raw):
        return []
    text = _URL.sub(" ", _LATEX_URL.sub(" ", raw))
    return [trim_url(m.group(1)) for m in _BARE_DOMAIN.finditer(text)]
