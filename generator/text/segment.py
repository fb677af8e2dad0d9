"""Chinese and Japanese text cut into words, for keyphrases and themes.

Neither language puts spaces between words, so a run of CJK characters is
one long token to a splitter made for English. Each run is cut by a
segmenter that knows the language (jieba for Chinese; fugashi, MeCab with
the UniDic dictionary of unidic-lite, for Japanese), and the nouns that
stand together become one compound term ("图神经网络", "言語モデル"); particles,
verbs and punctuation end it, as stopwords and commas end an English phrase.
The segmenters load only when a text holds CJK characters: an English list
never pays for them. They are the `cjk` extra (`pip install 'readinglist[cjk]'`),
some 300 MB that most lists never need. Without them a run is cut roughly,
where a particle, a function word or a change of script ends a word, and the
build says once which extra would cut it into words.
"""

from __future__ import annotations

import functools
import importlib.util
import logging
import re
from collections.abc import Iterable, Iterator
from typing import Any

_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff10-\uff5a\u30fc]+")
_CJK_PUNCTUATION = re.compile(r"[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\u30fb]")
_HIRAGANA = re.compile(r"[\u3040-\u309f]+")
_KANA = re.compile(r"[\u3040-\u30ff]")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
# A sentence with no kana is Chinese: Japanese writes its particles in kana. Chinese characters alone with no
# stop (a keyword, a theme's name, a short title) may be either language, as 機械翻訳 is Japanese.
_CHINESE_STOP = re.compile(r"[\u3002\uff0c]")

log = logging.getLogger(__name__)

# Hiragana ends a content word in Japanese (particles, endings); kanji, katakana and the long-vowel mark make one.
_JA_CONTENT = re.compile(r"[\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+|[\u3040-\u309f]+")

# jieba's tags of nouns: common, names, places, organisations, other proper
# nouns, verbal nouns ("预测"), abbreviations and English words in the text.
_ZH_NOUN = re.compile(r"n[a-z]*|vn|j|eng")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that say nothing of a paper's topic: dropped from a compound's ends
# ("预测方法" is 预测), and words too vague to stand alone, though they may end
# a compound ("语言模型", "言語モデル").
_ZH_EDGE = _words(
    """
    方法 框架 问题 任务 技术 结果 性能 效果 实验 研究 本文 论文 工作 方案 基础 方面 能力 精度 准确率 效率 领域
    过程 方式 策略 思路 现有 大量 多个 各种 最新 表现 基准 挑战 优势 局限 贡献 提升 改进 实现 应用 分析 设计 百分点 考虑 对象 影响
    """
)
_ZH_ALONE = _words("模型 系统 数据 数据集 算法 机制 模块 网络 特征 信息 样本 训练 学习")
_JA_EDGE = _words(
    """
    手法 方法 提案 研究 本 結果 性能 実験 こと もの ため よう 場合 問題 課題 枠組み 精度 効果 評価 本稿 本論文 従来
    既存 これ それ 上 中 間 後 前 数 等 点 際 他 各 両 向上 改善 実現 検証 達成 適用 利用 使用 導入 構築 開発 実装
    分析 検討 比較 報告 目的 必要 可能 有効 重要 考慮 分野 対象 観点 影響 程度 傾向
    """
)
_JA_ALONE = _words("モデル システム データ データセット 学習 情報 特徴 ネットワーク 処理 タスク")
# Place words that jieba glues to the noun before them: "数据集上" is 数据集.
_ZH_PLACE = ("上", "中", "下", "里", "内")
# Without jieba, a run of this many characters or fewer between function words may be a term ("分子性质预测数据集").
_ZH_LONGEST = 10
# Without jieba, these end a Chinese word wherever they stand: particles, pronouns, and the verbs and
# prepositions that abstracts put between their nouns. Single characters only where no common term holds them.
_ZH_FUNCTION = tuple(
    sorted(
        _words(
            """
        的 了 着 是 和 与 及 或 被 把 将 其 该 这 那 在 从 以 于 我们 本文 提出 一种 一个 基于 通过 利用 使用 采用
        进行 对于 针对 由于 关于 用于 优于 作为 成为 为了 以及 并且 或者 但是 然而 因此 此外 其中 这些 这种 从而
        能够 可以 让 使 使得 要求 只能 如何 更 取得 得到 显著 实现 提高 提升 降低 表明 证明 具有 包括 所有 多个 各种 大量 不同 相比 之间 最好 更好
        """
        ),
        key=lambda word: (-len(word), word),
    )
)


def cjk_texts(texts: Iterable[str]) -> int:
    """How many of the texts hold Chinese or Japanese: a list most of whose abstracts do is one the English sentence
    model cannot read (no recommendations, no themes by field)."""
    return sum(1 for text in texts if CJK.search(text))


def phrases(text: str) -> str:
    """text with each CJK run replaced by its compound nouns, set apart by "|" (which ends a phrase)."""
    if not CJK.search(text):
        return text
    japanese = bool(_KANA.search(text))
    if japanese or _CHINESE_STOP.search(text):
        _say_if_rough(japanese)
    text = _CJK_PUNCTUATION.sub(" | ", text)
    return _CJK_RUN.sub(lambda run: f" | {' | '.join(_compounds(run.group(0), japanese=japanese))} | ", text)


