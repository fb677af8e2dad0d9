"""Chinese and Japanese lists: keywords and themes from words that a segmenter finds, not whole clauses."""

from __future__ import annotations

import importlib.util
import json
import logging
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support import BUNDLED, build_site, copy_project, search_index

from generator import cache
from generator.config import ThemeSettings
from generator.enrich import enrich
from generator.read import read_papers
from generator.site.build import BuildOptions, build
from generator.text import segment
from generator.text.keyphrases import keyphrases
from generator.themes import Vectors, detect_themes

DATA = Path(__file__).parent / "data" / "cjk"


def test_chinese_and_japanese_keyphrases_are_compound_nouns():
    chinese, japanese = keyphrases(
        [
            "本文提出一种基于图神经网络的分子性质预测方法，在多个化学数据集上取得了最好的结果。",
            "本研究では、大規模言語モデルを用いた機械翻訳の品質推定手法を提案する。",
        ]
    )
    assert set(chinese) == {"分子性质预测", "图神经网络", "化学数据集"}
    assert set(japanese) == {"大規模言語モデル", "機械翻訳", "品質推定"}


def test_a_word_any_abstract_uses_such_as_consideration_or_field_is_no_keyphrase():
    japanese, chinese = keyphrases(
        [
            "本研究では、話者の感情を考慮した音声合成を提案する。医療分野の対話にも適用する。",
            "本文提出一种考虑说话人情感的语音合成方法，并分析其对象与影响。",
        ]
    )
    assert japanese and chinese
    assert not {"考慮", "分野", "影響"} & set(japanese), japanese
    assert not {"考虑", "对象", "影响"} & set(chinese), chinese


@pytest.mark.parametrize("language", ["zh", "ja"])
def test_no_theme_is_a_catch_all(language):
    reading_list = detect_themes(enrich(read_papers([DATA / f"{language}.jsonl"])), ThemeSettings())
    sizes = {theme.label: len(theme.paper_ids) for theme in reading_list.themes}
    assert max(sizes.values()) <= 0.3 * len(reading_list.papers), sizes
    assert not any(label.startswith("Further papers") for label in sizes), sizes
    # Keywords are words, not the clauses a whitespace splitter would give: no particle or punctuation inside.
    clause = set("的了在是，。、をがはでにと")
    assert not [keyword for paper in reading_list.papers for keyword in paper.keywords if clause & set(keyword)]
    assert all(paper.keywords for paper in reading_list.papers)


def test_the_segmenters_load_only_for_cjk_text():
    script = (
        "import sys; from generator.text.keyphrases import keyphrases; "
        "keyphrases(['We propose flow matching for images.']); a = {'jieba', 'fugashi'} & set(sys.modules); "
        "keyphrases(['本文提出一种分子性质预测方法。']); b = {'jieba', 'fugashi'} & set(sys.modules); "
        "keyphrases(['機械翻訳の品質推定手法を提案する。']); c = {'jieba', 'fugashi'} & set(sys.modules); "
        "print(sorted(a), sorted(b), sorted(c))"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[] ['jieba'] ['fugashi', 'jieba']"


@pytest.fixture
def without_cjk_extra(monkeypatch):
    """An install without the cjk extra: jieba and fugashi cannot be imported."""
    for name in ("jieba", "jieba.posseg", "fugashi"):
        monkeypatch.setitem(sys.modules, name, None)
    caches = (segment._jieba, segment._tagger, segment._without_extra)
    for cached in caches:
        cached.cache_clear()
    yield
    for cached in caches:
        cached.cache_clear()


def test_without_the_cjk_extra_text_is_cut_roughly_and_the_log_names_the_extra(without_cjk_extra, caplog):
    caplog.set_level(logging.WARNING, logger="generator.text.segment")
    chinese, japanese = keyphrases(
        [
            "本文提出一种基于图神经网络的分子性质预测方法，在多个化学数据集上取得了最好的结果。",
            "本研究では、大規模言語モデルを用いた機械翻訳の品質推定手法を提案する。",
        ]
    )
    # Function words, edge words and script changes cut as the segmenters would, here.
    assert set(chinese) == {"分子性质预测", "图神经网络", "化学数据集"}
    assert set(japanese) == {"大規模言語モデル", "機械翻訳", "品質推定"}
    warnings = [record.getMessage() for record in caplog.records]
    assert len(warnings) == 2
    assert all("pip install 'readinglist[cjk]'" in warning for warning in warnings)
    assert [warning.split()[0] for warning in warnings] == ["Chinese", "Japanese"]


def test_without_the_cjk_extra_a_japanese_list_is_warned_of_japanese_alone(without_cjk_extra, caplog):
    # Its keywords in kanji alone ("機械翻訳") are cut again as terms, and had warned that Chinese was cut roughly.
    caplog.set_level(logging.WARNING, logger="generator.text.segment")
    reading_list = detect_themes(enrich(read_papers([DATA / "ja.jsonl"])), ThemeSettings())
    assert any(keyword == "機械翻訳" for paper in reading_list.papers for keyword in paper.keywords)
    assert [record.getMessage().split()[0] for record in caplog.records] == ["Japanese"]
    assert "pip install 'readinglist[cjk]'" in caplog.records[0].getMessage()


def test_without_the_cjk_extra_a_clause_is_no_keyword(without_cjk_extra):
    # The rough cut knows no verbs beyond its list: a long run between function words is a clause, not a term.
    (phrases,) = keyphrases(["强化学习让大语言模型产生更长的推理链，推理步骤压缩为关键中间结论。"])
    assert "强化学习" in phrases
    assert all(len(phrase) <= 10 for phrase in phrases), phrases


@pytest.mark.parametrize("language", ["zh", "ja"])
def test_without_the_cjk_extra_every_paper_has_keywords_and_themes(language, without_cjk_extra):
    # Coarser than the segmenters' (the largest Chinese theme holds 11 of 30 papers, against 4 with the extra),
    # which is what the build's warning says the extra improves.
    reading_list = detect_themes(enrich(read_papers([DATA / f"{language}.jsonl"])), ThemeSettings())
    sizes = [len(theme.paper_ids) for theme in reading_list.themes]
    assert len(sizes) >= 4 and max(sizes) < 0.5 * len(reading_list.papers), sizes
    clause = set("的了在是，。、をがはでにと")
    assert not [keyword for paper in reading_list.papers for keyword in paper.keywords if clause & set(keyword)]
    assert all(paper.keywords for paper in reading_list.papers)


_EXTRA = ("jieba", "fugashi", "unidic_lite")


def test_the_cache_tells_an_install_with_the_cjk_extra_from_one_without(monkeypatch):
    """A CJK list's vectors, and so its themes, related papers and map, are keyed by the segmenters installed; an
    English list's are not, so installing the extra keeps its cache (tests/test_cache.py builds one across it)."""
    chinese, english = read_papers([DATA / "zh.jsonl"]).papers, read_papers([BUNDLED]).papers
    assert segment.segmenters(paper.abstract for paper in chinese) == "jieba fugashi unidic_lite"
    assert segment.segmenters(paper.abstract for paper in english) == ""
    with_extra = [Vectors(papers).key for papers in (chinese, english)]
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *rest: None if name in _EXTRA else real(name, *rest))
    assert segment.segmenters(paper.abstract for paper in chinese) == "rough"
    without = [Vectors(papers).key for papers in (chinese, english)]
    assert without[0] != with_extra[0]
    assert without[1] == with_extra[1]
    assert "segmenters" not in cache._STAMP


