"""The interface's words: one message catalogue per language, for the templates and the scripts alike.

A catalogue is templates/messages/LANG.json, a flat object of message ids and
strings with {name} holes. A count has a form per plural category (id.one,
id.other; Chinese and Japanese have only .other); a language without a
catalogue, or a message missing from one, falls back to English.

Chinese and Japanese share their characters: kana tell Japanese apart, and a
text in Chinese characters alone ("音声合成", a theme's name or a title) is in
the language of the list's other CJK text (han_language).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import BuildError
from ..model import ReadingList

FALLBACK = "en"
FOLDER = "messages"
_HINT = 'write it like templates/messages/en.json: {"id": "text", …}'
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_KANA = re.compile(r"[\u3040-\u30ff]")


@dataclass(frozen=True)
class Messages:
    """A language's catalogue over the English one."""

    language: str
    strings: dict[str, str]

    def template(self, key: str) -> str:
        """The message key as written, holes and all."""
        try:
            return self.strings[key]
        except KeyError:
            raise BuildError(f"no message {key!r} in the {self.language} catalogue or the English one") from None

    def t(self, key: str, **values: object) -> str:
        """The message key with its holes filled."""
        try:
            return self.template(key).format(**values)
        except KeyError as error:
            raise BuildError(f"the message {key!r} has a hole {error} the page does not fill") from None

    def count(self, key: str, n: int) -> str:
        """The message for n of something: key.one for exactly 1 when the language has it, else key.other."""
        form = f"{key}.one" if n == 1 and f"{key}.one" in self.strings else f"{key}.other"
        return self.t(form, n=n)

    def page_words(self) -> dict[str, str]:
        """The messages each page carries for the theme's templates and the browser's scripts (chrome.*, js.*, search.*)."""
        return {key: value for key, value in self.strings.items() if key.startswith(("chrome.", "js.", "search."))}

    def page_script(self) -> str:
        """messages.js: the page words as window.RL_MESSAGES, for frontend/src/i18n.js (see MESSAGES_SCRIPT)."""
        return f"window.RL_MESSAGES = {json.dumps(self.page_words(), ensure_ascii=False, sort_keys=True)};\n"


def load(templates: Path, language: str) -> Messages:
    """The catalogue for language from templates/messages/, over English."""
    folder = templates / FOLDER
    strings = _read(folder / f"{FALLBACK}.json")
    if language != FALLBACK and (folder / f"{language}.json").is_file():
        own = _read(folder / f"{language}.json")
        # A language's own plural forms replace English's: Chinese has no "one".
        plural = {key.rsplit(".", 1)[0] for key in own if key.endswith((".one", ".other"))}
        strings = {k: v for k, v in strings.items() if not (k.endswith(".one") and k.rsplit(".", 1)[0] in plural)}
        strings.update(own)
    return Messages(language, strings)


def interface_language(language: str, reading_list: ReadingList) -> str:
    """The interface's language: the one set, or for "auto" the one the list's title is in (Chinese or Japanese for a CJK title)."""
    return content_language(reading_list.title, han_language(reading_list)) if language == "auto" else language


def han_language(reading_list: ReadingList) -> str:
    """The language of the list's text in Chinese characters alone: ja where most of its CJK abstracts hold kana, else zh.

    Every Japanese abstract writes its particles in kana; a Chinese one has none.
    """
    cjk = [abstract for abstract in (paper.abstract for paper in reading_list.papers) if _CJK.search(abstract)]
    return "ja" if 2 * sum(1 for abstract in cjk if _KANA.search(abstract)) > len(cjk) else "zh"


def content_language(value: str, han: str = "zh") -> str:
    """The language a piece of content is written in, as far as the interface languages go: ja for text with kana, han
    (the list's, see han_language) for other CJK text, else en."""
    if _KANA.search(value):
        return "ja"
    return han if _CJK.search(value) else "en"


def _read(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise BuildError(f"cannot read the message catalogue ({error.strerror})", where=str(path)) from None
    except json.JSONDecodeError as error:
        raise BuildError(f"not valid JSON: {error.msg}", where=f"{path}:{error.lineno}", hint=_HINT) from None
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise BuildError("a message catalogue is one JSON object of strings", where=str(path), hint=_HINT)
    return data
