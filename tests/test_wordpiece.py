"""The plain-Python WordPiece tokenizer gives the model the ids its own tokenizer would."""

from __future__ import annotations

import json

import pytest
from support import AWKWARD, BUNDLED, DEV_DATA, needs_dev

from generator.analysis.embeddings import MODEL_DIR
from generator.analysis.wordpiece import WordPiece

TOKENIZER = MODEL_DIR / "tokenizer.json"


@pytest.fixture(scope="module")
def words() -> WordPiece:
    return WordPiece.from_file(TOKENIZER, 128)


def test_ids_start_with_cls_end_with_sep_and_stop_at_the_length(words):
    ids = words.encode("graph " * 500)
    assert len(ids) == 128
    assert ids[0] == words.vocab["[CLS]"]
    assert ids[-1] == words.vocab["[SEP]"]
    assert words.encode("") == [words.vocab["[CLS]"], words.vocab["[SEP]"]]


def test_accents_case_and_punctuation_are_folded_as_uncased_bert_does(words):
    assert words.encode("Café, NAÏVE!") == words.encode("cafe , naive !")


def test_a_word_the_vocabulary_cannot_spell_is_one_unknown(words):
    assert words.encode("x" * 101)[1:-1] == [words.unk]


def test_special_tokens_written_in_the_text_are_taken_whole(words):
    assert words.encode("predict the [MASK] word")[3] == words.vocab["[MASK]"]


def test_a_tokenizer_json_of_another_kind_is_refused(tmp_path):
    config = json.loads(TOKENIZER.read_text(encoding="utf-8"))
    config["normalizer"]["lowercase"] = False
    cased = tmp_path / "tokenizer.json"
    cased.write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(ValueError, match="not an uncased BERT WordPiece tokenizer"):
        WordPiece.from_file(cased, 128)


def reference() -> object:
    """The tokenizers library, which the dev tools install, reading the same file."""
    tokenizers = pytest.importorskip("tokenizers")
    hf = tokenizers.Tokenizer.from_file(str(TOKENIZER))
    hf.no_padding()
    hf.enable_truncation(128)
    return hf


def test_the_same_ids_as_the_tokenizers_library_on_the_bundled_list_and_awkward_text(words):
    hf = reference()
    texts = [*BUNDLED.read_text(encoding="utf-8").split("\n\n"), *AWKWARD]
    assert [words.encode(text) for text in texts] == [encoding.ids for encoding in hf.encode_batch(texts)]


@needs_dev
def test_the_same_ids_as_the_tokenizers_library_on_the_dev_papers(words):
    hf = reference()
    with DEV_DATA.open(encoding="utf-8") as handle:
        records = [json.loads(line) for _, line in zip(range(2000), handle, strict=False)]
    texts = [f"{r['title']}. {', '.join(r['keywords'])}. {r['abstract']}" for r in records]
    texts += [r["abstract"][-600:] for r in records]
    assert [words.encode(text) for text in texts] == [encoding.ids for encoding in hf.encode_batch(texts)]