@pytest.mark.site
def test_a_chinese_list_builds_without_the_cjk_extra(tmp_path, without_cjk_extra, caplog):
    caplog.set_level(logging.WARNING, logger="generator.text.segment")
    project = copy_project(tmp_path, data=False)
    (project / "data").mkdir()
    source = project / "data" / "zh.jsonl"
    source.write_bytes((DATA / "zh.jsonl").read_bytes())
    site = build_site(project, source)
    assert len(json.loads((site / "papers.json").read_text(encoding="utf-8"))) == 30
    assert any("readinglist[cjk]" in record.getMessage() for record in caplog.records)
    # Search is Pagefind's own: its extended build splits the Chinese into words with or without the extra.
    indexed = " ".join(page["content"] for page in search_index(site))
    assert "思维链" in indexed


@pytest.mark.site
def test_a_japanese_list_builds_with_themes_named_in_japanese(tmp_path):
    project = copy_project(tmp_path, data=False)
    (project / "data").mkdir()
    source = project / "data" / "ja.jsonl"
    source.write_bytes((DATA / "ja.jsonl").read_bytes())
    site = build_site(project, source)
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    assert len(records) == 30
    themes = {record["theme_slug"]: record["theme"] for record in records}
    assert all(slug.replace("-", "") and not slug.startswith("further-papers") for slug in themes)
    for slug in themes:
        assert (site / "themes" / slug / "index.html").is_file()


# The catalogues' Chinese words, where the Japanese one words it otherwise: runs of two CJK characters or more,
# holes left out ("分为 {themes}" gives 分为).
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{2,}")


def _chinese_interface_words(templates: Path) -> set[str]:
    chinese, japanese = (
        json.loads((templates / "messages" / f"{lang}.json").read_text(encoding="utf-8")) for lang in ("zh", "ja")
    )
    return {
        run for key, text in chinese.items() if text != japanese[key] for run in _CJK_RUN.findall(re.sub(r"\{\w+\}", " ", text))
    }


@pytest.mark.site
def test_a_japanese_list_under_a_title_in_kanji_alone_has_a_japanese_interface_and_no_chinese_one(tmp_path):
    # NLP2024's own name has no kana: the list's abstracts tell Japanese from Chinese.
    project = copy_project(tmp_path, data=False)
    (project / "data").mkdir()
    source = project / "data" / "ja.jsonl"
    source.write_bytes((DATA / "ja.jsonl").read_bytes())
    site = project / "site"
    build(BuildOptions(project / "mkdocs.yml", site, (source,), {"title": "言語処理学会 第30回年次大会"}))
    pages = {path: path.read_text(encoding="utf-8") for path in site.rglob("*.html")}
    assert len(pages) > 30
    assert {path for path, html in pages.items() if '<html lang="ja"' not in html} == set()
    chinese = _chinese_interface_words(project / "templates")
    assert len(chinese) > 100
    assert {word for html in pages.values() for word in chinese if word in html} == set()
    home = pages[site / "index.html"]
    assert "30 本の論文を 9 個のテーマに分けています" in home
    assert re.search(r">\s*ホーム\s*<", home) and re.search(r">\s*このサイトについて\s*<", home)
    assert re.search(r"<h1[^>]*>このサイトについて", pages[site / "about" / "index.html"])
    # Kanji-only names of themes are the list's Japanese, not marked Chinese.
    assert {path for path, html in pages.items() if 'lang="zh"' in html} == set()
