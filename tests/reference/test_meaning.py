"""The meaning stage (``companion/reference/meaning.py``, issue 35 round 3): the encoder runs from the
shipped int8 export, the shipped phrasing embeddings cover every phrasing, and it reads meaning."""

from __future__ import annotations

import numpy as np

from companion.reference import meaning
from companion.reference.load import references
from companion.reference.similar import phrasings


def test_the_weights_and_every_phrasing_embedding_ship():
    """Every phrasing the index embeds at start is in ``minilm_phrasings.npz`` (a missing one is
    embedded at every start: run ``tools/export_minilm.py --phrasings`` after editing the phrasings)."""
    assert meaning.available()
    with np.load(meaning.PHRASINGS) as z:
        shipped = set(z["key"].tolist())
    missing = [(ref.game, e.id, lang, p) for ref in references().values() for e in ref.entries.values()
               for lang in meaning.LANGS for p in phrasings(e, lang) if meaning.key(p) not in shipped]
    assert not missing, missing[:5]


def test_the_tokenizer_is_bert_uncased_wordpiece():
    enc = meaning.encoder()
    vocab = {k: t for t, k in enc.vocab.items()}
    assert [vocab[k] for k in enc.tokens("Hello, unaffable Wörld!")] == [
        "[CLS]", "hello", ",", "una", "##ffa", "##ble", "world", "!", "[SEP]"]


def test_a_paraphrase_is_nearer_than_another_question():
    enc = meaning.encoder()
    ship, boat, power = (enc.embed(t) for t in ("Can my ship support a battle on land?",
                                                "May boats help a land fight next to them?",
                                                "How many power tokens do I start with?"))
    assert abs(float(np.linalg.norm(ship)) - 1.0) < 1e-4
    assert float(ship @ boat) > 0.5 > float(ship @ power) + 0.3


def test_a_batch_and_a_shipped_row_match_one_question_embedded_alone():
    """``embed_many`` (batched by length) and the int8 phrasing rows give what ``embed`` gives."""
    ref = references()["agot"]
    text = next(iter(ref.entries.values())).asked["en"][0]
    alone = meaning.encoder().embed(text)
    batch = meaning.encoder().embed_many(["a longer question than the other one here", text])[1]
    assert float(alone @ batch) > 0.9999
    assert float(alone @ meaning.vectors([text])[0]) > 0.99
