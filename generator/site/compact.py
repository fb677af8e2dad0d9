"""A built page without the blank lines and indentation Material's templates leave between its tags.

A paper page of Material's is a tenth whitespace: lines of indentation left
by template tags, 1.6 KB of a 17 KB page, some 30 MB of a 20,000-paper site.
Every run of whitespace that holds a line break becomes one line break. A
browser reads both alike: outside preformatted text, any run of whitespace
is one space between words and none between blocks. The text of <pre>,
<textarea>, <script> and <style> is left as it is: there whitespace is
content.
"""

from __future__ import annotations

import re

# The whitespace that is folded: HTML's, not \s, as a no-break space is text.
SPACE = " \t\r\n\f"
# A raw-text or preformatted element whole, or a run of whitespace that holds a line break.
_KEPT_OR_BREAK = re.compile(rf"(<(pre|textarea|script|style)\b.*?</\2\s*>)|[{SPACE}]*\n[{SPACE}]*", re.DOTALL | re.IGNORECASE)


def compact(html: str) -> str:
    """html with each run of whitespace that holds a line break made one line break, outside <pre>, <textarea>, <script>, <style>."""
    return _KEPT_OR_BREAK.sub(lambda match: match.group(1) or "\n", html)
