"""Chinese and Japanese text cut into words, for keyphrases and themes.

Neither language puts spaces between words, so a run of CJK characters is
one long token to a splitter made for English. Each run is cut by a
segmenter that knows the language (jieba for Chinese; fugashi, MeCab with
the UniDic dictionary of unidic-lite, for Japanese), and the nouns that
stand together become one compound term ("图神经网络", "言語モデル"); particles,
verbs and punctuation end it, as stopwords and commas end an English phrase.
The segmenters load only when a text holds CJK characters: an English list
never pays for them.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterator
from typing import Any

_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff10-\uff5a\u30fc]+")
_CJK_PUNCTUATION = re.compile(r"[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\u30fb]")
_HIRAGANA = re.compile(r"[\u3040-\u309f]+")
_KANA = re.compile(r"[\u3040-\u30ff]")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")

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
    过程 方式 策略 思路 现有 大量 多个 各种 最新 表现 基准 挑战 优势 局限 贡献 提升 改进 实现 应用 分析 设计
    """
)
_ZH_ALONE = _words("模型 系统 数据 算法 机制 模块 网络 特征 信息 样本 训练 学习")
_JA_EDGE = _words(
    """
    手法 方法 提案 研究 本 結果 性能 実験 こと もの ため よう 場合 問題 課題 枠組み 精度 効果 評価 本稿 本論文 従来
    既存 これ それ 上 中 間 後 前 数 等 点 際 他 各 両 向上 改善 実現 検証 達成 適用 利用 使用 導入 構築 開発 実装
    分析 検討 比較 報告 目的 必要 可能 有効 重要
    """
)
_JA_ALONE = _words("モデル システム データ 学習 情報 特徴 ネットワーク 処理 タスク")
# Place words that jieba glues to the noun before them: "数据集上" is 数据集.
_ZH_PLACE = ("上", "中", "下", "里", "内")


def phrases(text: str) -> str:
    """text with each CJK run replaced by its compound nouns, set apart by "|" (which ends a phrase)."""
    if not CJK.search(text):
        return text
    text = _CJK_PUNCTUATION.sub(" | ", text)
    return _CJK_RUN.sub(lambda run: f" | {' | '.join(_compounds(run.group(0), japanese=bool(_KANA.search(text))))} | ", text)


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


def _chinese(run: str) -> Iterator[tuple[str, bool]]:
    for pair in _jieba().cut(run):
        yield pair.word, bool(_ZH_NOUN.fullmatch(pair.flag))


def _japanese(run: str) -> Iterator[tuple[str, bool]]:
    for word in _tagger()(run):
        pos, kind = word.feature.pos1, word.feature.pos2
        # Prefixes and noun-making suffixes ("大規模", "汎化性") belong to the compound; numerals and pronouns do not.
        noun = (pos == "名詞" and kind not in ("数詞", "代名詞")) or pos == "接頭辞" or (pos == "接尾辞" and kind == "名詞的")
        yield word.surface, noun


@functools.cache
def _jieba() -> Any:
    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    return jieba.posseg


@functools.cache
def _tagger() -> Any:
    import fugashi

    return fugashi.Tagger()
