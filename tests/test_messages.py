"""The interface's message catalogues (generator.render.messages) and the words the pages take from them."""

from __future__ import annotations

import json
import re

import pytest
from support import REPO, make_paper

from generator.errors import BuildError
from generator.model import ReadingList, Theme
from generator.render import messages
from generator.render.pages import ABOUT_FOLDER, about_page, home_description

TEMPLATES = REPO / "templates"
CATALOGUES = sorted((TEMPLATES / messages.FOLDER).glob("*.json"))


def _ids(path):
    """A catalogue's message ids, each count under its base id."""
    return {re.sub(r"\.(one|other)$", "", key) for key in json.loads(path.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda p: p.stem)
def test_every_catalogue_has_every_message_of_the_english_one(catalogue):
    assert _ids(catalogue) == _ids(TEMPLATES / messages.FOLDER / "en.json")


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda p: p.stem)
def test_each_message_has_the_holes_of_its_english_original(catalogue):
    english = messages.load(TEMPLATES, "en").strings
    own = json.loads(catalogue.read_text(encoding="utf-8"))
    for key, value in own.items():
        original = english.get(key) or english[re.sub(r"\.other$", ".one", key)]
        assert set(re.findall(r"\{(\w+)\}", value)) == set(re.findall(r"\{(\w+)\}", original)), key


def test_counts_take_the_languages_own_plural_forms():
    english, chinese = messages.load(TEMPLATES, "en"), messages.load(TEMPLATES, "zh")
    assert [english.count("count.papers", n) for n in (1, 2)] == ["1 paper", "2 papers"]
    assert [chinese.count("count.papers", n) for n in (1, 2)] == ["1 篇论文", "2 篇论文"]


def test_a_language_without_a_catalogue_speaks_english():
    assert messages.load(TEMPLATES, "de").t("nav.home") == "Home"


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda p: p.stem)
def test_every_catalogue_language_has_its_about_page(catalogue):
    assert (TEMPLATES / ABOUT_FOLDER / f"{catalogue.stem}.md").is_file()


def test_a_language_without_an_about_page_gets_the_english_one():
    assert about_page(TEMPLATES, "de") == (TEMPLATES / ABOUT_FOLDER / "en.md").read_text(encoding="utf-8")


def test_a_broken_catalogue_is_one_error_naming_its_file_and_line(tmp_path):
    (tmp_path / messages.FOLDER).mkdir()
    (tmp_path / messages.FOLDER / "en.json").write_text('{\n  "nav.home": "Home",\n}\n', encoding="utf-8")
    with pytest.raises(BuildError) as error:
        messages.load(tmp_path, "en")
    assert f"{tmp_path / messages.FOLDER / 'en.json'}:3" in str(error.value)


def test_content_language_tells_chinese_from_english():
    assert messages.content_language("基于图神经网络的分子性质预测") == "zh"
    assert messages.content_language("We propose a method.") == "en"


def test_content_language_tells_japanese_by_its_kana_and_chinese_characters_alone_by_the_list():
    assert messages.content_language("大規模言語モデルによる機械翻訳") == "ja"
    assert messages.content_language("ニューラル機械翻訳") == "ja"
    # "音声合成" is Chinese and Japanese alike: it is in the list's language.
    assert messages.content_language("音声合成") == "zh"
    assert messages.content_language("音声合成", han="ja") == "ja"
    assert messages.content_language("Speech synthesis", han="ja") == "en"


JAPANESE_ABSTRACT = "本研究では、大規模言語モデルを用いた機械翻訳の品質推定手法を提案する。"
CHINESE_ABSTRACT = "本文提出一种基于图神经网络的分子性质预测方法。"


@pytest.mark.parametrize(
    ("title", "abstracts", "language"),
    [
        ("言語処理学会 第30回年次大会", [JAPANESE_ABSTRACT, JAPANESE_ABSTRACT, CHINESE_ABSTRACT], "ja"),
        ("言語処理学会の論文", [], "ja"),
        ("中文论文阅读清单", [CHINESE_ABSTRACT, CHINESE_ABSTRACT, JAPANESE_ABSTRACT], "zh"),
        ("nlp2024", [JAPANESE_ABSTRACT], "en"),
    ],
    ids=["kanji-title-japanese-abstracts", "kana-title", "chinese", "english-title"],
)
def test_a_cjk_title_gives_the_interface_of_the_lists_language(title, abstracts, language):
    papers = [make_paper(id=f"p{i}", abstract=abstract) for i, abstract in enumerate(abstracts)]
    assert messages.interface_language("auto", ReadingList(title=title, papers=papers)) == language


def test_the_language_set_is_the_interfaces_whatever_the_title():
    assert messages.interface_language("en", ReadingList(title="言語処理学会の論文", papers=[])) == "en"


def test_the_japanese_catalogue_has_every_message_of_the_chinese_one():
    def keys(language):
        return set(json.loads((TEMPLATES / messages.FOLDER / f"{language}.json").read_text(encoding="utf-8")))

    assert keys("zh") <= keys("ja")
    japanese = messages.load(TEMPLATES, "ja")
    assert [japanese.count("count.papers", n) for n in (1, 2)] == ["1 本の論文", "2 本の論文"]


def test_the_home_description_names_the_themes_while_they_fit_in_160_characters():
    themes = [Theme(slug=f"t{i}", label=f"Theme number {i} with a long name", paper_ids=(f"p{i}",)) for i in range(9)]
    papers = [make_paper(id=f"p{i}", theme=f"t{i}") for i in range(9)]
    description = home_description(ReadingList(title="A list", papers=papers, themes=themes), messages.load(TEMPLATES, "en"))
    assert description.startswith("9 papers in 9 themes: Theme number 0 with a long name, ")
    assert len(description) <= 160 and description.endswith(".")
    assert "Theme number 8" not in description