def _compounds(run: str, *, japanese: bool) -> list[str]:
    words = _japanese(run) if japanese else _chinese(run)
    found = []
    edge, alone = (_JA_EDGE, _JA_ALONE) if japanese else (_ZH_EDGE, _ZH_ALONE)
    for compound in _joined(words):
        parts = list(compound)
        while parts and parts[0] in edge:
            parts.pop(0)
        while parts and parts[-1] in edge:
            parts.pop()
        term = "".join(parts)
        if not japanese and len(term) > 2 and term.endswith(_ZH_PLACE):
            term = term[:-1]
        # A noun of hiragana alone is a formal one ("こと", "ほとんど"), never a topic.
        if len(term) >= 2 and term not in alone and not (japanese and _HIRAGANA.fullmatch(term)):
            found.append(term)
    return found


def _joined(words: Iterator[tuple[str, bool]]) -> Iterator[list[str]]:
    """Runs of nouns, each as its list of words."""
    compound: list[str] = []
    for word, noun in words:
        if noun:
            compound.append(word)
            continue
        if compound:
            yield compound
        compound = []
    if compound:
        yield compound


def segmenters(texts: Iterable[str]) -> str:
    """Which segmenters this install has, for the cache's keys of what is made from these texts' words: what they cut
    differs from the rough cut. "" for texts that hold no CJK, which no segmenter cuts: installing the extra keeps
    an English list's cache."""
    if not any(CJK.search(text) for text in texts):
        return ""
    return " ".join(name for name in ("jieba", "fugashi", "unidic_lite") if importlib.util.find_spec(name)) or "rough"


def _chinese(run: str) -> Iterator[tuple[str, bool]]:
    posseg = _jieba()
    if posseg is None:
        yield from _rough_chinese(run)
        return
    for pair in posseg.cut(run):
        yield pair.word, bool(_ZH_NOUN.fullmatch(pair.flag))


def _rough_chinese(run: str) -> Iterator[tuple[str, bool]]:
    """run cut where a function word stands, the longest first; what lies between is one noun, unless it is
    longer than a term: then it is a clause whose verbs the list of function words missed, and no noun."""
    start = at = 0
    while at <= len(run):
        word = next((w for w in _ZH_FUNCTION if run.startswith(w, at)), None) if at < len(run) else ""
        if word is None:
            at += 1
            continue
        if len(run[start:at]) > _ZH_LONGEST:
            yield run[start:at], False
        elif start < at:
            yield from _peeled(run[start:at], _ZH_EDGE)
        if word:
            yield word, False
        start = at = at + max(len(word), 1)


def _rough_japanese(run: str) -> Iterator[tuple[str, bool]]:
    """run cut where hiragana starts or ends: the kanji and katakana between are nouns, the hiragana are not."""
    for match in _JA_CONTENT.finditer(run):
        word = match.group(0)
        if _HIRAGANA.fullmatch(word):
            yield word, False
        elif len(word) > 2 and word.endswith("的"):
            # 的 makes an adjective of the noun before it ("定量的"), as the tagger's suffix does.
            yield from _peeled(word[:-1], _JA_EDGE)
            yield "的", False
        else:
            yield from _peeled(word, _JA_EDGE)


def _peeled(word: str, edge: frozenset[str]) -> Iterator[tuple[str, bool]]:
    """word with the edge words at either end set apart, all as nouns, so that _compounds trims them as it trims
    a segmenter's words ("品質推定手法" is 品質推定 and 手法)."""
    head: list[str] = []
    tail: list[str] = []
    peeled = True
    while peeled:
        peeled = False
        for part in _longest_first(edge):
            if len(word) > len(part) and word.startswith(part):
                head.append(part)
                word = word[len(part) :]
                peeled = True
            if len(word) > len(part) and word.endswith(part):
                tail.insert(0, part)
                word = word[: -len(part)]
                peeled = True
    for part in (*head, word, *tail):
        yield part, True


@functools.cache
def _longest_first(words: frozenset[str]) -> tuple[str, ...]:
    # A single character is peeled only by a segmenter that knows it stands alone: "前処理" keeps its 前.
    return tuple(sorted((word for word in words if len(word) > 1), key=lambda word: (-len(word), word)))


def _japanese(run: str) -> Iterator[tuple[str, bool]]:
    tagger = _tagger()
    if tagger is None:
        yield from _rough_japanese(run)
        return
    for word in tagger(run):
        pos, kind = word.feature.pos1, word.feature.pos2
        # Prefixes and noun-making suffixes ("大規模", "汎化性") belong to the compound; numerals and pronouns do not.
        noun = (pos == "名詞" and kind not in ("数詞", "代名詞")) or pos == "接頭辞" or (pos == "接尾辞" and kind == "名詞的")
        yield word.surface, noun


@functools.cache
def _jieba() -> Any:
    try:
        import jieba
        import jieba.posseg
    except ImportError:
        return None
    jieba.setLogLevel(logging.WARNING)
    return jieba.posseg


@functools.cache
def _tagger() -> Any:
    try:
        import fugashi

        return fugashi.Tagger()
    except (ImportError, RuntimeError):
        # fugashi without a dictionary (unidic-lite) raises RuntimeError when the tagger starts.
        return None


def _say_if_rough(japanese: bool) -> None:
    """Say that this language's text is cut roughly, where its segmenter is missing; a text that may be either
    language says nothing, so that a Japanese list's kanji keywords ("機械翻訳") never warn of Chinese."""
    if (_tagger() if japanese else _jieba()) is None:
        _without_extra("Japanese" if japanese else "Chinese")


@functools.cache
def _without_extra(language: str) -> None:
    log.warning(
        "%s abstracts are cut into words roughly, at particles and punctuation: install the cjk extra "
        "(pip install 'readinglist[cjk]') for keywords and themes from the words a %s segmenter finds",
        language,
        language,
    )
